"""ContextRef's Appendix B on flags, on the held-in study of tests/typed_study.py: the
counts of descriptions flagged as possibly wrong (by hand) and Welch's t-tests of flagged
against unflagged descriptions before and with the image (against scipy)."""

from __future__ import annotations

import statistics
from dataclasses import replace

import pytest
from scipy import stats as scipy_stats

from annotator.analysis.other_answers import OtherAnswers
from annotator.analysis.paper_tables import PAPERS
from annotator.analysis.paper_tables.contextref import FLAG_COLUMNS, NO_FLAG
from annotator.analysis.paper_tables.contextref import FLAGS as FLAGS_NOT_REPRODUCED
from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from tests.store.sessionfiles import PROJECT
from tests.typed_study import FLAGS, ITEMS, OVERALL, typed_study


@pytest.mark.parametrize("flag", ["wrong_info", "possibly_wrong"])
def test_flag_counts_and_flagged_against_unflagged(make_project_folder, flag: str) -> None:
    """The flag is the rubric's first yes/no question, whatever its id."""
    folder = typed_study(make_project_folder(4, project_id=PROJECT), flag=flag)
    tables = PAPERS["contextref"](analyse(AnalysisSource(folder),
                                          AnalysisOptions(reps=5, bootstrap=20)))
    assert tables.not_reproduced == ()
    counts, flagged = tables.tables[4], tables.tables[5]
    assert counts.method == "contextref-flags" and counts.columns == FLAG_COLUMNS
    assert counts.rows == ((flag, "post", 12, 4, 3, 2),)
    marked = {item for item, answers in FLAGS.items() if any(answers)}
    assert marked == {"item000", "item002", "item003"}
    assert [row[:2] for row in flagged.rows] == [("overall", "pre"), ("overall", "post")]
    for question, look, n_a, mean_a, n_b, mean_b, t, df, p in flagged.rows:
        a = [float(v) for item in ITEMS if item in marked for v in OVERALL[look][item]]
        b = [float(v) for item in ITEMS if item not in marked for v in OVERALL[look][item]]
        theirs = scipy_stats.ttest_ind(a, b, equal_var=False)
        assert (question, n_a, n_b) == ("overall", 9, 3)
        assert (mean_a, mean_b) == pytest.approx((statistics.fmean(a), statistics.fmean(b)))
        assert (t, df, p) == pytest.approx((theirs.statistic, theirs.df, theirs.pvalue),
                                           abs=1e-9)


def test_without_flag_answers_the_tables_say_why(make_project_folder) -> None:
    folder = typed_study(make_project_folder(4, project_id=PROJECT))
    analysis = analyse(AnalysisSource(folder), AnalysisOptions(reps=5, bootstrap=20))
    no_flags = replace(analysis, input=replace(analysis.input, answers=OtherAnswers()))
    tables = PAPERS["contextref"](no_flags)
    assert tables.tables[4].missing == tables.tables[5].missing == NO_FLAG
    assert tables.not_reproduced == (FLAGS_NOT_REPRODUCED,)
