"""ratings.csv: every stored answer once, by the analysis's rules, with pseudonyms on request."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.reporting.dataset.fields import rating_fields
from annotator.reporting.dataset.ratings import rating_rows, stored_answers
from annotator.store.records import Phase
from annotator.store.session_file import SessionStore
from tests.reporting.dataset.conftest import analysed, rate

NAMES = [field.name for field in rating_fields(open_project(
    Path(__file__).resolve().parents[3] / "sample_projects" / "vicr-demo").rubric)]


def rows_of(root: Path, *, pseudonymise: bool = False) -> list[dict]:
    answers = stored_answers(analysed(root), pseudonymise=pseudonymise)
    return [dict(zip(NAMES, row, strict=True))
            for row in rating_rows(answers, questions=False)]


def stored(root: Path) -> dict[str, tuple]:
    found = {}
    for path in (root / "sessions").glob("*.sqlite"):
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        found |= {row[0]: row[1:] for row in conn.execute(
            "SELECT rating_id, tagger, item_id, round, phase, value, ms_on_screen, "
            "submitted_at, points FROM ratings")}
        conn.close()
    return found


def test_one_row_per_stored_answer_of_every_phase_in_order(project_root: Path) -> None:
    rows = rows_of(project_root)
    assert [(r["item_id"], r["tagger"], r["round"], r["phase"], r["rating"], r["skip"])
            for r in rows] == [
        ("item000", "Zoë", 1, "game", 5.0, False),
        ("item000", "ana", 1, "game", 3.0, False),
        ("item000", "ana", 2, "retest", 2.0, False),
        ("item001", "ana", 1, "game", 4.0, False),
        ("item002", "Zoë", 1, "game", 1.0, False),
        ("tutorial-00", "ana", 1, "tutorial", 3.0, False)]
    expected = stored(project_root)
    assert {r["rating_id"] for r in rows} == set(expected)
    for row in rows:
        tagger, item, rnd, phase, value, ms, submitted, points = expected[row["rating_id"]]
        assert (row["tagger"], row["item_id"], row["round"], row["phase"]) == (
            tagger, item, rnd, phase)
        assert row["rating"] == (None if value == -1 else value)
        assert (row["seconds"], row["submitted_at"]) == (ms / 1000, submitted)
        assert row["points"] == (None if points is None else float(points))


def test_a_copied_file_counts_once_and_a_pair_rated_on_two_laptops_keeps_both(
        project_root: Path) -> None:
    sessions = project_root / "sessions"
    shutil.copy(sessions / "lab-1.sqlite", sessions / "lab-1-copy.sqlite")
    project = open_project(project_root)
    third = SessionStore.open(sessions / "lab-3.sqlite", project_id=project.project_id,
                              laptop_id="lab-3", laptop_name="lab-3")
    rate(third, "ana", "item001", 1, minute=30)  # later than her first answer on lab-1
    third.close()
    rows = rows_of(project_root)
    assert len(rows) == 7
    again = [r for r in rows if (r["tagger"], r["item_id"]) == ("ana", "item001")]
    assert [(r["rating"], r["laptop"], r["counted"]) for r in again] == [
        (4.0, "lab-1", True), (1.0, "lab-3", False)]  # both kept; the earlier counted


def test_pseudonyms_follow_the_first_answer_and_stay_when_the_panel_grows(
        project_root: Path) -> None:
    answers = stored_answers(analysed(project_root), pseudonymise=True)
    assert answers.names == {"Zoë": "T01", "ana": "T02"}
    rows = rows_of(project_root, pseudonymise=True)
    assert {r["tagger"] for r in rows} == {"T01", "T02"}
    assert [r["tagger"] for r in rows[:3]] == ["T01", "T02", "T02"]  # sorted by pseudonym
    project = open_project(project_root)
    late = SessionStore.open(project.sessions_dir / "lab-9.sqlite",
                             project_id=project.project_id, laptop_id="lab-9",
                             laptop_name="lab-9")
    rate(late, "Aaron", "item003", 2, minute=60, phase=Phase.GAME)
    late.close()
    grown = stored_answers(analysed(project_root), pseudonymise=True).names
    assert grown == {"Zoë": "T01", "ana": "T02", "Aaron": "T03"}


def test_a_ratings_csv_has_no_stored_answers_to_publish(tmp_path: Path) -> None:
    path = tmp_path / "legacy.csv"
    path.write_text("item_id,tagger,round,rating\na,t1,1,3\na,t2,1,4\n", encoding="utf-8")
    analysis = analyse(AnalysisSource(path, ratings_csv=True),
                       AnalysisOptions(reps=2, bootstrap=10))
    with pytest.raises(AnnotatorError, match="no rating ids or times"):
        stored_answers(analysis, pseudonymise=False)
