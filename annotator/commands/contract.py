"""What every ``annotator`` command promises a script: its exit codes and where it prints.

One contract for all commands, so a lab's scripts and CI read every command the same way:

* ``0`` done;
* ``1`` done, and problems were found: listed on stdout, one per line, naming file and line;
* ``2`` refused: the input cannot be used, the command line is wrong (argparse's own code),
  or a file cannot be read or written (missing, no permission, disk full). The reason,
  naming the file, is the last thing on stderr; the command did no more than it says.

Messages (progress, warnings, refusals, what to do next) go to stderr; data (tables, JSON,
problem lists, reports) to stdout, so ``annotator ... > out.txt`` keeps only the data.
Work that takes more than a second shows one progress line (:class:`Progress`), rewritten
in place, on a terminal only; every command's ``--quiet`` turns it off.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TextIO

from annotator.errors import AnnotatorError


class ExitCode(IntEnum):
    """The process exit status of every command."""

    DONE = 0
    PROBLEMS = 1
    REFUSED = 2


STREAMS = ("Messages and refusals go to stderr; data (tables, lists, JSON) to stdout. Long "
           "work shows a progress line on a terminal (stderr); --quiet turns it off.")
REFUSED_ALWAYS = ("a wrong command line, or a file that cannot be read or written "
                  "(missing, no permission, disk full)")
CONTRACT = f"""\
exit status of every command (COMMAND --help says what each means for it):
  0  done
  1  done, and problems were found: listed on stdout, one per line with file:line
  2  refused: the input cannot be used, the command line is wrong, or a file
     cannot be read or written (missing, no permission, disk full); the reason,
     naming the file, is printed on stderr
{STREAMS}"""
"""The contract as ``annotator --help`` and the README state it."""


@dataclass(frozen=True)
class Exits:
    """What each exit code means for one command, for its ``--help``.

    ``problems`` is None for a command that never exits 1; ``refused`` names the refusals
    particular to the command (a wrong command line and unreadable or unwritable files are
    refused by every command).
    """

    done: str
    refused: str | None = None
    problems: str | None = None

    def epilog(self, title: str = "exit status") -> str:
        codes = [(ExitCode.DONE, f"done: {self.done}")]
        if self.problems is not None:
            codes.append((ExitCode.PROBLEMS, f"problems found: {self.problems}"))
        refused = REFUSED_ALWAYS if self.refused is None else f"{self.refused}; or {REFUSED_ALWAYS}"
        codes.append((ExitCode.REFUSED, f"refused: {refused}. The reason, naming the file, is "
                                        "printed on stderr."))
        return "\n".join([f"{title}:", *(
            textwrap.fill(text, 78, initial_indent=f"  {code:d}  ", subsequent_indent="     ")
            for code, text in codes)])


Run = Callable[[argparse.Namespace], int]
"""A command's body: returns DONE or PROBLEMS; a refusal is raised (AnnotatorError or
OSError) for :func:`refuse` to print."""


@dataclass(frozen=True)
class Command:
    """``annotator NAME`` (or ``annotator GROUP NAME``): its parser and its body."""

    name: str
    help: str
    exits: Exits
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Run


@dataclass(frozen=True)
class Group:
    """``annotator NAME ACTION``: commands that share a name, such as ``round start``.

    ``default``: the action meant when the word after the name is none of the actions
    (``annotator plan FOLDER`` is ``annotator plan make FOLDER``)."""

    name: str
    help: str
    actions: tuple[Command, ...]
    default: str = ""


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return number


def add_verbose(parser: argparse.ArgumentParser, *, default: object) -> None:
    """``-v``/``--verbose``, before or after the command: the app's log records on stderr.

    Sub-commands take ``default=argparse.SUPPRESS``, so that not repeating the option after
    the command keeps what was given before it.
    """
    parser.add_argument("-v", "--verbose", action="store_true", default=default,
                        help="also print what the app logs, down to debug detail, on stderr")


def refuse(error: AnnotatorError | OSError) -> ExitCode:
    """Print a refusal as the sentence it is (never a traceback) and return REFUSED.

    An :class:`OSError` is a file that cannot be read or written, not a bug: it is printed
    with the file it names (both files of a failed rename).
    """
    print(_text(error), file=sys.stderr)
    return ExitCode.REFUSED


def _text(error: AnnotatorError | OSError) -> str:
    if isinstance(error, AnnotatorError):
        return str(error)
    reason = error.strerror or str(error)
    if error.filename is None:
        return reason
    if error.filename2 is not None:
        return f"{error.filename} → {error.filename2}: {reason}"
    return f"{error.filename}: {reason}"


class Progress:
    """The one progress line of a long command, as a callable taking its words.

    Written to ``stream`` (stderr) and rewritten in place, only when that is a terminal
    and the command was not given ``--quiet``, and only once the work has run ``after``
    seconds: a quick command prints nothing, and no log or pipe gets half-lines. Used as a
    context manager, it erases the line when the work ends.
    """

    def __init__(self, *, enabled: bool, after: float = 1.0, stream: TextIO | None = None):
        self.enabled = enabled
        self._stream = stream if stream is not None else sys.stderr
        self._lock = threading.Lock()
        self._text = ""
        self._width = 0
        self._timer = threading.Timer(after, self._show) if enabled else None
        if self._timer is not None:
            self._timer.daemon = True
            self._timer.start()

    @classmethod
    def of(cls, args: argparse.Namespace) -> Progress:
        """The progress line of a command run with ``args`` (its ``--quiet``)."""
        return cls(enabled=sys.stderr.isatty() and not getattr(args, "quiet", False))

    def __call__(self, text: str) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._text = text
            if self._timer is None or not self._timer.is_alive():
                self._write(text)

    def _show(self) -> None:
        with self._lock:
            if self._text:
                self._write(self._text)

    def _write(self, text: str) -> None:
        text = text[: shutil.get_terminal_size().columns - 1]  # a wrapped line stays
        self._stream.write("\r" + text.ljust(self._width))
        self._stream.flush()
        self._width = len(text)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._timer is not None:
            self._timer.cancel()
        with self._lock:
            if self._width:
                self._stream.write("\r" + " " * self._width + "\r")
                self._stream.flush()
            self.enabled, self._width = False, 0


def add_quiet(parser: argparse.ArgumentParser) -> None:
    """Every command's ``--quiet``: no progress line."""
    parser.add_argument("--quiet", action="store_true",
                        help="show no progress line while the command works")
