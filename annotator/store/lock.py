"""One writer per session file: an operating-system lock on a small file beside it.

Two windows rating into the same session file (the app started twice on one laptop) would
show the same pair, and the second could never save it. So the store holds an exclusive OS
lock on ``<file>-lock`` (``flock`` on macOS and Linux, ``msvcrt.locking`` on Windows) for
as long as it has the session file open for writing. The operating system drops the lock
when the process ends, however it ends, so a crash never leaves it held.

The holder writes who it is (laptop, user, computer, process, since when) into the lock
file, so the second window can say who holds it. The lock file is not data: the holder
removes it on closing (a crash may leave it behind, harmless and unlocked); it is written
in place, not through :mod:`annotator.files`, because the lock belongs to that very file.
On a network share whose server offers no locks at all, the file is opened unlocked, as
before this lock existed. The lock file is opened without following a symbolic link
(:func:`annotator.files.open_no_follow`): a link there is refused by name, never written
through. Merging holds the same lock on ``panel.sqlite-lock``, waiting for another merge
into that panel to finish rather than failing half-way.
"""

from __future__ import annotations

import contextlib
import errno
import getpass
import json
import os
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from annotator.errors import SessionFileError
from annotator.files import open_no_follow
from annotator.project.nesting import parse_json

LOCK_SUFFIX = "-lock"
_WINDOWS_LOCK_OFFSET = 1 << 20
"""On Windows a locked byte cannot be read by others, so the lock sits past the holder's
description."""
_BUSY = {errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK,
         getattr(errno, "EDEADLOCK", errno.EAGAIN)}
_READ_ONLY = {errno.EACCES, errno.EPERM, errno.EROFS}
_NO_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS}


@dataclass(frozen=True)
class Holder:
    """Who holds a session file open: enough for a person to find the other window."""

    laptop: str
    user: str
    computer: str
    pid: int
    since: str

    def describe(self) -> str:
        laptop = f"the laptop {self.laptop!r} ({self.computer})" if self.laptop else self.computer
        return f"by {self.user} on {laptop}, process {self.pid}, since {self.since}"


class SessionFileInUseError(SessionFileError):
    """Another window (this app, on this or another computer) has the file open."""

    def __init__(self, path: Path, holder: Holder | None):
        who = holder.describe() if holder is not None else "by a window that is just opening"
        super().__init__(
            f"This session file is already open in another window of the app ({who}). Only "
            "one window at a time may save ratings into it, or both would rate the same "
            "pairs. Go on rating in that window, or close it and open the project here again.",
            file=path)
        self.holder = holder


class FolderNotWritableError(SessionFileError):
    """The session file's folder (or the file) cannot be written: a read-only project."""


def lock_path(session_path: Path) -> Path:
    return session_path.with_name(session_path.name + LOCK_SUFFIX)


class SessionLock:
    """An exclusive lock on one session file, held until :meth:`release`."""

    def __init__(self, path: Path, descriptor: int | None):
        self.path = path
        self._descriptor: int | None = descriptor

    @classmethod
    def acquire(cls, session_path: Path, *, laptop: str,
                wait: Callable[[Holder | None], None] | None = None) -> SessionLock:
        """Lock ``session_path`` for this process, or raise who holds it.

        Raises :class:`SessionFileInUseError` while another window holds it, and
        :class:`FolderNotWritableError` when the lock file cannot be made (read-only folder).
        With ``wait``, a held lock is waited for instead: ``wait`` hears who holds it first.
        """
        path = lock_path(Path(session_path))
        for _ in range(5):  # the last holder may remove the file between open and lock
            descriptor = _open(path)
            try:
                try:
                    _lock(descriptor)
                except OSError as busy:
                    if busy.errno not in _BUSY or wait is None:
                        raise
                    wait(read_holder(path))
                    _lock(descriptor, block=True)
            except OSError as error:
                os.close(descriptor)
                if error.errno in _BUSY:
                    raise SessionFileInUseError(Path(session_path), read_holder(path)) from error
                if error.errno in _NO_LOCKS:
                    return cls(path, None)
                raise
            if _still_there(path, descriptor):
                lock = cls(path, descriptor)
                lock._describe_self(laptop)
                return lock
            _unlock(descriptor)
            os.close(descriptor)
        raise SessionFileInUseError(Path(session_path), None)

    def _describe_self(self, laptop: str) -> None:
        assert self._descriptor is not None
        holder = Holder(laptop, _user(), socket.gethostname(), os.getpid(),
                        datetime.now(UTC).astimezone().isoformat(timespec="seconds"))
        data = json.dumps(holder.__dict__).encode("utf-8")
        os.lseek(self._descriptor, 0, os.SEEK_SET)
        os.write(self._descriptor, data)
        os.ftruncate(self._descriptor, len(data))

    def release(self) -> None:
        """Drop the lock (and its file); a second call does nothing."""
        descriptor, self._descriptor = self._descriptor, None
        if descriptor is None:
            return
        if sys.platform != "win32":  # removed while held: nobody can lock a file being removed
            with contextlib.suppress(OSError):
                self.path.unlink()
        _unlock(descriptor)
        os.close(descriptor)
        if sys.platform == "win32":  # an open file cannot be removed there
            with contextlib.suppress(OSError):
                self.path.unlink()


def read_holder(path: Path) -> Holder | None:
    """Who the lock file at ``path`` says holds it (None: unreadable or not yet written)."""
    try:
        fields = parse_json(path.read_bytes().decode("utf-8"))  # too deep: a ValueError
        return Holder(str(fields["laptop"]), str(fields["user"]), str(fields["computer"]),
                      int(fields["pid"]), str(fields["since"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _open(path: Path) -> int:
    try:
        return open_no_follow(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        if error.errno in _READ_ONLY:
            raise FolderNotWritableError(read_only_message(error), file=path.parent) from error
        raise


def read_only_message(error: OSError) -> str:
    """The one wording for a project the app cannot write into."""
    reason = error.strerror or str(error)
    return (f"The app cannot save ratings in this folder ({reason}): the project folder is "
            "read-only here (a CD, a protected share, a folder of another user). Nothing was "
            "written anywhere. Copy the whole project folder somewhere you can write, such as "
            "your Documents folder, and open that copy.")


def _still_there(path: Path, descriptor: int) -> bool:
    try:
        on_disk = path.stat()
    except FileNotFoundError:
        return False
    held = os.fstat(descriptor)
    return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino)


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this user id (a container, a service)
        return f"user {os.getuid()}" if hasattr(os, "getuid") else "another user"


if sys.platform == "win32":
    import msvcrt

    def _lock(descriptor: int, *, block: bool = False) -> None:
        while True:  # LK_LOCK gives up after ten seconds: waiting means until it is free
            os.lseek(descriptor, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            try:
                msvcrt.locking(descriptor, msvcrt.LK_LOCK if block else msvcrt.LK_NBLCK, 1)
                return
            except OSError as error:
                if not block or error.errno not in _BUSY:
                    raise

    def _unlock(descriptor: int) -> None:
        with contextlib.suppress(OSError):
            os.lseek(descriptor, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(descriptor: int, *, block: bool = False) -> None:
        # flock, not lockf: a second open of the file in the same process conflicts too.
        fcntl.flock(descriptor, fcntl.LOCK_EX | (0 if block else fcntl.LOCK_NB))

    def _unlock(descriptor: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(descriptor, fcntl.LOCK_UN)
