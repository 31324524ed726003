"""Image paths inside a project folder: written portably, never escaping the folder.

Opening a project must stay fast (20,000 items in under a second), so a file costs one
``lstat``; symbolic links are resolved only where they are, and each folder once.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

_DRIVE = re.compile(r"^[A-Za-z]:")


def normalise_image_path(raw: str) -> tuple[str, str | None]:
    """``(path, None)`` with forward slashes and no ``.`` parts, or ``("", message)``.

    Backslashes are taken as Windows separators (``images\\a.jpg`` = ``images/a.jpg``);
    absolute paths, drives, network shares, web addresses and ``..`` are refused.
    """
    text = raw.strip()
    if not text:
        return "", "The image path is empty."
    if "\x00" in text:
        return "", f"The image path {text!r} contains a NUL character."
    if "://" in text:
        return "", (
            f"The image {text!r} is a web address; images must be files inside the project "
            "folder (the app works offline)."
        )
    if text.startswith(("\\\\", "//")):
        return "", (
            f"The image {text!r} is on a network share; copy it into the project folder and "
            "give the path relative to the folder."
        )
    if _DRIVE.match(text) or text.startswith(("/", "\\", "~")):
        return "", (
            f"The image path {text!r} is absolute; give it relative to the project folder "
            "(for example images/cat.jpg) so the folder can be copied to another computer."
        )
    parts = [p for p in text.replace("\\", "/").split("/") if p not in ("", ".")]
    if ".." in parts:
        return "", (
            f"The image path {text!r} goes outside the project folder (..); images must be "
            "inside it."
        )
    if not parts:
        return "", f"The image path {text!r} names no file."
    return "/".join(parts), None


class FolderProbe:
    """Checks that image files exist inside one folder, caching what each sub-folder resolves to."""

    def __init__(self, root: Path):
        self.root = root
        self._root_str = str(root)
        self._root_real = os.path.normcase(os.path.realpath(root))
        self._folders: dict[str, str | None] = {"": None}

    def check_file(self, rel: str) -> str | None:
        """A message if ``rel`` (normalised, see above) is not a non-empty file in the folder."""
        folder = rel.rpartition("/")[0]
        if folder not in self._folders:
            self._folders[folder] = self._check_folder(folder)
        if self._folders[folder] is not None:
            return self._folders[folder]
        full = f"{self._root_str}{os.sep}{rel}"
        try:
            info = os.lstat(full)
            if stat.S_ISLNK(info.st_mode):
                if not self._inside(full):
                    return f"The image {rel} is a link to a file outside the project folder."
                info = Path(full).stat()
        except FileNotFoundError:
            return f"The image file {rel} does not exist in the project folder."
        except NotADirectoryError:
            return f"The image file {rel} does not exist (a part of its path is a file)."
        except (OSError, ValueError) as exc:
            return f"The image file {rel} cannot be read: {getattr(exc, 'strerror', exc)}."
        return _not_an_image_file(rel, info)

    def _check_folder(self, folder: str) -> str | None:
        if not self._inside(f"{self._root_str}{os.sep}{folder}"):
            return f"The folder {folder} is a link to a place outside the project folder."
        return None

    def _inside(self, path: str) -> bool:
        real = os.path.normcase(os.path.realpath(path))
        return real == self._root_real or real.startswith(self._root_real + os.sep)


def _not_an_image_file(rel: str, info: os.stat_result) -> str | None:
    """A message if what ``rel`` names is not a non-empty regular file."""
    if stat.S_ISDIR(info.st_mode):
        return f"The image {rel} is a folder, not a file."
    if not stat.S_ISREG(info.st_mode):
        return f"The image {rel} is not a regular file."
    if info.st_size == 0:
        return f"The image file {rel} is empty (0 bytes)."
    return None
