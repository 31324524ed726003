"""The checks a caller makes of a CSV file it reads whole (``read_table(...,
skip_bad_rows=False)``): its problems gathered a column at a time, and refused together,
each by its line."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import repeat
from typing import TypeVar

from annotator.errors import AnnotatorError
from annotator.project.csv_reader import Table
from annotator.project.model import Problem

T = TypeVar("T")


class RowChecks:
    """The problems of a file taken whole (read with ``skip_bad_rows=False``): the reader's
    own, and the first problem the caller finds in each row, checking a column at a time
    (a Python loop per row costs more than reading the file at 70,000 rows)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.found: dict[int, str] = {}

    def __contains__(self, row: int) -> bool:
        return row in self.found

    def add(self, rows: Iterable[int], message: Callable[[int], str]) -> None:
        """``message(row)`` for each of ``rows`` (indices of good rows) not already wrong."""
        for row in rows:
            if row not in self.found:
                self.found[row] = message(row)

    def add_repeats(self, keys: Iterable[Hashable], message: Callable[[int, int], str], *,
                    counted: Iterable[bool] | None = None) -> None:
        """``message(row, first)`` for each row whose key an earlier row (``first``) has, of
        the rows not already wrong and ``counted`` (default: all)."""
        first: dict[Hashable, int] = {}
        flags = repeat(True) if counted is None else counted  # repeat() has no end: not strict
        for row, (key, counts) in enumerate(zip(keys, flags, strict=False)):
            if counts and row not in self.found:
                if key in first:
                    self.found[row] = message(row, first[key])
                else:
                    first[key] = row

    def refuse(self) -> None:
        """Raise one :class:`AnnotatorError` naming every problem, by line, if there is any."""
        file, lines = self.table.file, self.table.lines
        problems = [*self.table.problems,
                    *(Problem(file, lines[row], message) for row, message in self.found.items())]
        if len(problems) == 1:
            (only,) = problems
            raise AnnotatorError(only.message, file=only.file, line=only.line)
        if problems:
            problems.sort(key=lambda problem: problem.line or 0)
            listed = "\n".join(str(problem) for problem in problems)
            raise AnnotatorError(f"{len(problems)} problems, so nothing was read from this "
                                 f"file; fix them and try again:\n{listed}", file=file)


def parse_cells(cells: Sequence[str], parse: Callable[[str], T]
                ) -> tuple[list[T | None], list[int]]:
    """``parse`` of every cell, and the rows where it raised ValueError (None there)."""
    try:
        return list(map(parse, cells)), []
    except ValueError:
        values: list[T | None] = []
        failed: list[int] = []
        for row, cell in enumerate(cells):
            try:
                values.append(parse(cell))
            except ValueError:
                values.append(None)
                failed.append(row)
        return values, failed

