"""``annotator round start|list``: the round table on stdout, messages on stderr, 2 when
refused (and then project.toml is unchanged)."""

from __future__ import annotations

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from tests.conftest import write_subset


def test_start_records_round_two_and_list_shows_it(make_project_folder, tmp_path,
                                                   capsys) -> None:
    folder = make_project_folder(n_items=5)
    subset = write_subset(tmp_path / "retest.csv", "item001", "item003")
    assert main(["round", "start", str(folder), "--items", str(subset), "--feedback"]) == (
        ExitCode.DONE)
    out, err = capsys.readouterr()
    assert "Round 2 started" in err and "Warning" not in err  # no ratings yet: nothing to warn
    assert out.splitlines()[2].split()[-3:] == ["2", "on", "rounds/round-2-items.csv"]
    assert main(["round", "list", str(folder)]) == ExitCode.DONE
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[1].split() == ["1", "with", "the", "project", "5", "on", "all"]
    assert lines[2].split()[-3:] == ["2", "on", "rounds/round-2-items.csv"]
    assert lines[3] == "Current round: 2. Washout between rounds: 42 days."
    assert err == ""

    assert main(["round", "start", str(folder)]) == ExitCode.DONE  # the washout only warns
    out, err = capsys.readouterr()
    assert "Warning: Round 2 started today" in err and "Round 3 started" in err
    assert out.splitlines()[3].split()[-3:] == ["5", "off", "all"]  # blind by default


def test_a_bad_subset_names_the_lines_and_changes_nothing(make_project_folder, tmp_path,
                                                          capsys) -> None:
    folder = make_project_folder(n_items=2)
    assert main(["simulate", str(folder), "--taggers", "1", "--seed", "1"]) == ExitCode.DONE
    capsys.readouterr()  # round 1 was rated just now: the washout has not passed
    manifest = (folder / "project.toml").read_bytes()
    subset = write_subset(tmp_path / "retest.csv", "item001", "item042")
    assert main(["round", "start", str(folder), "--items", str(subset)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == ""
    assert f"{subset}:3: The item id 'item042' is not an item of items.csv." in err
    assert "Traceback" not in err and "Warning" not in err
    assert (folder / "project.toml").read_bytes() == manifest
    assert main(["round", "list", str(folder)]) == ExitCode.DONE
    assert "Current round: 1." in capsys.readouterr().out


@pytest.mark.parametrize("action", ["start", "list"])
def test_a_folder_that_is_not_a_project_is_refused(action, tmp_path, capsys) -> None:
    assert main(["round", action, str(tmp_path)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and "not a project folder" in err


def test_blind_and_feedback_together_are_a_wrong_command_line(make_project_folder,
                                                              capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["round", "start", str(make_project_folder(n_items=1)), "--blind", "--feedback"])
    assert exit_.value.code == ExitCode.REFUSED
    assert "not allowed with argument" in capsys.readouterr().err


def test_ratings_kept_only_in_the_panel_still_warn_of_the_washout(make_project_folder,
                                                                  tmp_path, capsys) -> None:
    """The lead merged the returned files into panel.sqlite and cleared sessions/: the
    panel's ratings of round 1, given just now, are as recent as any session file's."""
    folder = make_project_folder(n_items=3)
    assert main(["simulate", str(folder), "--taggers", "2", "--seed", "1"]) == ExitCode.DONE
    assert main(["merge", str(folder / "panel.sqlite"), str(folder / "sessions")]) == (
        ExitCode.DONE)
    (folder / "sessions").rename(tmp_path / "merged-already")
    capsys.readouterr()
    assert main(["round", "start", str(folder)]) == ExitCode.DONE  # the washout only warns
    err = capsys.readouterr().err
    assert "Warning: The last rating of round 1 in panel.sqlite was given today" in err
    assert "washout is 42 days" in err and "start the round anyway" in err
    assert "Round 2 started" in err
