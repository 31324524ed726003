"""Benchmark: the analysis pane at VICR scale (15,646 items, 113 taggers, 68,217 ratings).

Run: ``python tests/bench/bench_pane.py [--runs N]``. Times what the pane does off the GUI
thread after reading (the analysis, then building every table and drawing every chart as
SVG), the tabs' construction on the GUI thread (offscreen Qt), and the export of every
table, chart (SVG and PNG) and the HTML report (budget: "export everything" ≤ 3 s; the
synthetic panel has two rounds, so 113 per-tagger retest charts). The dataset is timed by
bench_dataset.py. The analysis inside the pane has ≤ 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _panels import vicr_scale
from _timing import timed
from PySide6.QtWidgets import QApplication

from annotator.analysis.pipeline import (
    AnalysisOptions,
    LoadedInput,
    SourceKind,
    analyse_input,
)
from annotator.reporting.build import build_content
from annotator.reporting.exports import export_content
from annotator.reporting.sections.items import item_detail
from annotator.ui.analysis.items_view import ItemsView
from annotator.ui.analysis.section_view import SectionView
from annotator.ui.chart_image import png_bytes

EXPORT_BUDGET = 3.0  # seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    pane_input = LoadedInput(Path("vicr.sqlite"), SourceKind.PANEL, vicr_scale())
    print(f"VICR scale: {len(pane_input.table):,} ratings, {pane_input.table.n_items:,} items, "
          f"{len(pane_input.table.taggers)} taggers (median of {args.runs} runs)")
    seconds, analysis = timed(args.runs, lambda: analyse_input(pane_input, AnalysisOptions()))
    print(f"  analysis (100 reps, 1,000 resamples)   {seconds * 1000:8.1f} ms")
    seconds, content = timed(args.runs, lambda: build_content(analysis))
    charts = sum(len(s.charts) for s in content.sections)
    rows = sum(len(t.rows) for s in content.sections for t in s.tables)
    print(f"  tables ({rows:,} rows) and {charts} SVG charts  {seconds * 1000:8.1f} ms")

    def tabs() -> list:
        views = [ItemsView(s, lambda item_id: item_detail(analysis, item_id), print)
                 if s.name == "items" else SectionView(s, save_table=print, save_chart=print)
                 for s in content.sections]
        app.processEvents()
        return views

    seconds, _ = timed(args.runs, tabs)
    print(f"  all tabs built on the GUI thread       {seconds * 1000:8.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        runs = iter(range(args.runs))
        seconds, written = timed(args.runs, lambda: export_content(
            content, Path(folder) / f"all-{next(runs)}", generated_at="now", png=png_bytes))
        print(f"  export everything ({len(written)} files)       {seconds * 1000:8.1f} ms"
              f"   budget {EXPORT_BUDGET * 1000:.0f} ms: "
              f"{'within' if seconds <= EXPORT_BUDGET else 'OVER'}")


if __name__ == "__main__":
    main()
