"""The whole pane for one analysed input: Panel, Coverage (a project with a plan),
Questions (a multi-question protocol), Taggers, Test–retest, Items, Sources, Metrics; and in
the lead's window (and its report) Paper tables."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from annotator.analysis.pipeline import Analysis, AnalysisOptions, AnalysisSource, analyse
from annotator.reporting.content import PaneContent
from annotator.reporting.sections.coverage import coverage_section
from annotator.reporting.sections.items import items_section, sources_section
from annotator.reporting.sections.metrics import metrics_section
from annotator.reporting.sections.panel import panel_section
from annotator.reporting.sections.paper_tables import with_paper_section
from annotator.reporting.sections.questions import questions_section
from annotator.reporting.sections.retest import retest_section
from annotator.reporting.sections.taggers import taggers_section


def build_content(analysis: Analysis) -> PaneContent:
    """Every section, in the order of the pane's tabs."""
    source = analysis.input
    name = source.project.name if source.project is not None else source.path.name
    return PaneContent(
        title=f"Panel agreement: {name}",
        source=f"{source.kind} {source.path}",
        sections=tuple(section for section in (
            panel_section(analysis), coverage_section(analysis), questions_section(analysis),
            taggers_section(analysis),
            retest_section(analysis), items_section(analysis), sources_section(analysis),
            metrics_section(analysis)) if section is not None),
        notes=(f"Seed {analysis.results.seed}: the same input and seed give the same "
               "figures.",),
    )


def prepare_pane(path: Path, *, progress: Callable[[str], None] = lambda _: None,
                 seed: int = 0, exclude_failed_checks: bool = False,
                 paper_tables: bool = False) -> tuple[Analysis, PaneContent]:
    """Read ``path``, analyse it as ``annotator analyze`` does (100 virtual-rater
    repetitions, 1,000 bootstrap resamples) and build the pane: the work the pane does off
    the GUI thread, telling ``progress`` each step in words. ``paper_tables``: the tables
    of the project's paper last (the lead's window's Paper tables tab, the report's
    section)."""
    analysis = analyse(AnalysisSource(Path(path)), AnalysisOptions(
        seed=seed, exclude_failed_checks=exclude_failed_checks), progress=progress)
    progress("Drawing the charts…")
    content = build_content(analysis)
    if paper_tables:
        progress("Laying out the paper's tables…")
        content = with_paper_section(content, analysis)
    return analysis, content
