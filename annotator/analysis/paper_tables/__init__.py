"""Each paper's tables from a project's data (``annotator analyze --tables PAPER``): one
module per paper, each laying out the paper's rows and columns as
:class:`~annotator.analysis.paper_tables.table.PaperTable` data."""

from __future__ import annotations

from collections.abc import Callable

from annotator.analysis.paper_tables.caption_quality import caption_quality_tables
from annotator.analysis.paper_tables.contextref import contextref_tables
from annotator.analysis.paper_tables.table import PaperTables, tables_text
from annotator.analysis.paper_tables.vcrscore import vcrscore_tables
from annotator.analysis.paper_tables.vicr import vicr_tables
from annotator.analysis.pipeline import Analysis

PAPERS: dict[str, Callable[[Analysis], PaperTables]] = {
    "vicr": vicr_tables,
    "vcrscore": vcrscore_tables,
    "caption-quality": caption_quality_tables,
    "contextref": contextref_tables,
}
"""The papers ``--tables`` knows, by the name given on the command line."""

__all__ = ["PAPERS", "PaperTables", "tables_text"]
