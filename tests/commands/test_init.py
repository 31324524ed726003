"""``annotator init``: 0 created, 1 created with input lines left out, 2 nothing created."""

from __future__ import annotations

from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project
from tests.conftest import write_jpeg


def sidecar_photos(folder: Path) -> Path:
    for name, caption in (("harbour", "Boats in a harbour."), ("market", "A busy market.")):
        write_jpeg(folder / f"{name}.jpg")
        (folder / f"{name}.txt").write_text(caption + "\n", encoding="utf-8")
    return folder


def test_from_sidecars_then_validate_clean(tmp_path: Path, capsys) -> None:
    source = sidecar_photos(tmp_path / "photos")
    target = tmp_path / "panel"
    assert main(["init", str(target), "--images", str(source), "--name", "Harbour",
                 "--licence", "cc-by-4.0"]) == ExitCode.DONE
    out, err = capsys.readouterr()
    assert out == f"Created {target} with 2 pairs.\n" and err == ""
    assert (target / "project.toml").is_file()
    assert sorted(p.name for p in (target / "images").iterdir()) == ["harbour.jpg", "market.jpg"]
    assert main(["validate", str(target)]) == ExitCode.DONE


def test_bad_csv_rows_are_listed_on_stdout_and_the_good_ones_kept(tmp_path: Path,
                                                                  capsys) -> None:
    source = tmp_path / "photos"
    write_jpeg(source / "a.jpg")
    write_jpeg(source / "b.jpg")
    captions = tmp_path / "captions.csv"
    captions.write_text("image,caption\na.jpg,A red square.\nb.jpg,\nc.jpg,Missing.\n",
                        encoding="utf-8")
    target = tmp_path / "panel"
    code = main(["init", str(target), "--images", str(source), "--captions", str(captions),
                 "--licence", "cc-by-4.0"])
    assert code == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()  # in order: each row left out, the note, what was made
    assert [line.split(" ")[0] for line in lines] == [
        f"{captions}:3:", f"{captions}:4:", f"{captions}:", "Created"]
    assert lines[2].startswith(f"{captions}: note: 1 image(s)")
    assert lines[3] == f"Created {target} with 1 pairs; 2 problems listed above."
    assert (target / "items.csv").read_text(encoding="utf-8").count("A red square.") == 1


def test_an_existing_project_is_refused(make_project_folder, tmp_path: Path, capsys) -> None:
    folder = make_project_folder(n_items=1)
    before = (folder / "items.csv").read_bytes()
    source = sidecar_photos(tmp_path / "photos")
    assert main(["init", str(folder), "--images", str(source)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and str(folder) in err
    assert (folder / "items.csv").read_bytes() == before


def test_an_unwritable_target_names_the_file_and_exits_2(tmp_path: Path, capsys) -> None:
    source = sidecar_photos(tmp_path / "photos")
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    code = main(["init", str(blocker / "panel"), "--images", str(source)])
    assert code == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert "file-not-folder" in err and "Traceback" not in err
    assert blocker.read_text(encoding="utf-8") == "x"


def test_gold_priors_and_licence_as_the_wizard_writes_them(tmp_path: Path, capsys) -> None:
    source = sidecar_photos(tmp_path / "photos")
    gold = tmp_path / "experts.csv"
    gold.write_text("image,caption,rating,purpose\nimages/harbour.jpg,Boats.,4,tutorial\n",
                    encoding="utf-8")
    priors = tmp_path / "pilot.csv"
    priors.write_text("item_id,rating\nharbour,3\n", encoding="utf-8")
    target = tmp_path / "panel"
    assert main(["init", str(target), "--images", str(source), "--gold", str(gold),
                 "--priors", str(priors), "--licence", "cc-by-4.0",
                 "--citation", "Doe 2027"]) == ExitCode.PROBLEMS
    assert "The tutorial needs 10 gold pairs marked 'tutorial' but there are 1" in (
        capsys.readouterr().out)
    assert (target / "gold.csv").read_bytes() == gold.read_bytes()
    assert (target / "priors.csv").read_bytes() == priors.read_bytes()
    assert '[dataset]\nlicence = "cc-by-4.0"\ncitation = "Doe 2027"\n' in (
        target / "project.toml").read_text(encoding="utf-8")
    bad = ["init", str(tmp_path / "other"), "--images", str(source), "--licence", "CC BY"]
    assert main(bad) == ExitCode.REFUSED
    assert "not a licence id" in capsys.readouterr().err
    assert not (tmp_path / "other").exists()


def test_the_licence_and_citation_go_to_the_dataset_table(tmp_path: Path, capsys) -> None:
    source = sidecar_photos(tmp_path / "photos")
    target = tmp_path / "panel"
    citation = "Doe, J. (2027). Harbour ratings. Zenodo."
    assert main(["init", str(target), "--images", str(source), "--licence", "cc-by-4.0",
                 "--citation", citation]) == ExitCode.DONE
    assert "note: no licence" not in capsys.readouterr().out
    dataset = open_project(target).dataset
    assert (dataset.licence, dataset.citation) == ("cc-by-4.0", citation)


def test_without_a_licence_init_says_the_dataset_would_have_none(tmp_path: Path,
                                                                 capsys) -> None:
    source = sidecar_photos(tmp_path / "photos")
    target = tmp_path / "panel"
    assert main(["init", str(target), "--images", str(source)]) == ExitCode.DONE
    out = capsys.readouterr().out
    assert f"{target / 'project.toml'}: note: no licence was given (--licence)" in out
    assert open_project(target).dataset.licence == "unknown"


def test_a_licence_that_is_no_licence_id_is_refused(tmp_path: Path, capsys) -> None:
    source = sidecar_photos(tmp_path / "photos")
    target = tmp_path / "panel"
    code = main(["init", str(target), "--images", str(source), "--licence", "CC BY 4.0"])
    assert code == ExitCode.REFUSED
    assert "is not a licence id" in capsys.readouterr().err
    assert not target.exists()
