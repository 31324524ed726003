"""What ``annotator analyze`` prints: a readable summary of the results (its ``--csv-dir``
tables are the pane's ``items`` and ``taggers`` tables)."""

from __future__ import annotations

from annotator.analysis.question_results import QuestionFigures
from annotator.analysis.results import AttentionChecks, MetricBenchmark, Results
from annotator.analysis.undefined import Figure, Interval, Undefined
from annotator.reporting.sections.questions import STAGE_TITLES


def _fig(value: Figure) -> str:
    return "n/a" if isinstance(value, Undefined) else f"{value:.3f}"


def _mean_sd(mean: Figure, sd: Figure) -> str:
    if isinstance(mean, Undefined):
        return "n/a"
    return f"{mean:.3f}" if isinstance(sd, Undefined) else f"{mean:.3f} ± {sd:.3f}"


def _interval(ci: Interval, form: str) -> str:
    return "" if isinstance(ci, Undefined) else form.format(*ci)


def summary_text(results: Results) -> str:
    """The readable summary printed by the command."""
    a = results.alpha
    lines = [
        f"{results.n_ratings} ratings (game/retest) by {results.n_taggers} taggers "
        f"on {results.n_items} items; levels {', '.join(f'{v:g}' for v in results.levels)}",
        f"Krippendorff's alpha ({a.level}): {_fig(a.value)}"
        + _interval(a.ci95, f"  95% CI {{:.3f}} to {{:.3f}} ({a.bootstrap} resamples)"),
        "  by round: " + ", ".join(f"{r}: {_fig(v)}" for r, v in results.alpha_by_round.items()),
        f"Fleiss' kappa {_fig(results.fleiss_kappa)}, percent agreement "
        f"{_fig(results.percent_agreement)}, Gwet's AC1 {_fig(results.gwet_ac1)}",
    ]
    real, chance = results.virtual_raters, results.virtual_raters_chance
    lines.append(f"Virtual raters ({real.reps} repetitions, {real.n_items} items with "
                 "3+ ratings): real | chance (ratings shuffled across items)")
    for (name, mine), (_, shuffled) in zip(real.figures, chance.figures, strict=True):
        lines.append(f"  {name:16s} {_mean_sd(mine.mean, mine.sd):>16s} | "
                     f"{_mean_sd(shuffled.mean, shuffled.sd)}")
    lines += _leave_one_out_lines(results)
    if results.retest:
        ranked = sorted(results.retest.items(), key=lambda tr: (
            not isinstance(tr[1].alpha, Undefined),
            0.0 if isinstance(tr[1].alpha, Undefined) else tr[1].alpha))
        lines.append(f"Test-retest for {len(ranked)} taggers; lowest alpha (alpha, tau_b, "
                     "items): " + "; ".join(
                         f"{t} {_fig(r.alpha)} {_fig(r.tau)} {r.n_items}"
                         for t, r in ranked[:5]))
    if not isinstance(results.questions, Undefined):
        lines += [_question_line(name, q) for name, q in results.questions.items()]
    lines += answer_lines(results)
    if not isinstance(results.checks, Undefined):
        lines += _checks_lines(results.checks)
    disputed = results.items.most_disputed[:5]
    if disputed:
        lines.append("Most disputed items: " + ", ".join(
            f"{d.item_id} (sd {d.sd:.2f})" for d in disputed))
    if not isinstance(results.metrics, Undefined):
        lines += metrics_lines(results.metrics)
    if results.skipped_after_error:
        lines.append(f"{results.skipped_after_error} pairs were skipped after an error while "
                     "saving them: they are in no figure.")
    if results.answered_again:
        again = results.answered_again
        lines.append(f"{again} {'answer was' if again == 1 else 'answers were'} given again "
                     "by the same tagger to a pair and round on another laptop: the earlier "
                     "answer is the one counted; both are kept in the panel and the "
                     "published dataset.")
    undefined = len(results.reasons())
    if undefined:
        lines.append(f"{undefined} figures are undefined (null); the JSON's "
                     "'reasons' says why.")
    return "\n".join(lines)


def _leave_one_out_lines(results: Results) -> list[str]:
    """Which tagger's absence gives the highest α; "raises" only when that is above the
    panel's α."""
    loo = {t: v for t, v in results.alpha_leave_one_out.items() if not isinstance(v, Undefined)}
    if not loo:
        return []
    best = max(loo, key=lambda t: loo[t])
    overall = results.alpha.value
    if isinstance(overall, Undefined):
        return [f"Alpha without one tagger is highest without {best}: {_fig(loo[best])}"]
    if loo[best] > overall + 1e-12:
        return [f"Leaving one tagger out raises alpha most without {best}: {_fig(loo[best])}"]
    return [f"Leaving out any one tagger does not raise alpha (highest without {best}: "
            f"{_fig(loo[best])})"]


def _question_line(name: str, figures: QuestionFigures) -> str:
    """Before and after on the same answers (matched pairs) when the question was asked
    both ways; else the one stage it was asked in."""
    change = figures.change
    if change is not None:
        return (f"Question {name}{_own_levels(figures)}: mean {change.mean_before:.2f} before → "
                f"{change.mean_after:.2f} with the image on the {change.n_pairs} answers "
                f"given both ways ({change.share_same:.0%} unchanged)")
    stages = "; ".join(f"mean {stage.mean:.2f} {word} ({stage.n_answers} answers)"
                       for stage, word in ((figures.pre, "before the image"),
                                           (figures.post, "with the image"))
                       if stage is not None)
    return f"Question {name}{_own_levels(figures)}: {stages}"


def _own_levels(figures: QuestionFigures) -> str:
    if figures.levels is None:
        return ""
    return f" (on its own levels {', '.join(f'{v:g}' for v in figures.levels)})"


def answer_lines(results: Results) -> list[str]:
    """One line per flag, choice and free-text question and stage."""
    lines = [f"Flag {name} ({STAGE_TITLES[look]}): {f.n_answers} answers, {f.share_yes:.0%} "
             f"yes; {f.items_with_yes} of {f.n_items} items with a yes, {f.items_mostly_yes} "
             f"with more than half yes; alpha (nominal) {_fig(f.alpha)}"
             for name, q in (results.flags or {}).items() for look, f in q.stages()]
    lines += [f"Choice {name} ({STAGE_TITLES[look]}): {f.n_answers} answers ("
              + ", ".join(f"{choice} {n}" for choice, n in f.counts.items())
              + f"); alpha (nominal) {_fig(f.alpha)}"
              for name, q in (results.choices or {}).items() for look, f in q.stages()]
    lines += [f"Notes {name} ({STAGE_TITLES[look]}): {f.n_notes} notes on "
              f"{f.items_with_note} items ({f.n_answers} answers; counted, not scored)"
              for name, q in (results.notes or {}).items() for look, f in q.stages()]
    return lines


def _checks_lines(checks: AttentionChecks) -> list[str]:
    failed = checks.failed_taggers
    lines = [f"Attention checks ({checks.n_check_pairs} pairs): "
             + (f"failed by {', '.join(failed)}" if failed else "nobody failed")]
    if checks.excluded is not None:
        lines.append(f"Left out: {len(checks.excluded.taggers)} taggers who failed "
                     f"them, with their {checks.excluded.ratings} ratings.")
    return lines


def metrics_lines(block: MetricBenchmark) -> list[str]:
    """One line per metric as Narins et al. (2023, VICR) Table 4 gives it: τ_c with its
    interval, τ_b, ρ, r, and the human ceiling; then each comparison."""
    lines = [f"Metric benchmark ({block.file}; {block.unknown_items} item ids not in "
             "the ratings): tau_c per rating [95% CI], tau_b / rho / r on item means; "
             "human ceiling = one rating held out against the others"]
    for name, entry in block.by_metric.items():
        interval = _interval(entry.tau_c.ci95, " [{:.3f}, {:.3f}]")
        lines.append(
            f"  {name:16s} tau_c {_fig(entry.tau_c.value)}{interval}, tau_b "
            f"{_fig(entry.tau_b.value)}, rho {_fig(entry.spearman.value)}, r "
            f"{_fig(entry.pearson.value)} on {entry.n_items} items; ceiling "
            f"{_mean_sd(entry.ceiling.mean, entry.ceiling.sd)}")
    for c in block.comparisons:
        lines.append(f"  {c.a} - {c.b}: tau_c difference {_fig(c.difference)}"
                     + _interval(c.ci95, " [{:.3f}, {:.3f}]") + f" on {c.n_items} items")
    return lines
