"""The running hash chain over a session file's ratings: tamper evidence for merging.

Every rating row carries ``seq`` (its place in the file, from 1) and ``chain``, the SHA-256
of the previous row's ``chain`` and this row's content; the first row chains from a value
derived from the file's project and laptop ids. The file also records the chain's length and
last hash in ``session_info``, so removing the last rows shows too. A row changed, removed
or inserted by hand with plain ``sqlite3`` then no longer fits, and merging says which.

This is evidence, not security: there is no secret key, so someone who knows this format
can rewrite a whole chain. What it catches is the hand edit, the accidental one included.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

SCHEMA_2_CONTENT_COLUMNS = (
    "rating_id", "tagger", "item_id", "round", "phase", "value", "shown_at", "submitted_at",
    "ms_on_screen", "consensus", "consensus_n", "points", "laptop_id",
)
"""The columns of a schema-2 file, which its chain covers: what migration 0002 chains,
running on old files before 0003 adds the question columns."""
CONTENT_COLUMNS = (*SCHEMA_2_CONTENT_COLUMNS, "question", "stage")
"""The stored columns a link covers, in this order (every column except seq and chain)."""

_NULL = "\x1e"
_SEPARATOR = "\x1f"
HEAD_LENGTH_KEY = "chain_length"
HEAD_HASH_KEY = "chain_head"


def genesis(project_id: str, laptop_id: str) -> str:
    """What the first row chains from: ties the chain to the file's project and laptop."""
    text = f"annotator rating chain v1\n{project_id}\n{laptop_id}"
    return hashlib.sha256(text.encode()).hexdigest()


def link(previous: str, content: Sequence[Any]) -> str:
    """The chain value of a row with ``content`` (values in ``CONTENT_COLUMNS`` order, or
    ``SCHEMA_2_CONTENT_COLUMNS`` order for a row from before questions).

    Question and stage are linked only when one is set: every chain written before they
    existed verifies unchanged, and setting or clearing either by hand still breaks it.
    """
    return links([previous], [content])[0]


def links(previous: Sequence[str], contents: Sequence[Sequence[Any]]) -> list[str]:
    """:func:`link` of each row from the chain value before it, in one pass: merging
    verifies every row of every file, and a call per row cost a third of that."""
    sha256, sep = hashlib.sha256, _SEPARATOR
    return [sha256(sep.join((
        before, rating_id, tagger, item_id, str(rnd), phase, repr(float(value)), shown_at,
        submitted_at, str(ms), _NULL if consensus is None else repr(float(consensus)),
        _NULL if consensus_n is None else str(consensus_n),
        _NULL if points is None else str(points), laptop_id,
        *(question_stage if any(question_stage) else ()))).encode()).hexdigest()
        for before, (rating_id, tagger, item_id, rnd, phase, value, shown_at, submitted_at,
                     ms, consensus, consensus_n, points, laptop_id, *question_stage)
        in zip(previous, contents, strict=True)]


@dataclass(frozen=True)
class ChainBreak:
    """Where a file's chain stops fitting, in words for the lab lead."""

    seq: int | None
    rating_id: str | None
    reason: str


def verify(
    rows: Iterable[Sequence[Any]],
    *,
    start: str,
    head_length: int | None,
    head_hash: str | None,
) -> ChainBreak | None:
    """The first break in a chain, or None if every row fits.

    ``rows`` are ``(seq, chain, *content)`` in ``seq`` order, NULL ``seq`` last (SQLite
    sorts NULL first, so the caller orders by ``seq IS NULL, seq``). Every link is checked
    against the stored value before it, at once (:func:`links`); the first row that breaks
    the chain in any way is the one named, as a row-by-row walk would name it.
    """
    rows = list(rows)
    whole = next((n for n, (seq, chain, *_) in enumerate(rows)
                  if seq is None or chain is None or seq != n + 1), len(rows))
    chains = [row[1] for row in rows[:whole]]
    computed = links([start, *chains][:whole], [row[2:] for row in rows[:whole]])
    changed = next((n for n, (new, old) in enumerate(zip(computed, chains, strict=True))
                    if new != old), None)
    if changed is not None:
        return ChainBreak(rows[changed][0], rows[changed][2], "was changed after it was saved")
    if whole < len(rows):
        seq, chain, rating_id, *_ = rows[whole]
        if seq is None or chain is None:
            return ChainBreak(None, rating_id, "was added by hand: it has no place in the chain")
        gap = _ratings_were(seq - (whole + 1))
        return ChainBreak(seq, rating_id, f"follows a gap: {gap} removed before it")
    length, previous = len(rows), chains[-1] if chains else start
    if head_length is None or head_hash is None:
        return ChainBreak(None, None, "the record of the chain's end is missing")
    if head_length > length:
        return ChainBreak(None, None, f"the last {_ratings_were(head_length - length)} removed")
    if head_length != length or head_hash != previous:
        return ChainBreak(None, None, "the record of the chain's end does not match its ratings")
    return None


def _ratings_were(count: int) -> str:
    return f"{count} rating{'s were' if count != 1 else ' was'}"
