"""JSON Lines captions: one object per line with ``image`` and ``caption``.

Optional ``item_id`` and ``source``; every other field is a context column of
``items.csv`` (``page_title``, ``section_title``, ``paragraph`` for the contextref protocol
of Kreiss et al., ICLR 2024), in the order the fields are first seen. Values must be
strings: a number or a list would not survive the round trip through ``items.csv`` unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from annotator.project.captions import CAPTION_COLUMNS, Captions, ImageResolver, Pair
from annotator.project.model import Problem
from annotator.project.nesting import TooDeepError, parse_json
from annotator.project.textfile import numbered_lines


def captions_from_jsonl(images: Path, captions: Path, *, available: list[str]) -> Captions:
    """Pairs from a JSONL file; each bad line is a problem naming its line number."""
    result = Captions()
    resolver = ImageResolver(images, available)
    message: str | None
    for number, line in numbered_lines(captions, result.problems):
        record, message = _record(line)
        if record is not None:
            caption = record.get("caption", "").strip()
            image, message = resolver.find(record.get("image", ""), caption)
        if record is None or message:
            result.problems.append(Problem(captions, number, f"{message} The line was skipped."))
            continue
        context = {k: v for k, v in record.items() if k not in CAPTION_COLUMNS}
        result.context_columns.extend(k for k in context if k not in result.context_columns)
        source, item_id = record.get("source", "").strip(), record.get("item_id", "").strip()
        result.pairs.append(Pair(image, caption, captions, number, source, context, item_id))
    return result


def _record(line: str) -> tuple[dict[str, str] | None, str]:
    """The line's object if every value is a string and image and caption are there."""
    try:
        value: Any = parse_json(line)
    except TooDeepError as exc:
        return None, exc.says("This line")
    except json.JSONDecodeError as exc:
        return None, f"This line is not JSON ({exc.msg}, column {exc.colno})."
    if not isinstance(value, dict):
        return None, "This line is not a JSON object ({...})."
    missing = [k for k in ("image", "caption") if k not in value]
    if missing:
        return None, f"This line has no {' or '.join(repr(k) for k in missing)} field."
    clash = [k for k in value if k not in CAPTION_COLUMNS and k.lower() in CAPTION_COLUMNS]
    if clash:
        return None, (f"The field {clash[0]!r} differs from {clash[0].lower()!r} only in "
                      "case, and items.csv reads column names regardless of case; rename it.")
    if "" in value:
        return None, "A field has an empty name; give it a name (it becomes a column)."
    bad = [k for k, v in value.items() if not isinstance(v, str)]
    if bad:
        names = ", ".join(repr(k) for k in bad)
        return None, f"The field{'s' if len(bad) > 1 else ''} {names} must be text (in quotes)."
    return value, ""
