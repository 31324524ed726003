"""The headless subcommands: exit codes and messages a lab lead can act on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from annotator import __version__
from annotator.cli import EXIT_NOT_A_PROJECT, EXIT_OK, EXIT_PROBLEMS, main
from tests.conftest import write_jpeg
from tests.project.test_rounds import write_subset


def test_validate_a_clean_project_exits_0(make_project_folder, capsys) -> None:
    assert main(["validate", str(make_project_folder(n_items=4))]) == EXIT_OK
    out, err = capsys.readouterr()
    assert out == ""
    assert "0 problems; 4 pairs can be rated." in err


def test_validate_lists_each_problem_with_file_and_line_and_exits_1(
    make_project_folder, capsys
) -> None:
    folder = make_project_folder(n_items=4)
    (folder / "images" / "photo001.jpg").write_bytes(b"GIF89a but not really")
    (folder / "images" / "photo002.jpg").unlink()
    with (folder / "items.csv").open("a", encoding="utf-8") as handle:
        handle.write("item009,images/photo000.jpg,,human\n")
    assert main(["validate", str(folder)]) == EXIT_PROBLEMS
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    items_csv = str(folder / "items.csv")
    assert lines[0].startswith(f"{items_csv}:3: ")  # photo001 is on line 3
    assert lines[1].startswith(f"{items_csv}:4: ")
    assert lines[2].startswith(f"{items_csv}:6: ")


def test_validate_a_folder_that_is_not_a_project_exits_2(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(tmp_path)]) == EXIT_NOT_A_PROJECT
    assert str(tmp_path) in capsys.readouterr().err


def test_init_from_sidecars_then_validate_clean(tmp_path: Path, capsys) -> None:
    source = tmp_path / "photos"
    for name, caption in (("harbour", "Boats in a harbour."), ("market", "A busy market.")):
        write_jpeg(source / f"{name}.jpg")
        (source / f"{name}.txt").write_text(caption + "\n", encoding="utf-8")
    target = tmp_path / "panel"
    assert main(["init", str(target), "--images", str(source), "--name", "Harbour"]) == EXIT_OK
    assert "Created" in capsys.readouterr().err
    assert (target / "project.toml").is_file()
    assert sorted(p.name for p in (target / "images").iterdir()) == ["harbour.jpg", "market.jpg"]
    assert main(["validate", str(target)]) == EXIT_OK


def test_init_from_a_csv_reports_bad_rows_and_keeps_good_ones(tmp_path: Path, capsys) -> None:
    source = tmp_path / "photos"
    write_jpeg(source / "a.jpg")
    write_jpeg(source / "b.jpg")
    captions = tmp_path / "captions.csv"
    captions.write_text("image,caption\na.jpg,A red square.\nb.jpg,\nc.jpg,Missing.\n",
                        encoding="utf-8")
    target = tmp_path / "panel"
    code = main(["init", str(target), "--images", str(source), "--captions", str(captions)])
    assert code == EXIT_PROBLEMS
    out = capsys.readouterr().out
    assert f"{captions}:3:" in out and f"{captions}:4:" in out
    assert (target / "items.csv").read_text(encoding="utf-8").count("A red square.") == 1


def test_init_refuses_an_existing_project(make_project_folder, tmp_path: Path, capsys) -> None:
    folder = make_project_folder(n_items=1)
    source = tmp_path / "photos"
    write_jpeg(source / "a.jpg")
    (source / "a.txt").write_text("A caption.", encoding="utf-8")
    assert main(["init", str(folder), "--images", str(source)]) == EXIT_PROBLEMS
    assert str(folder) in capsys.readouterr().err


def test_the_installed_command_and_python_m_both_run() -> None:
    script = Path(sys.executable).with_name("annotator.exe" if sys.platform == "win32"
                                            else "annotator")
    for command in ([str(script)], [sys.executable, "-m", "annotator"]):
        result = subprocess.run([*command, "--version"], capture_output=True, text=True,
                                check=True)
        assert result.stdout.strip() == f"annotator {__version__}"


def test_an_unwritable_target_is_a_message_not_a_traceback(tmp_path: Path, capsys) -> None:
    source = tmp_path / "photos"
    write_jpeg(source / "a.jpg")
    (source / "a.txt").write_text("A caption.", encoding="utf-8")
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    code = main(["init", str(blocker / "panel"), "--images", str(source)])
    assert code in (EXIT_PROBLEMS, EXIT_NOT_A_PROJECT)
    err = capsys.readouterr().err
    assert "file-not-folder" in err and "Traceback" not in err


def test_round_start_records_round_two_and_round_list_shows_it(
    make_project_folder, tmp_path, capsys
) -> None:
    folder = make_project_folder(n_items=5)
    subset = write_subset(tmp_path / "retest.csv", "item001", "item003")
    assert main(["round", "start", str(folder), "--items", str(subset), "--feedback"]) == EXIT_OK
    out, err = capsys.readouterr()
    assert "Round 2 started" in err and "Warning" not in err  # no ratings yet: nothing to warn
    assert main(["round", "list", str(folder)]) == EXIT_OK
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["1", "with", "the", "project", "5", "on", "all"]
    assert lines[2].split()[-3:] == ["2", "on", "rounds/round-2-items.csv"]
    assert lines[3] == "Current round: 2. Washout between rounds: 42 days."

    assert main(["round", "start", str(folder)]) == EXIT_OK
    out, err = capsys.readouterr()
    assert "Warning: Round 2 started today" in err and "Round 3 started" in err
    assert out.splitlines()[3].split()[-3:] == ["5", "off", "all"]  # blind by default


def test_round_start_with_a_bad_subset_names_the_lines_and_exits_1(
    make_project_folder, tmp_path, capsys
) -> None:
    folder = make_project_folder(n_items=2)
    assert main(["simulate", str(folder), "--taggers", "1", "--seed", "1"]) == EXIT_OK
    capsys.readouterr()  # round 1 was rated just now: the washout has not passed
    subset = write_subset(tmp_path / "retest.csv", "item001", "item042")
    assert main(["round", "start", str(folder), "--items", str(subset)]) == EXIT_PROBLEMS
    err = capsys.readouterr().err
    assert f"{subset}:3: The item id 'item042' is not an item of items.csv." in err
    assert "Traceback" not in err and "Warning" not in err
    assert main(["round", "list", str(folder)]) == EXIT_OK
    assert "Current round: 1." in capsys.readouterr().out


def test_round_start_outside_a_project_exits_2(tmp_path, capsys) -> None:
    assert main(["round", "start", str(tmp_path)]) == EXIT_NOT_A_PROJECT
    assert "not a project folder" in capsys.readouterr().err


def test_round_start_refuses_blind_and_feedback_together(make_project_folder, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["round", "start", str(make_project_folder(n_items=1)), "--blind", "--feedback"])
    assert "not allowed with argument" in capsys.readouterr().err
