"""The ratings CSV reader: what it reads, and every bad value refused by file and line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.ratings_csv import load_ratings_csv
from annotator.errors import AnnotatorError


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
