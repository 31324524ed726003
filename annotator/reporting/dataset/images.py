"""The images of a dataset export, when the lead wants them to travel (``export --images``).

``copy`` puts each item's image under ``images/`` inside the dataset, ``link`` puts a
link to the project's file there instead (for use on this computer: a link does not travel),
``none`` (the default) leaves them out. An image keeps its path when the project keeps it
under ``images/`` (as ``init`` does), so ``items.csv``'s ``image`` column is the same
path, now relative to the dataset; any other path is put under ``images/``. The project's
``images/licenses.csv`` travels with them, and ``images/metadata.csv`` names each image
(``file_name``, relative to it) with its item and caption: the layout Hugging Face
``datasets``' ImageFolder loads, decoding ``image`` as an Image feature.
"""

from __future__ import annotations

import hashlib
import mimetypes
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from annotator.csvtext import csv_text
from annotator.errors import AnnotatorError
from annotator.project.image_copies import IMAGES_FOLDER, in_images, place_image, travelling_path
from annotator.project.model import Item, Project
from annotator.reporting.items_table import LICENCES_FILE

ImagesMode = Literal["none", "copy", "link"]
IMAGES_MODES: tuple[ImagesMode, ...] = ("none", "copy", "link")
METADATA_FILE = f"{IMAGES_FOLDER}/metadata.csv"
_CHUNK = 1 << 20


@dataclass(frozen=True)
class DatasetImage:
    """One image of the export: its path in the dataset, the project's file, its size and
    SHA-256 (of the bytes, for a link too) and its media type."""

    path: str
    source: Path
    size: int
    sha256: str
    mediatype: str

    @property
    def file_name(self) -> str:
        """The path relative to ``images/`` (ImageFolder's ``file_name``)."""
        return in_images(self.path)


def dataset_images(project: Project, items: Iterable[Item]) -> tuple[DatasetImage, ...]:
    """Each distinct image of ``items``, read from the project; an image that is missing
    refuses the export (AnnotatorError naming it): a dataset with holes is not published."""
    found: dict[str, DatasetImage] = {}
    for item in items:
        path = travelling_path(item.image)
        if path in found:
            continue
        source = project.root / item.image
        try:
            size, sha256 = _measured(source)
        except OSError as error:
            raise AnnotatorError(f"The image of item {item.item_id} cannot be read "
                                 f"({error.strerror or error}), so the images cannot travel "
                                 "with the dataset: restore it, or export with --images none.",
                                 file=source) from error
        mediatype = mimetypes.guess_type(source.name)[0] or "application/octet-stream"
        found[path] = DatasetImage(path, source, size, sha256, mediatype)
    return tuple(sorted(found.values(), key=lambda image: image.path))


def _measured(path: Path) -> tuple[int, str]:
    digest = hashlib.sha256()
    size = 0
    with path.open("rb") as read:
        while chunk := read.read(_CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def metadata_csv(items: Sequence[Item], licences: dict[str, str] | None) -> bytes:
    """``images/metadata.csv``: one row per item, ``file_name`` first (relative to
    ``images/``), then its item id, caption and, when the project records them, licence."""
    header = ["file_name", "item_id", "caption", *(["image_licence"] if licences else [])]
    rows = [[in_images(item.image), item.item_id, item.caption,
             *([licences.get(item.item_id, "")] if licences else [])] for item in items]
    return csv_text(rows, header=header, mark=False).encode()  # plain CSV for HF ImageFolder


def licences_file(project: Project) -> bytes | None:
    """The project's ``images/licenses.csv``, to travel with the images (None without)."""
    path = project.root / LICENCES_FILE
    return path.read_bytes() if path.is_file() else None


def place_images(building: Path, images: Sequence[DatasetImage], mode: ImagesMode) -> None:
    """Copy (or link) each image into the dataset being built at ``building``."""
    for image in images:
        place_image(image.source, building / image.path, link=mode == "link")
