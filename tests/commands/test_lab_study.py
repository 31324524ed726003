"""A lab's own study from the command line: its rubric (a 7-point scale, a yes/no flag with a
conditional note, a choice) validated, simulated on several laptops, merged, analysed and
exported; the same study with its levels listed best first gives the same figures, so
every figure follows the declared order, not the order of the file."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from tests.study_rubric import LABELS, study_rubric_text, use_study_rubric


def best_first(text: str) -> str:
    """The study's rubric with its levels listed best first (values unchanged)."""
    head, _, rest = text.partition("\n[[levels]]")
    levels_part, _, questions = ("[[levels]]" + rest).partition("\n[[questions]]")
    blocks = [block for block in levels_part.split("[[levels]]") if block.strip()]
    reordered = ""
    for key, block in enumerate(reversed(blocks), start=1):
        lines = [line if not line.startswith("key = ") else f'key = "{key}"'
                 for line in block.strip().splitlines()]
        reordered += "\n[[levels]]\n" + "\n".join(lines) + "\n"
    head = head.replace('order = "worst-first"', 'order = "best-first"')
    return head + reordered + "\n[[questions]]" + questions


def run_study(folder: Path, out: Path, capsys) -> tuple[dict, list[dict[str, str]], str]:
    assert main(["validate", str(folder)]) == ExitCode.DONE
    assert main(["simulate", str(folder), "--taggers", "4", "--seed", "11"]) == ExitCode.DONE
    panel = folder / "panel.sqlite"
    assert main(["merge", str(panel), str(folder / "sessions"), "--project",
                 str(folder)]) == ExitCode.DONE
    capsys.readouterr()
    assert main(["analyze", str(panel), "--project", str(folder), "--json", "-",
                 "--reps", "5", "--bootstrap", "50"]) in (ExitCode.DONE, ExitCode.PROBLEMS)
    figures = json.loads(capsys.readouterr().out)
    assert main(["export", str(panel), "--out", str(out / "data"), "--include-simulated",
                 "--pseudonymise"]) == ExitCode.DONE
    with (out / "data" / "ratings.csv").open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    codebook = (out / "data" / "codebook.md").read_text(encoding="utf-8")
    return figures, rows, codebook


@pytest.fixture
def studies(make_project_folder, tmp_path: Path, capsys) -> dict[str, tuple]:
    runs = {}
    for name, text in (("worst-first", study_rubric_text()),
                       ("best-first", best_first(study_rubric_text()))):
        folder = use_study_rubric(make_project_folder(8), text)
        out = tmp_path / name
        out.mkdir()
        runs[name] = run_study(folder, out, capsys)
    return runs


def test_the_study_runs_through_validate_merge_analyze_and_export(studies) -> None:
    figures, rows, codebook = studies["worst-first"]
    kinds = {row["answer"] for row in rows}
    assert kinds == {"scale", "flag", "choice", "text"}
    notes = [row["text"] for row in rows if row["answer"] == "text" and row["text"]]
    assert notes and all(note.startswith("Simulated note") for note in notes)
    flagged = {(row["item_id"], row["tagger"]) for row in rows
               if row["answer"] == "flag" and row["flag"] == "1"}
    noted = {(row["item_id"], row["tagger"]) for row in rows if row["answer"] == "text"}
    assert noted <= flagged  # the note is asked only after yes
    assert {row["rating"] for row in rows if row["answer"] == "scale"} <= {
        str(v) for v in range(1, 8)}
    assert "| `wrong_info` | flag |" in codebook and "| `audience` | choice |" in codebook
    assert figures["flags"] and figures["choices"] and figures["notes"]


def test_figures_follow_the_declared_order_not_the_files(studies) -> None:
    """The levels listed the other way round (best first, key 1 = 7 "Very good") store the
    same values for the same judgements: every figure is the same."""
    worst, best = studies["worst-first"][0], studies["best-first"][0]
    for block in ("alpha", "items", "flags", "choices", "questions"):
        assert worst[block] == best[block], block
    assert worst["alpha"]["value"] is not None
    assert LABELS[-1] == "Very good"
