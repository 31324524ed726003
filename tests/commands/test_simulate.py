"""``annotator simulate``: 0 with one line per tagger on stdout, 2 when refused; on the
ContextRef sample every question is answered, the wrong-information flag and its note too."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.answer_model import FLAG_YES, AnswerKind
from annotator.project.folder import open_project
from annotator.resources import sample_project_dir
from annotator.store.session_file import SessionStore


def test_simulate_prints_the_panel_on_stdout(make_project_folder, capsys) -> None:
    folder = make_project_folder(5, flow={"tutorial": False})
    assert main(["simulate", str(folder), "--taggers", "2", "--seed", "4"]) == ExitCode.DONE
    out, err = capsys.readouterr()
    header, *rows = out.splitlines()
    assert header.split() == ["tagger", "bias", "noise", "ratings", "probations", "score",
                              "session", "file"]
    assert [row.split()[:3] for row in rows] == [["Simulated", "tagger", "01"],
                                                 ["Simulated", "tagger", "02"]]
    assert "--seed 4" in err and "Round 1 done" not in err  # progress: on a terminal only
    assert "UTC (now)." in err
    assert "Hidden truth: each pair's quality follows its caption's source" in err
    assert len(list((folder / "sessions").glob("simulated-4-*.sqlite"))) == 2


@pytest.mark.parametrize("argv", [["--taggers", "0"], ["--taggers", "two"]])
def test_bad_counts_are_a_wrong_command_line(make_project_folder, argv, capsys) -> None:
    folder = make_project_folder(2)
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", str(folder), *argv])
    assert exit_.value.code == ExitCode.REFUSED
    assert "at least 1" in capsys.readouterr().err
    assert not (folder / "sessions").exists()


def test_a_folder_that_is_not_a_project_is_refused(tmp_path, capsys) -> None:
    assert main(["simulate", str(tmp_path), "--taggers", "2"]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and "not a project folder" in err


def test_on_the_contextref_sample_wrong_information_is_flagged_with_simulated_notes(
        tmp_path: Path, capsys) -> None:
    folder = tmp_path / "contextref-demo"
    shutil.copytree(sample_project_dir().parent / "contextref-demo", folder)
    assert main(["simulate", str(folder), "--taggers", "4", "--seed", "3"]) == ExitCode.DONE
    project = open_project(folder)
    rows = []
    for path in sorted(project.sessions_dir.glob("simulated-3-*.sqlite")):
        store = SessionStore.open(path, project_id=project.project_id, laptop_id="reader",
                                  create=False)
        rows += store.ratings()
        store.close()
    asked = {(r.tagger, r.item_id, r.round) for r in rows}
    flags = [r for r in rows if r.question == "wrong_info"]
    assert len(flags) == len(asked)  # once per pair, with the image
    assert {(r.answer, r.stage) for r in flags} == {(AnswerKind.FLAG, "post")}
    flagged = {(r.tagger, r.item_id, r.round) for r in flags if r.value == FLAG_YES}
    notes = [r for r in rows if r.question == "wrong_info_note"]
    assert flagged and {(r.tagger, r.item_id, r.round) for r in notes} == flagged
    written = [r.answer_text for r in notes if r.answer_text]
    assert written and all(re.fullmatch(r"Simulated note \d+: .+", text) for text in written)
    assert {r.answer for r in notes} == {AnswerKind.TEXT}
    err = capsys.readouterr().err
    assert (f"Yes/no questions answered yes: {len(flagged)}; notes written: {len(written)}, "
            "each marked “Simulated note N: …”") in err
