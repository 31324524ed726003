"""Pane content built by hand for the report and export tests (real charts come later)."""

from __future__ import annotations

from annotator.reporting.content import Chart, Column, PaneContent, Section, Table

SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240" viewBox="0 0 480 240">
<title>Item means</title>
<rect x="0" y="0" width="480" height="240" fill="#ffffff"/>
<rect x="40" y="140" width="60" height="80" fill="#1f4e79"/>
<rect x="120" y="60" width="60" height="160" fill="#1f4e79"/>
<rect x="200" y="30" width="60" height="190" fill="#1f4e79"/>
<rect x="280" y="100" width="60" height="120" fill="#1f4e79"/>
<line x1="30" y1="220" x2="460" y2="220" stroke="#000000" stroke-width="2"/>
<text x="70" y="236" font-size="12" text-anchor="middle">1–2</text>
</svg>
"""

TAGGER_COLUMNS = (
    Column("tagger", "Tagger"),
    Column("n", "Ratings", "int", "Game and retest ratings given"),
    Column("ea", "EA", "fraction", "Exact agreement with the leave-self-out consensus"),
    Column("median_seconds", "Median s", "seconds"),
)


def taggers_table(n_rows: int = 3, *, name: str = "taggers") -> Table:
    """Taggers with one undefined figure; names need escaping and are not ASCII."""
    rows = [("ana <lead>", 40, 0.6123456789, 7.25), ("Zoë \"Z\" Ng", 38, None, 11.0),
            ("ben & co", 12, 0.25, None)]
    rows += [(f"tagger {i:05d}", i, (i % 97) / 97, 5.0 + i % 7) for i in range(len(rows), n_rows)]
    return Table(name=name, title="Taggers against the panel", columns=TAGGER_COLUMNS,
                 rows=tuple(rows[:n_rows]),
                 description="One row per tagger; n/a where a figure is undefined.")


def chart(name: str = "item-means", svg: str = SVG) -> Chart:
    return Chart(name=name, title="Histogram of item means",
                 description="Most items have a mean between 2 and 3; few are rated 4 or more.",
                 svg=svg)


def sample_content(*, item_rows: int = 3) -> PaneContent:
    """Two sections: an overview with a chart, and taggers and items tables."""
    items = Table(
        name="items", title="Items",
        columns=(Column("item_id", "Item"), Column("caption", "Caption"),
                 Column("n", "n", "int"), Column("mean", "Mean", "number")),
        rows=tuple((f"item{i:05d}", f"A caption, \"quoted\"\nover two lines {i}", i % 9 + 1,
                    (i % 5) + 0.5) for i in range(item_rows)))
    return PaneContent(
        title="Agreement — VICR pilot <2026>",
        source="/labs/vicr pilot/panel.sqlite",
        notes=("7 figures are undefined; hover them for the reason.",),
        sections=(
            Section("overview", "Overview",
                    summary=("1,204 ratings by 12 taggers on 300 items.",
                             "Krippendorff's alpha (ordinal): 0.612 (95% CI 0.580 to 0.641)."),
                    charts=(chart(),)),
            Section("people", "Taggers & items", tables=(taggers_table(), items)),
        ),
    )
