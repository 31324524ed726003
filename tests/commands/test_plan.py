"""``annotator plan``: make (the default action), status, top-up, power, headless."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from annotator.cli import main
from annotator.commands import with_default_actions
from annotator.project.folder import open_project
from annotator.project.round_start import start_round
from tests.analysis.sessions import rate, session


def test_plan_folder_is_plan_make_folder(make_project_folder) -> None:
    one, two = make_project_folder(10), make_project_folder(10)
    assert main(["plan", str(one), "--ratings-per-item", "2", "--taggers", "A,B,C",
                 "--seed", "5"]) == 0
    assert main(["plan", "make", str(two), "--ratings-per-item", "2", "--taggers", "A,B,C",
                 "--seed", "5"]) == 0
    assert (one / "plan.csv").read_bytes() == (two / "plan.csv").read_bytes()
    assert with_default_actions(["plan", "status", "x"]) == ["plan", "status", "x"]
    assert with_default_actions(["plan", "--help"]) == ["plan", "--help"]
    assert with_default_actions(["round", "x"]) == ["round", "x"]
    assert with_default_actions(["-v", "plan", "x"]) == ["-v", "plan", "make", "x"]


def test_the_plan_is_listed_and_summed_up(make_project_folder, capsys) -> None:
    folder = make_project_folder(7)
    assert main(["plan", str(folder), "--ratings-per-item", "3", "--taggers",
                 "A,B,C,D,E,F,G", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ["tagger  pairs", *(f"{n:<6}      3" for n in "ABCDEFG")]
    assert "every two taggers share 1 pairs (a balanced incomplete block design)" in err
    assert "--seed 1 repeats this plan" in err


def test_a_second_plan_needs_replace(make_project_folder, capsys) -> None:
    folder = make_project_folder(6)
    args = ["plan", str(folder), "--ratings-per-item", "2", "--laptops", "3"]
    assert main(args) == 0
    before = (folder / "plan.csv").read_bytes()
    assert main(args) == 2
    assert "already has a plan" in capsys.readouterr().err
    assert (folder / "plan.csv").read_bytes() == before
    toml = (folder / "project.toml").read_text(encoding="utf-8")
    assert main([*args, "--replace", "--seed", "9"]) == 0
    assert open_project(folder).plan.seed == 9
    again = (folder / "project.toml").read_text(encoding="utf-8")
    assert again.count("\n") == toml.count("\n") and again.count("[plan]") == 1


def test_numbers_that_cannot_be_planned_are_refused(make_project_folder, capsys) -> None:
    folder = make_project_folder(6)
    assert main(["plan", str(folder), "--ratings-per-item", "4", "--taggers", "A,B"]) == 2
    assert "need at least 4 different taggers" in capsys.readouterr().err
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--taggers", "Ana,ana"]) == 2
    assert "names 'Ana' twice" in capsys.readouterr().err
    assert main(["plan", str(folder), "--ratings-per-item", "2"]) == 2
    assert "Say who rates" in capsys.readouterr().err
    with pytest.raises(SystemExit) as wrong:
        main(["plan", str(folder), "--ratings-per-item", "0", "--laptops", "2"])
    assert wrong.value.code == 2 and not (folder / "plan.csv").exists()


def test_pairs_per_tagger_alone_sets_the_number_of_laptops(make_project_folder) -> None:
    folder = make_project_folder(10)
    assert main(["plan", str(folder), "--ratings-per-item", "3", "--pairs-per-tagger",
                 "4"]) == 0
    plan = open_project(folder).plan
    assert len(plan.assignees) == 8 and plan.largest_share <= 4  # ⌈10·3/4⌉ laptops


def test_status_before_any_rating_and_after_some(make_project_folder, capsys) -> None:
    folder = make_project_folder(6)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--taggers", "A,B,C",
                 "--seed", "1"]) == 0
    capsys.readouterr()
    assert main(["plan", "status", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert ["A", "4", "0", "4"] in [line.split() for line in out.splitlines()]
    assert "6 planned items, 2 ratings each: 0 have them, 6 are under target." in err
    laptop = session(folder, "one")
    for item in open_project(folder).plan.items_of("A", seed=0):
        rate(laptop, "A", item, 3)
    laptop.close()
    assert main(["plan", "status", str(folder)]) == 0
    assert ["A", "4", "4", "0"] in [line.split() for line in capsys.readouterr().out.splitlines()]


def test_top_up_writes_the_next_file_and_refuses_when_nobody_is_free(
        make_project_folder, capsys) -> None:
    folder = make_project_folder(6)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--taggers", "A,B,C",
                 "--seed", "1"]) == 0
    assert main(["plan", "top-up", str(folder), "--to", "2"]) == 2
    assert "Name them with --taggers" in capsys.readouterr().err
    assert not (folder / "plan-top-up-1.csv").exists()
    laptop = session(folder, "one")
    for name in ("A", "B"):
        for item in open_project(folder).plan.items_of(name, seed=0):
            rate(laptop, name, item, 3)
    laptop.close()
    capsys.readouterr()
    assert main(["plan", "top-up", str(folder), "--to", "2", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    plan = open_project(folder).plan
    assert (folder / "plan-top-up-1.csv").is_file() and plan.top_ups[0].to == 2
    topped = {item for items in plan.top_ups[0].assignments.values() for item in items}
    assert topped == plan.items_of("C", seed=0)  # C never came: A and B take C's pairs
    assert out.splitlines()[0] == "tagger  item_id" and len(out.splitlines()) == 5
    assert "Top-up 1: 4 pairs of 4 items for 2 taggers" in err


def test_top_up_is_refused_once_a_retest_round_started(make_project_folder, capsys) -> None:
    folder = make_project_folder(6)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--laptops", "3"]) == 0
    start_round(folder, now=datetime(2027, 1, 1, tzinfo=UTC))
    assert main(["plan", "top-up", str(folder), "--to", "2"]) == 2
    assert "a top-up adds pairs to round 1" in capsys.readouterr().err


def test_power_from_a_stated_alpha_prints_one_row_per_setting(capsys) -> None:
    assert main(["plan", "power", "--alpha", "0.7", "--ratings-per-item", "3,5",
                 "--items", "200,800", "--taggers", "6", "--reps", "20", "--bootstrap",
                 "200"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split() == ["K", "items", "alpha", "ci95_width", "reads"]
    rows = [line.split() for line in lines[1:]]
    assert [(r[0], r[1]) for r in rows] == [("3", "200"), ("3", "800"), ("5", "200"),
                                           ("5", "800")]
    widths = {(r[0], r[1]): float(r[3]) for r in rows}
    assert widths["3", "800"] < widths["3", "200"] and widths["5", "200"] < widths["3", "200"]
    assert all(0.6 < float(r[2]) < 0.8 for r in rows)
    assert "α 0.700 on 5 levels, 6 taggers" in err


def test_power_refuses_what_it_cannot_simulate(capsys) -> None:
    assert main(["plan", "power", "--alpha", "0.7", "--ratings-per-item", "5",
                 "--items", "100", "--taggers", "3"]) == 2
    assert "need at least 5 taggers" in capsys.readouterr().err
    assert main(["plan", "power", "--alpha", "1.5", "--ratings-per-item", "2",
                 "--items", "100"]) == 2
    with pytest.raises(SystemExit) as wrong:
        main(["plan", "power", "--ratings-per-item", "2", "--items", "100"])
    assert wrong.value.code == 2


def test_power_from_a_pilot_folder(simulated_project, capsys) -> None:
    assert main(["plan", "power", "--pilot", str(simulated_project), "--ratings-per-item",
                 "3", "--items", "300", "--reps", "10", "--bootstrap", "100"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2 and "4 taggers" in err
