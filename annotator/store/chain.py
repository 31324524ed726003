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
CONTENT_COLUMNS = (*SCHEMA_2_CONTENT_COLUMNS, "question", "stage", "answer", "answer_text")
"""The stored columns a link covers, in this order (every column except seq and chain)."""

_LEVEL_ANSWER = "scale"
"""The ``answer`` of a level, as every row before answer types was."""
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

    Question and stage are linked only when one is set, answer type and text only when
    either is not a level's (``"scale"``, ``""``): every chain written before they existed
    verifies unchanged, and setting or clearing any of them by hand still breaks it.
    """
    (rating_id, tagger, item_id, rnd, phase, value, shown_at, submitted_at, ms, consensus,
     consensus_n, points, laptop_id, *later) = content
    question_stage, answer_text = later[:2], later[2:]
    # Unrolled (no per-column loop): merging verifies every row of every file.
    text = _SEPARATOR.join((
        previous, rating_id, tagger, item_id, str(rnd), phase, repr(float(value)), shown_at,
        submitted_at, str(ms), _NULL if consensus is None else repr(float(consensus)),
        _NULL if consensus_n is None else str(consensus_n),
        _NULL if points is None else str(points), laptop_id))
    if any(question_stage):
        text = _SEPARATOR.join((text, *question_stage))
    if answer_text and (answer_text[0] != _LEVEL_ANSWER or answer_text[1]):
        text = _SEPARATOR.join((text, *answer_text))
    return hashlib.sha256(text.encode()).hexdigest()


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
    sorts NULL first, so the caller puts them last); ``content`` is what :func:`link`
    takes, the rating id first.
    """
    previous, expected_seq = start, 1
    for seq, chain, *content in rows:
        rating_id = content[0]
        if seq is None or chain is None:
            return ChainBreak(None, rating_id, "was added by hand: it has no place in the chain")
        if seq != expected_seq:
            gap = _ratings_were(seq - expected_seq)
            return ChainBreak(seq, rating_id, f"follows a gap: {gap} removed before it")
        if link(previous, content) != chain:
            return ChainBreak(seq, rating_id, "was changed after it was saved")
        previous, expected_seq = chain, expected_seq + 1
    length = expected_seq - 1
    if head_length is None or head_hash is None:
        return ChainBreak(None, None, "the record of the chain's end is missing")
    if head_length > length:
        return ChainBreak(None, None, f"the last {_ratings_were(head_length - length)} removed")
    if head_length != length or head_hash != previous:
        return ChainBreak(None, None, "the record of the chain's end does not match its ratings")
    return None


def _ratings_were(count: int) -> str:
    return f"{count} rating{'s were' if count != 1 else ' was'}"
