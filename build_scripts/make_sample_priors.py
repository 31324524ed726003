"""Write sample_projects/vicr-demo/priors.csv: machine ratings for the game's cold start.

Run: ``python build_scripts/make_sample_priors.py``. VICR primed every pair with two
machine ratings so that the first players had a consensus to be scored against (Narins et
al. 2023, §3.2); this gives the demo the same, so one newcomer alone sees consensus,
points and the first-pairs check.

The machine is a small baseline, not a trained caption-rating model: a least-squares line
through the 30 expert ratings of ``gold.csv`` on two features of the caption, its length
in words and its word overlap with the image's reference captions — the same two features
as the sample's metrics (``make_sample_metrics.py``), so it is no independent judge of
them; for an image without references, a line on length alone. Its prediction, rounded
to the nearest level (halves up) and kept within 1–5, is written twice per pair, as
VICR's two priming ratings. :func:`held_out_agreement` says how good it is: each gold pair
predicted by a line fitted to the other 29, against the experts' rating.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SOURCE = "baseline on caption length and word overlap (the metrics), fitted to gold.csv"


def _metrics_script():
    spec = importlib.util.spec_from_file_location("make_sample_metrics",
                                                  HERE / "make_sample_metrics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


metrics = _metrics_script()


Row = dict[str, str]


def _fit(rows: list[list[float]], ratings: list[float]) -> np.ndarray:
    coefficients, *_ = np.linalg.lstsq(np.array(rows), np.array(ratings), rcond=None)
    return coefficients


def _machine(training: list[Row], refs: metrics.References) -> Callable[[Row], int]:
    """The baseline fitted to ``training`` (gold rows): a caption row's level, 1–5."""

    def features(row: Row) -> tuple[float, float | None]:
        return float(len(row["caption"].split())), metrics.word_overlap(row, refs)

    known = [(features(g), float(g["rating"])) for g in training]
    both = _fit([[1.0, words, overlap] for (words, overlap), _ in known if overlap is not None],
                [rating for (_, overlap), rating in known if overlap is not None])
    length = _fit([[1.0, words] for (words, _), _ in known], [rating for _, rating in known])

    def rate(row: Row) -> int:
        words, overlap = features(row)
        guess = both @ [1.0, words, overlap] if overlap is not None else length @ [1.0, words]
        return min(5, max(1, math.floor(guess + 0.5)))

    return rate


def sample_priors() -> str:
    """The CSV text: two rows per item, in items.csv order."""
    items, gold = metrics.read("items.csv"), metrics.read("gold.csv")
    rate = _machine(gold, metrics.references(items, gold))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["item_id", "rating", "source"])
    for item in items:
        writer.writerows([[item["item_id"], rate(item), SOURCE]] * 2)
    return out.getvalue()


def held_out_agreement() -> tuple[int, int, int]:
    """(exact, within one level, pairs): the baseline on each gold pair, fitted without it."""
    items, gold = metrics.read("items.csv"), metrics.read("gold.csv")
    refs = metrics.references(items, gold)
    gaps = [abs(_machine(gold[:i] + gold[i + 1:], refs)(pair) - float(pair["rating"]))
            for i, pair in enumerate(gold)]
    return sum(gap == 0 for gap in gaps), sum(gap <= 1 for gap in gaps), len(gaps)


if __name__ == "__main__":
    target = metrics.SAMPLE / "priors.csv"
    target.write_text(sample_priors(), encoding="utf-8")
    exact, near, pairs = held_out_agreement()
    print(f"wrote {target}; held out, the machine matches the experts on {exact} of {pairs} "
          f"gold pairs and is within one level on {near}")
