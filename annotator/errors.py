"""Errors that carry the file, the line and a sentence a lab lead understands.

Every error the app shows to a person derives from :class:`AnnotatorError`; the CLI and the
UI print ``str(error)`` and never a traceback.
"""

from __future__ import annotations

from pathlib import Path


class AnnotatorError(Exception):
    """A problem with a file a person gave us, phrased for that person."""

    def __init__(self, message: str, *, file: Path | str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.file = Path(file) if file is not None else None
        self.line = line

    def __str__(self) -> str:
        return format_location(self.file, self.line, self.message)


def format_location(file: Path | None, line: int | None, message: str) -> str:
    """``file:line: message`` (the form compilers use, so editors can jump to it)."""
    if file is None:
        return message
    where = f"{file}:{line}" if line is not None else f"{file}"
    return f"{where}: {message}"


class NotAProjectError(AnnotatorError):
    """The folder is not a project folder at all (no readable ``project.toml``)."""


class ProjectError(AnnotatorError):
    """A project folder exists but a file in it cannot be used as it is."""


class RubricError(AnnotatorError):
    """A rubric file is missing or malformed."""


class SessionFileError(AnnotatorError):
    """A session file cannot be opened: another project's, a newer schema, or damaged."""
