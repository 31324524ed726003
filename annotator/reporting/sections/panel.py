"""The Panel tab: α with its intervals, the virtual raters (seeds/000 Table 3), α leaving
each tagger out (seeds/002 Table 2) and the distribution of item means."""

from __future__ import annotations

from annotator.reporting.analysed import Analysed
from annotator.reporting.content import Chart, Column, Section, Table
from annotator.reporting.svg_charts import bar_chart

VIRTUAL_ROWS = (
    ("tau_x_yz", "τ X–YZ (Kendall τ_c)"),
    ("tau_y_xz", "τ Y–XZ (Kendall τ_c)"),
    ("tau_z_xy", "τ Z–XY (Kendall τ_c)"),
    ("kendall_w", "Kendall's W"),
    ("fleiss_kappa", "Fleiss' κ"),
    ("fleiss_kappa_45", "Fleiss' κ, levels 4 and 5 merged"),
)


def panel_section(analysed: Analysed) -> Section:
    report = analysed.report
    charts = [_leave_one_out_chart(report), _distribution_chart(report)]
    binary = report["binary"]
    if binary is not None:
        charts.append(_p_hat_chart(binary))
    return Section(
        name="panel", title="Panel",
        summary=(*_summary(report), *(_binary_lines(binary) if binary else ()),
                 *analysed.reasons("/alpha", "/virtual", "/fleiss", "/percent", "/gwet")),
        tables=(_alpha_table(report), _virtual_table(report), _agreement_table(report)),
        charts=tuple(charts),
    )


def _binary_lines(binary: dict) -> list[str]:
    """The binary protocol of seeds/003 §3.2–3.3, in words."""
    lines = [f"Yes/no protocol: {binary['dropped_items']} pairs set aside for more than 2 "
             "skips in a round; p̂ = round(mean · 8)/8 for the rest (chart below)."]
    stability = binary["stability"]
    if stability is not None:
        first, second = stability["rounds"]
        lines.append(f"p̂ in round {first} minus round {second} on {stability['n_items']} "
                     f"pairs: mean {stability['mean']:+.3f}, sd {stability['sd']:.3f}; "
                     f"{stability['within_0_25']:.0%} within 0.25 (seeds/003 Figure 3).")
    return lines


def _p_hat_chart(binary: dict) -> Chart:
    counts = binary["p_hat_distribution"]
    title = "Pairs by p̂, the share of yes answers rounded to eighths"
    description = (f"How many pairs have each p̂ from 0 to 1 in eighths, first round; "
                   f"{sum(counts.values())} pairs.")
    return Chart("p_hat", title, description, bar_chart(
        list(counts), list(counts.values()), title=title, description=description,
        value_label="pairs", value_format="{:.0f}"))


def _summary(report: dict) -> tuple[str, ...]:
    alpha = report["alpha"]
    interval = (f", 95 % interval {alpha['ci95'][0]:.3f} to {alpha['ci95'][1]:.3f} "
                f"({alpha['bootstrap']} resamples of items)" if alpha["ci95"] else "")
    value = "n/a" if alpha["value"] is None else f"{alpha['value']:.3f}"
    return (
        f"{report['n_ratings']:,} ratings (game and retest) by {report['n_taggers']} taggers "
        f"on {report['n_items']:,} items; scale {', '.join(f'{v:g}' for v in report['levels'])}.",
        f"Krippendorff's α ({alpha['level']}), all rounds: {value}{interval}.",
    )


def _alpha_table(report: dict) -> Table:
    alpha = report["alpha"]
    rows: list[tuple] = [("All taggers, all rounds", alpha["value"], *_interval(alpha["ci95"]))]
    for rnd, value in report["alpha_by_round"].items():
        rows.append((f"All taggers, round {rnd}", value,
                     *_interval(report["alpha_by_round_ci95"][rnd])))
    for tagger, value in report["alpha_leave_one_out"].items():
        rows.append((f"All except {tagger}, all rounds", value, None, None))
    return Table(
        name="panel_alpha", title="Krippendorff's α by round and leaving one tagger out",
        columns=(Column("combination", "Combination"),
                 Column("alpha", "α", "fraction", "Krippendorff's α on game and retest ratings"),
                 Column("ci95_low", "95 % low", "fraction", "Bootstrap over items"),
                 Column("ci95_high", "95 % high", "fraction", "Bootstrap over items")),
        rows=tuple(rows),
        description="As seeds/002 Table 2; intervals are percentile bootstrap intervals.")


def _interval(ci: list | None) -> tuple:
    return (None, None) if ci is None else (ci[0], ci[1])


def _virtual_table(report: dict) -> Table:
    real, chance = report["virtual_raters"], report["virtual_raters_chance"]

    def scaled(entry: dict, key: str) -> float | None:
        return None if entry[key] is None else entry[key] * 100

    rows = tuple((title, scaled(real[key], "mean"), scaled(real[key], "sd"),
                  scaled(chance[key], "mean"), scaled(chance[key], "sd"))
                 for key, title in VIRTUAL_ROWS)
    return Table(
        name="virtual_raters", title="Inter-rater agreement of virtual raters (× 100)",
        columns=(Column("figure", "Figure"),
                 Column("real_mean", "Panel mean", "x100"),
                 Column("real_sd", "Panel sd", "x100"),
                 Column("chance_mean", "Chance mean", "x100",
                        "The same procedure on ratings shuffled across items"),
                 Column("chance_sd", "Chance sd", "x100")),
        rows=rows,
        description=(f"As seeds/000 Table 3: {real['reps']} draws of three ratings X ≤ Y ≤ Z "
                     f"per item with 3 or more ratings ({real['n_items']:,} items). Sorting "
                     "alone makes agreement, so the chance columns show the floor."))


def _agreement_table(report: dict) -> Table:
    rows = (("Fleiss' κ (generalised)", report["fleiss_kappa"]),
            ("Percent agreement", report["percent_agreement"]),
            ("Gwet's AC1", report["gwet_ac1"]))
    return Table(name="panel_agreement", title="Other agreement figures",
                 columns=(Column("figure", "Figure"), Column("value", "Value", "fraction")),
                 rows=rows,
                 description="Percent agreement and AC1 stay meaningful on skewed data, "
                             "where α and κ can fall towards 0 although raters agree.")


def _leave_one_out_chart(report: dict) -> Chart:
    """Each tagger's effect on α, drawn from zero: α without them minus α with everyone.

    Drawn as differences so the bars start at 0 and their lengths compare honestly; the
    table beside it has the α values themselves (seeds/002 Table 2).
    """
    loo = report["alpha_leave_one_out"]
    overall = report["alpha"]["value"]
    taggers = list(loo)
    change = {t: None if overall is None or loo[t] is None else loo[t] - overall
              for t in taggers}
    raising = [t for t in taggers if change[t] is not None and change[t] > 0]
    if raising:
        top = max(raising, key=lambda t: change[t])
        said = (f"Leaving {top} out raises α most, by {change[top]:.3f} to {loo[top]:.3f}; "
                f"{len(raising)} of {len(taggers)} taggers lower the panel's α (marked ⚠).")
    else:
        said = "Leaving out any one tagger does not raise α."
    base = "n/a" if overall is None else f"{overall:.3f}"
    title = "Change in α when one tagger is left out"
    description = (f"Krippendorff's α without each tagger's ratings minus α with all "
                   f"taggers ({base}). {said}")
    return Chart("alpha_leave_one_out", title, description, bar_chart(
        taggers, [change[t] for t in taggers], title=title, description=description,
        value_label=f"α without this tagger − α of all ({base})", flagged=raising,
        horizontal=True, value_format="{:+.3f}"))


def _distribution_chart(report: dict) -> Chart:
    distribution = report["distribution"]
    levels = list(distribution)
    total = sum(distribution.values()) or 1
    top = max(levels, key=lambda level: distribution[level])
    title = "Distribution of item means"
    description = (f"Items by their mean rating rounded to the nearest level; the most items "
                   f"({distribution[top]:,}, {distribution[top] / total:.0%}) are at {top}.")
    return Chart("distribution", title, description, bar_chart(
        levels, [distribution[level] for level in levels], title=title,
        description=description, value_label="items (mean rounded to a level)",
        value_format="{:.0f}"))
