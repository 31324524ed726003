"""Write the pane's exports to a folder: CSV per table, SVG (and PNG) per chart and the HTML
report (the published dataset is :mod:`annotator.reporting.dataset`).

Every file is written beside its target and renamed into place (STYLE rule 6), so a full
disk or a crash leaves each file whole or as it was, never half written. CSV files start
with a byte-order mark for Excel. PNG drawing needs Qt, which lives in ``ui/``: the UI
passes its renderer in as ``png``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.files import make_folder, write_bytes, write_text
from annotator.reporting.content import PaneContent
from annotator.reporting.html_report import render_html

PngDrawer = Callable[[str], bytes]
"""Draws SVG text as the bytes of a PNG file; called from several threads at once."""
Progress = Callable[[str], None]

REPORT_FILE = "report.html"

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def export_content(content: PaneContent, folder: Path, *, generated_at: str,
                   png: PngDrawer | None = None, progress: Progress | None = None
                   ) -> list[Path]:
    """Write ``<table.name>.csv`` per table, ``<chart.name>.svg`` (and ``.png`` when ``png``
    is given) per chart and ``report.html``; return the paths, in that order.

    Drawing the PNGs is most of the work, so they are drawn side by side (one thread per
    processor, up to four) while the files are written one by one, in that order: a
    failure stops the export at the file it names, as before. ``progress`` hears how many
    files are written. Raises ValueError when two tables or charts would share a file (a
    programming error, found before anything is written) and :class:`AnnotatorError` when
    a file cannot be written.
    """
    check_names(content)
    folder = make_folder(Path(folder))
    charts = [chart for section in content.sections for chart in section.charts]
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        drawn = {chart.name: pool.submit(png, chart.svg) for chart in charts} if png else {}
        try:
            return _write_all(_files(content, folder, generated_at, drawn), progress)
        finally:
            for future in drawn.values():
                future.cancel()


def _files(content: PaneContent, folder: Path, generated_at: str,
           drawn: Mapping[str, Future[bytes]]) -> list[tuple[Path, Callable[[], None]]]:
    """Every file of the export, in order, with how to write it."""
    files: list[tuple[Path, Callable[[], None]]] = []
    for section in content.sections:
        for table in section.tables:
            path = folder / f"{table.name}.csv"
            files.append((path, partial(write_text, path, table.csv_text(), bom=True)))
        for chart in section.charts:
            path = folder / f"{chart.name}.svg"
            files.append((path, partial(write_text, path, chart.svg)))
            if chart.name in drawn:
                path = path.with_suffix(".png")
                files.append((path, partial(_write_drawn, path, drawn[chart.name])))
    path = folder / REPORT_FILE
    files.append((path, partial(write_text, path, render_html(content,
                                                              generated_at=generated_at))))
    return files


def _write_drawn(path: Path, drawing: Future[bytes]) -> None:
    write_bytes(path, drawing.result())


def _write_all(files: list[tuple[Path, Callable[[], None]]],
               progress: Progress | None) -> list[Path]:
    written = []
    for path, write in files:
        written.append(_save(path, write))
        if progress is not None:
            progress(f"Exported {len(written)} of {len(files)} files…")
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




def _save(path: Path, write: Callable[[], None]) -> Path:
    """Run one atomic write; a failure of the disk becomes a sentence naming the file."""
    try:
        write()
    except OSError as error:
        raise AnnotatorError(f"The file cannot be written: {error.strerror or error}.",
                             file=path) from error
    return path
