"""Loaders: a project folder's session files, one session file, a ratings CSV."""

from __future__ import annotations

import shutil
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.loading import (
    counted_rows,
    load_project,
    load_ratings_csv,
    project_table,
)
from annotator.analysis.table import PHASES
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.store.reading import RatingRows, read_session_file
from annotator.store.records import Phase
from tests.analysis.sessions import rate, session
from tests.store.sessionfiles import answers_for, ratings_for, write_session_file


def test_a_project_folder_reads_every_session_file(panel_project: Path) -> None:
    table = load_project(panel_project)
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
    assert len(load_project(panel_project)) == 6


def test_the_same_pair_rated_on_two_laptops_counts_once_the_earlier(
        panel_project: Path) -> None:
    third = session(panel_project, "lab-3")
    rate(third, "ana", "item000", 1, seconds=1.0)  # earlier than lab-1's 3 (at 4 s)
    rate(third, "ana", "item001", 2, seconds=9.0)  # later than lab-1's 4
    rate(third, "ana", "item005", 5, phase=Phase.TUTORIAL)  # tutorial rows are all kept
    third.close()
    table = load_project(panel_project)
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
        load_project(folder)
    assert "torn.sqlite: left out" in str(caught.value)


def test_a_project_without_session_files_is_named(make_project_folder) -> None:
    with pytest.raises(AnnotatorError, match="no session files"):
        load_project(make_project_folder(2))


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_ratings_csv_with_source_phase_and_skips(tmp_path: Path) -> None:
    path = write(tmp_path / "r.csv", "\ufeffItem_ID,tagger,round,rating,source,phase\n"
                 "a,ana,1,1,cap-x,game\nb,ana,1,0,cap-y,\na,ben,1,skip,,\n"
                 "a,ben,2,1,,retest\n\nc,ana,1,0,,tutorial\n")
    table = load_ratings_csv(path)
    assert len(table) == 4 and len(table.data()) == 3
    assert table.item_sources == ("cap-x", "cap-y", "")
    assert table.skips == {(0, 1): 1}
    assert np.isnan(table.points).all() and np.isnan(table.seconds).all()


def test_a_published_datasets_skip_column_marks_skip_answers(tmp_path: Path) -> None:
    path = write(tmp_path / "r.csv", "item_id,tagger,round,rating,skip\n"
                 "a,ana,1,1,FALSE\na,ben,1,,TRUE\nb,ana,1,0,\nb,ben,1,skip,true\n")
    table = load_ratings_csv(path)
    assert len(table) == 2 and table.skips == {(0, 1): 1, (1, 1): 1}
    bad = write(tmp_path / "bad.csv", "item_id,tagger,round,rating,skip\n"
                "a,ana,1,1,yes\na,ben,1,2,TRUE\n")
    with pytest.raises(AnnotatorError) as caught:
        load_ratings_csv(bad)
    assert f"{bad}:2: skip 'yes' is not true or false" in str(caught.value)
    assert f"{bad}:3: skip is true but the rating is '2'" in str(caught.value)


def test_every_bad_csv_row_is_reported_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path / "r.csv", "item_id,tagger,round,rating,phase\n"
                 "a,ana,1,3,game\n,ana,1,3,\nb,,1,3,\nc,ana,one,3,\nd,ana,0,3,\n"
                 "e,ana,1,good,\nf,ana,1,nan,\ng,ana,1,3,warmup\na,ana,1,4,\n")
    with pytest.raises(AnnotatorError) as caught:
        load_ratings_csv(path)
    text = str(caught.value)
    assert text.startswith(f"{path}: 8 problems, so nothing was read from this file")
    for line, words in [(3, "item_id is empty"), (4, "tagger is empty"),
                        (5, "not a whole number"), (6, "numbered from 1"),
                        (7, "not a number"), (8, "not a finite"), (9, "warmup"),
                        (10, "twice in round 1 (first on line 2)")]:
        assert f"{path}:{line}: " in text and words in text


def test_csv_missing_columns_or_not_utf8(tmp_path: Path) -> None:
    with pytest.raises(AnnotatorError, match="no 'round', 'rating' columns"):
        load_ratings_csv(write(tmp_path / "r.csv", "item_id,tagger\na,b\n"))
    (tmp_path / "latin.csv").write_bytes("item_id,tagger,round,rating\né,a,1,2\n".encode("cp1252"))
    with pytest.raises(AnnotatorError, match="not UTF-8"):
        load_ratings_csv(tmp_path / "latin.csv")
    with pytest.raises(AnnotatorError, match="no ratings"):
        load_ratings_csv(write(tmp_path / "e.csv", "item_id,tagger,round,rating\n"))


def test_a_quoted_line_break_stays_in_its_cell_and_lines_count_it(tmp_path: Path) -> None:
    text = ('item_id,tagger,round,rating,source\r\na,ana,1,3,"model\r\nv2"\r\n'
            "b,ana,1,4,\r\nc,,1,4,\r\n")
    path = tmp_path / "r.csv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    with pytest.raises(AnnotatorError) as caught:
        load_ratings_csv(path)
    assert str(caught.value) == f"{path}:5: tagger is empty."
    path.write_bytes(text.replace(",,", ",ben,").encode("utf-8"))
    table = load_ratings_csv(path)
    assert table.item_ids == ("a", "b", "c") and table.item_sources == ("model\r\nv2", "", "")


def test_only_data_ratings_count_once_per_tagger_pair_and_round(tmp_path: Path) -> None:
    path = write(tmp_path / "r.csv", "item_id,tagger,round,rating,phase\n"
                 "a,ana,1,3,tutorial\na,ana,1,4,game\na,ana,1,4,check\na,ana,2,5,retest\n")
    table = load_ratings_csv(path)
    assert len(table) == 4 and table.data().values.tolist() == [4, 5]


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (b"item_id,tagger,round,rating\na,ana,1,2\n\xe9,ana,1,2\n", 3, "not UTF-8"),
        (b"item,tagger,round,rating\na,ana,1,2\n", 1, "no 'item_id' column"),
        (b"item_id,tagger,round,rating\na,ana,1,2,3\n", 2, "5 fields but the header"),
        (b'item_id,tagger,round,rating\na,ana,1,2\nb,ana,1,"3\n', 3, "never closed"),
        (b"item_id,tagger,round,rating\na,ana,1,2\na,ana,1,4\n", 3, "(first on line 2)"),
    ],
    ids=["not-utf8", "no-column", "field-count", "open-quote", "twice"],
)
def test_every_refusal_names_file_and_line(tmp_path: Path, data: bytes, line: int,
                                           words: str) -> None:
    path = tmp_path / "r.csv"
    path.write_bytes(data)
    with pytest.raises(AnnotatorError) as caught:
        load_ratings_csv(path)
    assert (caught.value.file, caught.value.line) == (path, line)
    assert words in str(caught.value) and "skipped" not in str(caught.value)


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
