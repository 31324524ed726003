"""Attention checks in the analysis: who failed by the project's rule, and leaving them out."""

from __future__ import annotations

import json

from annotator.analysis.checks import CheckSpec, attention_checks, check_spec, without_taggers
from annotator.analysis.report import analyze
from annotator.analysis.results import TaggerChecks
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.check_rule import CheckRule
from annotator.project.folder import open_project
from annotator.store.records import Phase
from tests.analysis.sessions import rate, session
from tests.item_checks import mark_checks
from tests.project_ratings import project_ratings


def test_who_failed_by_the_rule(checked_project) -> None:
    spec = check_spec(open_project(checked_project))
    got = attention_checks(project_ratings(checked_project), spec)
    assert got.taggers == {
        "ana": TaggerChecks(rated=2, failed=0, failed_items=()),
        "ben": TaggerChecks(rated=2, failed=1, failed_items=("check-00",)),
    }
    assert got.failed_taggers == ("ben",) and got.n_check_pairs == 2
    lenient = CheckSpec(spec.gold, CheckRule(max_failures=1))
    assert attention_checks(project_ratings(checked_project), lenient).failed_taggers == ()
    seed_rule = CheckSpec(spec.gold, CheckRule(fail_at_or_above=2, fail_levels_off=None))
    assert attention_checks(project_ratings(checked_project), seed_rule).failed_taggers == (
        "ana", "ben")


def test_leaving_out_who_failed_changes_every_figure_and_says_so(checked_project) -> None:
    table = project_ratings(checked_project)
    spec = check_spec(open_project(checked_project))
    kept = analyze(table, checks=spec, exclude_failed_checks=True, reps=5,
                   bootstrap=20).to_json()
    alone = analyze(without_taggers(table, ["ben"]), reps=5, bootstrap=20).to_json()
    assert kept["checks"]["excluded"] == {"taggers": ["ben"], "ratings": 6}
    assert set(kept["taggers"]) == {"ana", "cy"} and kept["n_ratings"] == 12
    assert kept["alpha"] == alone["alpha"]
    full = analyze(table, checks=spec, reps=5, bootstrap=20).to_json()
    assert full["checks"]["excluded"] is None and full["n_ratings"] == 18
    assert full["alpha"] != kept["alpha"]


def test_without_checks_the_report_says_why(make_project_folder) -> None:
    report = analyze(project_ratings(make_folder_with_one_rating(make_project_folder))).to_json()
    assert report["checks"] is None and "no attention checks" in report["reasons"]["/checks"]


def make_folder_with_one_rating(make_project_folder):
    folder = make_project_folder(2)
    store = session(folder, "lab")
    rate(store, "ana", "item000", 3)
    store.close()
    return folder


def test_the_command_leaves_them_out_on_request(checked_project, make_project_folder,
                                                tmp_path, capsys) -> None:
    out = tmp_path / "r.json"
    assert main(["analyze", str(checked_project), "--exclude-failed-checks", "--json",
                 str(out), "--reps", "5", "--bootstrap", "20"]) == 0
    assert "Left out: 1 taggers who failed them, with their 6 ratings." in capsys.readouterr().out
    assert json.loads(out.read_text(encoding="utf-8"))["n_taggers"] == 2
    no_checks = make_folder_with_one_rating(make_project_folder)
    assert main(["analyze", str(no_checks), "--exclude-failed-checks"]) == ExitCode.REFUSED
    assert "needs a project folder with attention checks" in (
        capsys.readouterr().err)


def test_item_checks_are_judged_from_their_data_answers_and_count_as_data(
        make_project_folder, capsys) -> None:
    # item000 and item003 are the project's own items marked as checks (4 or more fails):
    # ben answers item003 with 5 in round 1, cy item000 with 4 in a retest; ana passes.
    folder = mark_checks(make_project_folder(6, check_rule={"fail_at_or_above": 4}),
                         {"item000": "yes", "item003": "yes"})
    files = {name: session(folder, f"laptop-{name}") for name in ("ana", "ben", "cy")}
    for name, store in files.items():
        for i in range(6):
            rate(store, name, f"item{i:03d}", 5 if (name, i) == ("ben", 3) else 1 + i % 3)
    rate(files["cy"], "cy", "item000", 4, rnd=2, phase=Phase.RETEST)
    for store in files.values():
        store.close()
    spec = check_spec(open_project(folder))
    assert spec is not None and spec.items == {"item000", "item003"} and not spec.gold
    table = project_ratings(folder)
    got = attention_checks(table, spec)
    assert got.taggers == {"ana": TaggerChecks(2, 0, ()),
                           "ben": TaggerChecks(2, 1, ("item003",)),
                           "cy": TaggerChecks(3, 1, ("item000",))}
    assert got.failed_taggers == ("ben", "cy") and got.n_check_pairs == 2
    full = analyze(table, checks=spec, reps=5, bootstrap=20).to_json()
    assert full["n_ratings"] == 19 and full["n_items"] == 6  # the checks' answers are data
    kept = analyze(table, checks=spec, exclude_failed_checks=True, reps=5,
                   bootstrap=20).to_json()
    assert kept["checks"]["excluded"] == {"taggers": ["ben", "cy"], "ratings": 13}
    assert set(kept["taggers"]) == {"ana"} and kept["n_ratings"] == 6
    assert main(["analyze", str(folder), "--exclude-failed-checks", "--reps", "5",
                 "--bootstrap", "20"]) == 0
    assert "Left out: 2 taggers who failed them, with their 13 ratings." in (
        capsys.readouterr().out)
