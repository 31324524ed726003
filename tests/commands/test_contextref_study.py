"""The ContextRef study end to end, as the paper ran it (Kreiss et al., ICLR 2024, §4.2 and
Appendix A): five pairs per participant, exactly one of them an identical description that
is a check and data; participants who fail it are excluded, and more are recruited until
every description has three ratings from participants who passed."""

from __future__ import annotations

import csv
import json
import re
import shutil
from collections import Counter
from pathlib import Path

from annotator.cli import main
from annotator.project.folder import open_project

SAMPLE = Path(__file__).parents[2] / "sample_projects" / "contextref-demo"
TAGGERS = ("Ana", "Ben", "Chen", "Dana", "Eli", "Fay")
MAX_TOP_UPS = 6


def merged(folder: Path) -> Path:
    panel = folder / "panel.sqlite"
    assert main(["merge", str(panel), *map(str, sorted(folder.glob("sessions/*.sqlite")))]) == 0
    return panel


def test_simulated_contextref_tops_up_to_three_ratings_from_who_passed(tmp_path: Path,
                                                                       capsys) -> None:
    folder = tmp_path / "contextref-demo"
    shutil.copytree(SAMPLE, folder)
    checks = open_project(folder).checks.items
    assert checks == {"check-fig", "check-dragonfly"}
    assert main(["plan", str(folder), "--ratings-per-item", "3", "--taggers",
                 ",".join(TAGGERS), "--seed", "1"]) == 0
    plan = open_project(folder).plan
    assert plan is not None
    for name in TAGGERS:  # five pairs each, exactly one an identical description
        mine = plan.items_of(name, seed=0)
        assert len(mine) == 5 and len(mine & checks) == 1

    assert main(["simulate", str(folder), "--taggers", "6", "--seed", "1"]) == 0
    panel = merged(folder)
    capsys.readouterr()
    assert main(["plan", "status", str(panel)]) == 0
    status = capsys.readouterr().err
    said = re.search(r"ratings of (\d+) taggers? who failed the attention checks \(([^)]*)\)",
                     status)
    assert said is not None, status
    first_failed = set(said.group(2).split(", "))
    assert int(said.group(1)) == len(first_failed) and first_failed < set(TAGGERS)
    assert "10 are under target" in status

    for round_of_recruiting in range(1, MAX_TOP_UPS + 1):
        newcomers = ",".join(f"Recruit {round_of_recruiting}{c}" for c in "abc")
        assert main(["plan", "top-up", str(folder), "--ratings", str(panel), "--to", "3",
                     "--taggers", newcomers, "--seed", str(round_of_recruiting)]) == 0
        if "Nothing to top up" in capsys.readouterr().err:
            break
        everyone = open_project(folder).plan.everyone
        assert main(["simulate", str(folder), "--taggers", str(len(everyone)), "--seed",
                     str(100 + round_of_recruiting)]) == 0
        panel = merged(folder)
    else:
        raise AssertionError(f"still short of passing ratings after {MAX_TOP_UPS} top-ups")
    assert round_of_recruiting > 2  # it took more than one top-up: recruits failed too

    capsys.readouterr()
    assert main(["plan", "status", str(panel)]) == 0
    assert "10 have them, 0 are under target" in capsys.readouterr().err

    report, tables = tmp_path / "report.json", tmp_path / "tables"
    assert main(["analyze", str(panel), "--exclude-failed-checks", "--json", str(report),
                 "--csv-dir", str(tables), "--reps", "5", "--bootstrap", "20"]) == 0
    written = json.loads(report.read_text(encoding="utf-8"))
    checked = written["checks"]
    failed = set(checked["failed_taggers"])
    assert first_failed <= failed and set(checked["excluded"]["taggers"]) == failed
    assert set(written["taggers"]) <= set(checked["taggers"])  # every one counted was checked
    with (tables / "items.csv").open(encoding="utf-8-sig", newline="") as handle:
        counts = {row["item_id"]: int(row["n"]) for row in csv.DictReader(handle)}
    assert len(counts) == 10 and min(counts.values()) >= 3, counts
    with (folder / "plan.csv").open(encoding="utf-8", newline="") as handle:
        planned = Counter(row["item_id"] for row in csv.DictReader(handle))
    assert planned == dict.fromkeys(counts, 3)
