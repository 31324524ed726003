"""Images that leave the project with a dataset export or a task folder for another tool.

Both put an item's image at the same place (:func:`travelling_path`): under ``images/``,
where a project made by ``init`` already keeps it, so its path stays the same.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from annotator.errors import AnnotatorError
from annotator.files import make_folder, write_bytes

IMAGES_FOLDER = "images"


def travelling_path(image: str) -> str:
    """Where the project's image ``image`` (a path in the project folder) goes."""
    parts = PurePosixPath(image).parts
    return image if len(parts) > 1 and parts[0] == IMAGES_FOLDER else f"{IMAGES_FOLDER}/{image}"


def in_images(image: str) -> str:
    """The travelling path of ``image`` relative to ``images/``."""
    return str(PurePosixPath(travelling_path(image)).relative_to(IMAGES_FOLDER))


def place_image(source: Path, target: Path, *, link: bool = False) -> None:
    """Copy ``source`` to ``target`` (or, with ``link``, link it there), making its folder;
    AnnotatorError naming the target when it cannot be done."""
    try:
        make_folder(target.parent)
        if link:
            target.symlink_to(source.resolve())
        else:
            write_bytes(target, source.read_bytes())
    except OSError as error:
        raise AnnotatorError(f"The image {source} cannot be put here: "
                             f"{error.strerror or error}.", file=target) from error
