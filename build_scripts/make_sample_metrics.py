"""Write sample_projects/vicr-demo/metrics.csv: two simple, honest baseline metrics.

Run: ``python build_scripts/make_sample_metrics.py``. Nothing here is a real caption
metric; they only give the metric benchmark something to show.

- ``caption_words``: the caption's length in words. Longer captions tend to name more of
  the picture, so length is the weakest sensible baseline.
- ``word_overlap``: the share of the caption's content words (lower-cased words of 3 or
  more letters, minus a short stop-word list) found in the reference captions of the same
  image. References: the other captions of that image in ``items.csv`` whose source is
  ``human`` and the ``gold.csv`` captions of that image the experts rated 4 or 5 — never
  the caption itself. An image with no reference leaves the score empty (no score), as a
  reference-based metric would.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

SAMPLE = Path(__file__).resolve().parent.parent / "sample_projects" / "vicr-demo"
STOP = {"the", "and", "with", "its", "his", "her", "their", "from", "into", "for", "are",
        "has", "have", "this", "that", "there", "one", "two", "some", "many", "few", "all",
        "near", "next", "over", "under", "beside", "behind", "front", "left", "right",
        "top", "bottom", "who", "which", "while", "most", "out", "off"}


def content_words(caption: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", caption.lower()) if len(w) >= 3 and w not in STOP}


def read(name: str) -> list[dict[str, str]]:
    with (SAMPLE / name).open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


References = dict[str, list[tuple[str, str]]]


def references(items: list[dict[str, str]], gold: list[dict[str, str]]) -> References:
    """(id, caption) of each image's reference captions: its ``human`` items and its gold
    captions rated 4 or 5."""
    found: References = {}
    for item in items:
        if item["source"] == "human":
            found.setdefault(item["image"], []).append((item["item_id"], item["caption"]))
    for pair in gold:
        if float(pair["rating"]) >= 4:
            found.setdefault(pair["image"], []).append((pair["item_id"], pair["caption"]))
    return found


def word_overlap(row: dict[str, str], refs: References) -> float | None:
    """The share of the caption's content words found in its image's other references
    (None: the image has no other reference, or the caption no content word)."""
    others = [text for ref, text in refs.get(row["image"], []) if ref != row["item_id"]]
    words = content_words(row["caption"])
    if not others or not words:
        return None
    known = set().union(*(content_words(text) for text in others))
    return len(words & known) / len(words)


def sample_metrics() -> str:
    """The CSV text, rows in items.csv order."""
    items = read("items.csv")
    refs = references(items, read("gold.csv"))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["item_id", "metric", "score"])
    for item in items:
        writer.writerow([item["item_id"], "caption_words", len(item["caption"].split())])
    for item in items:
        score = word_overlap(item, refs)
        writer.writerow([item["item_id"], "word_overlap", "" if score is None else f"{score:.4f}"])
    return out.getvalue()


if __name__ == "__main__":
    (SAMPLE / "metrics.csv").write_text(sample_metrics(), encoding="utf-8")
    print(f"wrote {SAMPLE / 'metrics.csv'}")
