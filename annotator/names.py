"""One rule for a person's or a metric's name, wherever it is typed, imported or compared.

A name arrives from a keyboard, a CSV a lab lead made, a plan, another laptop's session
file or a metric's column. The same name can come as different text: an accent typed as
one character (NFC) or as a letter and a combining accent (NFD, as macOS file names and
some keyboards give it), a zero-width space pasted from a web page, a trailing space, or
another case. :func:`clean_name` gives the one spelling the app stores and shows;
:func:`name_key` is how two names are compared (the clean spelling case-folded), so
``Zoë``, ``Zoe\\u0308`` and ``zoë `` are one tagger. :data:`MAX_NAME` bounds a name, so a
name stays a label (on a chart, in a file name) and a pasted paragraph is refused.
"""

from __future__ import annotations

import re
import unicodedata

from annotator.errors import AnnotatorError

MAX_NAME = 100
"""The most characters a name may have (after :func:`clean_name`)."""

_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
"""Characters that show nothing: soft hyphen, zero-width spaces and joiners, word joiner,
direction marks and the byte-order mark. Two names differing only by them look the same."""


def clean_name(text: str) -> str:
    """``text`` as a name is stored: Unicode NFC, invisible characters removed, spaces
    trimmed and runs of white space made one space."""
    return " ".join(_INVISIBLE.sub("", unicodedata.normalize("NFC", text)).split())


def name_key(text: str) -> str:
    """How names are compared: the clean name case-folded (``Ana  Maria`` = ``ana maria``)."""
    return unicodedata.normalize("NFC", clean_name(text).casefold())


def name_problem(text: str, *, what: str = "name") -> str | None:
    """Why ``text`` cannot be a name (empty, or longer than :data:`MAX_NAME`), or None."""
    name = clean_name(text)
    if not name:
        return f"The {what} is empty."
    if len(name) > MAX_NAME:
        return (f"The {what} {name[:40]!r}… has {len(name):,} characters; a {what} may have "
                f"at most {MAX_NAME}.")
    return None


def checked_name(text: str, *, what: str = "name") -> str:
    """The clean name, or :class:`AnnotatorError` saying why ``text`` is none."""
    problem = name_problem(text, what=what)
    if problem is not None:
        raise AnnotatorError(problem)
    return clean_name(text)
