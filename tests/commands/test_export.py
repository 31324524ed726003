"""``annotator export``: 0 with the dataset folder written and its files listed on stdout, 2
with nothing written."""

from __future__ import annotations

from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode


def test_the_folder_is_written_and_its_files_listed_on_stdout(simulated_project: Path,
                                                              tmp_path: Path, capsys) -> None:
    out = tmp_path / "dataset"
    code = main(["export", str(simulated_project), "--out", str(out), "--pseudonymise",
                 "--format", "jsonl", "--include-simulated"])
    assert code == ExitCode.DONE
    printed, err = capsys.readouterr()
    assert sorted(Path(line).name for line in printed.splitlines()) == sorted(
        p.name for p in out.iterdir())
    assert {"ratings.jsonl", "items.jsonl", "README.md"} <= {p.name for p in out.iterdir()}
    key = tmp_path / "dataset-tagger-key.csv"
    assert key.is_file() and str(key) in err and "do not publish it" in err
    assert "content hash sha256:" in err


def test_a_folder_with_other_files_is_refused_and_left_alone(simulated_project: Path,
                                                             capsys) -> None:
    before = sorted(p.name for p in simulated_project.iterdir())
    code = main(["export", str(simulated_project), "--out", str(simulated_project),
                 "--include-simulated"])
    assert code == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and f"{simulated_project}: This folder is not empty" in err
    assert sorted(p.name for p in simulated_project.iterdir()) == before


def test_excluding_failed_checks_needs_checks(simulated_project: Path, tmp_path: Path,
                                              capsys) -> None:
    code = main(["export", str(simulated_project), "--out", str(tmp_path / "d"),
                 "--exclude-failed-checks"])
    assert code == ExitCode.REFUSED
    assert "attention checks" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()


def test_simulated_ratings_are_refused_unless_asked_for_and_then_the_card_says_so(
        simulated_project: Path, tmp_path: Path, capsys) -> None:
    refused = tmp_path / "refused"
    assert main(["export", str(simulated_project), "--out", str(refused)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and "are simulated (annotator simulate), not people" in err
    assert "--include-simulated" in err and not refused.exists()
    published = tmp_path / "published"
    assert main(["export", str(simulated_project), "--out", str(published), "--pseudonymise",
                 "--include-simulated"]) == ExitCode.DONE
    card = (published / "README.md").read_text(encoding="utf-8")
    assert "**Simulated ratings.**" in card and "not people" in card
    assert "simulated taggers with" in card  # the description, in Croissant and the package
    assert "simulated taggers" in (published / "croissant.json").read_text(encoding="utf-8")
