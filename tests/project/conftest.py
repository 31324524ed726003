"""Factories that write real project folders with real (tiny) images made by Pillow."""

from __future__ import annotations

import csv
import io
import struct
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest
from PIL import Image

MANIFEST = """\
[project]
id = "0b5d6f1e-8a61-4c1e-9d2a-6f0e4b8c2a11"
name = "Test panel"
rubric = "vicr5"
created = "2026-11-22"

[flow]  # the few gold pairs written here are not a full tutorial or probation set
tutorial = false
probation = false
"""

ImageSpec = str | bytes
WriteImage = Callable[[Path, ImageSpec], Path]
MakeProject = Callable[..., Path]


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height``: costs nothing to write."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b""))
        + chunk(b"IEND", b"")
    )


def _jpeg_bytes(size: tuple[int, int] = (64, 48)) -> bytes:
    image = Image.linear_gradient("L").resize(size).convert("RGB")
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


def image_bytes(kind: str) -> bytes:
    """Bytes of a test image; ``kind`` names what is wrong with it, if anything."""
    if kind == "jpeg":
        return _jpeg_bytes()
    if kind == "png":
        out = io.BytesIO()
        Image.new("RGB", (16, 12), (10, 200, 30)).save(out, "PNG")
        return out.getvalue()
    if kind == "truncated":
        data = _jpeg_bytes((256, 192))
        return data[: len(data) // 2]
    if kind == "empty":
        return b""
    if kind == "text":
        return b"this is a caption, not a picture\n"
    if kind == "bomb":  # 60 megapixels, but a 1-bit blank PNG is a few kilobytes
        out = io.BytesIO()
        Image.new("1", (10000, 6000)).save(out, "PNG")
        return out.getvalue()
    if kind == "huge-header":  # 900 megapixels: more than Pillow itself will open
        return _png_header_only(30000, 30000)
    raise ValueError(f"unknown image kind {kind!r}")


@pytest.fixture
def write_image() -> WriteImage:
    """``write_image(path, kind_or_bytes)`` writes one image file, making folders."""

    def write(path: Path, spec: ImageSpec) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(spec if isinstance(spec, bytes) else image_bytes(spec))
        return path

    return write


def csv_bytes(rows: Sequence[Mapping[str, str]], *, columns: Sequence[str] | None = None) -> bytes:
    columns = list(columns or dict.fromkeys(k for row in rows for k in row))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


@pytest.fixture
def make_project(tmp_path: Path, write_image: WriteImage) -> MakeProject:
    """Write a project folder and return its path.

    ``rows``: dicts for ``items.csv`` (or ``items``: the raw bytes of the file).
    ``images``: {relative path: kind or bytes}; by default every row's image that stays
    inside the folder is written as a good JPEG. ``gold``: dicts for ``gold.csv``.
    ``manifest``: the text of ``project.toml`` (None: leave it out).
    """

    def make(
        rows: Sequence[Mapping[str, str]] = (),
        *,
        items: bytes | None = None,
        images: Mapping[str, ImageSpec] | None = None,
        gold: Sequence[Mapping[str, str]] | None = None,
        manifest: str | None = MANIFEST,
        name: str = "panel",
    ) -> Path:
        root = tmp_path / name
        root.mkdir()
        if manifest is not None:
            (root / "project.toml").write_text(manifest, encoding="utf-8")
        (root / "items.csv").write_bytes(items if items is not None else csv_bytes(rows))
        if gold is not None:
            (root / "gold.csv").write_bytes(csv_bytes(gold))
        if images is None:
            wanted = [row.get("image", "") for row in [*rows, *(gold or ())]]
            images = {rel: "jpeg" for rel in wanted if _inside(rel)}
        for rel, spec in images.items():
            write_image(root / rel, spec)
        return root

    return make


def _inside(rel: str) -> bool:
    return bool(rel) and ".." not in rel and not rel.startswith(("/", "\\")) and ":" not in rel
