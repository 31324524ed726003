"""``[checks]`` in project.toml: the attention-check rule, and refusals naming the line."""

from __future__ import annotations

import pytest

from annotator.errors import ProjectError
from annotator.project.check_rule import CheckRule
from annotator.project.folder import open_project

LEVELS = [1, 2, 3, 4, 5]


def test_without_a_table_a_check_fails_two_levels_from_its_gold(make_project_folder) -> None:
    rule = open_project(make_project_folder(2)).checks
    assert rule == CheckRule()
    assert not rule.fails(2, 1, LEVELS) and rule.fails(3, 1, LEVELS) and rule.fails(1, 3, LEVELS)


def test_the_seed_rule_replaces_the_default(make_project_folder) -> None:
    folder = make_project_folder(2, check_rule={"fail_at_or_above": 3, "every": 15})
    rule = open_project(folder).checks
    assert (rule.every, rule.fail_at_or_above, rule.fail_levels_off) == (15, 3, None)
    assert [rule.fails(value, 1, LEVELS) for value in LEVELS] == [False, False, True, True,
                                                                   True]
    assert "a rating of 3 or more" in rule.describe() and "every 15 pairs" in rule.describe()


@pytest.mark.parametrize(("table", "message"), [
    ({"fail_at_or_above": 6}, "checks.fail_at_or_above must be a level of the vicr5 rubric"),
    ({"every": "often"}, "checks.every must be a whole number"),
    ({"every": 0}, "every must be at least 1"),
])
def test_an_unusable_rule_is_refused_with_its_line(make_project_folder, table,
                                                   message) -> None:
    folder = make_project_folder(2, check_rule=table)
    with pytest.raises(ProjectError, match=message) as refused:
        open_project(folder)
    assert refused.value.file == folder / "project.toml"


def test_an_unknown_key_is_a_problem_not_a_refusal(make_project_folder) -> None:
    project = open_project(make_project_folder(2, check_rule={"fail_above": 3}))
    assert any("[checks] has no setting 'fail_above'" in p.message for p in project.problems)
