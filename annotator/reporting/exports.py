"""Write the pane's exports to a folder: CSV per table, SVG (and PNG) per chart and the HTML
report (the published dataset is :mod:`annotator.reporting.dataset`).

Every file is written beside its target and renamed into place (STYLE rule 6), so a full
disk or a crash leaves each file whole or as it was, never half written. CSV files start
with a byte-order mark for Excel. PNG drawing needs Qt, which lives in ``ui/``: the UI
passes its renderer in as ``png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.files import write_text, write_with
from annotator.reporting.content import PaneContent
from annotator.reporting.html_report import render_html

PngWriter = Callable[[str, Path], None]
"""Draws SVG text (first argument) as a PNG file at the given path."""

REPORT_FILE = "report.html"

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def export_content(content: PaneContent, folder: Path, *, generated_at: str,
                   png: PngWriter | None = None) -> list[Path]:
    """Write ``<table.name>.csv`` per table, ``<chart.name>.svg`` (and ``.png`` when ``png``
    is given) per chart and ``report.html``; return the paths, in that order.

    Raises ValueError when two tables or charts would share a file (a programming error,
    found before anything is written) and :class:`AnnotatorError` when a file cannot be
    written.
    """
    check_names(content)
    folder = _folder(folder)
    written = []
    for section in content.sections:
        for table in section.tables:
            path = folder / f"{table.name}.csv"
            written.append(_save(path, partial(write_text, path, table.csv_text(), bom=True)))
        for chart in section.charts:
            path = folder / f"{chart.name}.svg"
            written.append(_save(path, partial(write_text, path, chart.svg)))
            if png is not None:
                path = path.with_suffix(".png")
                written.append(_save(path, partial(write_with, path, partial(png, chart.svg))))
    path = folder / REPORT_FILE
    html = render_html(content, generated_at=generated_at)
    written.append(_save(path, partial(write_text, path, html)))
    return written


def check_names(content: PaneContent) -> None:
    """Every table and chart name is a plain file stem, and no two files would clash —
    ignoring case, as Windows and macOS do (``report.html`` cannot clash: no table or chart
    file ends in ``.html``)."""
    seen: dict[str, str] = {}
    for section in content.sections:
        named = [(t.name, ".csv", "table") for t in section.tables]
        named += [(c.name, suffix, "chart") for c in section.charts for suffix in (".svg", ".png")]
        for name, suffix, kind in named:
            if not _NAME.fullmatch(name):
                raise ValueError(f"{kind} name {name!r} in section {section.name!r} is not a "
                                 "plain file name (letters, digits, '_', '-', '.')")
            file = f"{name}{suffix}".casefold()
            if file in seen:
                raise ValueError(f"{kind} {name!r} in section {section.name!r} would be "
                                 f"written to {name}{suffix}, as {seen[file]} is")
            seen[file] = f"{kind} {name!r} of section {section.name!r}"


def _folder(folder: Path) -> Path:
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise AnnotatorError(f"The export folder cannot be made: {error.strerror or error}.",
                             file=folder) from error
    return folder


def _save(path: Path, write: Callable[[], None]) -> Path:
    """Run one atomic write; a failure of the disk becomes a sentence naming the file."""
    try:
        write()
    except OSError as error:
        raise AnnotatorError(f"The file cannot be written: {error.strerror or error}.",
                             file=path) from error
    return path
