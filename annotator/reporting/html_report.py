"""The whole pane as one self-contained HTML5 file a lab lead can mail, archive or print.

Everything is inline (CSS, the charts' SVG): the app is offline and a report must still
open years later. Cells read as on screen (:meth:`Table.display`); tables longer than
:data:`MAX_ROWS` show their first rows and name the CSV export that holds them all. For
accessibility (panels include accessibility experts): real table markup with captions and
column/row headers, every chart with its text alternative as visible text, column
descriptions as visible text (a tooltip alone cannot be reached by keyboard or printed),
no meaning carried by colour alone, and a layout that reflows at 200 % zoom.
"""

from __future__ import annotations

import re
from html import escape

from annotator import __version__
from annotator.reporting.content import Chart, PaneContent, Section, Table

MAX_ROWS = 200
"""Rows of one table shown in the report: enough to read, small enough to open fast
(an items table may have 15,000 rows; the CSV export has them all)."""

_NUM = ' class="num"'
_PROLOG = re.compile(r"^\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?", re.IGNORECASE)

_CSS = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  font-size: 1rem; line-height: 1.5; color: #1a1a1a; background: #fff;
  margin: 0 auto; padding: 1.5rem; max-width: 72rem; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 0.5rem; }
h2 { font-size: 1.375rem; line-height: 1.3; margin: 2.5rem 0 0.75rem;
  padding-bottom: 0.25rem; border-bottom: 2px solid #1a1a1a; }
a { color: #0b4f9c; text-decoration: underline; }
a:focus-visible, .table-wrap:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
header .meta { margin: 0; color: #3d3d3d; }
.notes { margin: 0.75rem 0 0; padding: 0.5rem 1rem; border-left: 4px solid #6b6b6b;
  background: #f4f4f4; }
.notes p { margin: 0.25rem 0; }
nav h2 { border: 0; margin-top: 1.5rem; }
nav ol { margin: 0; padding-left: 1.5rem; }
figure { margin: 1.5rem 0; break-inside: avoid; }
figure .chart svg { display: block; max-width: 100%; height: auto; }
figcaption { margin-top: 0.5rem; }
figcaption .chart-title { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }  /* the drawing shows it: for screen readers */
figcaption p { margin: 0.25rem 0 0; max-width: 48rem; }
.table-wrap { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; caption-side: top; }
th, td { padding: 0.25rem 0.75rem; border-bottom: 1px solid #b3b3b3; vertical-align: top;
  text-align: left; white-space: pre-line; }
td:not(.num) { overflow-wrap: anywhere; }  /* a long path or title wraps in its cell */
thead th { border-bottom: 2px solid #1a1a1a; vertical-align: bottom; }
tbody th { font-weight: normal; white-space: nowrap; }  /* ids break at '-' otherwise */
.num { text-align: right; white-space: nowrap; }
abbr[title] { text-decoration: underline dotted; cursor: help; }
.table-notes { margin: 0 0 0.5rem; max-width: 48rem; }
.columns { margin: 0 0 1.5rem; font-size: 0.9375rem; }
.columns dt { font-weight: 600; float: left; clear: left; margin-right: 0.5rem; }
.columns dt::after { content: ":"; }
.columns dd { margin: 0 0 0.25rem; }
.truncated { font-style: italic; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  section { break-before: page; }
  h2 { break-after: avoid; }
  .table-wrap { overflow: visible; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  a { color: inherit; }
}
"""


def render_html(content: PaneContent, *, generated_at: str) -> str:
    """The report: a header, a table of contents, then one ``<section>`` per pane section.

    ``generated_at`` is given rather than read from the clock, so a report is reproducible.
    """
    title = escape(content.title)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="Caption Rating Annotator {escape(__version__)}">',
        f"<title>{title}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        "<header>",
        f"<h1>{title}</h1>",
        f'<p class="meta">Source: {escape(content.source)}<br>'
        f"Generated: {escape(generated_at)}</p>",
    ]
    if content.notes:
        parts.append('<div class="notes" role="note">')
        parts += [f"<p>{escape(note)}</p>" for note in content.notes]
        parts.append("</div>")
    parts += ["</header>", '<nav aria-labelledby="contents">', '<h2 id="contents">Contents</h2>',
              "<ol>"]
    parts += [f'<li><a href="#{_id("section", s.name)}">{escape(s.title)}</a></li>'
              for s in content.sections]
    parts += ["</ol>", "</nav>", "<main>"]
    for section in content.sections:
        parts += _section(section)
    parts += ["</main>", "</body>", "</html>", ""]
    return "\n".join(parts)


def _section(section: Section) -> list[str]:
    heading = _id("heading", section.name)
    parts = [f'<section id="{_id("section", section.name)}" aria-labelledby="{heading}">',
             f'<h2 id="{heading}">{escape(section.title)}</h2>']
    parts += [f"<p>{escape(line)}</p>" for line in section.summary]
    figures = [line for chart in section.charts for line in _figure(chart)]
    tables = [line for table in section.tables for line in _table(table)]
    parts += tables + figures if section.tables_first else figures + tables
    parts.append("</section>")
    return parts


def _figure(chart: Chart) -> list[str]:
    """The SVG as drawn, exposed as one image named by the caption and described by the
    text below it (screen readers do not wander through axis ticks)."""
    label, desc = _id("chart-title", chart.name), _id("chart-desc", chart.name)
    return [
        f'<figure id="{_id("chart", chart.name)}">',
        f'<div class="chart" role="img" aria-labelledby="{label}" aria-describedby="{desc}">',
        _PROLOG.sub("", chart.svg, count=1).strip(),
        "</div>",
        f'<figcaption><span class="chart-title" id="{label}">{escape(chart.title)}</span>',
        f'<p id="{desc}">{escape(chart.description)}</p></figcaption>',
        "</figure>",
    ]


def _table(table: Table) -> list[str]:
    """A real table; the first column heads its row when it is text (a tagger, an item).

    The description follows the table as a note (a caption is only as wide as its table,
    which squeezes a sentence into a narrow column).
    """
    caption, notes = _id("caption", table.name), _id("table-notes", table.name)
    described_by = f' aria-describedby="{notes}"' if table.description else ""
    numeric = [column.kind != "text" for column in table.columns]
    row_header = bool(table.columns) and not numeric[0]
    parts = []
    if len(table.rows) > MAX_ROWS:
        parts.append(f'<p class="truncated">The table “{escape(table.title)}” below shows the '
                     f"first {MAX_ROWS:,} of its {len(table.rows):,} rows; the full table is "
                     f"in the CSV export {escape(table.name)}.csv.</p>")
    parts += [f'<div class="table-wrap" role="region" aria-labelledby="{caption}" tabindex="0">',
              f'<table id="{_id("table", table.name)}"{described_by}>',
              f'<caption id="{caption}">{escape(table.title)}</caption>',
              "<thead>", "<tr>"]
    for column, is_number in zip(table.columns, numeric, strict=True):
        name = escape(column.title)
        if column.description:
            name = f'<abbr title="{escape(column.description)}">{name}</abbr>'
        parts.append(f'<th scope="col"{_NUM if is_number else ""}>{name}</th>')
    parts += ["</tr>", "</thead>", "<tbody>"]
    for r in range(min(len(table.rows), MAX_ROWS)):
        cells = []
        for c, is_number in enumerate(numeric):
            text = escape(table.display(r, c))
            if c == 0 and row_header:
                cells.append(f'<th scope="row">{text}</th>')
            else:
                cells.append(f"<td{_NUM if is_number else ''}>{text}</td>")
        parts.append(f"<tr>{''.join(cells)}</tr>")
    parts += ["</tbody>", "</table>", "</div>"]
    if table.description:
        parts.append(f'<p class="table-notes" id="{notes}">{escape(table.description)}</p>')
    described = [column for column in table.columns if column.description]
    if described:
        parts.append(f'<dl class="columns" aria-label="Columns of {escape(table.title)}">')
        parts += [f"<dt>{escape(c.title)}</dt><dd>{escape(c.description)}</dd>" for c in described]
        parts.append("</dl>")
    return parts


def _id(kind: str, name: str) -> str:
    """An HTML id from a name (ids may not hold spaces; other characters become '-')."""
    return f"{kind}-{re.sub(r'[^A-Za-z0-9_-]', '-', name)}"
