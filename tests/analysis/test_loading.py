"""Loaders of stored ratings: a project folder's session files, one session file."""

from __future__ import annotations

import shutil
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.loading import counted_rows, project_table
from annotator.analysis.rating_table import PHASES
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.store.reading import RatingRows, read_session_file
from annotator.store.records import Phase
from tests.analysis.sessions import rate, session
from tests.project_ratings import project_ratings
from tests.store.sessionfiles import answers_for, ratings_for, write_session_file


def test_a_project_folder_reads_every_session_file(panel_project: Path) -> None:
    table = project_ratings(panel_project)
    assert len(table) == 6 and len(table.data()) == 5
    assert table.taggers == ("ana", "ben")
    assert table.levels.tolist() == [1, 2, 3, 4, 5]  # the rubric's, not only those rated
    assert table.item_sources is not None and set(table.item_sources) == {"human"}
    assert sorted(PHASES[p].value for p in table.phase) == [
        "game", "game", "game", "game", "retest", "tutorial"]
    assert np.nansum(table.points) == 6 and sorted(table.seconds) == [4, 4, 4, 4, 4, 6]


def test_a_session_file_copied_twice_counts_once(panel_project: Path) -> None:
    sessions = panel_project / "sessions"
    shutil.copy(sessions / "lab-1.sqlite", sessions / "lab-1 copy.sqlite")
    assert len(project_ratings(panel_project)) == 6


def test_the_same_pair_rated_on_two_laptops_counts_once_the_earlier(
        panel_project: Path) -> None:
    third = session(panel_project, "lab-3")
    rate(third, "ana", "item000", 1, seconds=1.0)  # earlier than lab-1's 3 (at 4 s)
    rate(third, "ana", "item001", 2, seconds=9.0)  # later than lab-1's 4
    rate(third, "ana", "item005", 5, phase=Phase.TUTORIAL)  # tutorial rows are all kept
    third.close()
    table = project_ratings(panel_project)
    assert len(table) == 7
    ana = table.data().select(table.data().tagger == table.taggers.index("ana"))
    got = {(table.item_ids[i], int(r)): float(v)
           for i, r, v in zip(ana.item, ana.round, ana.values, strict=True)}
    assert got == {("item000", 1): 1.0, ("item001", 1): 4.0, ("item000", 2): 3.0}


def test_a_file_of_another_project_is_left_out_and_named(panel_project: Path,
                                                         make_project_folder) -> None:
    """As the game leaves it out of the consensus and validate lists it."""
    other = make_project_folder(2)
    store = session(other, "stray")
    rate(store, "cy", "item000", 1)
    store.close()
    shutil.copy(other / "sessions" / "stray.sqlite", panel_project / "sessions")
    table, folder = project_table(open_project(panel_project))
    assert len(table) == 6 and "cy" not in table.taggers
    (left_out,) = folder.unreadable
    assert left_out.path.name == "stray.sqlite"
    assert "another project" in left_out.warning()
    assert left_out.warning().endswith("It is the file of the laptop 'stray': 1 rating by cy.")


def test_a_project_whose_files_are_all_unreadable_names_them(make_project_folder) -> None:
    folder = make_project_folder(2)
    (folder / "sessions").mkdir()
    (folder / "sessions" / "torn.sqlite").write_bytes(b"SQLite format 3\x00" + b"\x00" * 40)
    with pytest.raises(AnnotatorError, match="None of the session files can be read") as caught:
        project_ratings(folder)
    assert "torn.sqlite: left out" in str(caught.value)


def test_a_project_without_session_files_is_named(make_project_folder) -> None:
    with pytest.raises(AnnotatorError, match="no session files"):
        project_ratings(make_project_folder(2))


def test_each_answer_to_a_question_counts_once_the_earlier(tmp_path: Path) -> None:
    """Several answers per pair and round (seeds/004): one per question and stage; an
    answer given again on another laptop counts once, the earlier."""
    first = answers_for("ana", "item0001", ["truthful", "overall"], seed=1)
    again = [replace(r, shown_at=r.shown_at - timedelta(minutes=1),
                     submitted_at=r.submitted_at - timedelta(minutes=1))
             for r in answers_for("ana", "item0001", ["truthful"], seed=2)[:1]]
    plain = ratings_for("ana", 2, seed=3)  # item0001 rated once more, answering no question
    files = [write_session_file(tmp_path / "a.sqlite", first + plain),
             write_session_file(tmp_path / "b.sqlite", again)]
    rows = RatingRows.concatenate(read_session_file(path).ratings for path in files)
    counted = {rows.rating_id[i] for i in counted_rows(rows)}
    assert counted == {r.rating_id for r in [*first[1:], *plain, *again]}
