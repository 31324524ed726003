"""The whole analysis of one rating table as :class:`~annotator.analysis.results.Results`.

Figures are plain fractions (not × 100); an undefined figure is an :class:`Undefined`
carrying its reason, which the JSON report gives as ``null`` + ``reasons``.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from annotator.analysis import tagger_figures
from annotator.analysis.alpha import Level, alpha, bootstrap_ci, leave_one_out
from annotator.analysis.answer_figures import answer_figures
from annotator.analysis.checks import CheckSpec, attention_checks, without_taggers
from annotator.analysis.kappa import fleiss_kappa, gwet_ac1, percent_agreement
from annotator.analysis.metrics import NO_FILE, MetricScores, metric_benchmark
from annotator.analysis.other_answers import OtherAnswers
from annotator.analysis.question_results import QuestionFigures
from annotator.analysis.questions import question_figures
from annotator.analysis.rating_table import RatingTable, item_counts
from annotator.analysis.results import AlphaFigures, AttentionChecks, Excluded, Results
from annotator.analysis.retest import binary_protocol, mean_stability, retest
from annotator.analysis.undefined import Figure, Interval, Undefined
from annotator.analysis.virtual import virtual_raters

NO_CHECKS = "the project has no attention checks (gold.csv rows with purpose 'check')"
ONE_TAGGER = ("the panel has one tagger: agreement between taggers needs two or more (the "
              "tagger's own consistency is their test–retest α)")


def analyze(table: RatingTable, *, level: Level = "ordinal", reps: int = 100,
            bootstrap: int = 1000, seed: int = 0, checks: CheckSpec | None = None,
            exclude_failed_checks: bool = False, metrics: MetricScores | None = None,
            answers: OtherAnswers | None = None) -> Results:
    """Every statistic on the data ratings (game and retest phases) of ``table``.

    ``seed`` fixes every random choice (virtual raters, bootstrap, vote tie-breaks), so the
    same input and seed give the same results. ``checks``: the project's attention checks;
    with ``exclude_failed_checks`` the taggers who failed them are left out of every figure.
    ``metrics`` adds the metric benchmark; ``answers``, the answers beside the table
    (flags, choices, free texts, questions with their own levels), their figures.
    """
    check_results: AttentionChecks | Undefined = (
        attention_checks(table, checks) if checks is not None else Undefined(NO_CHECKS))
    if exclude_failed_checks and isinstance(check_results, AttentionChecks):
        failed = check_results.failed_taggers
        kept = without_taggers(table, failed)
        check_results = replace(check_results, excluded=Excluded(
            failed, len(table.data()) - len(kept.data())))
        table = kept
        answers = None if answers is None else answers.without(failed)
    typed = answer_figures(answers or OtherAnswers(), level)
    data = table.data()
    # A sixth stream for the metrics leaves the first five (and earlier reports) unchanged.
    rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(6)]
    counts = item_counts(data)
    rated = counts.sum(axis=1) > 0
    n_per_tagger = np.bincount(data.tagger, minlength=len(data.taggers))
    summary = tagger_figures.item_summary(data, rngs[0])
    n_taggers = int((n_per_tagger > 0).sum())
    alpha_value, ci = (_alpha_with_interval(counts, data.levels, level, bootstrap, rngs[1])
                       if n_taggers != 1 else (Undefined(ONE_TAGGER), Undefined(ONE_TAGGER)))
    rounds = data.round_numbers
    by_round = ({str(r): _alpha_with_interval(item_counts(data, data.round == r),
                                              data.levels, level, bootstrap, rngs[4])
                 for r in rounds} if len(rounds) > 1
                else {str(r): (alpha_value, ci) for r in rounds})  # one round: all the data
    loo = (leave_one_out(counts, data.pairs, data.level, len(data.taggers), data.levels,
                         level) if n_taggers > 2  # else one tagger is left
           else [Undefined(ONE_TAGGER)] * len(data.taggers))
    return Results(
        n_items=int(rated.sum()),
        n_taggers=n_taggers,
        n_ratings=len(data),
        levels=tuple(float(v) for v in data.levels),
        seed=seed,
        alpha=AlphaFigures(alpha_value, ci, level, bootstrap),
        alpha_by_round={r: value for r, (value, _) in by_round.items()},
        alpha_by_round_ci95={r: interval for r, (_, interval) in by_round.items()},
        alpha_leave_one_out={
            name: loo[t] for t, name in enumerate(data.taggers) if n_per_tagger[t]
        },
        fleiss_kappa=fleiss_kappa(counts[rated]),
        percent_agreement=percent_agreement(counts[rated]),
        gwet_ac1=gwet_ac1(counts[rated]),
        virtual_raters=virtual_raters(data, reps=reps, rng=rngs[2]),
        virtual_raters_chance=virtual_raters(data, reps=reps, rng=rngs[3], chance=True),
        retest=retest(data, level),
        retest_stability=mean_stability(data),
        taggers=tagger_figures.taggers(table),
        items=tagger_figures.items(data, summary),
        sources=tagger_figures.sources(data, summary),
        distribution=tagger_figures.distribution(data, summary),
        binary=binary_protocol(data),
        checks=check_results,
        questions=_with_own_scales(question_figures(table, level), typed.own_scale),
        metrics=(Undefined(NO_FILE) if metrics is None else metric_benchmark(
            data, metrics, reps=reps, bootstrap=bootstrap, rng=rngs[5])),
        flags=typed.flags, choices=typed.choices, notes=typed.notes,
    )


def _with_own_scales(questions: dict[str, QuestionFigures] | Undefined,
                     own: dict[str, QuestionFigures]) -> dict[str, QuestionFigures] | Undefined:
    """The questions on the rubric's levels and those on their own, by id."""
    if not own:
        return questions
    return dict(sorted({**({} if isinstance(questions, Undefined) else questions),
                        **own}.items()))


def _alpha_with_interval(counts: np.ndarray, levels: np.ndarray, level: Level,
                         bootstrap: int, rng: np.random.Generator) -> tuple[Figure, Interval]:
    """α and its 95 % bootstrap interval (undefined, for the same reason, when α is)."""
    value = alpha(counts, levels, level)
    if isinstance(value, Undefined):
        return value, value
    return value, bootstrap_ci(counts, levels, level, resamples=bootstrap, rng=rng)
