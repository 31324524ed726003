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
from tests.analysis.sessions import rate, session
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
