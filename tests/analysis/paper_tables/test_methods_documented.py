"""Every table's method is described in docs/statistics.md, "Each paper's tables"."""

from __future__ import annotations

from pathlib import Path

from annotator.analysis.paper_tables import PAPERS
from tests.analysis.paper_tables.conftest import Simulated

DOCS = Path(__file__).parents[3] / "docs" / "statistics.md"


def test_every_method_is_documented(simulated: Simulated) -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Each paper's tables"):text.index("## Planning")]
    methods = {table.method for name in ("vcr5-demo", "contextref-demo")
               for paper in PAPERS.values() for table in paper(simulated(name)).tables}
    assert len(methods) == 14
    assert not {m for m in methods if f"`{m}`" not in section}
