"""A forged snapshot or session file never stops a tagger, never steers the consensus, and
is refused whole by name (issue 17, item 1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project
from annotator.project.rubric import load_rubric
from annotator.session.opening import open_laptop_session, read_other_laptops, start_session
from annotator.session.scoring import consensus_of, game_points
from annotator.store.snapshot import SNAPSHOTS_FOLDER, _content_id
from annotator.userconfig import load_config
from tests.adversarial.conftest import FORGED_VALUES, forge, ratings_in
from tests.analysis.sessions import rate, session

PLAIN_GAME = {"dwell_seconds": 0, "tutorial": False, "probation": False}


@pytest.mark.parametrize("value", FORGED_VALUES, ids=str)
def test_scoring_never_raises_on_any_stored_value(value: object) -> None:
    rubric = load_rubric("vicr5")
    for previous in ([value], [value, 3.0], [2.0, value, 4.0], [value] * 5):
        for rating in (1.0, 3.0, 5.0):
            game_points(rating, previous, rubric)
        consensus_of(previous, rubric)
    assert game_points(3.0, [value], rubric) is None  # no real rating to score against
    assert game_points(3.0, [value, 3.0, 3.0], rubric) == 2  # the forged one does not count
    assert consensus_of([value, 2.0], rubric).n == 1


def forged_snapshot(folder: Path, tmp_path: Path, value: object) -> tuple[Path, int]:
    """A snapshot exported from a real panel, one rating's value then replaced and its
    fingerprint recomputed, as someone who read the format would. Returns it and the place
    of the forged rating."""
    other = session(folder, "lab-2")
    for n, item in enumerate(("item000", "item001", "item002")):
        rate(other, "bea", item, 2 + n)
    other.close()
    panel, snapshot = tmp_path / "panel.sqlite", tmp_path / "panel.snapshot"
    assert main(["merge", str(panel), str(folder / "sessions"), "--project", str(folder)]) == 0
    assert main(["snapshot", "export", str(panel), str(snapshot)]) == 0
    (folder / "sessions" / "lab-2.sqlite").unlink()  # the laptop only has the snapshot
    forge(snapshot, "UPDATE ratings SET value = ? WHERE item_id = 'item001'", value)
    import sqlite3
    conn = sqlite3.connect(snapshot)
    rows = conn.execute("SELECT rating_id, tagger, item_id, round, phase, value, laptop_id "
                        "FROM ratings").fetchall()
    place = 1 + next(n for n, row in enumerate(rows) if row[2] == "item001")
    project_id = open_project(folder).project_id
    conn.execute("UPDATE snapshot_info SET value = ? WHERE key = 'snapshot_id'",
                 [_content_id(project_id, rows)])
    conn.commit()
    conn.close()
    return snapshot, place


@pytest.mark.parametrize("value", FORGED_VALUES, ids=str)
def test_a_forged_snapshot_is_refused_naming_its_row(make_project_folder, tmp_path: Path,
                                                     capsys, value: object) -> None:
    folder = make_project_folder(4, flow=PLAIN_GAME)
    snapshot, place = forged_snapshot(folder, tmp_path, value)
    capsys.readouterr()
    assert main(["snapshot", "import", str(folder), str(snapshot)]) == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    shown = {1e308: "1e+308", 99.0: "99", -7.0: "-7", "abc": "'abc'"}[value]
    assert err.startswith(f"{snapshot}: Rating {place} of this snapshot (id ")
    assert f"holds the value {shown}, not an answer of the rubric vicr5: 1, 2, 3, 4, 5" in err
    assert "refused whole" in err
    assert not (folder / SNAPSHOTS_FOLDER).exists()


@pytest.mark.parametrize("value", FORGED_VALUES, ids=str)
def test_a_forged_snapshot_put_in_by_hand_never_stops_the_game(make_project_folder,
                                                               tmp_path: Path,
                                                               value: object) -> None:
    """The case of the issue: copied into snapshots/ without the import's check, it used to
    make every submit of its pair raise. Now it is left out, named, and the tagger rates
    every pair."""
    folder = make_project_folder(4, flow=PLAIN_GAME)
    snapshot, _ = forged_snapshot(folder, tmp_path, value)
    (folder / SNAPSHOTS_FOLDER).mkdir()
    shutil.copy(snapshot, folder / SNAPSHOTS_FOLDER / "snapshot-0123456789abcdef.sqlite")
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    found = read_other_laptops(project, store)
    (left_out,) = found.unreadable
    assert left_out.file.parent.name == SNAPSHOTS_FOLDER and found.ratings == ()
    ana = start_session(project, store, "ana")
    rated = []
    while (pair := ana.pair_shown()) is not None:
        feedback = ana.submit(3)
        rated.append(pair.item.item_id)
        assert feedback.consensus is None  # the forged snapshot steers nobody's consensus
    assert sorted(rated) == ["item000", "item001", "item002", "item003"]
    assert len(ratings_in(store.path)) == 4
    store.close()


def forged_laptop(folder: Path, value: float) -> Path:
    """Another laptop's session file whose chain fits (written through the store itself, as
    someone who knows the format would), holding a value off the rubric."""
    other = session(folder, "lab-forged")
    rate(other, "bea", "item000", 3)
    rate(other, "bea", "item001", value, points=2)
    other.close()
    return folder / "sessions" / "lab-forged.sqlite"


def test_a_forged_session_file_is_left_out_alike_by_the_game_analysis_validate_and_merge(
        make_project_folder, tmp_path: Path, capsys) -> None:
    folder = make_project_folder(4, flow=PLAIN_GAME)
    good = session(folder, "lab-good")
    for n, item in enumerate(("item000", "item001", "item002")):
        rate(good, "cem", item, 1 + n)
    good.close()
    forged = forged_laptop(folder, 99.0)
    why = "Rating 2 of this file (id "
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    found = read_other_laptops(project, store)
    assert [error.file for error in found.unreadable] == [forged]
    assert why in str(found.unreadable[0]) and "holds the value 99" in str(found.unreadable[0])
    assert sorted(found.values_by_item(except_tagger="ana")) == ["item000", "item001",
                                                                 "item002"]
    store.close()
    capsys.readouterr()

    assert main(["analyze", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    first = out.splitlines()[0]
    assert first.startswith(f"{forged}: left out, none of its ratings are used.")
    assert "It is the file of the laptop 'lab-forged': 2 ratings by bea." in first
    assert "3 ratings (game/retest) by 1 taggers" in out and "Traceback" not in err

    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    assert [line for line in out.splitlines() if "lab-forged" in line] == [first]

    panel = tmp_path / "panel.sqlite"
    assert main(["merge", str(panel), str(folder / "sessions"), "--project",
                 str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    refused = next(line for line in out.splitlines() if "lab-forged" in line)
    assert "2 ratings refused" in refused and "rating 2 (id " in refused
    assert "holds the value 99" in refused and "Traceback" not in err


def test_a_value_of_the_wrong_type_in_a_rebuilt_table_is_refused(make_project_folder,
                                                                 tmp_path: Path, capsys) -> None:
    """'abc' cannot enter the STRICT table the app makes; a forger rebuilds it lax first."""
    folder = make_project_folder(2, flow=PLAIN_GAME)
    forged = forged_laptop(folder, 3.0)
    for statement in ("CREATE TABLE lax AS SELECT * FROM ratings", "DROP TABLE ratings",
                      "ALTER TABLE lax RENAME TO ratings",
                      "UPDATE ratings SET value = 'abc' WHERE item_id = 'item001'"):
        forge(forged, statement)
    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    assert f"{forged}: left out" in out and "holds the value 'abc'" in out
    assert "Traceback" not in err


@pytest.mark.parametrize(("change", "named"), [
    ("round = 0", "has the round 0, not a whole number from 1"),
    ("phase = 'bonus'", "has the phase 'bonus', which is none of check, game, probation, "
                        "retest, tutorial"),
    ("points = 9", "earned 9 points, more or fewer than any rating can"),
    ("consensus = 2.5", "shows the consensus 2.5, not a level of the rubric vicr5"),
    ("submitted_at = 'soon'", "was submitted at 'soon', not a time"),
    ("question = 'bribe'", "answers the question 'bribe', which the rubric does not ask"),
    ("tagger = ''", "has the tagger '', not a name"),
    ("value = NULL", "holds the value NULL (empty), not an answer of the rubric vicr5"),
    ("item_id = x'41'", "has the item id b'A', not a text"),
    ("ms_on_screen = -5", "was on screen -5 milliseconds, not a time"),
], ids=lambda value: value.split(" ")[0] if "=" in value else "")
def test_a_rating_that_no_app_writes_is_named_by_what_is_wrong(make_project_folder, capsys,
                                                               change: str,
                                                               named: str) -> None:
    folder = make_project_folder(2, flow=PLAIN_GAME)
    forged = forged_laptop(folder, 3.0)
    for statement in ("CREATE TABLE lax AS SELECT * FROM ratings", "DROP TABLE ratings",
                      "ALTER TABLE lax RENAME TO ratings",
                      f"UPDATE ratings SET {change} WHERE item_id = 'item001'"):
        forge(forged, statement)
    assert main(["validate", str(folder)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    (line,) = [line for line in out.splitlines() if "lab-forged" in line]
    assert "Rating 2 of this file (id " in line and named in line, line
    assert "Traceback" not in err


def test_merge_checks_the_rubric_of_the_panels_project_folder_by_default(
        make_project_folder, capsys) -> None:
    folder = make_project_folder(2, flow=PLAIN_GAME)
    forged = forged_laptop(folder, 99.0)
    assert main(["merge", str(folder / "panel.sqlite"), str(forged)]) == ExitCode.PROBLEMS
    out, err = capsys.readouterr()
    assert "holds the value 99, not an answer of the rubric vicr5" in out
    assert "form only" not in err  # the project beside the panel was used
