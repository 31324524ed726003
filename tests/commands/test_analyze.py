"""``annotator analyze`` end to end: inputs, files written, ``--json -``, exit codes."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode


def test_project_folder_to_json_and_csv(panel_project: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out" / "report.json"
    code = main(["analyze", str(panel_project), "--json", str(out), "--csv-dir",
                 str(tmp_path / "tables"), "--reps", "10", "--seed", "4"])
    assert code == ExitCode.DONE
    report = json.loads(out.read_text(encoding="utf-8"))
    assert (report["n_ratings"], report["n_taggers"], report["n_items"]) == (5, 2, 2)
    assert report["taggers"]["ana"]["score"] == 3 and report["taggers"]["ana"][
        "tutorial_score"] == 2
    assert report["retest"]["ana"]["n_items"] == 1
    assert report["items"]["csv"] == str(tmp_path / "tables" / "items.csv")
    with (tmp_path / "tables" / "items.csv").open(encoding="utf-8-sig") as handle:
        rows = {r["item_id"]: r for r in csv.DictReader(handle)}
    assert set(rows) == {"item000", "item001"}
    assert rows["item000"]["n"] == "3" and rows["item001"]["sd"] == "0"
    assert (tmp_path / "tables" / "taggers.csv").read_text(encoding="utf-8-sig").startswith(
        "tagger,ratings,n_compared,ea")
    printed = capsys.readouterr().out
    assert "Krippendorff's alpha (ordinal)" in printed and "Virtual raters" in printed
    assert not list((tmp_path / "out").glob(".*"))  # no temporary file left behind


def test_json_dash_prints_valid_json_on_stdout_and_the_summary_on_stderr(
        panel_project: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    argv = ["analyze", str(panel_project), "--reps", "10", "--seed", "4"]
    assert main([*argv, "--json", "-"]) == ExitCode.DONE
    out, err = capsys.readouterr()
    printed = json.loads(out)
    assert "Krippendorff's alpha (ordinal)" in err
    assert list(cwd.iterdir()) == []  # no file named '-'
    assert main([*argv, "--json", str(tmp_path / "r.json")]) == ExitCode.DONE
    assert printed == json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert capsys.readouterr().out.rstrip() == err.rstrip()  # the same summary, on stdout


def test_ratings_csv_input_and_level_choice(tmp_path: Path, capsys) -> None:
    path = tmp_path / "legacy.csv"
    lines = ["item_id,tagger,round,rating"]
    lines += [f"i{i},t{j},1,{(i + j // 2) % 4 + 1}" for i in range(30) for j in range(3)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["analyze", "--ratings-csv", str(path), "--json", str(out), "--level",
                 "interval", "--reps", "5"]) == ExitCode.DONE
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["alpha"]["level"] == "interval" and report["n_ratings"] == 90
    assert report["taggers"]["t0"]["score"] is None
    assert "/taggers/t0/score" in report["reasons"]
    assert report["items"]["csv"] is None and "/items/csv" in report["reasons"]


def test_unusable_inputs_are_refused_with_the_file_named(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("item_id,tagger,round,rating\na,b,x,1\n", encoding="utf-8")
    assert main(["analyze", "--ratings-csv", str(bad)]) == ExitCode.REFUSED
    assert f"{bad}:2: round 'x'" in capsys.readouterr().err
    assert main(["analyze", str(tmp_path / "missing.sqlite")]) == ExitCode.REFUSED
    assert "no such file" in capsys.readouterr().err
    assert main(["analyze"]) == ExitCode.REFUSED
    assert "--ratings-csv" in capsys.readouterr().err
    text = tmp_path / "notes.sqlite"
    text.write_text("hello", encoding="utf-8")
    assert main(["analyze", str(text)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and "not a session file" in err


def test_an_unwritable_json_target_is_refused_by_name(panel_project: Path, tmp_path: Path,
                                                      capsys) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    code = main(["analyze", str(panel_project), "--json", str(blocker / "sub" / "r.json"),
                 "--reps", "5"])
    assert code == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and err == f"{blocker / 'sub'}: Not a directory\n"


def test_gui_is_refused_for_a_ratings_csv(tmp_path: Path, capsys) -> None:
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("item_id,tagger,round,rating\na,b,1,1\n", encoding="utf-8")
    assert main(["analyze", "--ratings-csv", str(ratings), "--gui"]) == ExitCode.REFUSED
    assert "--gui opens a project folder or a panel database" in capsys.readouterr().err


def test_a_full_analysis_runs_on_numpy_alone(panel_project: Path, tmp_path: Path) -> None:
    """SciPy and krippendorff only cross-check the engine in tests; the installers leave them
    out (GPL krippendorff included), so a full run must never import them."""
    script = (
        "import sys\n"
        "from annotator.cli import main\n"
        f"assert main(['analyze', {str(panel_project)!r}, '--json', "
        f"{str(tmp_path / 'out.json')!r}]) == 0\n"
        "print(sorted(m for m in ('scipy', 'krippendorff') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "out.json").is_file()


def test_metrics_from_the_folder_or_the_flag(panel_project: Path, tmp_path: Path,
                                             capsys) -> None:
    out = tmp_path / "r.json"
    assert main(["analyze", str(panel_project), "--json", str(out), "--reps", "5"]) == ExitCode.DONE
    assert json.loads(out.read_text(encoding="utf-8"))["metrics"] is None
    (panel_project / "metrics.csv").write_text(
        "item_id,metric,score\nitem000,words,3\nitem001,words,9\nitem009,words,1\n",
        encoding="utf-8")
    assert main(["analyze", str(panel_project), "--json", str(out), "--reps", "5"]) == ExitCode.DONE
    block = json.loads(out.read_text(encoding="utf-8"))["metrics"]
    assert block["file"] == str(panel_project / "metrics.csv")
    assert block["unknown_items"] == 1 and block["unknown_item_examples"] == ["item009"]
    assert block["by_metric"]["words"]["n_items"] == 2
    assert "  words            tau_c " in capsys.readouterr().out
    other = tmp_path / "other.csv"
    other.write_text("item_id,metric,score\nitem000,clip,x\n", encoding="utf-8")
    assert main(["analyze", str(panel_project), "--metrics", str(other)]) == ExitCode.REFUSED
    assert f"{other}:2: score 'x' is not a number" in capsys.readouterr().err
