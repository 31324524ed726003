"""Coverage and top-ups count only the ratings of taggers who passed the attention checks,
so "K ratings from raters who passed" (ContextRef, Kreiss et al., ICLR 2024) can be reached."""

from __future__ import annotations

from pathlib import Path

from annotator.cli import main
from annotator.planning.coverage import coverage, plan_ratings
from annotator.project.folder import open_project
from annotator.reporting.build import prepare_pane
from annotator.session.simulate import SimulatedTagger, simulate

NAMES = ("Ana", "Ben", "Chen", "Dana", "Eli")
FAILING = ("Chen", "Dana", "Eli")


def rated_by_five_three_failing(planned_project) -> Path:
    """Ten items planned 3 ratings each over five taggers; Chen, Dana and Eli rate every
    pair four levels too high, so each fails the checks (gold 1, they answer 5)."""
    folder = planned_project(10, "--taggers", ",".join(NAMES), k=3, checks=[1, 1],
                             check_rule={"every": 2})
    panel = [SimulatedTagger(name, 4.0 if name in FAILING else 0.0, 0.1, 8.0)
             for name in NAMES]
    simulate(open_project(folder), taggers=len(panel), panel=panel, seed=5)
    return folder


def test_status_and_top_up_count_only_taggers_who_passed(planned_project, capsys) -> None:
    folder = rated_by_five_three_failing(planned_project)
    ratings = plan_ratings(folder)
    assert ratings.failed == FAILING
    found = coverage(ratings.plan, ratings.table, failed=ratings.failed)
    assert all(item.rated < 3 for item in found.items)  # at most Ana and Ben count
    assert found.excluded == 3 * 10 - sum(item.rated for item in found.items)
    assert not any(p.behind for p in found.shares)  # everyone did their share

    capsys.readouterr()
    assert main(["plan", "status", str(folder)]) == 0
    status = capsys.readouterr().err
    assert "10 are under target" in status
    assert f"ratings of 3 taggers who failed the attention checks ({', '.join(FAILING)})" \
        in status

    assert main(["plan", "top-up", str(folder), "--to", "3", "--taggers", "Fay,Gus,Hal",
                 "--seed", "1"]) == 0
    topped = open_project(folder).plan.top_ups[0]
    given = sum(len(items) for items in topped.assignments.values())
    assert given == sum(3 - item.rated for item in found.items)
    assert set(topped.assignments) <= {"fay", "gus", "hal"}

    _, content = prepare_pane(folder)
    summary = content.section("coverage").summary
    assert any(line.startswith("Not counted:") and "Chen" in line for line in summary)


def test_the_default_top_up_never_gives_pairs_to_a_tagger_who_failed(planned_project,
                                                                     capsys) -> None:
    folder = rated_by_five_three_failing(planned_project)
    capsys.readouterr()
    main(["plan", "top-up", str(folder), "--to", "3", "--seed", "1"])
    topped = open_project(folder).plan.top_ups
    assert topped, capsys.readouterr().err
    assert set(topped[0].assignments) <= {"ana", "ben"}
