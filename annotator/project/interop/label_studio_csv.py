"""Label Studio's CSV and TSV exports: one row per annotation, the task's fields, ``id``
(the task), one column per control tag and ``annotator`` (a user id), in columns sorted by
name. Which column holds the answer comes from the labeling config beside the file
(:mod:`label_studio_config`), else a column named ``rating``, else the only column that is
neither Label Studio's nor the task's image or text."""

from __future__ import annotations

from pathlib import Path

from annotator.project.csv_reader import read_table
from annotator.project.interop.answers import Read
from annotator.project.interop.label_studio import (
    ANSWER,
    FLAT_FIELDS,
    read_export,
    read_flat_entry,
)
from annotator.project.interop.label_studio_config import config_beside, read_label_config
from annotator.project.model import Problem

_TASK_TEXT = frozenset({"image", "text", "caption", "item_id", "source"})


def read_csv_export(path: Path) -> Read:
    """The answers of a CSV/TSV export; every bad row a problem at its line."""
    read = Read([], [])
    table = read_table(path, required=("id", "annotator"), delimiter=None, skip_bad_rows=False)
    read.problems.extend(table.problems)
    if table.problems:
        return read
    config_file = config_beside(path)
    config = read_label_config(config_file) if config_file is not None else None
    if config is not None:
        answer = config.answer
    else:
        others = [c for c in table.columns if c not in FLAT_FIELDS and c not in _TASK_TEXT]
        answer = ANSWER if ANSWER in table.columns else others[0] if len(others) == 1 else ""
    if answer not in table.columns:
        read.problems.append(Problem(path, table.header_line, "No column says which answer "
                                     f"was given{f' ({answer!r})' if answer else ''}: save the "
                                     "project's labeling config beside the export as "
                                     "label_config.xml."))
        return read
    for row in table.rows:
        if row.values["annotator"] or row.values[answer]:
            read_flat_entry(dict(row.values), path, row.line, read, answer=answer,
                            stars=config is not None and config.stars > 0)
        else:
            read.not_answers += 1  # a task nobody annotated
    return read


def read_any(path: Path) -> Read:
    """Any Label Studio export: CSV or TSV by its extension, else JSON or JSON_MIN."""
    if path.suffix.lower() in (".csv", ".tsv"):
        return read_csv_export(path)
    return read_export(path)
