"""``simulate`` on every shipped rubric: it never raises, and its hidden truth maps onto
each scale best to best, whichever end the rubric lists first."""

from __future__ import annotations

import csv
import shutil
import statistics
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

import pytest

from annotator.project.folder import open_project
from annotator.project.rubric import available_rubrics, load_rubric
from annotator.resources import sample_project_dir
from annotator.session.simulate import simulate
from tests.project_ratings import project_ratings

END = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
SEEDS = range(20)
ITEMS = 8
"""Items kept of each sample: few, so 20 seeds of every rubric stay quick."""


def demo_of(rubric_id: str) -> str:
    return "vicr-demo" if rubric_id == "vicr5" else f"{rubric_id}-demo"


def small_copy(tmp_path: Path, demo: str, seed: int) -> Path:
    """The sample project with its first ``ITEMS`` items (whole CSV rows, captions with
    line breaks kept), in a folder of its own."""
    folder = tmp_path / f"{demo}-{seed}"
    shutil.copytree(sample_project_dir().parent / demo, folder)
    items = folder / "items.csv"
    with items.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    with items.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows[:ITEMS + 1])
    return folder


def mean_by_source(folder: Path) -> dict[str, list[float]]:
    table = project_ratings(folder)
    data = table.data()
    values = data.values
    sources = open_project(folder).items
    source_of = {item.item_id: item.source for item in sources}
    found: dict[str, list[float]] = defaultdict(list)
    for index, item in enumerate(data.item):
        found[source_of[data.item_ids[item]]].append(float(values[index]))
    return found


@pytest.mark.slow  # about 20 s a rubric: 60 simulated studies' session files, fsync'd
@pytest.mark.parametrize("rubric_id", available_rubrics())
def test_every_rubric_simulates_20_seeds_of_1_to_3_rounds_without_an_error(
        tmp_path: Path, rubric_id: str) -> None:
    demo = demo_of(rubric_id)
    pooled: dict[str, list[float]] = defaultdict(list)
    for seed in SEEDS:
        folder = small_copy(tmp_path, demo, seed)
        result = simulate(open_project(folder), taggers=3, rounds=1 + seed % 3, seed=seed,
                          end=END)
        assert all(tally.ratings for tally in result.taggers)
        for source, values in mean_by_source(folder).items():
            pooled[source].extend(values)
    means = {source: statistics.fmean(values) for source, values in pooled.items()}
    if "human" in means:  # every sample but ContextRef's (Wikipedia's own alt text)
        values = [float(level.value) for level in load_rubric(rubric_id).levels]
        assert max(means, key=means.__getitem__) == "human", means
        assert means["human"] > (max(values) + min(values)) / 2, means


def test_a_submit_at_the_very_end_of_the_dwell_is_never_refused(tmp_path: Path) -> None:
    """Seed 2, 4 taggers, 2 rounds raised TooSoonError ("0.0 s before the minimum dwell
    ends"): a draw below the dwell waited exactly the dwell, and the float clock fell short."""
    folder = tmp_path / "vcr5-demo"
    shutil.copytree(sample_project_dir().parent / "vcr5-demo", folder)
    with (folder / "project.toml").open("a", encoding="utf-8") as manifest:
        manifest.write("\n[flow]\ndwell_seconds = 3\n")
    result = simulate(open_project(folder), taggers=4, rounds=2, seed=2, end=END)
    assert sum(tally.ratings for tally in result.taggers) == 4 * 2 * 17


@pytest.mark.parametrize("demo", ["vcr5-demo", "good-bad-skip-demo"])
def test_human_captions_are_best_on_scales_listed_best_first(tmp_path: Path, demo: str) -> None:
    folder = tmp_path / demo
    shutil.copytree(sample_project_dir().parent / demo, folder)
    result = simulate(open_project(folder), taggers=4, seed=2, end=END)
    top = max(float(level.value) for level in open_project(folder).rubric.levels)
    assert result.truth["human"] > 0.7 * top, result.truth
    means = {source: statistics.fmean(values)
             for source, values in mean_by_source(folder).items()}
    assert means["human"] > 0.7 * top, means
