"""The whole loop, headless: plan, rate (simulated), merge, status, top-up, rate, analyse.
One of six planned taggers never comes; after one top-up every item has its K ratings."""

from __future__ import annotations

import json
import shutil

from annotator.cli import main
from annotator.planning.coverage import coverage, plan_ratings
from annotator.project.folder import open_project
from annotator.reporting.build import prepare_pane
from annotator.resources import sample_project_dir

NAMES = "Ana,Ben,Chen,Dana,Eli,Fay"


def test_plan_rate_merge_status_top_up_rate_analyse(tmp_path, capsys) -> None:
    folder = tmp_path / "study"
    shutil.copytree(sample_project_dir(), folder)
    panel = folder / "panel.sqlite"
    assert main(["plan", str(folder), "--ratings-per-item", "3", "--taggers", NAMES,
                 "--seed", "4"]) == 0
    plan = open_project(folder).plan
    fay = plan.items_of("Fay", seed=0)
    # Five simulated taggers take the plan's first five names and rate their shares; Fay
    # never comes.
    assert main(["simulate", str(folder), "--taggers", "5", "--seed", "1"]) == 0
    assert main(["merge", str(panel), str(folder / "sessions")]) == 0
    capsys.readouterr()
    assert main(["plan", "status", str(panel)]) == 0
    status = capsys.readouterr()
    before = coverage(plan, plan_ratings(panel).table)
    short = {item.item_id for item in before.under_target}
    assert fay <= short  # everything Fay had lacks one rating
    assert {p.assignee for p in before.behind} >= {"Fay"}
    assert "Fay" in status.out and "under target" in status.err
    assert all(item.rated >= 2 for item in before.items if item.item_id in fay)

    assert main(["plan", "top-up", str(folder), "--to", "3", "--ratings", str(panel),
                 "--seed", "2"]) == 0
    topped = open_project(folder).plan.top_ups[0]
    assert {item for items in topped.assignments.values() for item in items} == short
    assert "fay" not in topped.assignments

    # The same five rate again (another run): only their top-up pairs are left to them.
    assert main(["simulate", str(folder), "--taggers", "5", "--seed", "2"]) == 0
    assert main(["merge", str(panel), str(folder / "sessions")]) == 0
    ratings = plan_ratings(panel)
    after = coverage(ratings.plan, ratings.table)
    assert not after.under_target
    assert all(item.rated >= 3 for item in after.items)
    assert [p.assignee for p in after.behind] == ["Fay"]

    capsys.readouterr()
    assert main(["analyze", str(panel), "--json", "-", "--reps", "5", "--bootstrap", "50"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["n_items"] == len(open_project(folder).items)
    _, content = prepare_pane(panel)
    assert content.section("coverage").summary[0].startswith(
        f"{len(plan.planned)} planned items, 3 ratings each: {len(plan.planned)} have them, 0")
