"""Each paper's tables from a project's data (``annotator analyze --tables PAPER``): one
module per paper, each laying out the paper's rows and columns as
:class:`~annotator.analysis.paper_tables.table.PaperTable` data."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from annotator.analysis.paper_tables import caption_quality, contextref, vcrscore, vicr
from annotator.analysis.paper_tables.caption_quality import caption_quality_tables
from annotator.analysis.paper_tables.contextref import contextref_tables
from annotator.analysis.paper_tables.table import PaperTables, tables_text
from annotator.analysis.paper_tables.vcrscore import vcrscore_tables
from annotator.analysis.paper_tables.vicr import vicr_tables
from annotator.analysis.pipeline import Analysis, LoadedInput

PAPERS: dict[str, Callable[[Analysis], PaperTables]] = {
    "vicr": vicr_tables,
    "vcrscore": vcrscore_tables,
    "caption-quality": caption_quality_tables,
    "contextref": contextref_tables,
}
"""The papers ``--tables`` knows, by the name given on the command line."""

PAPER_TITLES: dict[str, str] = {
    "vicr": vicr.PAPER,
    "vcrscore": vcrscore.PAPER,
    "caption-quality": caption_quality.PAPER,
    "contextref": contextref.PAPER,
}
"""Each paper as its tables name it (a chooser's entries), by its ``--tables`` name."""

RUBRIC_PAPERS: dict[str, str] = {
    "vicr5": "vicr",
    "flickr8k4": "vicr",  # the Flickr8k-Expert scale is VICR's Table 1
    "vcr5": "vcrscore",
    "good-bad-skip": "caption-quality",
    "contextref": "contextref",
}
"""The paper whose protocol each shipped rubric is, by the rubric's id."""


def default_paper(source: LoadedInput) -> str:
    """The paper of the project's rubric (a shipped one, by its id); for another rubric or
    no project, the one its ratings fit: several questions ContextRef, a 0/1 scale
    Caption-Quality, any other scale VICR."""
    project = source.project
    if project is not None and project.rubric.rubric_id in RUBRIC_PAPERS:
        return RUBRIC_PAPERS[project.rubric.rubric_id]
    table = source.table
    if table.question is not None:
        return "contextref"
    return "caption-quality" if np.array_equal(table.levels, [0.0, 1.0]) else "vicr"


__all__ = ["PAPERS", "PAPER_TITLES", "PaperTables", "default_paper", "tables_text"]
