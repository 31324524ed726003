"""The Panel tab: α with its intervals, the virtual raters (Narins et al. 2023, VICR,
Table 3), α leaving each tagger out (Ruiz et al. 2025, VCRScore, Table 2) and the
distribution of item means."""

from __future__ import annotations

from annotator.analysis.pipeline import Analysis
from annotator.analysis.results import BinaryProtocol, Results, Spread
from annotator.analysis.undefined import Figure, Interval, Undefined, known
from annotator.reporting.analysed import reasons
from annotator.reporting.content import Cell, Chart, Column, Section, Table
from annotator.reporting.svg_charts import bar_chart

VIRTUAL_TITLES = {
    "tau_x_yz": "τ X–YZ (Kendall τ_c)",
    "tau_y_xz": "τ Y–XZ (Kendall τ_c)",
    "tau_z_xy": "τ Z–XY (Kendall τ_c)",
    "kendall_w": "Kendall's W",
    "fleiss_kappa": "Fleiss' κ",
    "fleiss_kappa_45": "Fleiss' κ, levels 4 and 5 merged",
}


def panel_section(analysis: Analysis) -> Section:
    results = analysis.results
    charts = [_leave_one_out_chart(results), _distribution_chart(results)]
    binary = results.binary
    binary_lines: list[str] = []
    if isinstance(binary, BinaryProtocol):
        charts.append(_p_hat_chart(binary))
        binary_lines = _binary_lines(binary)
    return Section(
        name="panel", title="Panel",
        summary=(*_summary(results), *binary_lines,
                 *reasons(analysis, "/alpha", "/virtual", "/fleiss", "/percent", "/gwet")),
        tables=(_alpha_table(results), _virtual_table(results), _agreement_table(results)),
        charts=tuple(charts),
    )


def _binary_lines(binary: BinaryProtocol) -> list[str]:
    """The binary protocol of Levinboim et al. (2021) §3.2–3.3, in words."""
    lines = [f"Yes/no protocol: {binary.dropped_items} items set aside for more than 2 "
             "skips in a round; p̂ = round(mean · 8)/8 for the rest (chart below)."]
    stability = binary.stability
    if not isinstance(stability, Undefined):
        first, second = stability.rounds
        lines.append(f"p̂ in round {first} minus round {second} on {stability.n_items} "
                     f"pairs: mean {stability.mean:+.3f}, sd {stability.sd:.3f}; "
                     f"{stability.within_0_25:.0%} within 0.25 "
                     "(as Figure 3 of Levinboim et al. 2021).")
    return lines


def _p_hat_chart(binary: BinaryProtocol) -> Chart:
    counts = binary.p_hat_distribution
    title = "Pairs by p̂, the share of yes answers rounded to eighths"
    description = (f"How many pairs have each p̂ from 0 to 1 in eighths, first round; "
                   f"{sum(counts.values())} pairs.")
    return Chart("p_hat", title, description, bar_chart(
        list(counts), list(counts.values()), title=title, description=description,
        value_label="pairs", value_format="{:.0f}", counts=True,
        label_title="p̂, the share of yes answers"))


def _summary(results: Results) -> tuple[str, ...]:
    alpha = results.alpha
    interval = ("" if isinstance(alpha.ci95, Undefined) else
                f", 95 % interval {alpha.ci95[0]:.3f} to {alpha.ci95[1]:.3f} "
                f"({alpha.bootstrap} resamples of items)")
    value = "n/a" if isinstance(alpha.value, Undefined) else f"{alpha.value:.3f}"
    return (
        f"{results.n_ratings:,} ratings (game and retest) by {results.n_taggers} taggers "
        f"on {results.n_items:,} items; scale {', '.join(f'{v:g}' for v in results.levels)}.",
        f"Krippendorff's α ({alpha.level}), all rounds: {value}{interval}.",
    )


def _alpha_table(results: Results) -> Table:
    """A tidy table: the round and the tagger left out each in a column of their own (empty:
    every round, nobody left out)."""
    alpha = results.alpha
    rows: list[tuple[Cell, ...]] = [(None, None, known(alpha.value), *_interval(alpha.ci95))]
    for rnd, value in results.alpha_by_round.items():
        rows.append((int(rnd), None, known(value), *_interval(results.alpha_by_round_ci95[rnd])))
    for tagger, value in results.alpha_leave_one_out.items():
        rows.append((None, tagger, known(value), None, None))
    return Table(
        name="panel_alpha", title="Krippendorff's α by round and leaving one tagger out",
        columns=(Column("round", "Round", "int", "The round alone; empty: every round",
                        empty="all"),
                 Column("left_out", "Tagger left out", "text",
                        "α without this tagger's ratings; empty: every tagger", empty="none"),
                 Column("alpha", "α", "fraction", "Krippendorff's α on game and retest ratings"),
                 Column("ci95_low", "95 % low", "fraction", "Bootstrap over items"),
                 Column("ci95_high", "95 % high", "fraction", "Bootstrap over items")),
        rows=tuple(rows),
        description="As Table 2 of Ruiz et al. (2025, VCRScore); intervals are percentile "
                    "bootstrap intervals.")


def _interval(ci: Interval) -> tuple[float | None, float | None]:
    return (None, None) if isinstance(ci, Undefined) else ci


def _virtual_table(results: Results) -> Table:
    real, chance = results.virtual_raters, results.virtual_raters_chance

    def scaled(figure: Figure) -> float | None:
        return None if isinstance(figure, Undefined) else figure * 100

    def cells(spread: Spread) -> tuple[float | None, float | None]:
        return scaled(spread.mean), scaled(spread.sd)

    rows = tuple((VIRTUAL_TITLES[key], *cells(mine), *cells(shuffled))
                 for (key, mine), (_, shuffled) in zip(real.figures, chance.figures,
                                                        strict=True))
    return Table(
        name="virtual_raters", title="Inter-rater agreement of virtual raters (× 100)",
        columns=(Column("figure", "Figure"),
                 Column("real_mean_x100", "Panel mean", "x100"),
                 Column("real_sd_x100", "Panel sd", "x100"),
                 Column("chance_mean_x100", "Chance mean", "x100",
                        "The same procedure on ratings shuffled across items"),
                 Column("chance_sd_x100", "Chance sd", "x100")),
        rows=rows,
        description=(f"As Table 3 of Narins et al. (2023, VICR): {real.reps} draws of three "
                     f"ratings X ≤ Y ≤ Z per item with 3 or more ratings ({real.n_items:,} "
                     "items). Sorting alone makes agreement, so the chance columns show the "
                     "floor."))


def _agreement_table(results: Results) -> Table:
    rows = (("Fleiss' κ (generalised)", known(results.fleiss_kappa)),
            ("Percent agreement", known(results.percent_agreement)),
            ("Gwet's AC1", known(results.gwet_ac1)))
    return Table(name="panel_agreement", title="Other agreement figures",
                 columns=(Column("figure", "Figure"), Column("value", "Value", "fraction")),
                 rows=rows,
                 description="Percent agreement and AC1 stay meaningful on skewed data, "
                             "where α and κ can fall towards 0 although raters agree.")


def _leave_one_out_chart(results: Results) -> Chart:
    """Each tagger's effect on α, drawn from zero: α without them minus α with everyone.

    Drawn as differences so the bars start at 0 and their lengths compare honestly; the
    table beside it has the α values themselves (Ruiz et al. 2025, VCRScore, Table 2).
    """
    loo = {tagger: known(value) for tagger, value in results.alpha_leave_one_out.items()}
    overall = known(results.alpha.value)
    taggers = list(loo)
    change = {t: None if overall is None or v is None else v - overall for t, v in loo.items()}
    raising = {t: c for t, c in change.items() if c is not None and c > 0}
    if raising:
        top = max(raising, key=lambda t: raising[t])
        said = (f"Leaving {top} out raises α most, by {raising[top]:.3f} to {loo[top]:.3f}; "
                f"{len(raising)} of {len(taggers)} taggers lower the panel's α (marked ⚠).")
    else:
        said = "Leaving out any one tagger does not raise α."
    base = "n/a" if overall is None else f"{overall:.3f}"
    title = "Change in α when one tagger is left out"
    description = (f"Krippendorff's α without each tagger's ratings minus α with all "
                   f"taggers ({base}). {said}")
    return Chart("alpha_leave_one_out", title, description, bar_chart(
        taggers, [change[t] for t in taggers], title=title, description=description,
        value_label=f"α without this tagger − α of all ({base})", flagged=list(raising),
        horizontal=True, value_format="{:+.3f}"))


def _distribution_chart(results: Results) -> Chart:
    distribution = results.distribution
    levels = list(distribution)
    total = sum(distribution.values()) or 1
    top = max(levels, key=lambda level: distribution[level])
    title = "Distribution of item means"
    description = (f"Items by their mean rating rounded to the nearest level; the most items "
                   f"({distribution[top]:,}, {distribution[top] / total:.0%}) are at {top}.")
    data = Table("distribution", title, (
        Column("level", "Mean rating, rounded to a level"), Column("items", "Items", "int"),
        Column("share", "Share of the items", "fraction")),
        tuple((level, distribution[level], distribution[level] / total) for level in levels))
    return Chart("distribution", title, description, bar_chart(
        levels, [distribution[level] for level in levels], title=title,
        description=description, value_label="items", value_format="{:.0f}", counts=True,
        label_title="the item's mean rating, rounded to a level"), data=data)
