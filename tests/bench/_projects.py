"""Generated project folders for benchmarks: real files, many items, cheap to make."""

from __future__ import annotations

import csv
import os
import sys
from dataclasses import replace
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout, for tests.*

from annotator.project.manifest import new_manifest, write_manifest
from tests.photo_files import exif_with_thumbnail

NO_WAIT = {"dwell_seconds": 0}
"""Benchmarks time the app's work, not the 3 s the game makes a tagger wait."""


def write_project(root: Path, image_files: list[Path], n_items: int,
                  flow: dict | None = None) -> Path:
    """A project whose items cycle over ``image_files`` (hard-linked into images/)."""
    images = root / "images"
    images.mkdir(parents=True)
    manifest = new_manifest("Benchmark")
    write_manifest(root, replace(manifest, document={"flow": flow or NO_WAIT}))
    with (root / "items.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "image", "caption", "source"])
        for index in range(n_items):
            source = image_files[index % len(image_files)]
            target = images / f"img{index:05d}{source.suffix}"
            os.link(source, target)
            writer.writerow([f"item{index:05d}", f"images/{target.name}",
                             f"Benchmark caption number {index} of a photo.", "human"])
    return root


def small_jpeg(path: Path) -> Path:
    Image.new("RGB", (32, 24), (120, 60, 30)).save(path, "JPEG")
    return path


def large_jpeg(path: Path, *, seed: int, size: tuple[int, int] = (6000, 4000),
               thumbnail: bool = False) -> Path:
    """A 24-megapixel JPEG with photo-like noise (so it does not compress to nothing); with
    ``thumbnail``, an EXIF thumbnail as a camera writes it (160 × 120, the 3:2 photo
    letterboxed)."""
    noise = Image.effect_noise((size[0] // 4, size[1] // 4), 40 + seed).resize(size)
    gradient = Image.linear_gradient("L").resize(size)
    image = Image.merge("RGB", (noise, gradient, noise.rotate(180)))
    if not thumbnail:
        image.save(path, "JPEG", quality=90)
        return path
    small = image.resize((160, round(160 * size[1] / size[0])), Image.Resampling.BOX)
    framed = Image.new("RGB", (160, 120))
    framed.paste(small, (0, (120 - small.height) // 2))
    image.save(path, "JPEG", quality=90, exif=exif_with_thumbnail(framed))
    return path
