"""A plan gives every tagger an even share of the items the project marks as attention
checks (ContextRef, Kreiss et al., ICLR 2024: five items each, exactly one of them a check),
and a tagger named only by a top-up rates only their top-up rows."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from annotator.cli import main
from annotator.planning.assign import checks_apart, plan_study
from annotator.project.folder import open_project
from annotator.project.plan_file import plan_csv_text, write_top_up
from tests.item_checks import mark_checks

ITEMS = [f"item{n:03d}" for n in range(10)]
SIX = ("Ana", "Ben", "Chen", "Dana", "Eli", "Fay")


def test_six_taggers_five_pairs_each_get_exactly_one_of_two_checks() -> None:
    for seed in range(20):
        study = plan_study(ITEMS, k=3, taggers=SIX, seed=seed, checks={"item000", "item005"})
        shares = Counter(who for who, _ in study.rows)
        checks = Counter(who for who, item in study.rows if item in {"item000", "item005"})
        assert shares == dict.fromkeys(SIX, 5) and checks == dict.fromkeys(SIX, 1), seed
        per_item = Counter(item for _, item in study.rows)
        assert per_item == dict.fromkeys(ITEMS, 3)
        assert study.checks == (1, 1)


@pytest.mark.parametrize(("n_checks", "n_items", "t", "k"),
                         [(1, 7, 4, 2), (3, 20, 7, 3), (5, 23, 9, 4), (2, 40, 5, 1)])
def test_checks_and_the_other_items_each_spread_within_one(n_checks, n_items, t, k) -> None:
    design = checks_apart(n_checks, n_items, t, k, seed=4)
    loads = design.loads()
    check_loads = np.bincount(design.blocks[:n_checks].ravel(), minlength=t)
    assert loads.max() - loads.min() <= 1 and check_loads.max() - check_loads.min() <= 1
    assert design.blocks.shape == (n_items, k)
    assert all(len(set(block)) == k for block in design.blocks.tolist())


def test_plan_says_how_many_checks_each_tagger_gets(make_project_folder, capsys) -> None:
    folder = mark_checks(make_project_folder(10, check_rule={"fail_at_or_above": 4,
                                                             "every": 5}),
                         {"item000": "yes", "item005": "yes"})
    assert main(["plan", str(folder), "--ratings-per-item", "3", "--taggers", ",".join(SIX),
                 "--seed", "2"]) == 0
    assert ("Attention checks: 1 of the check items per tagger, one in every 5 pairs as "
            "[checks] every asks.") in capsys.readouterr().err
    few = mark_checks(make_project_folder(10, check_rule={"fail_at_or_above": 4, "every": 2}),
                      {"item000": "yes"})
    assert main(["plan", str(few), "--ratings-per-item", "3", "--taggers", ",".join(SIX)]) == 0
    assert ("0–1 of the check items per tagger; one in every 2 pairs would be 3: mark more "
            "items as checks") in capsys.readouterr().err


def test_a_tagger_named_only_by_a_top_up_rates_only_their_top_up_rows(planned_project
                                                                      ) -> None:
    folder = planned_project(8, "--taggers", "Ana,Ben", k=1)
    write_top_up(folder, number=1, settings={"to": 2},
                 text=plan_csv_text("tagger", [("Gus", "item001"), ("Gus", "item004")]))
    plan = open_project(folder).plan
    assert plan is not None and plan.everyone == ("Ana", "Ben", "Gus")
    assert plan.items_of("gus", seed=1, among=ITEMS[:8]) == {"item001", "item004"}
    assert len(plan.items_of("Zoe", seed=1, among=ITEMS[:8])) == plan.largest_share
