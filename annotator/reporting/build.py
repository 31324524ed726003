"""The whole pane for one analysed input: Panel, Questions (a multi-question protocol),
Taggers, Test–retest, Items, Sources, Metrics."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from annotator.reporting.analysed import Analysed, analyse
from annotator.reporting.content import PaneContent
from annotator.reporting.sections.items import items_section, sources_section
from annotator.reporting.sections.metrics import metrics_section
from annotator.reporting.sections.panel import panel_section
from annotator.reporting.sections.questions import questions_section
from annotator.reporting.sections.retest import retest_section
from annotator.reporting.sections.taggers import taggers_section
from annotator.reporting.source import load_pane_input


def build_content(analysed: Analysed) -> PaneContent:
    """Every section, in the order of the pane's tabs."""
    source = analysed.input
    name = source.project.name if source.project is not None else source.path.name
    return PaneContent(
        title=f"Panel agreement: {name}",
        source=f"{source.kind} {source.path}",
        sections=tuple(section for section in (
            panel_section(analysed), questions_section(analysed), taggers_section(analysed),
            retest_section(analysed), items_section(analysed), sources_section(analysed),
            metrics_section(analysed)) if section is not None),
        notes=(f"Seed {analysed.report['seed']}: the same input and seed give the same "
               "figures.",),
    )


def prepare_pane(path: Path, *, progress: Callable[[str], None] = lambda _: None,
                 seed: int = 0, exclude_failed_checks: bool = False
                 ) -> tuple[Analysed, PaneContent]:
    """Read ``path``, analyse it and build the pane: the work the pane does off the GUI
    thread, telling ``progress`` each step in words."""
    progress(f"Reading the ratings of {Path(path).name}…")
    pane_input = load_pane_input(Path(path))
    progress(f"Computing agreement on {len(pane_input.table):,} ratings…")
    analysed = analyse(pane_input, seed=seed, exclude_failed_checks=exclude_failed_checks)
    progress("Drawing the charts…")
    return analysed, build_content(analysed)
