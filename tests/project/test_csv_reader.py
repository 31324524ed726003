"""The one CSV reader: rows and columns with their lines, and a file taken whole refused once."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.errors import AnnotatorError
from annotator.project.csv_reader import read_table
from annotator.project.row_checks import RowChecks, parse_cells

TEXT = 'id,note,,n\n1,"two\nlines",x,5\n\n2,short\n3,plain,y,six\n4,"a ""quote""",z,7\n'


def test_rows_and_columns_keep_quoted_line_breaks_and_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text(TEXT, encoding="utf-8")
    table = read_table(path, required=("id",), known=("note", "n"))
    assert table.lines == [2, 6, 7] and table.last_lines == [3, 6, 7]
    assert table.column("note") == ["two\nlines", "plain", 'a "quote"']
    assert table.column("absent") == ["", "", ""]
    assert table.rows[0].values == {"id": "1", "note": "two\nlines", "n": "5"}
    assert [(p.line, p.message) for p in table.problems] == [
        (1, "Column 3 of the header has no name; it is ignored."),
        (5, "This row has 2 fields but the header (line 1) has 4. The row was skipped."),
    ]


def test_a_file_taken_whole_lists_every_problem_by_line_once(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text(TEXT, encoding="utf-8")
    table = read_table(path, required=("id",), known=("note", "n"), skip_bad_rows=False)
    numbers, failed = parse_cells(table.column("n"), int)
    assert (numbers, failed) == ([5, None, 7], [1])
    checks = RowChecks(table)
    checks.add(failed, lambda _: "n is not a whole number.")
    checks.add(range(3), lambda _: "reported only where nothing else is wrong.")
    checks.add_repeats([1, 2, 1], lambda _n, first: f"again (first on line {table.lines[first]}).")
    with pytest.raises(AnnotatorError) as caught:
        checks.refuse()
    assert str(caught.value) == "\n".join([
        f"{path}: 4 problems, so nothing was read from this file; fix them and try again:",
        f"{path}:2: reported only where nothing else is wrong.",
        f"{path}:5: This row has 2 fields but the header (line 1) has 4.",
        f"{path}:6: n is not a whole number.",
        f"{path}:7: reported only where nothing else is wrong.",
    ])


def test_one_problem_is_the_error_itself_and_none_is_no_error(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("id\r\n1\r\n1\r\n", encoding="utf-8")
    table = read_table(path, required=("id",), skip_bad_rows=False)
    checks = RowChecks(table)
    checks.refuse()  # nothing wrong yet
    checks.add_repeats(table.column("id"), lambda _n, _first: "listed twice.")
    with pytest.raises(AnnotatorError) as caught:
        checks.refuse()
    assert (caught.value.file, caught.value.line, caught.value.message) == (
        path, 3, "listed twice.")
