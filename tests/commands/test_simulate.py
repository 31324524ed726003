"""``annotator simulate``: 0 with one line per tagger on stdout, 2 when refused."""

from __future__ import annotations

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode


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
