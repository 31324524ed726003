"""Writing a file people keep: beside the target, synced to disk, renamed into place.

Every file the app writes (project.toml, exports, reports, snapshots, settings) goes
through :func:`write_with`, so a crash, a full disk or a pulled plug leaves the old file or
the new one, never half of either:

1. the content goes to a temporary file in the target's folder, under a name no other
   writer uses (two writers of the same file never share a temporary);
2. it is flushed and ``fsync``-ed, so the bytes are on disk before the name points at them;
3. ``os.replace`` swaps it in, atomically on every platform the app runs on;
4. on POSIX the folder is ``fsync``-ed too, so the rename itself survives a power cut
   (Windows has no way to sync a folder; NTFS journals the rename).

If anything fails before the rename, the temporary file is removed and the target is
untouched. The error is raised as it came: callers phrase it for their reader.

It also holds the one rule for where the app writes: only inside the folder the user chose,
and never through a symbolic link. A link found where the app would write (the file, a
folder the app keeps, SQLite's ``-wal``/``-shm`` beside a database, a lock file) is refused
by name (:func:`refuse_link`), since writing through it would change a file elsewhere.
Files the app opens in place (a lock) are opened with ``O_NOFOLLOW`` where the platform has
it (:func:`open_no_follow`).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import glob
import os
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path

from annotator.errors import AnnotatorError

__all__ = ["LinkRefusedError", "make_folder", "open_no_follow", "refuse_database_links",
           "refuse_link", "replace_folder", "sync_folder", "write_bytes", "write_text",
           "write_with"]

SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite makes beside a database it writes: a link there is written through."""


class LinkRefusedError(AnnotatorError):
    """A symbolic link where the app would write: it would change a file somewhere else."""

    def __init__(self, path: Path):
        super().__init__(
            "This is a symbolic link (a shortcut to a file or folder elsewhere), where the "
            "app would write. The app writes only inside the folder you chose and never "
            "through a link, so nothing was written. Delete the link (or put the real file "
            "or folder in its place) and try again.", file=path)


def refuse_link(path: Path) -> Path:
    """``path``, refused (:class:`LinkRefusedError`) when it is a symbolic link."""
    if Path(path).is_symlink():
        raise LinkRefusedError(Path(path))
    return Path(path)


def refuse_database_links(path: Path) -> Path:
    """A SQLite database about to be written, refused when it or a journal file SQLite
    would write beside it (``-wal``, ``-shm``, ``-journal``) is a symbolic link."""
    refuse_link(path)
    for suffix in SQLITE_COMPANIONS:
        refuse_link(path.with_name(path.name + suffix))
    return path


def open_no_follow(path: Path, flags: int, mode: int = 0o644) -> int:
    """``os.open`` that never follows a symbolic link at ``path`` (``O_NOFOLLOW``; where the
    platform lacks it, the link is looked for first): a link is :class:`LinkRefusedError`."""
    no_follow = getattr(os, "O_NOFOLLOW", 0)
    if not no_follow:
        refuse_link(path)
    try:
        return os.open(path, flags | no_follow, mode)
    except OSError as error:
        if error.errno == errno.ELOOP and Path(path).is_symlink():
            raise LinkRefusedError(Path(path)) from error
        raise


def write_text(path: Path, text: str, *, bom: bool = False) -> None:
    """Write ``text`` as UTF-8 exactly as given (line ends are not translated).

    ``bom``: start with a byte-order mark, which Excel needs to read a CSV file as UTF-8.
    """
    data = text.encode("utf-8")
    write_bytes(path, codecs.BOM_UTF8 + data if bom else data)


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (see the module for the guarantees)."""

    def fill(temporary: Path) -> None:
        with temporary.open("xb") as handle:  # "x": never reuse a file someone else made
            handle.write(data)

    write_with(path, fill)


def write_with(path: Path, fill: Callable[[Path], None]) -> None:
    """Let ``fill`` create and write a temporary file, then put it in place as ``path``.

    For writers that want a path rather than bytes (SQLite, Qt's image writer): the
    temporary does not exist when ``fill`` is called, and its name ends in ``path``'s
    suffix, for writers that choose the format from it. ``path``'s folder must exist. A
    link at ``path`` is refused (:class:`LinkRefusedError`), never replaced or written through.
    """
    path = refuse_link(Path(path))
    temporary = path.with_name(f".{path.stem}.{uuid.uuid4().hex}.tmp{path.suffix}")
    try:
        fill(temporary)
        with temporary.open("rb+") as handle:
            os.fsync(handle.fileno())
        temporary.replace(path)  # os.replace: atomic, and replaces on Windows too
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def replace_folder(folder: Path, fill: Callable[[Path], None]) -> None:
    """Let ``fill`` write a whole folder under a temporary name beside ``folder``, then put
    it in place of ``folder`` (and of any earlier one), so files written together (a
    dataset and the hashes that describe it) are never seen half old and half new.

    A crash while ``fill`` runs leaves ``folder`` as it was (and a hidden ``.NAME.….tmp``
    folder beside it). The earlier folder is moved aside to a hidden ``.NAME.….old`` and
    removed once the new one is in place: a crash in the instant between the two renames
    leaves no ``folder`` and both copies beside it, never a mixture; the next call puts the
    earlier one back first. A link at ``folder`` is refused (:class:`LinkRefusedError`).
    """
    folder = refuse_link(Path(folder))
    aside = sorted(folder.parent.glob(f".{glob.escape(folder.name)}.*.old"),
                   key=lambda path: path.stat().st_mtime)
    if aside and not folder.exists():
        aside[-1].replace(folder)
    token = uuid.uuid4().hex
    building = folder.with_name(f".{folder.name}.{token}.tmp")
    make_folder(building)
    try:
        fill(building)
        sync_folder(building)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    earlier = folder.with_name(f".{folder.name}.{token}.old")
    if folder.exists():
        folder.replace(earlier)
    building.replace(folder)
    sync_folder(folder.parent)
    shutil.rmtree(earlier, ignore_errors=True)


def sync_folder(folder: Path) -> None:
    """Make a rename or new entry in ``folder`` durable (POSIX; nothing to do on Windows).

    Some file systems (certain network shares) cannot sync a folder; the file is already
    in place then, and only the guarantee against a power cut in the next seconds is lost,
    so that refusal is not an error.
    """
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def make_folder(folder: Path) -> Path:
    """``folder`` and its parents, made if missing; one that cannot be made (a read-only
    place, a file in the way) is refused naming it, for a reader rather than a traceback."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise AnnotatorError(f"The folder cannot be made: {error.strerror or error}.",
                             file=folder) from error
    return folder
