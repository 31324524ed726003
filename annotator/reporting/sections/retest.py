"""The Test–retest tab: each tagger's round-1 × round-2 table as a heatmap (Ruiz et al.
2025, VCRScore, §2.1) and how far item means moved between rounds (Levinboim et al. 2021,
Figure 3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from annotator.analysis.pipeline import Analysis
from annotator.analysis.results import Histogram, RetestFigures, RoundStability
from annotator.analysis.undefined import Undefined, known
from annotator.reporting.analysed import LOW_RETEST_ALPHA, low_retest, reasons
from annotator.reporting.content import Chart, Column, Section, Table
from annotator.reporting.names import unique_stem
from annotator.reporting.sections.taggers import LOW_RETEST_NOTE
from annotator.reporting.svg_charts import heatmap, histogram


def retest_section(analysis: Analysis) -> Section:
    results = analysis.results
    retest, stability = results.retest, results.retest_stability
    low = low_retest(analysis)
    summary = [f"{len(retest)} taggers rated in two rounds." if retest else
               "No tagger has rated in two rounds yet: start a retest round with Study ▸ "
               "Start a new round… (or annotator round start)."]
    charts: list[Chart] = []
    if not isinstance(stability, Undefined):
        summary.append(_stability_line(stability, results.levels))
        charts.append(_stability_chart(stability, results.levels))
    levels = [f"{v:g}" for v in results.levels]
    slugs: set[str] = set()
    charts += [_tagger_heatmap(name, entry, levels, name in low,
                               unique_stem("retest_tagger_", name, slugs))
               for name, entry in retest.items()]
    return Section(
        name="retest", title="Test–retest",
        summary=(*summary, *reasons(analysis, "/retest")),
        tables=(_retest_table(retest, low),), charts=tuple(charts))


def _stability_line(stability: RoundStability, levels: Sequence[float]) -> str:
    quarter = (levels[-1] - levels[0]) / 4
    first, second = stability.rounds
    who = ("the 1 tagger" if stability.n_taggers == 1
           else f"the {stability.n_taggers:,} taggers")
    return (f"Item means, round {first} minus round {second}, over {who} who rated in both "
            f"rounds only, on {stability.n_items:,} items rated in both: "
            f"mean {stability.mean:+.3f}, sd {stability.sd:.3f}; "
            f"{stability.within_quarter_range:.0%} moved by at most {quarter:g} "
            "(a quarter of the scale).")


def _stability_chart(stability: RoundStability, levels: Sequence[float]) -> Chart:
    quarter = (levels[-1] - levels[0]) / 4
    first, second = stability.rounds
    title = f"Change of item means, round {first} − round {second}"
    description = (f"Histogram of the difference of each item's mean rating between rounds "
                   f"{first} and {second} ({stability.n_items:,} items). "
                   + _stability_line(stability, levels))
    edges, counts = _trimmed(stability.histogram, quarter)
    return Chart("retest_stability", title, description, histogram(
        edges, counts, title=title,
        description=description, x_label=f"mean in round {first} − mean in round {second}",
        y_label="items", marks=((-quarter, f"−{quarter:g}"), (0.0, "0"),
                                (quarter, f"+{quarter:g}"))))


def _trimmed(histogram: Histogram, quarter: float) -> tuple[list[float], list[int]]:
    """The histogram cut to the symmetric range that holds every item and the ±quarter
    marks, so a panel that moved little is not drawn as a thin spike on a wide axis."""
    edges, counts = histogram.edges, histogram.counts
    used = [i for i, c in enumerate(counts) if c]
    reach = max([quarter] + [max(abs(edges[i]), abs(edges[i + 1])) for i in used])
    keep = [i for i in range(len(counts))
            if -reach - 1e-9 <= edges[i] and edges[i + 1] <= reach + 1e-9]
    return list(edges[keep[0]:keep[-1] + 2]), [counts[i] for i in keep]


def _tagger_heatmap(name: str, entry: RetestFigures, levels: list[str], low: bool, stem: str
                    ) -> Chart:
    first, second = entry.rounds
    table = entry.table
    same = sum(table[i][i] for i in range(len(levels)))
    alpha = "n/a" if isinstance(entry.alpha, Undefined) else f"{entry.alpha:.3f}"
    title = f"{name}: round {first} × round {second}" + (" ⚠" if low else "")
    description = (f"{name} rated {entry.n_items} items in rounds {first} and {second}; "
                   f"{same} got the same level both times; retest α {alpha}"
                   + (f", below {LOW_RETEST_ALPHA}." if low else "."))
    return Chart(stem, title, description, heatmap(
        levels, levels, table, title=title, description=description,
        x_label=f"rating in round {second}", y_label=f"rating in round {first}"),
        group="Tagger")


def _retest_table(retest: Mapping[str, RetestFigures], low: set[str]) -> Table:
    rows = tuple((name, f"{e.rounds[0]} and {e.rounds[1]}", e.n_items, known(e.alpha),
                  known(e.tau), LOW_RETEST_NOTE if name in low else "")
                 for name, e in retest.items())
    return Table(
        name="retest", title="Test–retest per tagger",
        columns=(Column("tagger", "Tagger"), Column("rounds", "Rounds"),
                 Column("items", "Items", "int", "Items rated in both rounds"),
                 Column("alpha", "α", "fraction", "Krippendorff's α, the rounds as two coders"),
                 Column("tau_b", "τ_b", "fraction", "Kendall's τ_b between the rounds"),
                 Column("note", "Note")),
        rows=rows, description="As Table 1 of Ruiz et al. (2025, VCRScore).")
