"""A multi-question protocol in the analysis: main figures on "overall" with the image,
per question and stage, and the change once the image was shown."""

from __future__ import annotations

import krippendorff
import numpy as np
import pytest

from annotator.analysis.questions import question_figures
from annotator.analysis.report import analyze


def contextref_rows():
    """Three taggers, four items; relevance and overall before and with the image."""
    rng = np.random.default_rng(2)
    rows, questions, stages = [], [], []
    for t in ("ana", "ben", "cy"):
        for i in range(4):
            for q in ("relevance", "overall"):
                before = int(rng.integers(1, 6))
                for stage, value in (("pre", before), ("post", min(5, before + (i % 2)))):
                    rows.append((f"item{i}", t, 1, value))
                    questions.append(q)
                    stages.append(stage)
    return rows, questions, stages


def test_main_figures_rest_on_overall_with_the_image(make_table) -> None:
    rows, questions, stages = contextref_rows()
    table = make_table(rows, questions=questions, stages=stages)
    main = table.data()
    assert len(main) == 12  # 3 taggers × 4 items, overall with the image
    overall_post = [r for r, q, s in zip(rows, questions, stages, strict=True)
                    if q == "overall" and s == "post"]
    assert sorted(main.values.tolist()) == sorted(float(r[3]) for r in overall_post)
    report = analyze(table, reps=5, bootstrap=20).to_json()
    assert report["n_ratings"] == 12 and len(table.answers()) == 48


def test_per_question_and_the_change_with_the_image(make_table) -> None:
    rows, questions, stages = contextref_rows()
    got = question_figures(make_table(rows, questions=questions, stages=stages), "ordinal")
    assert set(got) == {"relevance", "overall"}
    pre = [(r, s) for r, q, s in zip(rows, questions, stages, strict=True)
           if q == "relevance"]
    matrix = np.full((3, 4), np.nan)
    for (item, tagger, _, value), stage in pre:
        if stage == "pre":
            matrix[["ana", "ben", "cy"].index(tagger), int(item[-1])] = value
    expected = krippendorff.alpha(reliability_data=matrix, level_of_measurement="ordinal",
                                  value_domain=range(1, 6))
    relevance = got["relevance"].pre
    assert relevance is not None and relevance.alpha == pytest.approx(expected, abs=1e-9)
    assert relevance.n_items == 4 and relevance.n_answers == 12
    change = got["overall"].change
    assert change is not None
    diffs = [min(5, b + (i % 2)) - b for i, b in
             ((int(r[0][-1]), r[3]) for r, q, s in zip(rows, questions, stages, strict=True)
              if q == "overall" and s == "pre")]
    assert change.n_pairs == 12
    assert change.mean_change == pytest.approx(np.mean(diffs))
    assert change.share_same == pytest.approx(np.mean([d == 0 for d in diffs]))


def test_a_single_question_protocol_has_no_question_figures(make_table) -> None:
    report = analyze(make_table([("a", "t", 1, 3), ("a", "u", 1, 4)]), reps=2,
                     bootstrap=5).to_json()
    assert report["questions"] is None and "single-question" in report["reasons"]["/questions"]
