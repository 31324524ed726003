"""The Taggers tab: one row per tagger against the panel, with their test–retest figures;
a tagger with a low retest α is marked in words and with ⚠, never by colour alone."""

from __future__ import annotations

from annotator.analysis.pipeline import Analysis
from annotator.analysis.results import AttentionChecks, Results
from annotator.analysis.undefined import Undefined, known
from annotator.reporting.analysed import LOW_RETEST_ALPHA, low_retest, reasons
from annotator.reporting.content import Cell, Chart, Column, Section, Table
from annotator.reporting.svg_charts import bar_chart, grouped_bar_chart

LOW_RETEST_NOTE = "⚠ low retest α"
FAILED_CHECKS_NOTE = "⚠ failed the attention checks"


def taggers_section(analysis: Analysis) -> Section:
    results = analysis.results
    low = low_retest(analysis)
    summary = [f"{results.n_taggers} taggers. EA, AA and LA: exact, adjacent (one level) "
               "and larger disagreement with the mean of the item's other taggers."]
    if low:
        summary.append(f"{LOW_RETEST_NOTE} (below {LOW_RETEST_ALPHA}): {', '.join(sorted(low))}.")
    checks = results.checks
    tables = [taggers_table(analysis), _distribution_table(results)]
    if isinstance(checks, AttentionChecks):
        summary += _checks_summary(checks)
        tables.append(_checks_table(checks))
    return Section(
        name="taggers", title="Taggers",
        summary=(*summary, *reasons(analysis, "/taggers", "/retest")),
        tables=tuple(tables),
        charts=(_agreement_chart(results), _retest_chart(results, low)), tables_first=True,
    )


def taggers_table(analysis: Analysis) -> Table:
    """taggers.csv, the same in the pane and ``annotator analyze --csv-dir``."""
    results = analysis.results
    low = low_retest(analysis)
    checks = results.checks
    failed = set(checks.failed_taggers) if isinstance(checks, AttentionChecks) else set()
    rows = []
    for name, entry in results.taggers.items():
        retest = results.retest.get(name)
        rows.append((name, entry.n, entry.n_compared, *(known(f) for f in (
                         entry.ea, entry.aa, entry.la, entry.bias, entry.score,
                         entry.median_seconds, entry.tutorial_score)),
                     *((known(retest.alpha), known(retest.tau), retest.n_items)
                       if retest is not None else (None, None, None)),
                     "; ".join(note for note, on in ((LOW_RETEST_NOTE, name in low),
                                                     (FAILED_CHECKS_NOTE, name in failed))
                               if on)))
    return Table(
        name="taggers", title="Taggers against the panel",
        columns=(
            Column("tagger", "Tagger"),
            Column("ratings", "Ratings", "int", "Game and retest ratings"),
            Column("n_compared", "Compared", "int",
                   "Ratings of items someone else rated too (what EA, AA, LA rest on)"),
            Column("ea", "EA", "fraction", "Exact agreement with the others' rounded mean"),
            Column("aa", "AA", "fraction", "Adjacent: one level from the others' mean"),
            Column("la", "LA", "fraction", "Lack of agreement: two or more levels away"),
            Column("bias", "Bias", "number", "Mean signed difference from the others' mean"),
            Column("score", "Score", "int", "Points in the game"),
            Column("median_seconds", "Median s", "seconds", "Median seconds per pair"),
            Column("tutorial_score", "Tutorial", "int", "Points in the tutorial"),
            Column("retest_alpha", "Retest α", "fraction", "α between the first two rounds"),
            Column("retest_tau", "Retest τ_b", "fraction", "Kendall τ_b between the rounds"),
            Column("retest_items", "Retest items", "int", "Items rated in both rounds"),
            Column("note", "Note"),
        ),
        rows=tuple(rows),
        description="As §4 of Narins et al. (2023, VICR) for EA/AA/LA and Table 1 of Ruiz "
                    "et al. (2025, VCRScore) for the retest α and τ.")


def _checks_summary(checks: AttentionChecks) -> list[str]:
    failed = checks.failed_taggers
    lines = [f"Attention checks ({checks.n_check_pairs} pairs): {checks.rule}",
             f"{FAILED_CHECKS_NOTE}: {', '.join(failed)}." if failed else
             "Nobody failed the attention checks."]
    excluded = checks.excluded
    if excluded is not None:
        lines.append(f"Left out of every figure: {len(excluded.taggers)} taggers who "
                     f"failed them, with their {excluded.ratings:,} ratings.")
    return lines


def _checks_table(checks: AttentionChecks) -> Table:
    failed = set(checks.failed_taggers)
    rows = tuple((name, entry.rated, entry.failed, ", ".join(entry.failed_items),
                  FAILED_CHECKS_NOTE if name in failed else "")
                 for name, entry in checks.taggers.items())
    return Table(
        name="attention_checks", title="Attention checks per tagger",
        columns=(Column("tagger", "Tagger"), Column("rated", "Checks rated", "int"),
                 Column("failed", "Failed", "int"),
                 Column("failed_items", "Failed checks"), Column("note", "Note")),
        rows=rows, description=checks.rule)


def _distribution_table(results: Results) -> Table:
    levels = [f"{v:g}" for v in results.levels]
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (name, *(entry.distribution.get(level, 0) for level in levels))
        for name, entry in results.taggers.items())
    return Table(
        name="tagger_distribution", title="Each tagger's ratings by level",
        columns=(Column("tagger", "Tagger"),
                 *(Column(f"level_{level}", level, "int", f"Ratings of {level}")
                   for level in levels)),
        rows=rows, description="Game and retest ratings, counted per level.")


def _agreement_chart(results: Results) -> Chart:
    taggers = results.taggers
    names = list(taggers)
    exact = {n: t.ea for n, t in taggers.items() if not isinstance(t.ea, Undefined)}
    title = "Each tagger's agreement with the panel"
    if exact:
        best = max(exact, key=lambda n: exact[n])
        worst = min(exact, key=lambda n: exact[n])
        said = (f"Exact agreement ranges from {exact[worst]:.0%} ({worst}) to "
                f"{exact[best]:.0%} ({best}).")
    else:
        said = "No tagger shares an item with another tagger yet."
    description = f"EA, AA and LA per tagger, as shares of their compared ratings. {said}"
    series = [("EA exact", [known(t.ea) for t in taggers.values()]),
              ("AA adjacent", [known(t.aa) for t in taggers.values()]),
              ("LA lack", [known(t.la) for t in taggers.values()])]
    return Chart("tagger_agreement", title, description, grouped_bar_chart(
        names, series, title=title, description=description, value_label="share of ratings",
        value_format="{:.2f}"))


def _retest_chart(results: Results, low: set[str]) -> Chart:
    retest = results.retest
    names = list(retest)
    title = "Test–retest α per tagger"
    if low:
        said = f"{len(low)} of {len(names)} below {LOW_RETEST_ALPHA} (marked ⚠): " \
               f"{', '.join(sorted(low))}."
    elif names:
        said = f"All {len(names)} taggers with two rounds are at or above {LOW_RETEST_ALPHA}."
    else:
        said = "No tagger has rated in two rounds yet."
    description = f"Krippendorff's α between each tagger's first two rounds. {said}"
    values = [known(retest[n].alpha) for n in names]
    lowest = min((v for v in values if v is not None), default=0.0)
    return Chart("retest_alpha", title, description, bar_chart(
        names, values, title=title, description=description, value_label="retest α",
        reference=(LOW_RETEST_ALPHA, f"α = {LOW_RETEST_ALPHA}"), flagged=low,
        horizontal=True, value_range=(min(0.0, lowest), 1.0), value_format="{:.3f}"))
