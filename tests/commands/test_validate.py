"""``annotator validate``: 0 clean, 1 problems listed on stdout, 2 refused on stderr."""

from __future__ import annotations

from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode


def test_a_clean_project_exits_0(make_project_folder, capsys) -> None:
    assert main(["validate", str(make_project_folder(n_items=4))]) == ExitCode.DONE
    out, err = capsys.readouterr()
    assert out == ""
    assert "0 problems; 4 pairs can be rated." in err


def test_each_problem_is_listed_with_file_and_line_and_exits_1(
    make_project_folder, capsys
) -> None:
    folder = make_project_folder(n_items=4)
    (folder / "images" / "photo001.jpg").write_bytes(b"GIF89a but not really")
    (folder / "images" / "photo002.jpg").unlink()
    with (folder / "items.csv").open("a", encoding="utf-8") as handle:
        handle.write("item009,images/photo000.jpg,,human\n")
    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    lines = out.strip().splitlines()
    assert len(lines) == 3
    items_csv = str(folder / "items.csv")
    assert lines[0].startswith(f"{items_csv}:3: ")  # photo001 is on line 3
    assert lines[1].startswith(f"{items_csv}:4: ")
    assert lines[2].startswith(f"{items_csv}:6: ")
    assert "3 problems; 2 pairs can be rated." in err


def test_a_folder_that_is_not_a_project_is_refused_on_stderr(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(tmp_path)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and str(tmp_path) in err


def test_an_unusable_project_toml_is_refused_on_stderr_not_listed(make_project_folder,
                                                                   capsys) -> None:
    folder = make_project_folder(n_items=2)
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        'rubric = "vicr5"', 'rubric = "nonesuch"'), encoding="utf-8")
    assert main(["validate", str(folder)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{manifest}:") and "'nonesuch'" in err


def test_what_taggers_will_get_is_noted_on_stderr_and_is_no_problem(
    make_project_folder, capsys
) -> None:
    folder = make_project_folder(n_items=4)  # no gold.csv, the tutorial on by default
    assert not (folder / "gold.csv").exists()
    assert main(["validate", str(folder)]) == ExitCode.DONE
    out, err = capsys.readouterr()
    assert out == ""
    notes = [line for line in err.splitlines() if line.startswith("note: ")]
    assert any("so taggers get no tutorial" in note for note in notes)
    assert "0 problems; 4 pairs can be rated." in err
