"""Each shipped protocol's sample project played end to end on the real screen, by keyboard,
then analysed: the stored values are the rubric's, and the analysis reads them on its scale.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from annotator.cli import main
from annotator.project.folder import open_project
from annotator.resources import sample_project_dir
from annotator.store.reading import read_session_file
from annotator.ui.screens.rating_screen import ScreenState

PROTOCOLS = {
    # sample project: (the key pressed for every pair, the value it stores)
    "flickr8k4-demo": ("3", 3.0),
    "vcr5-demo": ("2", 0.75),
}


def copy_without_dwell(name: str, target: Path) -> Path:
    folder = target / name
    shutil.copytree(sample_project_dir().parent / name, folder)
    toml = folder / "project.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + "dwell_seconds = 0\n", encoding="utf-8")
    return folder


def play_to_the_end(qtbot, screen, key: str) -> int:
    """Rate every pair with ``key``, going past feedback and notices; how many rated."""
    rated = 0
    for _ in range(200):
        if screen.state is ScreenState.FINISHED:
            return rated
        if screen.state is ScreenState.RATING:
            qtbot.keyClick(screen, key)
            rated += 1
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    raise AssertionError("the round did not finish")


@pytest.mark.parametrize("name", sorted(PROTOCOLS))
def test_a_protocol_is_played_and_analysed(qtbot, tmp_path: Path, make_main_window,
                                           name: str) -> None:
    key, value = PROTOCOLS[name]
    folder = copy_without_dwell(name, tmp_path)
    project = open_project(folder)
    window = make_main_window(folder, tagger="ana")
    rated = play_to_the_end(qtbot, window.rating_screen, key)
    assert rated == len(project.items)
    (session_file,) = project.sessions_dir.glob("*.sqlite")
    stored = read_session_file(session_file).ratings
    assert set(stored.value) == {value} and set(stored.phase) == {"game"}
    assert set(stored.item_id) == {item.item_id for item in project.items}
    window.close()

    assert main(["simulate", str(folder), "--taggers", "3", "--seed", "2"]) == 0
    out = tmp_path / "report.json"
    assert main(["analyze", str(folder), "--json", str(out), "--reps", "10",
                 "--bootstrap", "50"]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["levels"] == sorted(level.value for level in project.rubric.levels)
    assert report["n_taggers"] == 4 and report["taggers"]["ana"]["n"] == len(project.items)
    assert report["alpha"]["value"] is not None
    for source in report["sources"].values():
        assert min(report["levels"]) <= source["vote"] <= max(report["levels"])
        assert min(report["levels"]) <= source["mean"] <= max(report["levels"])
    assert report["virtual_raters"]["fleiss_kappa_45"]["mean"] is None  # no levels 4 and 5
