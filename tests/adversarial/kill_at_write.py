"""Subprocess for the crash tests: run ``annotator ARGS`` and SIGKILL itself at its Nth write.

Usage: python kill_at_write.py N ROOT ARGS...
Nothing of the app is replaced: an audit hook (``sys.addaudithook``) sees every file the
process opens for writing, creates, renames, removes or connects SQLite to under ROOT, and
at the Nth such step the process kills itself with SIGKILL, as a pulled plug would stop
it, before that step happens. Each step is printed on stderr first (``write N: event
path``), so a failing test shows where the crash was. A run with fewer than N steps ends
as the command ends.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

_CHANGES = {"os.rename", "os.remove", "os.rmdir", "os.mkdir", "os.link", "os.symlink",
            "os.truncate", "shutil.rmtree", "shutil.move", "sqlite3.connect"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _writes(event: str, args: tuple[Any, ...]) -> bool:
    if event == "open":
        _, mode, flags = args
        if isinstance(mode, str):
            return any(letter in mode for letter in "wax+")
        return isinstance(flags, int) and bool(flags & _WRITE_FLAGS)
    return event in _CHANGES


def main(limit: int, root: str, argv: list[str]) -> int:
    root = os.path.realpath(root)
    count = 0

    def hook(event: str, args: tuple[Any, ...]) -> None:
        nonlocal count
        if not args or not _writes(event, args):
            return
        path = args[0]
        if not isinstance(path, (str, bytes, os.PathLike)):
            return
        where = os.path.realpath(os.fsdecode(path))
        if not where.startswith(root + os.sep):
            return
        count += 1
        if count == limit:
            os.write(2, f"write {count}: {event} {where}\n".encode())
            os.kill(os.getpid(), signal.SIGKILL)

    sys.addaudithook(hook)
    from annotator.cli import main as annotator

    return annotator(argv)


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), sys.argv[2], sys.argv[3:]))
