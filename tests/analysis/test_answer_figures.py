"""Flags, choices, free texts and a question's own levels, analysed on a held-in study
(tests/typed_study.py): each figure against hand counts and the ``krippendorff`` package."""

from __future__ import annotations

import statistics

import krippendorff
import numpy as np
import pytest

from annotator.analysis.alpha import Level
from annotator.analysis.pipeline import Analysis, AnalysisOptions, AnalysisSource, analyse
from annotator.analysis.question_results import ChoiceFigures, FlagFigures, NoteFigures
from annotator.analysis.report import analyze
from annotator.analysis.undefined import Undefined
from annotator.reporting.summary import summary_text
from tests.store.sessionfiles import PROJECT
from tests.typed_study import (
    AUDIENCE,
    CHOICES,
    FLAGS,
    HELPFUL,
    HELPFUL_LEVELS,
    ITEMS,
    OVERALL,
    typed_study,
)


@pytest.fixture
def analysis(make_project_folder) -> Analysis:
    folder = typed_study(make_project_folder(4, project_id=PROJECT))
    return analyse(AnalysisSource(folder), AnalysisOptions(reps=5, bootstrap=20))


def reference_alpha(by_item: dict[str, tuple[float, ...]], level: str,
                    domain: list[float] | None = None) -> float:
    """α of the krippendorff package: taggers × items."""
    data = np.array([by_item[item] for item in ITEMS], dtype=float).T
    return float(krippendorff.alpha(reliability_data=data, level_of_measurement=level,
                                    value_domain=domain))


def test_a_flag_is_binary_per_stage(analysis: Analysis) -> None:
    flags = analysis.results.flags
    assert flags is not None and list(flags) == ["wrong_info"]
    assert flags["wrong_info"].pre is None
    figures = flags["wrong_info"].post
    assert isinstance(figures, FlagFigures)
    assert (figures.n_answers, figures.n_items, figures.share_yes, figures.items_with_yes,
            figures.items_mostly_yes) == (12, 4, 0.5, 3, 2)
    theirs = reference_alpha({i: tuple(map(float, v)) for i, v in FLAGS.items()}, "nominal")
    assert figures.alpha == pytest.approx(theirs, abs=1e-12)


def test_a_choice_is_nominal_with_every_listed_choice_counted(analysis: Analysis) -> None:
    choices = analysis.results.choices
    assert choices is not None
    figures = choices["audience"].post
    assert isinstance(figures, ChoiceFigures)
    assert dict(figures.counts) == {"everyone": 5, "blind": 5, "sighted": 2}
    assert list(figures.counts) == list(CHOICES)  # the rubric's order
    assert (figures.n_answers, figures.n_items) == (12, 4)
    coded = {i: tuple(float(CHOICES.index(c)) for c in v) for i, v in AUDIENCE.items()}
    assert figures.alpha == pytest.approx(reference_alpha(coded, "nominal"), abs=1e-12)


def test_free_text_is_counted_not_scored(analysis: Analysis) -> None:
    notes = analysis.results.notes
    assert notes is not None
    assert notes["wrong_note"].post == NoteFigures(n_answers=6, n_notes=4, items_with_note=3)


@pytest.mark.parametrize("level", ["ordinal", "interval"])
def test_a_question_with_its_own_levels_is_analysed_on_them(make_project_folder,
                                                            level: Level) -> None:
    folder = typed_study(make_project_folder(4, project_id=PROJECT))
    results = analyse(AnalysisSource(folder), AnalysisOptions(
        level=level, reps=5, bootstrap=20)).results
    assert not isinstance(results.questions, Undefined)
    helpful = results.questions["helpful"]
    assert helpful.levels == (0.0, 5.0, 10.0) == tuple(sorted(HELPFUL_LEVELS))
    for look in ("pre", "post"):
        figures = getattr(helpful, look)
        answers = HELPFUL[look]
        assert figures.n_answers == 12 and figures.n_items == 4
        assert figures.mean == pytest.approx(statistics.fmean(
            statistics.fmean(answers[i]) for i in ITEMS))
        theirs = reference_alpha({i: tuple(map(float, v)) for i, v in answers.items()},
                                 level, [0.0, 5.0, 10.0])
        assert figures.alpha == pytest.approx(theirs, abs=1e-12)
    assert helpful.change is not None and helpful.change.mean_change == pytest.approx(
        statistics.fmean(a - b for i in ITEMS for a, b in zip(
            HELPFUL["post"][i], HELPFUL["pre"][i], strict=True)))
    # the main figures stay on the rubric's 7 levels, the overall answers with the image
    assert results.levels == tuple(float(v) for v in range(1, 8))
    assert results.n_ratings == 12
    overall = results.questions["overall"]
    assert overall.levels is None
    assert overall.post is not None and overall.post.mean == pytest.approx(statistics.fmean(
        statistics.fmean(OVERALL["post"][i]) for i in ITEMS))


def test_taggers_who_failed_the_checks_leave_the_typed_figures_too(analysis: Analysis) -> None:
    kept = analysis.input.answers.without(["cy"])
    results = analyze(analysis.table, reps=5, bootstrap=20, answers=kept)
    assert results.flags is not None
    figures = results.flags["wrong_info"].post
    assert figures is not None and (figures.n_answers, figures.items_with_yes,
                                    figures.items_mostly_yes) == (8, 3, 2)


def test_the_summary_and_json_name_each_typed_figure(analysis: Analysis) -> None:
    text = summary_text(analysis.results)
    assert ("Flag wrong_info (with the image): 12 answers, 50% yes; 3 of 4 items with a yes, "
            "2 with more than half yes; alpha (nominal) 0.389") in text
    assert "Choice audience (with the image): 12 answers (everyone 5, blind 5, sighted 2)" in text
    assert "Notes wrong_note (with the image): 4 notes on 3 items" in text
    assert "Question helpful (on its own levels 0, 5, 10)" in text
    report = analysis.results.to_json()
    assert report["flags"]["wrong_info"]["post"]["items_mostly_yes"] == 2
    assert report["choices"]["audience"]["post"]["counts"]["sighted"] == 2
    assert report["notes"]["wrong_note"]["post"]["n_notes"] == 4
    assert report["questions"]["helpful"]["levels"] == [0.0, 5.0, 10.0]
    assert "levels" not in report["questions"]["overall"]
