"""``annotator init FOLDER --from TOOL EXPORT``: 0 with the project and its ratings made,
1 when made with warnings or tasks left out (listed on stdout), 2 with nothing made."""

from __future__ import annotations

import csv
from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project

REAL = Path(__file__).parents[1] / "project" / "fixtures" / "interop" / "real"
IMAGES = REAL / "images"


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_a_label_studio_project_becomes_a_project_with_its_ratings(tmp_path: Path,
                                                                   capsys) -> None:
    folder = tmp_path / "lab"
    code = main(["init", str(folder), "--from", "label-studio",
                 str(REAL / "label-studio-1.23.2" / "export-JSON.json"), "--images",
                 str(IMAGES)])
    out = capsys.readouterr().out
    assert code == ExitCode.DONE
    assert (f"Created {folder} with 6 pairs (rubric vicr5) and wrote 16 ratings of round 1 "
            f"by 3 taggers (1, 2, 3) to {folder / 'ratings-from-label-studio.csv'}; 1 "
            "cancelled") in out
    project = open_project(folder)
    assert not project.problems and sorted(i.item_id for i in project.items) == list("123456")
    assert all((folder / item.image).is_file() for item in project.items)
    ratings = folder / "ratings-from-label-studio.csv"
    assert len(rows(ratings)) == 16
    assert main(["analyze", "--ratings-csv", str(ratings)]) == ExitCode.DONE
    assert "16 ratings" in capsys.readouterr().out


def test_a_potato_project_folder_and_a_named_rubric(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "lab"
    code = main(["init", str(folder), "--from", "potato", str(REAL / "potato-2.12.1"),
                 "--images", str(IMAGES), "--rubric", "vicr5", "--name", "Lab captions"])
    assert code == ExitCode.DONE
    assert "by 3 taggers (ana, ben, cem)" in capsys.readouterr().out
    assert open_project(folder).name == "Lab captions"
    assert {(r["item_id"], r["tagger"], r["rating"]) for r in rows(
        folder / "ratings-from-potato.csv")} >= {("t1", "ben", "4"), ("t6", "ben", "3")}


def test_unnamed_prodigy_sessions_make_the_project_with_a_warning(tmp_path: Path,
                                                                  capsys) -> None:
    export = REAL / "prodigy-docs" / "choice-unnamed.jsonl"
    code = main(["init", str(tmp_path / "lab"), "--from", "prodigy", str(export),
                 "--images", str(IMAGES)])
    out = capsys.readouterr().out
    assert code == ExitCode.PROBLEMS
    assert f"{export}: 2 taggers are unnamed Prodigy sessions" in out
    assert len(rows(tmp_path / "lab" / "ratings-from-prodigy.csv")) == 6


def test_a_choice_map_file_and_its_bad_lines(tmp_path: Path, capsys) -> None:
    mapping = tmp_path / "map.csv"
    mapping.write_text("choice,level\n1 – Wrong,1\n1 – Wrong,2\n,3\n", encoding="utf-8")
    code = main(["init", str(tmp_path / "lab"), "--from", "prodigy",
                 str(REAL / "prodigy-docs" / "choice-named.jsonl"), "--images", str(IMAGES),
                 "--choice-map", str(mapping)])
    err = capsys.readouterr().err
    assert code == ExitCode.REFUSED and not (tmp_path / "lab").exists()
    assert f"{mapping}:3: '1 – Wrong' is mapped twice." in err
    assert f"{mapping}:4: This line needs a choice and a level." in err


def test_images_not_found_are_listed_and_their_answers_refuse_the_project(
        tmp_path: Path, capsys) -> None:
    images = tmp_path / "images"
    images.mkdir()
    (images / "kitchen.png").write_bytes((IMAGES / "kitchen.png").read_bytes())
    code = main(["init", str(tmp_path / "lab"), "--from", "label-studio",
                 str(REAL / "label-studio-1.23.2" / "export-CSV.csv"), "--images", str(images)])
    err = capsys.readouterr().err
    assert code == ExitCode.REFUSED and not (tmp_path / "lab").exists()
    assert "The item '3' is not an item of the project" in err
    assert "So no project was created." in err


def test_an_unknown_tool_and_a_missing_export_are_refused(tmp_path: Path, capsys) -> None:
    assert main(["init", str(tmp_path / "a"), "--from", "doccano", "x.jsonl"]) == 2
    assert "--from takes one of label-studio, potato, prodigy" in capsys.readouterr().err
    assert main(["init", str(tmp_path / "b"), "--from", "prodigy",
                 str(tmp_path / "none.jsonl")]) == 2
    assert "The export does not exist." in capsys.readouterr().err
    assert main(["init", str(tmp_path / "c")]) == 2
    assert "Give --images DIR" in capsys.readouterr().err


def test_import_ratings_warns_of_unnamed_sessions_too(tmp_path: Path, capsys) -> None:
    named = REAL / "prodigy-docs" / "choice-named.jsonl"
    assert main(["init", str(tmp_path / "lab"), "--from", "prodigy", str(named),
                 "--images", str(IMAGES)]) == ExitCode.DONE
    unnamed = REAL / "prodigy-docs" / "choice-unnamed.jsonl"
    code = main(["import-ratings", "prodigy", str(unnamed), "--project", str(tmp_path / "lab"),
                 "--out", str(tmp_path / "more.csv")])
    assert code == ExitCode.DONE
    assert f"{unnamed}: 2 taggers are unnamed Prodigy sessions" in capsys.readouterr().err
    assert len(rows(tmp_path / "more.csv")) == 6
