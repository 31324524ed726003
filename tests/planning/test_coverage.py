"""Coverage against the plan and the top-up, from real session files."""

from __future__ import annotations

import pytest

from annotator.errors import AnnotatorError
from annotator.planning.coverage import coverage, plan_ratings
from annotator.planning.topup import top_up
from annotator.project.answer_model import SKIP_VALUE
from annotator.project.folder import open_project
from annotator.store.records import SKIPPED_AFTER_ERROR, Phase
from tests.analysis.sessions import rate, session
from tests.project_ratings import project_ratings

NAMES = ("--taggers", "Ana,Ben,Chen,Dana")


def shares(folder):
    plan = open_project(folder).plan
    return plan, {name: sorted(plan.items_of(name, seed=0)) for name in plan.assignees}


def test_an_untouched_plan_has_everything_to_go(planned_project) -> None:
    folder = planned_project(12, *NAMES)
    ratings = plan_ratings(folder)
    found = coverage(ratings.plan, ratings.table)
    assert len(found.items) == 12 and len(found.under_target) == 12 and found.ratings == 0
    assert [(p.assignee, p.given, p.done) for p in found.shares] == [
        (name, 6, 0) for name in ("Ana", "Ben", "Chen", "Dana")]


def test_ratings_per_item_who_is_behind_and_who_is_outside(planned_project) -> None:
    folder = planned_project(12, *NAMES)
    plan, share = shares(folder)
    laptop = session(folder, "one")
    for item in share["Ana"]:
        rate(laptop, "ana", item, 3)  # typed in lower case: still Ana's share
    for item in share["Ben"][:4]:
        rate(laptop, "Ben", item, 2)
    rate(laptop, "Ben", share["Ben"][4], SKIP_VALUE,  # skipped after a failed save: nothing of
         question=SKIPPED_AFTER_ERROR)  # it was stored, so it is still to go
    rate(laptop, "Ben", share["Ben"][5], 4, phase=Phase.TUTORIAL)  # not data
    rate(laptop, "Zoe", share["Chen"][0], 5)  # a late joiner: her rating counts
    laptop.close()
    found = coverage(plan, project_ratings(folder))
    progress = {p.assignee: (p.done, p.behind) for p in found.shares}
    assert progress == {"Ana": (6, 0), "Ben": (4, 2), "Chen": (0, 6), "Dana": (0, 6)}
    assert [(o.tagger, o.rated, o.placed) for o in found.outside] == [("Zoe", 1, False)]
    by_item = {item.item_id: item for item in found.items}
    assert by_item[share["Ana"][0]].rated == 1 + (share["Ana"][0] in share["Ben"][:4])
    assert by_item[share["Chen"][0]].rated >= 1
    assert "Chen" in by_item[share["Chen"][0]].waiting
    assert [p.assignee for p in found.behind] == ["Chen", "Dana", "Ben"]
    assert found.ratings == 6 + 4 + 1


def test_top_up_gives_the_missing_ratings_to_those_who_finished(planned_project) -> None:
    folder = planned_project(12, *NAMES)
    plan, share = shares(folder)
    laptop = session(folder, "one")
    for name in ("Ana", "Ben", "Chen"):  # Dana never came
        for item in share[name]:
            rate(laptop, name, item, 3)
    laptop.close()
    found = top_up(plan, project_ratings(folder), to=2, seed=1)
    assert sorted(item for _, item in found.rows) == share["Dana"]
    assert {who for who, _ in found.rows} <= {"Ana", "Ben", "Chen"}
    for who, item in found.rows:
        assert item not in share[who]  # never to someone who has it already
    loads = [sum(who == name for who, _ in found.rows) for name in ("Ana", "Ben", "Chen")]
    assert max(loads) - min(loads) <= 1 and not found.short


def test_top_up_names_the_items_nobody_left_can_rate(planned_project) -> None:
    folder = planned_project(6, "--taggers", "Ana,Ben", k=2)
    plan, share = shares(folder)
    laptop = session(folder, "one")
    for item in share["Ana"]:
        rate(laptop, "Ana", item, 3)
    laptop.close()
    found = top_up(plan, project_ratings(folder), to=3, seed=1)
    assert not found.rows and len(found.short) == 6  # both have or had every item


def test_top_up_adds_the_most_disputed_items(planned_project) -> None:
    folder = planned_project(6, "--taggers", "Ana,Ben,Chen", k=2)
    plan, share = shares(folder)
    laptop = session(folder, "one")
    for name, values in (("Ana", 1), ("Ben", 5), ("Chen", 3)):
        for item in share[name]:
            rate(laptop, name, item, values)
    laptop.close()
    found = top_up(plan, project_ratings(folder), to=2, seed=1, extra_disputed=1)
    assert len(found.extra) == 1 and len(found.rows) == 1
    disputed = found.extra[0]
    assert disputed in share["Ana"] and disputed in share["Ben"]  # 1 against 5: sd largest


def test_without_finished_taggers_a_top_up_asks_who(planned_project) -> None:
    folder = planned_project(6, *NAMES)
    plan, _ = shares(folder)
    with pytest.raises(AnnotatorError, match="Name them with --taggers"):
        top_up(plan, plan_ratings(folder).table, to=2, seed=1)


def test_in_a_plan_by_laptop_taggers_are_placed_on_the_seat_holding_their_pairs(
        planned_project) -> None:
    folder = planned_project(12, "--laptops", "4")
    plan, share = shares(folder)
    laptop = session(folder, "one")
    for item in share["laptop-02"]:
        rate(laptop, "Ana", item, 3)
    rate(laptop, "Ben", share["laptop-03"][0], 3)  # one pair fits two seats: not known yet
    laptop.close()
    found = coverage(plan, project_ratings(folder))
    progress = {p.assignee: (p.done, p.taggers) for p in found.shares}
    assert progress["laptop-02"] == (6, ("Ana",))
    assert [(o.tagger, o.placed) for o in found.outside] == [("Ben", True)]


def test_status_of_a_project_without_a_plan_is_refused(make_project_folder) -> None:
    with pytest.raises(AnnotatorError, match="no plan yet"):
        plan_ratings(make_project_folder(3))
