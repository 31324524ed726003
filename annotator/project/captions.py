"""Read the inputs of ``annotator init``: a folder of images and their captions.

Captions come from a CSV/TSV file (``image``, ``caption``, optional ``source`` and context
columns) or, without one, from a ``<stem>.txt`` sidecar beside each image (one caption per
non-empty line). Bad rows become problems with file and line; the rest are used.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from annotator.project.csv_reader import read_table
from annotator.project.model import Problem
from annotator.project.paths import normalise_image_path
from annotator.project.textfile import read_text

IMAGE_EXTENSIONS = frozenset({".jpg", ".jpeg", ".png", ".webp", ".bmp", ".gif", ".tif", ".tiff"})
CAPTION_COLUMNS = ("item_id", "image", "caption", "source")


@dataclass(frozen=True)
class Pair:
    """One image–caption pair to import; ``image`` is relative to the images folder.

    ``place`` says where it is in a file without useful lines (a COCO annotation)."""

    image: str
    caption: str
    origin: Path
    line: int | None
    source: str = ""
    context: dict[str, str] = field(default_factory=dict)
    item_id: str = ""
    place: str = ""

    def where(self) -> str:
        """``line 7``, or the place in a file without lines, for messages."""
        return f"line {self.line}" if self.line is not None else self.place


@dataclass
class Captions:
    """The pairs found, the context columns in input order, and what was wrong."""

    pairs: list[Pair] = field(default_factory=list)
    context_columns: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def list_images(images: Path) -> tuple[list[str], list[Problem]]:
    """Image files under ``images`` by extension, as sorted relative paths with ``/``.

    Hidden files (``.DS_Store``, macOS ``._photo.jpg`` copies) are skipped; entries that
    have an image name but are not regular files are reported.
    """
    found: list[str] = []
    problems: list[Problem] = []
    for dirpath, dirnames, filenames in os.walk(images, followlinks=True):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        base = Path(dirpath)
        for name in sorted(filenames):
            if name.startswith(".") or Path(name).suffix.lower() not in IMAGE_EXTENSIONS:
                continue
            path = base / name
            if not path.is_file():
                problems.append(Problem(path, None, "This is not a regular file; skipped."))
                continue
            found.append(path.relative_to(images).as_posix())
    return found, problems


def captions_from_table(images: Path, captions: Path, *, available: list[str]) -> Captions:
    """Pairs from a CSV/TSV captions file; ``image`` may be a relative path or a file name.

    An ``item_id`` column, if present, is kept (re-importing keeps ids)."""
    result = Captions()
    table = read_table(
        captions, required=("image", "caption"), known=CAPTION_COLUMNS, delimiter=None
    )
    result.problems.extend(table.problems)
    result.context_columns = [c for c in table.columns if c and c not in CAPTION_COLUMNS]
    resolver = ImageResolver(images, available)
    for row in table.rows:
        caption = row.values.get("caption", "").strip()
        image, message = resolver.find(row.values.get("image", ""), caption)
        if message:
            result.problems.append(Problem(captions, row.line, f"{message} The row was skipped."))
            continue
        context = {c: row.values.get(c, "") for c in result.context_columns}
        source = row.values.get("source", "").strip()
        item_id = row.values.get("item_id", "").strip()
        result.pairs.append(Pair(image, caption, captions, row.line, source, context, item_id))
    return result


def captions_from_sidecars(images: Path, available: list[str]) -> Captions:
    """Pairs from ``<stem>.txt`` files beside the images; an image without one has no
    caption (``init`` notes it, as it notes images a captions file does not name)."""
    result = Captions()
    for image in available:
        sidecar = (images / image).with_suffix(".txt")
        if not sidecar.is_file():
            continue
        text, problem = read_text(sidecar, what="caption file")
        if problem is not None:
            result.problems.append(problem)
            continue
        lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
        if not lines:
            result.problems.append(Problem(sidecar, None, "The caption file is empty."))
        result.pairs.extend(Pair(image, caption, sidecar, n) for n, caption in lines)
    return result


class ImageResolver:
    """Finds a listed image from a relative path, or from a bare name if it is unique."""

    def __init__(self, images: Path, available: list[str]):
        self.images = images
        self.available = set(available)
        self.by_name: dict[str, list[str]] = {}
        for rel in available:
            self.by_name.setdefault(rel.rpartition("/")[2], []).append(rel)

    def find(self, raw: str, caption: str) -> tuple[str, str | None]:
        """``(image, None)`` for a usable pair, or ``("", message)`` saying what is wrong:
        the path, the image not being in the folder, or an empty caption."""
        image, message = normalise_image_path(raw)
        if not message:
            image, message = self._resolve(image)
        if not message and not caption:
            message = f"The caption for {image} is empty."
        return image, message

    def _resolve(self, image: str) -> tuple[str, str | None]:
        if image in self.available:
            return image, None
        prefix = f"{self.images.name}/"
        if image.startswith(prefix) and image[len(prefix) :] in self.available:
            return image[len(prefix) :], None
        if "/" not in image:
            matches = self.by_name.get(image, [])
            if len(matches) == 1:
                return matches[0], None
            if len(matches) > 1:
                where = ", ".join(matches[:3])
                return "", f"The image name {image} is ambiguous ({where}); give its sub-folder."
        return "", f"There is no image {image} in {self.images}."
