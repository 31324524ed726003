"""The plan in the project folder: plan.csv and [plan], checked whole, hash and all."""

from __future__ import annotations

import csv
import hashlib
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.errors import ProjectError
from annotator.project.folder import open_project
from annotator.project.plan import PlanBy, seat_names
from annotator.project.plan_file import plan_csv_text, write_top_up


def plan_rows(folder: Path, name: str = "plan.csv") -> list[dict[str, str]]:
    with (folder / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def rehash(folder: Path) -> None:
    """What a lead who edits plan.csv by hand and updates the hash does."""
    digest = hashlib.sha256((folder / "plan.csv").read_bytes()).hexdigest()
    toml = folder / "project.toml"
    lines = [f'sha256 = "{digest}"' if line.startswith("sha256 = ") else line
             for line in toml.read_text(encoding="utf-8").splitlines()]
    toml.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture
def folder(make_project_folder) -> Path:
    root = make_project_folder(12)
    toml = root / "project.toml"
    toml.write_text("# the lead's note\n" + toml.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["plan", str(root), "--ratings-per-item", "2", "--taggers", "Ana,Ben,Chen",
                 "--seed", "3"]) == 0
    return root


def test_the_plan_reads_back_as_written_and_the_leads_comments_stay(folder) -> None:
    project = open_project(folder)
    plan = project.plan
    assert plan is not None and not project.problems
    assert plan.by is PlanBy.TAGGER and plan.ratings_per_item == 2 and plan.seed == 3
    assert plan.assignees == ("Ana", "Ben", "Chen")
    rows = plan_rows(folder)
    assert {(r["tagger"], r["item_id"]) for r in rows} == {
        (name, item) for name in plan.assignees for item in plan.items_of(name, seed=0)}
    assert all(count == 2 for count in plan.planned.values()) and len(plan.planned) == 12
    text = (folder / "project.toml").read_text(encoding="utf-8")
    assert text.startswith("# the lead's note\n") and "[flow]" in text
    assert 'file = "plan.csv"' in text and "ratings_per_item = 2" in text


def test_names_match_as_on_the_start_screen(folder) -> None:
    plan = open_project(folder).plan
    assert plan.items_of("  ana ", seed=1) == plan.items_of("Ana", seed=2)
    assert plan.name_of("CHEN") == "Chen" and plan.name_of("Dora") is None


def test_a_changed_plan_file_stops_the_project_naming_the_hash_line(folder) -> None:
    rows = (folder / "plan.csv").read_text(encoding="utf-8").splitlines()
    (folder / "plan.csv").write_text("\n".join(rows[:-1]) + "\n", encoding="utf-8")
    with pytest.raises(ProjectError) as refused:
        open_project(folder)
    line = next(n for n, text in enumerate(
        (folder / "project.toml").read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("sha256"))
    assert refused.value.line == line and "SHA-256" in str(refused.value)
    assert main(["validate", str(folder)]) == 2


def test_a_missing_plan_file_stops_the_project(folder) -> None:
    (folder / "plan.csv").unlink()
    with pytest.raises(ProjectError, match=r"plan\.csv, which is not in the project folder"):
        open_project(folder)


def test_validate_lists_rows_and_counts_that_do_not_add_up(folder, capsys) -> None:
    rows = (folder / "plan.csv").read_text(encoding="utf-8").splitlines()
    rows[1] = "Ana,no-such-item"
    rows.append(rows[2])  # a row twice
    (folder / "plan.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    rehash(folder)
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "plan.csv:2: The item id 'no-such-item' is not an item of items.csv." in out
    assert f"plan.csv:{len(rows)}: " in out and "already listed on line 3" in out
    assert "items are not planned exactly 2 times" in out


def test_a_value_of_the_wrong_kind_names_its_line(folder) -> None:
    toml = folder / "project.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('by = "tagger"', 'by = "desk"'),
                    encoding="utf-8")
    with pytest.raises(ProjectError, match='by must be "tagger" or "laptop"') as refused:
        open_project(folder)
    assert refused.value.line is not None


def test_a_misspelt_key_is_a_problem(folder) -> None:
    toml = folder / "project.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("seed = 3", "seed = 3\nsed = 4"),
                    encoding="utf-8")
    problems = [str(p) for p in open_project(folder).problems]
    assert any("[plan] has no setting 'sed'" in p for p in problems)


def test_a_top_up_adds_to_the_shares_and_is_checked_too(folder) -> None:
    plan = open_project(folder).plan
    outside = next(item for item in sorted(plan.planned) if item not in plan.items_of("Ana",
                                                                                       seed=0))
    write_top_up(folder, number=1, text=plan_csv_text("tagger", [("Ana", outside)]),
                 settings={"to": 3})
    plan = open_project(folder).plan
    assert outside in plan.items_of("ana", seed=0)
    assert plan.top_ups[0].to == 3 and plan.top_ups[0].file == "plan-top-up-1.csv"
    (folder / "plan-top-up-1.csv").write_text("tagger,item_id\nBen,item000\n", encoding="utf-8")
    with pytest.raises(ProjectError, match=r"plan-top-up-1\.csv is not the file"):
        open_project(folder)


def test_a_plan_by_laptop_names_its_seats(make_project_folder) -> None:
    root = make_project_folder(10)
    assert main(["plan", str(root), "--ratings-per-item", "2", "--laptops", "4"]) == 0
    plan = open_project(root).plan
    assert plan.by is PlanBy.LAPTOP and plan.assignees == seat_names(4)
    assert plan.assignees == ("laptop-01", "laptop-02", "laptop-03", "laptop-04")
    assert {r["laptop"] for r in plan_rows(root)} == set(seat_names(4))
    assert seat_names(12)[-1] == "laptop-12" and seat_names(120)[0] == "laptop-001"


def test_a_late_joiner_gets_the_least_planned_items(make_project_folder) -> None:
    root = make_project_folder(30)
    # 4 taggers × 6 pairs at K = 2 cover 12 of the 30 items; the 18 others are unplanned
    assert main(["plan", str(root), "--ratings-per-item", "2", "--taggers", "A,B,C,D",
                 "--pairs-per-tagger", "6", "--seed", "2"]) == 0
    plan = open_project(root).plan
    assert len(plan.planned) == 12 and plan.largest_share == 6
    items = [item.item_id for item in open_project(root).items]
    late = plan.items_of("Zoe", seed=5, among=items)
    assert len(late) == 6 and not late & set(plan.planned)  # none planned beats planned
    assert plan.items_of("Zoe", seed=5, among=items) == late
    assert plan.items_of("Yan", seed=6, among=items) != late
