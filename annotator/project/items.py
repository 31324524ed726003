"""``items.csv``: one row per image–caption pair.

Opening never reads image bytes: a row is checked by its text and one ``lstat`` of its
image, so a 20,000-item project opens well within a second. Every bad row becomes a
:class:`Problem` with the line a person would count; the other rows still load.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from annotator.names import clean_name
from annotator.project.csv_reader import Row, read_table
from annotator.project.model import Item, Problem
from annotator.project.paths import FolderProbe, normalise_image_path

ITEMS_FILE = "items.csv"
ITEM_COLUMNS = ("item_id", "image", "caption", "source")
REQUIRED_COLUMNS = ("image", "caption")
CHECK_COLUMN = "check"
"""Marks an item as an attention check (:mod:`annotator.project.check_settings`)."""
CHECK_YES = ("yes", "true", "1")
CHECK_NO = ("", "no", "false", "0")


def derive_item_id(image: str, caption: str) -> str:
    """The id of a row without one: stable, and new when the image path or caption changes.

    ``image`` is the normalised path (forward slashes) and ``caption`` the stripped text,
    so the id does not depend on how the path was spelled or on stray spaces.
    """
    digest = hashlib.sha256(f"{image}\n{caption}".encode()).hexdigest()
    return digest[:16]


@dataclass
class RowChecker:
    """Turns rows of one file into items, remembering ids and pairs to catch duplicates.

    ``other_ids`` are ids used by another file (``items.csv`` when checking gold), mapped to
    their line there; reusing one is a problem.
    """

    file: Path
    probe: FolderProbe
    columns: tuple[str, ...] = ITEM_COLUMNS
    other_ids: Mapping[str, int] = field(default_factory=dict)
    other_file: str = ITEMS_FILE
    ids: dict[str, int] = field(default_factory=dict)
    pairs: dict[tuple[str, str], int] = field(default_factory=dict)

    def item(self, row: Row) -> Item | Problem:
        """The row as an :class:`Item`, or the first thing wrong with it."""
        values = row.values
        image, message = normalise_image_path(values.get("image", ""))
        if message:
            return self._problem(row, message)
        caption = values.get("caption", "").strip()
        if not caption:
            return self._problem(row, f"The caption for {image} is empty.")
        explicit_id = values.get("item_id", "").strip()
        pair = (image, caption)
        if not explicit_id and pair in self.pairs:
            return self._same_pair(row, pair)
        item_id = explicit_id or derive_item_id(image, caption)
        if item_id in self.ids:
            return self._problem(
                row, f"The item id {item_id!r} is already used on line {self.ids[item_id]}."
            )
        if item_id in self.other_ids:
            where = f"{self.other_file} on line {self.other_ids[item_id]}"
            if explicit_id:
                return self._problem(row, f"The item id {item_id!r} is also used in {where}.")
            return self._problem(
                row,
                f"The same image and caption are also in {where}, so both get the item id "
                f"{item_id!r}; give this row its own item_id.",
            )
        self.ids[item_id] = row.line
        if pair in self.pairs:
            return self._same_pair(row, pair)
        self.pairs[pair] = row.line
        message = self.probe.check_file(image)
        if message:
            return self._problem(row, message)
        context = {k: v for k, v in values.items() if k not in self.columns}
        try:
            return Item(
                item_id=item_id,
                image=image,
                caption=caption,
                source=clean_name(values.get("source", "")),
                context=context,
                line=row.line,
            )
        except ValueError as exc:
            return self._problem(row, f"This row cannot be used: {exc}.")

    def _same_pair(self, row: Row, pair: tuple[str, str]) -> Problem:
        line = self.pairs[pair]
        return self._problem(row, f"The same image and caption are already on line {line}.")

    def _problem(self, row: Row, message: str) -> Problem:
        return Problem(self.file, row.line, f"{message} The row was skipped.")


def check_mark(row: Row, file: Path) -> bool | Problem:
    """Whether the row's ``check`` cell marks its item as an attention check; a word other
    than yes/true/1 or no/false/0 (or nothing) is a problem: a check must not be guessed."""
    written = row.values.get(CHECK_COLUMN, "").strip()
    if written.lower() in CHECK_YES or written.lower() in CHECK_NO:
        return written.lower() in CHECK_YES
    return Problem(file, row.line, f"The check column says {written!r}: write yes for an item "
                   "that is an attention check, or leave it empty. The row was skipped.")


@dataclass(frozen=True)
class ItemsFile:
    """What ``items.csv`` gave: valid items, problems, every id seen (valid row or not),
    and the ids of the valid items its ``check`` column marks as attention checks."""

    items: list[Item]
    problems: list[Problem]
    ids: dict[str, int]
    checks: tuple[str, ...] = ()


def read_items(root: Path, *, probe: FolderProbe | None = None) -> ItemsFile:
    """Valid items of ``root/items.csv`` in file order, and the problems found."""
    path = root / ITEMS_FILE
    if not path.is_file():
        missing = "The project has no items.csv; there is nothing to rate yet."
        return ItemsFile([], [Problem(path, None, missing)], {})
    columns = (*ITEM_COLUMNS, CHECK_COLUMN)
    table = read_table(path, required=REQUIRED_COLUMNS, known=columns)
    checker = RowChecker(path, probe or FolderProbe(root), columns=columns)
    items: list[Item] = []
    checks: list[str] = []
    problems = list(table.problems)
    for row in table.rows:
        result = checker.item(row)
        mark = check_mark(row, path)
        if isinstance(mark, Problem):
            problems.append(mark)
        elif isinstance(result, Item):
            items.append(result)
            if mark:
                checks.append(result.item_id)
        else:
            problems.append(result)
    return ItemsFile(items, problems, checker.ids, tuple(checks))
