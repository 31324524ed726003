"""The analysis results as JSON: one generic walk over their dataclasses.

An :class:`~annotator.analysis.undefined.Undefined` becomes ``null`` and its reason is
recorded under ``reasons``, keyed by the figure's JSON Pointer (RFC 6901), e.g.
``"/taggers/ana/score"``; a NaN or infinite figure is a bug, refused rather than written.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, cast

import numpy as np

from annotator.analysis.undefined import Undefined

NOT_IN_JSON = {"json": "skip"}
OMITTED_WHEN_NONE = {"json": "omit-none"}


def json_form(value: object) -> tuple[Any, dict[str, str]]:
    """``value`` fit for ``json.dump`` and the reasons of its undefined figures by pointer."""
    reasons: dict[str, str] = {}
    return _convert(value, "", reasons), reasons


def _convert(value: object, pointer: str, reasons: dict[str, str]) -> Any:
    kind: Any = type(value)
    if kind is str or kind is int or kind is bool or value is None:  # most of the leaves
        return value
    if kind is float:
        if not math.isfinite(cast(float, value)):
            raise ValueError(f"non-finite figure at {pointer}: report an Undefined instead")
        return value
    if isinstance(value, Undefined):
        reasons[pointer] = value.reason
        return None
    if is_dataclass(value) and not isinstance(value, type):
        return _convert_fields(value, kind, pointer, reasons)
    if isinstance(value, Mapping):
        return {str(k): _convert(v, f"{pointer}/{_escape(str(k))}", reasons)
                for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_convert(v, f"{pointer}/{n}", reasons) for n, v in enumerate(value)]
    if isinstance(value, np.generic):
        return _convert(value.item(), pointer, reasons)
    if isinstance(value, float) and not np.isfinite(value):
        raise ValueError(f"non-finite figure at {pointer}: report an Undefined instead")
    return value


def _convert_fields(value: object, kind: Any, pointer: str,
                    reasons: dict[str, str]) -> dict[str, Any]:
    """A dataclass's fields by name, less those its JSON rules skip or omit when None."""
    out = {}
    for name, rule in _json_fields(kind):
        item = getattr(value, name)
        if rule == "skip" or (rule == "omit-none" and item is None):
            continue
        out[name] = _convert(item, f"{pointer}/{_escape(name)}", reasons)
    return out


@cache
def _json_fields(kind: Any) -> tuple[tuple[str, str | None], ...]:
    """A dataclass's fields and their JSON rule, looked up once per class (a report of
    thousands of taggers walks the same few classes again and again)."""
    return tuple((f.name, f.metadata.get("json")) for f in fields(kind))


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")
