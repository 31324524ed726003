"""Write sample_projects/vicr-demo/priors.csv: machine ratings for the game's cold start.

Run: ``python build_scripts/make_sample_priors.py``. VICR primed every pair with two
machine ratings so that the first players had a consensus to be scored against (Narins et
al. 2023, §3.2); this gives the demo the same, so one newcomer alone sees consensus,
points and the first-pairs check.

The machine is a small baseline, not a trained caption-rating model: a least-squares line
through the 30 expert ratings of ``gold.csv`` on two features of the caption, its length
in words and its word overlap with the image's reference captions (the two metrics of
``make_sample_metrics.py``); for an image without references, a line on length alone.
Its prediction, rounded to the nearest level (halves up) and kept within 1–5, is written
twice per pair, as VICR's two priming ratings.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import math
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SOURCE = "baseline: length and word overlap, fitted to gold.csv"


def _metrics_script():
    spec = importlib.util.spec_from_file_location("make_sample_metrics",
                                                  HERE / "make_sample_metrics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


metrics = _metrics_script()


def _fit(rows: list[list[float]], ratings: list[float]) -> np.ndarray:
    coefficients, *_ = np.linalg.lstsq(np.array(rows), np.array(ratings), rcond=None)
    return coefficients


def sample_priors() -> str:
    """The CSV text: two rows per item, in items.csv order."""
    items, gold = metrics.read("items.csv"), metrics.read("gold.csv")
    refs = metrics.references(items, gold)

    def features(row: dict[str, str]) -> tuple[float, float | None]:
        return float(len(row["caption"].split())), metrics.word_overlap(row, refs)

    with_overlap = [(features(g), float(g["rating"])) for g in gold]
    both = _fit([[1.0, words, overlap] for (words, overlap), _ in with_overlap
                 if overlap is not None],
                [rating for (_, overlap), rating in with_overlap if overlap is not None])
    length = _fit([[1.0, words] for (words, _), _ in with_overlap],
                  [rating for _, rating in with_overlap])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["item_id", "rating", "source"])
    for item in items:
        words, overlap = features(item)
        guess = (both @ [1.0, words, overlap] if overlap is not None
                 else length @ [1.0, words])
        rating = min(5, max(1, math.floor(guess + 0.5)))
        writer.writerows([[item["item_id"], rating, SOURCE]] * 2)
    return out.getvalue()


if __name__ == "__main__":
    target = metrics.SAMPLE / "priors.csv"
    target.write_text(sample_priors(), encoding="utf-8")
    print(f"wrote {target}")
