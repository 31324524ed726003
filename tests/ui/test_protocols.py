"""Each shipped protocol's sample project played end to end on the real screen, by keyboard,
then analysed: the stored values are the rubric's, and the analysis reads them on its scale.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from annotator.analysis.loading import load_project, load_ratings_csv
from annotator.analysis.report import analyze, to_json
from annotator.cli import main
from annotator.project.folder import open_project
from annotator.project.model import SKIP_VALUE
from annotator.reporting.dataset import ratings_csv
from annotator.resources import sample_project_dir
from annotator.store.reading import read_session_file
from annotator.ui.screens.rating_screen import ScreenState

PROTOCOLS = {
    # sample project: (the keys pressed, one pair after another in turn; the values stored)
    "flickr8k4-demo": ("3", {3.0}),
    "vcr5-demo": ("2", {0.75}),
    "good-bad-skip-demo": ("yns", {1.0, 0.0, SKIP_VALUE}),
}


def copy_without_dwell(name: str, target: Path) -> Path:
    folder = target / name
    shutil.copytree(sample_project_dir().parent / name, folder)
    toml = folder / "project.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + "dwell_seconds = 0\n", encoding="utf-8")
    return folder


def play_to_the_end(qtbot, screen, keys: str) -> int:
    """Answer every pair with ``keys`` in turn, going past feedback and notices; how many
    answered."""
    rated = 0
    for _ in range(200):
        if screen.state is ScreenState.FINISHED:
            return rated
        if screen.state is ScreenState.RATING:
            qtbot.keyClick(screen, keys[rated % len(keys)])
            rated += 1
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    raise AssertionError("the round did not finish")


@pytest.mark.parametrize("name", sorted(PROTOCOLS))
def test_a_protocol_is_played_and_analysed(qtbot, tmp_path: Path, make_main_window,
                                           name: str) -> None:
    keys, values = PROTOCOLS[name]
    folder = copy_without_dwell(name, tmp_path)
    project = open_project(folder)
    window = make_main_window(folder, tagger="ana")
    rated = play_to_the_end(qtbot, window.rating_screen, keys)
    assert rated == len(project.items)
    (session_file,) = project.sessions_dir.glob("*.sqlite")
    stored = read_session_file(session_file).ratings
    assert set(stored.value) == values and set(stored.phase) == {"game"}
    assert set(stored.item_id) == {item.item_id for item in project.items}
    window.close()

    assert main(["simulate", str(folder), "--taggers", "3", "--seed", "2"]) == 0
    out = tmp_path / "report.json"
    assert main(["analyze", str(folder), "--json", str(out), "--reps", "10",
                 "--bootstrap", "50"]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["levels"] == sorted(level.value for level in project.rubric.levels)
    answered = len(project.items) - stored.value.count(SKIP_VALUE)
    assert report["n_taggers"] == 4 and report["taggers"]["ana"]["n"] == answered
    assert report["alpha"]["value"] is not None
    for source in report["sources"].values():
        assert min(report["levels"]) <= source["vote"] <= max(report["levels"])
        assert min(report["levels"]) <= source["mean"] <= max(report["levels"])
    assert report["virtual_raters"]["fleiss_kappa_45"]["mean"] is None  # no levels 4 and 5


def test_a_pair_skipped_more_than_twice_is_set_aside(qtbot, tmp_path: Path,
                                                    make_main_window) -> None:
    folder = copy_without_dwell("good-bad-skip-demo", tmp_path)
    target = "cat-a"
    for tagger in ("ana", "ben", "cy"):  # each skips the same pair, wherever it comes
        window = make_main_window(folder, tagger=tagger)
        screen = window.rating_screen
        while screen.state is not ScreenState.FINISHED:
            if screen.state is ScreenState.RATING:
                qtbot.keyClick(screen, "s" if screen.current_pair.item.item_id == target
                               else "y")
            qtbot.keyClick(screen, Qt.Key.Key_Return)
        window.close()
    table = load_project(folder)  # nobody answered it: skips, and no rating at all
    assert table.skips == {(table.item_ids.index(target), 1): 3}
    assert to_json(analyze(table, reps=5, bootstrap=20))["binary"]["dropped_items"] == 1
    four = copy_without_dwell("good-bad-skip-demo", tmp_path / "four")
    for tagger in ("ana", "ben", "cy", "dee"):  # three skip it, one answers it
        window = make_main_window(four, tagger=tagger)
        screen = window.rating_screen
        while screen.state is not ScreenState.FINISHED:
            if screen.state is ScreenState.RATING:
                on_target = screen.current_pair.item.item_id == target
                qtbot.keyClick(screen, "s" if on_target and tagger != "dee" else "y")
            qtbot.keyClick(screen, Qt.Key.Key_Return)
        window.close()
    table = load_project(four)
    assert table.skips == {(table.item_ids.index(target), 1): 3}
    binary = to_json(analyze(table, reps=5, bootstrap=20))["binary"]
    assert binary["dropped_items"] == 1
    assert sum(binary["p_hat_distribution"].values()) == len(table.item_ids) - 1
    dataset = tmp_path / "dataset.csv"  # the published dataset keeps the skips, by tagger
    dataset.write_text(ratings_csv(table), encoding="utf-8")
    assert dataset.read_text(encoding="utf-8").count(",skip,") == 3
    again = load_ratings_csv(dataset)
    assert again.skips == table.skips and len(again) == len(table)
