"""A project's own rubric: a 7-point scale, listed worst first, carried by the project,
recorded in every session file and the panel, and named when it changed after rating."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from annotator.analysis.pipeline import AnalysisSource, load_source
from annotator.analysis.report import analyze
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.errors import ProjectError
from annotator.project.answer_model import ScaleOrder
from annotator.project.folder import open_project
from annotator.session.clock import ManualClock
from annotator.session.flow import RatingSession
from annotator.store.panel_reading import read_panel_rubric_sha256
from annotator.store.records import RUBRIC_KEY
from annotator.store.session_file import SessionStore
from tests.session.helpers import FakeClock

LABELS = ("Very poor", "Poor", "Rather poor", "Neither", "Rather good", "Good", "Very good")


def seven_point(order: str = "worst-first", *, rubric_id: str = "agree7",
                label_of_4: str = "Neither") -> str:
    """A 7-point agreement scale, values 1 (worst) to 7 (best), in the stated order."""
    levels = list(range(1, 8)) if order == "worst-first" else list(range(7, 0, -1))
    text = (f'id = "{rubric_id}"\nname = "Seven-point caption quality"\n'
            f'question = "How good is this caption?"\norder = "{order}"\n\n'
            "[defaults]\ndwell_seconds = 0\n")
    for key, value in enumerate(levels, start=1):
        label = label_of_4 if value == 4 else LABELS[value - 1]
        text += (f'\n[[levels]]\nvalue = {value}\nkey = "{key}"\nlabel = "{label}"\n'
                 f'text = "{label}: the caption is {label.lower()}."\n')
    return text


def own_rubric_project(make_project_folder, text: str, *, name: str = "rubric.toml",
                       stated: str | None = None) -> Path:
    """A project whose rubric is the file ``name``: found beside ``project.toml`` without
    being named (``stated`` None), or named by ``[project] rubric = stated``."""
    folder = make_project_folder(6)
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    manifest = folder / "project.toml"
    rubric_line = "" if stated is None else f'rubric = "{stated}"\n'
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        'rubric = "vicr5"\n', rubric_line, 1), encoding="utf-8")
    return folder


def rate_all(folder: Path, ratings: dict[str, list[float]]) -> None:
    """Each tagger rates every pair at their own laptop through the real flow, in the
    order shown, with the values given per item id (item000 … item005)."""
    project = open_project(folder)
    for tagger, values in ratings.items():
        store = SessionStore.open(project.sessions_dir / f"{tagger}.sqlite",
                                  project_id=project.project_id, laptop_id=f"laptop-{tagger}")
        clock: ManualClock = FakeClock()
        session = RatingSession.open(project, store, tagger, clock=clock.wall,
                                     monotonic=clock.monotonic, seed=1)
        while (pair := session.pair_shown()) is not None:
            clock.advance(5)
            session.submit(values[int(pair.item.item_id[-3:])])
        store.close()


RATINGS = {"ana": [1, 2, 4, 5, 7, 6], "ben": [2, 2, 3, 5, 7, 7], "cy": [1, 3, 4, 6, 6, 7]}


def test_a_project_rates_merges_and_analyses_on_its_own_seven_point_scale(
        make_project_folder, tmp_path, capsys) -> None:
    folder = own_rubric_project(make_project_folder, seven_point())
    assert main(["validate", str(folder)]) == ExitCode.DONE
    project = open_project(folder)
    rubric = project.rubric
    assert (rubric.rubric_id, rubric.order) == ("agree7", ScaleOrder.WORST_FIRST)
    assert [level.value for level in rubric.worst_to_best] == list(range(1, 8))
    assert project.flow.base.dwell_seconds == 0  # the rubric's [defaults]
    rate_all(folder, RATINGS)
    for tagger in RATINGS:
        with sqlite3.connect(project.sessions_dir / f"{tagger}.sqlite") as conn:
            info = dict(conn.execute("SELECT key, value FROM session_info"))
        assert info[RUBRIC_KEY] == rubric.sha256 != ""

    panel = tmp_path / "panel.sqlite"
    assert main(["merge", str(panel), str(project.sessions_dir), "--project",
                 str(folder)]) == ExitCode.DONE
    assert read_panel_rubric_sha256(panel) == rubric.sha256
    capsys.readouterr()
    assert main(["analyze", str(panel), "--json", "-", "--reps", "5",
                 "--bootstrap", "20"]) == ExitCode.DONE
    report = json.loads(capsys.readouterr().out)
    assert report["levels"] == [1, 2, 3, 4, 5, 6, 7]
    assert report["n_ratings"] == 18


def test_a_best_first_scale_gives_the_figures_of_its_worst_first_mirror(
        make_project_folder) -> None:
    figures = []
    for order in ("worst-first", "best-first"):
        folder = own_rubric_project(make_project_folder, seven_point(order))
        rubric = open_project(folder).rubric
        assert rubric.order is ScaleOrder(order)
        assert rubric.worst_to_best[-1].value == 7 and rubric.best_first == (
            order == "best-first")
        rate_all(folder, RATINGS)
        analysis = load_source(AnalysisSource(folder))
        report = analyze(analysis.table, reps=5, bootstrap=20).to_json()
        figures.append(report)
    assert figures[0] == figures[1]


def test_a_rubric_changed_after_rating_is_named_by_validate_merge_and_analysis(
        make_project_folder, tmp_path, capsys) -> None:
    folder = own_rubric_project(make_project_folder, seven_point())
    rate_all(folder, {"ana": RATINGS["ana"]})
    panel = folder / "panel.sqlite"  # the analysis finds its project beside it
    assert main(["merge", str(panel), str(folder / "sessions")]) == ExitCode.DONE
    (folder / "rubric.toml").write_text(seven_point(label_of_4="Unsure"), encoding="utf-8")
    capsys.readouterr()

    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    said = capsys.readouterr().out
    assert str(folder / "sessions" / "ana.sqlite") in said
    assert "another version of the rubric file" in said

    assert main(["merge", str(tmp_path / "new-panel.sqlite"), str(folder / "sessions"),
                 "--project", str(folder)]) != ExitCode.DONE
    said = capsys.readouterr()
    assert "another version of the rubric file" in said.out + said.err

    assert main(["analyze", str(panel), "--json", "-"]) == ExitCode.REFUSED
    assert "another version of the rubric file" in capsys.readouterr().err

    # the tagger's own file refuses new ratings on the changed scale
    project = open_project(folder)
    store = SessionStore.open(project.sessions_dir / "ana.sqlite",
                              project_id=project.project_id, laptop_id="laptop-ana")
    try:
        with pytest.raises(Exception, match="would mix two scales"):
            RatingSession.open(project, store, "ana")
    finally:
        store.close()


def test_project_toml_may_name_its_rubric_file(make_project_folder) -> None:
    folder = own_rubric_project(make_project_folder, seven_point(), name="scales/mine.toml",
                                stated="scales/mine.toml")
    assert open_project(folder).rubric.rubric_id == "agree7"


@pytest.mark.parametrize("stated", ["../outside.toml", "/etc/rubric.toml"])
def test_a_rubric_path_leaving_the_folder_is_refused(make_project_folder, stated) -> None:
    folder = own_rubric_project(make_project_folder, seven_point(), stated=stated)
    with pytest.raises(ProjectError, match="inside the project folder") as caught:
        open_project(folder)
    assert caught.value.file == folder / "project.toml" and caught.value.line is not None


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_rubric_reached_through_a_link_is_refused(make_project_folder, tmp_path) -> None:
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text(seven_point(), encoding="utf-8")
    folder = own_rubric_project(make_project_folder, seven_point(), name="real.toml")
    (folder / "rubric.toml").symlink_to(elsewhere)
    with pytest.raises(ProjectError, match="through a link"):
        open_project(folder)


@pytest.mark.parametrize(("order", "expected"), [
    ('"best-first"', 'order = "best-first" says the first level is the best'),
    ('"upwards"', 'order must be "best-first" or "worst-first"'),
])
def test_an_order_the_values_contradict_is_refused_at_its_line(
        make_project_folder, order, expected) -> None:
    text = seven_point().replace('order = "worst-first"', f"order = {order}")
    folder = own_rubric_project(make_project_folder, text)
    with pytest.raises(ProjectError, match=expected) as caught:
        open_project(folder)
    assert caught.value.file == folder / "rubric.toml" and caught.value.line == 4


def test_init_copies_a_rubric_file_in(tmp_path, capsys) -> None:
    from annotator.resources import sample_project_dir

    images = tmp_path / "photos"
    shutil.copytree(sample_project_dir() / "images", images)
    for photo in images.iterdir():
        photo.with_suffix(".txt").write_text(f"A photo called {photo.stem}.", encoding="utf-8")
    rubric = tmp_path / "lab-scale.toml"
    rubric.write_text(seven_point(), encoding="utf-8")
    folder = tmp_path / "study"
    assert main(["init", str(folder), "--images", str(images), "--rubric",
                 str(rubric)]) == ExitCode.DONE
    assert (folder / "rubric.toml").read_bytes() == rubric.read_bytes()
    assert open_project(folder).rubric.rubric_id == "agree7"
    assert main(["init", str(tmp_path / "other"), "--images", str(images),
                 "--rubric", "vcr5"]) == ExitCode.DONE
    assert open_project(tmp_path / "other").rubric.rubric_id == "vcr5"


def test_a_rubric_file_the_project_does_not_use_is_a_problem(make_project_folder) -> None:
    folder = make_project_folder(3)  # project.toml names the shipped vicr5
    (folder / "rubric.toml").write_text(seven_point(), encoding="utf-8")
    project = open_project(folder)
    assert project.rubric.rubric_id == "vicr5"
    (problem,) = [p for p in project.problems if "rubric.toml" in p.message]
    assert problem.file == folder / "project.toml" and problem.line == 4
    assert 'set rubric = "rubric.toml"' in problem.message
