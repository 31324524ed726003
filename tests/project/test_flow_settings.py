"""[flow] and [rounds.N] in project.toml: defaults, per-round overrides, clear errors."""

from __future__ import annotations

import pytest

from annotator.errors import ProjectError
from annotator.project.flow_model import FlowSettings
from annotator.project.flow_settings import read_flow_plan
from annotator.project.folder import open_project
from tests.project.conftest import MANIFEST

HEAD = MANIFEST.split("[flow]")[0]  # [project] only
ITEMS = [{"item_id": "i1", "image": "images/cat.jpg", "caption": "A cat on a mat."}]


def test_without_flow_settings_the_vicr_defaults_apply(make_project) -> None:
    plan = open_project(make_project(ITEMS, manifest=HEAD)).flow
    assert plan.for_round(1) == FlowSettings()
    assert (FlowSettings().dwell_seconds, FlowSettings().tutorial_pass) == (3.0, 10)
    assert (FlowSettings().min_consensus, FlowSettings().tutorial_order) == (2, "shuffled")
    retest = plan.for_round(2)
    assert (retest.feedback, retest.probation, retest.tutorial) == (False, False, True)


def test_flow_and_round_tables_override_per_round(make_project) -> None:
    manifest = HEAD + (
        "[flow]\ntutorial = false\ndwell_seconds = 1.5\nprobation_pass = 30\n\n"
        "[rounds.2]\nfeedback = true\ndwell_seconds = 0\n\n[rounds.3]\ntutorial = true\n"
    )
    project = open_project(make_project(ITEMS, manifest=manifest))
    assert project.problems == ()
    first, second, third = (project.flow.for_round(n) for n in (1, 2, 3))
    assert (first.tutorial, first.dwell_seconds, first.probation_pass) == (False, 1.5, 30)
    assert (second.feedback, second.dwell_seconds, second.probation) == (True, 0.0, False)
    assert (third.tutorial, third.feedback, third.dwell_seconds) == (True, False, 1.5)


@pytest.mark.parametrize(
    ("table", "line", "words"),
    [
        ("[flow]\ntutorial = 1\n", 8, "[flow] tutorial must be true or false"),
        ("[flow]\ndwell_seconds = \"3\"\n", 8, "[flow] dwell_seconds must be a number"),
        ("[flow]\ntutorial_pass = 9.5\n", 8, "must be a whole number"),
        ("[flow]\ntutorial_pass = 21\n", 7, "tutorial_pass must be between 0 and 20"),
        ("[flow]\ndwell_seconds = -1\n", 7, "dwell_seconds must be between 0 and 600"),
        ("[rounds.x]\nfeedback = true\n", 7, "[rounds.x] is not a round"),
        ("[rounds.2]\nprobation_pairs = 0\n", 7, "[rounds.2]: probation_pairs must be at least 1"),
        ("[flow]\nmin_consensus = 0\n", 7, "[flow]: min_consensus must be at least 1"),
        ("[flow]\ntutorial_order = 1\n", 8, '[flow] tutorial_order must be a text in quotes'),
        ('[flow]\ntutorial_order = "random"\n', 7,
         "[flow]: tutorial_order must be 'shuffled' or 'file'"),
    ],
)
def test_unusable_settings_name_the_line(make_project, table, line, words) -> None:
    folder = make_project(ITEMS, manifest=HEAD + table)
    with pytest.raises(ProjectError) as caught:
        open_project(folder)
    assert words in str(caught.value)
    assert caught.value.line == line and caught.value.file.name == "project.toml"


def test_an_unknown_setting_is_reported_not_ignored(make_project) -> None:
    project = open_project(make_project(ITEMS, manifest=HEAD + "[flow]\ndwel_seconds = 0\n"))
    (problem,) = project.problems
    assert "dwel_seconds is not a setting" in problem.message and problem.line == 8
    assert project.flow.for_round(1).dwell_seconds == 3.0


def test_game_settings_of_a_lab_replicating_vicr(make_project) -> None:
    manifest = HEAD + '[flow]\nmin_consensus = 1\ntutorial_order = "file"\n'
    settings = open_project(make_project(ITEMS, manifest=manifest)).flow.for_round(1)
    assert (settings.min_consensus, settings.tutorial_order) == (1, "file")


def test_a_rubrics_dwell_applies_unless_project_toml_sets_one(tmp_path) -> None:
    path = tmp_path / "project.toml"
    rubric = {"dwell_seconds": 5.0}
    plan, _ = read_flow_plan({}, {}, path=path, defaults=rubric)
    assert plan.for_round(1).dwell_seconds == 5.0
    document = {"flow": {"dwell_seconds": 1}, "rounds": {"2": {"dwell_seconds": 0}}}
    plan, _ = read_flow_plan(document, {}, path=path, defaults=rubric)
    assert (plan.for_round(1).dwell_seconds, plan.for_round(2).dwell_seconds) == (1.0, 0.0)


def test_a_pair_count_set_alone_brings_its_pass_mark_in_proportion(make_project) -> None:
    manifest = HEAD + (
        "[flow]\ntutorial_pairs = 5\nprobation_pairs = 8\nfirst_game_pairs = 10\n\n"
        "[rounds.2]\nprobation_pairs = 4\n"
    )
    project = open_project(make_project(ITEMS, manifest=manifest))
    first = project.flow.for_round(1)
    # The defaults' shares of the maximum: tutorial 10 of 20, probation 25 of 40, first
    # pairs 16 of 40; a part point is rounded up.
    assert (first.tutorial_pass, first.probation_pass, first.first_game_pass) == (5, 10, 8)
    assert project.flow.for_round(2).probation_pass == 5
    assert project.problems == ()


def test_a_pass_mark_set_in_flow_stays_when_a_round_changes_the_pair_count(make_project) -> None:
    manifest = HEAD + "[flow]\ntutorial_pass = 6\n\n[rounds.2]\ntutorial_pairs = 4\n"
    plan = open_project(make_project(ITEMS, manifest=manifest)).flow
    assert (plan.for_round(1).tutorial_pass, plan.for_round(2).tutorial_pass) == (6, 6)
    assert (plan.for_round(1).tutorial_pairs, plan.for_round(2).tutorial_pairs) == (10, 4)


def test_a_pass_mark_only_a_perfect_score_reaches_is_reported_at_its_line(make_project) -> None:
    manifest = HEAD + "[flow]\ntutorial_pairs = 5\ntutorial_pass = 10\n"
    project = open_project(make_project(ITEMS, manifest=manifest))
    (problem,) = project.problems
    assert problem.line == 9 and problem.file.name == "project.toml"
    assert "asks every pair to match exactly (10 of 10 points)" in problem.message
    assert "the default share gives 5" in problem.message
