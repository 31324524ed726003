"""``annotator analyze --tables PAPER``: a paper's tables as text, and as JSON with
``--json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from annotator.cli import main


def test_tables_as_json_on_stdout_and_text_on_stderr(simulated_project: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyze", str(simulated_project), "--tables", "vicr", "--json", "-",
                 "--reps", "5", "--bootstrap", "20"])
    out, err = capsys.readouterr()
    assert code == 0
    tables = json.loads(out)
    assert tables["paper"].startswith("VICR")
    assert [t["name"] for t in tables["tables"]] == ["EA/AA", "EA by level", "§5", "Table 4"]
    gold = tables["tables"][0]
    assert gold["columns"] == ["tagger", "ratings", "exact", "adjacent"]
    assert gold["rows"][-1][0] == "(panel)" and 0 <= gold["rows"][-1][2] <= 1
    assert "EA/AA: Taggers against the expert gold ratings [vicr-gold]" in err
    assert "Not reproduced: Table 4 of the paper is on a held-out 20 % test split" in err


def test_tables_as_text_and_a_json_file(simulated_project: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    written = tmp_path / "out" / "vcrscore.json"
    code = main(["analyze", str(simulated_project), "--tables", "vcrscore", "--json",
                 str(written), "--reps", "5", "--bootstrap", "20"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Table 3: Agreement between taggers by Kendall's τ" in out
    tables = json.loads(written.read_text(encoding="utf-8"))
    assert [t["name"] for t in tables["tables"]] == ["Table 3", "Fig. 3", "Fig. 5", "Fig. 9"]
    assert all(t["rows"] and "missing" not in t for t in tables["tables"])
    ranking = tables["tables"][3]["rows"]
    assert [row[0] for row in ranking] == list(range(1, len(ranking) + 1))
    assert [row[3] for row in ranking] == sorted((row[3] for row in ranking), reverse=True)


def test_undefined_cells_are_null_with_their_reason(simulated_project: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(simulated_project), "--tables", "caption-quality",
                 "--json", "-", "--reps", "5", "--bootstrap", "20"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert {t["missing"] for t in tables["tables"]} == {"not a binary (0/1) scale"}


def test_tables_with_csv_dir_are_refused(simulated_project: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyze", str(simulated_project), "--tables", "vicr", "--csv-dir",
                 str(tmp_path / "csv"), "--reps", "5", "--bootstrap", "20"])
    assert code == 2
    assert "--tables prints a paper's" in capsys.readouterr().err
    assert not (tmp_path / "csv").exists()


def test_tables_json_over_an_input_is_refused(simulated_project: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    items = simulated_project / "items.csv"
    before = items.read_bytes()
    code = main(["analyze", str(simulated_project), "--tables", "vicr", "--json", str(items),
                 "--reps", "5", "--bootstrap", "20"])
    assert code == 2
    assert items.read_bytes() == before
    assert "items.csv" in capsys.readouterr().err
