"""The Questions tab and HTML report of a study with answers of every type (the held-in
study of tests/typed_study.py): a table each for the yes/no, choice and free-text
questions, the figures of the analysis in them, and a question's own levels named."""

from __future__ import annotations

from pathlib import Path

from annotator.reporting.build import prepare_pane
from annotator.reporting.html_report import render_html
from tests.reporting.dom import parse
from tests.store.sessionfiles import PROJECT
from tests.typed_study import typed_study


def test_the_questions_tab_has_a_table_per_answer_type(make_project_folder) -> None:
    folder = typed_study(make_project_folder(4, project_id=PROJECT))
    analysed, content = prepare_pane(Path(folder))
    section = content.section("questions")
    names = [table.name for table in section.tables]
    assert names == ["questions", "question_changes", "question_flags", "question_choices",
                     "question_notes"]
    stages, _, flags, choices, notes = section.tables
    levels = {row[0]: row[-1] for row in stages.rows}
    assert levels == {"helpful": "0, 5, 10", "overall": "the rubric's"}
    flag = analysed.results.flags
    assert flag is not None
    assert flags.rows == (("wrong_info", "with the image", 12, 0.5, 4, 3, 2,
                           flag["wrong_info"].post.alpha),)  # type: ignore[union-attr]
    assert [(row[2], row[3]) for row in choices.rows] == [("everyone", 5), ("blind", 5),
                                                          ("sighted", 2)]
    assert notes.rows == (("wrong_note", "with the image", 6, 4, 3),)
    # the chart of means compares questions on the rubric's levels only
    (chart,) = section.charts
    assert "overall" in chart.description and "helpful" not in chart.description
    html = parse(render_html(content, generated_at="2026-11-27 18:00 UTC"))
    captions = [caption.text() for caption in html.iter("caption")]
    assert {"Yes/no questions", "Choice questions", "Free-text questions"} <= {
        c.split(" (")[0].strip() for c in captions}
