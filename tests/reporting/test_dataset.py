"""The published dataset: every rating and every item, as CSV that loads in one line."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.loading import load_project, load_ratings_csv
from annotator.analysis.report import analyze
from annotator.analysis.table import PHASES, RatingTable, build_table
from annotator.project.folder import open_project
from annotator.reporting.dataset import ITEMS_COLUMNS, RATINGS_COLUMNS, items_csv, ratings_csv
from annotator.reporting.exports import export_dataset
from annotator.store.records import Phase
from tests.analysis.sessions import rate, session

CAPTIONS = {
    "item000": "café — naïve, with a comma",
    "item001": 'She said "hello", then left',
    "item002": "Two lines:\nthe second one",
    "item003": "Plain caption",
}


@pytest.fixture
def project_root(make_project_folder) -> Path:
    """A project whose captions need quoting, with game, retest and tutorial ratings; item003
    is never rated and the gold pair tutorial-00 is not a project item."""
    root = make_project_folder(4, tutorial=[3])
    with (root / "items.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "image", "caption", "source"])
        for n, (item_id, caption) in enumerate(CAPTIONS.items()):
            writer.writerow([item_id, f"images/photo{n:03d}.jpg", caption,
                             "human" if n % 2 else "model, v2"])
    one, two = session(root, "lab-1"), session(root, "lab-2")
    rate(one, "ana", "tutorial-00", 3, phase=Phase.TUTORIAL, points=2)
    rate(one, "ana", "item000", 3, points=2, seconds=5.5)
    rate(one, "ana", "item001", 4, points=1)
    rate(one, "ana", "item000", 2, rnd=2, phase=Phase.RETEST)
    rate(two, "Zoë", "item000", 5, points=-1, seconds=6.25)
    rate(two, "Zoë", "item002", 1, points=0)
    one.close(), two.close()
    return root


def read_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_ratings_csv_has_every_rating_of_every_phase_in_order(project_root: Path) -> None:
    table = load_project(project_root)
    rows = read_rows(ratings_csv(table))
    assert list(rows[0]) == list(RATINGS_COLUMNS)
    got = [(r["item_id"], r["tagger"], int(r["round"]), r["phase"], float(r["rating"]),
            float(r["seconds"]), None if r["points"] == "" else float(r["points"]))
           for r in rows]
    expected = [(table.item_ids[table.item[i]], table.taggers[table.tagger[i]],
                 int(table.round[i]), PHASES[table.phase[i]].value, float(table.values[i]),
                 float(table.seconds[i]), None if np.isnan(table.points[i]) else table.points[i])
                for i in range(len(table))]
    assert sorted(got) == sorted(expected) and len(got) == 6
    assert got == sorted(got, key=lambda r: (r[0], r[1], r[2], PHASES.index(Phase(r[3]))))
    assert got[:2] == [("item000", "Zoë", 1, "game", 5.0, 6.25, -1.0),
                       ("item000", "ana", 1, "game", 3.0, 5.5, 2.0)]
    assert ("item000", "ana", 2, "retest", 2.0, 4.0, None) in got
    assert ("tutorial-00", "ana", 1, "tutorial", 3.0, 4.0, 2.0) in got


def test_ratings_csv_leaves_unknown_seconds_and_points_blank() -> None:
    table = build_table(item_ids=["a", "b"], taggers=["t", "t"], rounds=[1, 1], values=[3, 4])
    rows = read_rows(ratings_csv(table))
    assert [(r["seconds"], r["points"]) for r in rows] == [("", ""), ("", "")]


def test_ratings_csv_loads_back_as_the_same_ratings(project_root: Path, tmp_path: Path) -> None:
    table = load_project(project_root)
    path = tmp_path / "ratings.csv"
    path.write_text(ratings_csv(table), encoding="utf-8")
    again = load_ratings_csv(path)

    def ratings(t: RatingTable) -> list[tuple]:
        return sorted(zip([t.item_ids[i] for i in t.item], [t.taggers[i] for i in t.tagger],
                          t.round.tolist(), t.values.tolist(), t.phase.tolist(), strict=True))
    assert ratings(again) == ratings(table)


def test_items_csv_lists_every_project_item_with_its_figures(project_root: Path) -> None:
    table = load_project(project_root)
    summary = analyze(table, reps=2, bootstrap=10).items.summary
    project = open_project(project_root)
    rows = read_rows(items_csv(table, summary, {i.item_id: i for i in project.items}))
    assert list(rows[0]) == list(ITEMS_COLUMNS)
    assert [r["item_id"] for r in rows] == list(CAPTIONS)  # not the gold pair
    assert [r["caption"] for r in rows] == list(CAPTIONS.values())
    assert [r["source"] for r in rows] == ["model, v2", "human", "model, v2", "human"]
    assert rows[0]["image"] == "images/photo000.jpg"
    for row in rows[:3]:
        i = table.item_ids.index(row["item_id"])
        assert int(row["n"]) == summary.n[i]
        for name, column in (("mean", summary.mean), ("vote", summary.vote), ("sd", summary.sd)):
            value = column[i]
            assert (row[name] == "") if np.isnan(value) else float(row[name]) == pytest.approx(
                value, rel=1e-9), name
    assert (rows[0]["n"], float(rows[0]["mean"]), float(rows[0]["sd"])) == (
        "3", pytest.approx(10 / 3), pytest.approx(1.5275252))  # ana 3 and 2, Zoë 5
    assert rows[1]["sd"] == ""  # one rating: no spread
    assert {k: rows[3][k] for k in ("n", "mean", "vote", "sd")} == {
        "n": "0", "mean": "", "vote": "", "sd": ""}


def test_items_csv_without_the_project_lists_rated_items_only() -> None:
    table = build_table(item_ids=["b", "b", "a"], taggers=["t1", "t2", "t1"], rounds=[1, 1, 1],
                        values=[2, 4, 5], phases=[Phase.GAME, Phase.GAME, Phase.TUTORIAL],
                        sources={"a": "human", "b": "model"})
    summary = analyze(table, reps=2, bootstrap=10).items.summary
    rows = read_rows(items_csv(table, summary, None))
    assert rows == [{"item_id": "b", "image": "", "caption": "", "source": "model", "n": "2",
                     "mean": "3", "vote": rows[0]["vote"], "sd": rows[0]["sd"]}]
    assert rows[0]["vote"] in ("2", "4") and float(rows[0]["sd"]) == pytest.approx(2 ** 0.5)


def test_items_csv_keeps_rated_items_the_project_no_longer_has(project_root: Path) -> None:
    table = load_project(project_root)
    summary = analyze(table, reps=2, bootstrap=10).items.summary
    project = open_project(project_root)
    items = {i.item_id: i for i in project.items if i.item_id != "item001"}
    rows = read_rows(items_csv(table, summary, items))
    assert [r["item_id"] for r in rows] == ["item000", "item002", "item003", "item001"]
    assert (rows[-1]["caption"], rows[-1]["n"]) == ("", "1")


def test_dataset_files_load_in_one_line_as_utf8_for_excel(project_root: Path,
                                                          tmp_path: Path) -> None:
    """What ``pandas.read_csv(path)`` needs (the app does not depend on pandas): one header
    line, the same number of cells in every row, numbers that parse; plus the byte-order
    mark Excel needs, which pandas drops (checked by hand with pandas 3.1)."""
    table = load_project(project_root)
    summary = analyze(table, reps=2, bootstrap=10).items.summary
    project = open_project(project_root)
    paths = export_dataset(table, summary, {i.item_id: i for i in project.items},
                           tmp_path / "out")
    assert [p.name for p in paths] == ["dataset-ratings.csv", "dataset-items.csv"]
    numeric = {"round", "rating", "seconds", "points", "n", "mean", "vote", "sd"}
    for path, columns in zip(paths, (RATINGS_COLUMNS, ITEMS_COLUMNS), strict=True):
        data = path.read_bytes()
        assert data.startswith(b"\xef\xbb\xbfitem_id,") and b"\r\n" not in data
        with path.open(encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.reader(handle))
        assert tuple(rows[0]) == columns
        assert all(len(row) == len(columns) for row in rows)
        for row in rows[1:]:
            for name, cell in zip(columns, row, strict=True):
                if name in numeric and cell:
                    float(cell)
    with paths[1].open(encoding="utf-8-sig", newline="") as handle:
        captions = [row["caption"] for row in csv.DictReader(handle)]
    assert captions == list(CAPTIONS.values())
