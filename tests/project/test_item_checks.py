"""The project's own items as attention checks: a ``check`` column in ``items.csv`` or a
checks file named in ``[checks] items_file``, and the rules an item check can be judged by."""

from __future__ import annotations

import pytest

from annotator.cli import main
from annotator.errors import ProjectError
from annotator.project.folder import open_project
from tests.item_checks import mark_checks

ABOVE = {"fail_at_or_above": 4}


def test_the_check_column_marks_items_as_checks_and_keeps_them_items(make_project_folder
                                                                     ) -> None:
    folder = mark_checks(make_project_folder(6, check_rule=ABOVE),
                         {"item001": "yes", "item002": "TRUE", "item003": "1", "item004": "no"})
    project = open_project(folder)
    assert project.checks.items == {"item001", "item002", "item003"}
    assert len(project.items) == 6 and not project.problems
    assert all("check" not in item.context for item in project.items)
    assert "3 of the project's items are checks" in project.checks.describe()


def test_a_check_cell_that_is_no_yes_or_no_is_refused_with_its_line(make_project_folder
                                                                    ) -> None:
    folder = mark_checks(make_project_folder(3, check_rule=ABOVE), {"item001": "maybe"})
    project = open_project(folder)
    assert [item.item_id for item in project.items] == ["item000", "item002"]
    assert project.checks.items == frozenset()
    [problem] = project.problems
    assert (problem.file, problem.line) == (folder / "items.csv", 3)
    assert "The check column says 'maybe'" in problem.message
    assert "The row was skipped." in problem.message


def test_a_checks_file_lists_item_ids_and_names_an_unknown_one_by_line(make_project_folder
                                                                       ) -> None:
    folder = make_project_folder(4, check_rule={**ABOVE, "items_file": "checks.csv"})
    (folder / "checks.csv").write_text("item_id\nitem002\nno-such-item\nitem003\n",
                                       encoding="utf-8")
    project = open_project(folder)
    assert project.checks.items == {"item002", "item003"}
    [problem] = project.problems
    assert (problem.file, problem.line) == (folder / "checks.csv", 3)
    assert "'no-such-item' is not an item of items.csv" in problem.message


def test_a_missing_checks_file_is_refused(make_project_folder) -> None:
    folder = make_project_folder(2, check_rule={**ABOVE, "items_file": "checks.csv"})
    with pytest.raises(ProjectError, match=r"checks\.items_file names checks\.csv, which is "
                                           "not in the project folder") as refused:
        open_project(folder)
    assert refused.value.file == folder / "project.toml" and refused.value.line


def test_a_checks_file_outside_the_folder_is_refused(make_project_folder) -> None:
    folder = make_project_folder(2, check_rule={**ABOVE, "items_file": "../checks.csv"})
    with pytest.raises(ProjectError, match="must be the path of a CSV file inside the project"):
        open_project(folder)


def test_a_rule_that_needs_a_gold_rating_cannot_judge_item_checks(make_project_folder,
                                                                  capsys) -> None:
    folder = mark_checks(make_project_folder(3), {"item001": "yes"})  # default rule: 2 levels
    with pytest.raises(ProjectError, match="an item check has none") as refused:
        open_project(folder)
    assert "fail_at_or_above or fail_at_or_below" in refused.value.message
    assert main(["validate", str(folder)]) == 2
    assert "items.csv's check column" in capsys.readouterr().err


def test_fail_levels_off_is_refused_for_item_checks_unless_gold_checks_use_it(
        make_project_folder) -> None:
    rule = {**ABOVE, "fail_levels_off": 2}
    folder = mark_checks(make_project_folder(3, check_rule=rule), {"item001": "yes"})
    with pytest.raises(ProjectError, match="Remove fail_levels_off") as refused:
        open_project(folder)
    assert refused.value.line is not None
    with_gold = mark_checks(make_project_folder(3, check_rule=rule, checks=[1]),
                            {"item001": "yes"})
    project = open_project(with_gold)
    assert project.checks.items == {"item001"} and project.checks.fail_levels_off == 2
    levels = [1, 2, 3, 4, 5]
    assert not project.checks.fails(3, None, levels) and project.checks.fails(4, None, levels)
    assert project.checks.fails(3, 1, levels)  # a gold check: two levels off
