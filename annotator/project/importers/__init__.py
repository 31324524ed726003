"""Captions files ``annotator init`` understands, and how it tells them apart.

A CSV/TSV table (the native shape), COCO captions JSON, a Flickr8k token file and JSON
Lines. The format is chosen from the extension, else from the first line; ``--captions-
format`` overrides the guess when a file is named unusually.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from annotator.project.captions import Captions, captions_from_table
from annotator.project.importers.coco import captions_from_coco
from annotator.project.importers.flickr8k import captions_from_flickr8k
from annotator.project.importers.jsonl import captions_from_jsonl

Reader = Callable[..., Captions]
READERS: dict[str, Reader] = {
    "table": captions_from_table,
    "coco": captions_from_coco,
    "flickr8k": captions_from_flickr8k,
    "jsonl": captions_from_jsonl,
}
CAPTION_FORMATS = tuple(READERS)
_BY_EXTENSION = {".csv": "table", ".tsv": "table", ".tab": "table", ".json": "coco",
                 ".jsonl": "jsonl", ".ndjson": "jsonl"}
_FLICKR8K_LINE = re.compile(r"[^\t#]+#\d+\t")


def guess_format(captions: Path) -> str:
    """The format by extension; for others (``.txt``) by the first non-empty line."""
    known = _BY_EXTENSION.get(captions.suffix.lower())
    if known:
        return known
    try:
        with captions.open(encoding="utf-8-sig", errors="replace") as handle:
            first = next((line for line in handle if line.strip()), "")
    except OSError:
        return "table"  # the table reader reports why the file cannot be read
    if first.lstrip().startswith("{"):
        return "jsonl"
    return "flickr8k" if _FLICKR8K_LINE.match(first) else "table"


def read_captions(
    images: Path, captions: Path, *, available: list[str], fmt: str | None = None
) -> Captions:
    """Pairs from ``captions`` in ``fmt`` (one of :data:`CAPTION_FORMATS`, or guessed)."""
    reader = READERS[fmt or guess_format(captions)]
    return reader(images, captions, available=available)
