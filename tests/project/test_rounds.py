"""Rounds recorded in project.toml: starting one, subsets, and what a bad record says."""

from __future__ import annotations

import datetime as dt
from difflib import SequenceMatcher
from pathlib import Path

import pytest

from annotator.errors import ProjectError
from annotator.project.folder import open_project
from annotator.project.round_start import SubsetError, start_round
from tests.conftest import write_subset

NOW = dt.datetime(2027, 1, 10, 9, 30, 15, 123456, tzinfo=dt.UTC)


def append(folder: Path, text: str) -> None:
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_a_new_project_is_in_round_one_on_every_item(make_project_folder) -> None:
    project = open_project(make_project_folder(3))
    assert project.current_round == 1 and project.washout_days == 42
    assert project.round_items(1) == ("item000", "item001", "item002")
    assert project.round_items(2) == project.round_items(1)


def test_starting_round_two_records_it_and_keeps_the_leads_comments(
    make_project_folder,
) -> None:
    folder = make_project_folder(3)
    append(folder, "\n# retest planned with the ethics board\n[rounds.2]  # keep this\n"
                   "dwell_seconds = 1\n\n[rounds.3]\ntutorial = false\n")
    started = start_round(folder, now=NOW)
    assert started.number == 2
    text = (folder / "project.toml").read_text(encoding="utf-8")
    assert "# retest planned with the ethics board\n[rounds.2]  # keep this\n" in text
    assert "dwell_seconds = 1\nstarted = 2027-01-10T09:30:15Z\n" in text
    project = started.project
    assert project.current_round == 2
    assert project.rounds[2].started == NOW.replace(microsecond=0)
    assert project.rounds[3].started is None  # prepared, not started
    settings = project.flow.for_round(2)
    assert (settings.feedback, settings.probation, settings.dwell_seconds) == (False, False, 1)
    assert project.problems == ()

    later = start_round(folder, now=NOW + dt.timedelta(days=50), feedback=True)
    assert later.number == 3 and later.project.current_round == 3
    assert later.project.flow.for_round(3).feedback
    assert later.project.flow.for_round(3).tutorial is False  # the lead's setting stays


def test_blind_overrides_a_prepared_feedback_setting(make_project_folder) -> None:
    folder = make_project_folder(2)
    append(folder, "\n[rounds.2]\nfeedback = true\n")
    project = start_round(folder, now=NOW, feedback=False).project
    assert not project.flow.for_round(2).feedback
    assert (folder / "project.toml").read_text(encoding="utf-8").count("feedback") == 1


def test_a_subset_is_copied_into_the_project_and_limits_the_round(
    make_project_folder, tmp_path
) -> None:
    folder = make_project_folder(6)
    subset = write_subset(tmp_path / "retest.csv", "item004", "item001")
    project = start_round(folder, now=NOW, subset=subset).project
    assert project.rounds[2].items_file == "rounds/round-2-items.csv"
    copied = (folder / "rounds" / "round-2-items.csv").read_text(encoding="utf-8")
    assert copied == "item_id\nitem004\nitem001\n"  # its item ids, written as every CSV is
    subset.unlink()  # the folder is self-contained
    project = open_project(folder)
    assert project.round_items(2) == ("item004", "item001")
    assert len(project.round_items(1)) == 6


def test_a_bad_subset_lists_every_bad_line_and_changes_nothing(
    make_project_folder, tmp_path
) -> None:
    folder = make_project_folder(3)
    before = (folder / "project.toml").read_bytes()
    subset = write_subset(tmp_path / "retest.csv", "item000", "nope", "", "item000")
    with pytest.raises(SubsetError) as caught:
        start_round(folder, now=NOW, subset=subset)
    text = str(caught.value)
    assert f"{subset}:3: The item id 'nope' is not an item of items.csv." in text
    assert f"{subset}:4: The item_id is empty." in text
    assert f"{subset}:5: The item id 'item000' is already listed on line 2." in text
    assert (folder / "project.toml").read_bytes() == before
    assert not (folder / "rounds").exists()


def test_a_subset_without_an_item_id_column_is_refused(make_project_folder, tmp_path) -> None:
    folder = make_project_folder(2)
    subset = tmp_path / "ids.csv"
    subset.write_text("id\nitem000\n", encoding="utf-8")
    with pytest.raises(SubsetError, match="no 'item_id' column"):
        start_round(folder, now=NOW, subset=subset)
    assert open_project(folder).current_round == 1


def test_a_quoted_round_header_in_a_crlf_file_is_extended_in_place(make_project_folder) -> None:
    folder = make_project_folder(2)
    manifest = folder / "project.toml"
    text = manifest.read_text(encoding="utf-8") + (
        '\n# retest\n[rounds."2"]   # blind, as agreed\nfeedback = false  # no points\n')
    manifest.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    before = manifest.read_bytes()
    project = start_round(folder, now=NOW).project
    after = manifest.read_bytes()
    assert after == before + b"started = 2027-01-10T09:30:15Z\r\n"
    assert project.rounds[2].started == NOW.replace(microsecond=0)
    assert not project.flow.for_round(2).feedback


def test_a_multi_line_array_in_the_round_table_stays_whole(make_project_folder) -> None:
    folder = make_project_folder(2)
    prepared = ('\n[rounds.2]\nnotes = [\n  "ana",   # first\n  "ben",\n]\n'
                "feedback = true\n\n[checks]  # after the round\nevery = 5\n")
    append(folder, prepared)
    project = start_round(folder, now=NOW, feedback=False).project
    text = (folder / "project.toml").read_text(encoding="utf-8")
    assert ('\n[rounds.2]\nnotes = [\n  "ana",   # first\n  "ben",\n]\nfeedback = false\n'
            "started = 2027-01-10T09:30:15Z\n\n[checks]  # after the round\nevery = 5\n") in text
    assert project.current_round == 2 and not project.flow.for_round(2).feedback


def test_comments_and_key_order_survive_a_round_start(make_project_folder, tmp_path) -> None:
    folder = make_project_folder(3)
    append(folder, "\n# washout agreed with the ethics board\n[rounds]\n"
                   "washout_days = 40  # weeks?\n\n[rounds.3]\ntutorial = false\nfeedback = true\n")
    before = (folder / "project.toml").read_text(encoding="utf-8").splitlines()
    subset = write_subset(tmp_path / "retest.csv", "item001")
    start_round(folder, now=NOW, subset=subset)
    after = (folder / "project.toml").read_text(encoding="utf-8").splitlines()
    changes = SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes()
    assert [tag for tag, *_ in changes] == ["equal", "insert"]  # nothing lost or moved
    assert after[len(before):] == [
        "", "[rounds.2]", "started = 2027-01-10T09:30:15Z", 'items = "rounds/round-2-items.csv"']


@pytest.mark.parametrize(
    "form",
    ["\n[rounds]\n2 = { feedback = true }\n", "\nrounds.2.feedback = true\n"],
    ids=["inline-table", "dotted-keys"],
)
def test_a_round_in_any_toml_form_is_extended(make_project_folder, form) -> None:
    folder = make_project_folder(2)
    manifest = folder / "project.toml"
    manifest.write_text(form + manifest.read_text(encoding="utf-8"), encoding="utf-8")
    project = start_round(folder, now=NOW).project
    assert project.rounds[2].started == NOW.replace(microsecond=0)
    assert project.flow.for_round(2).feedback
    assert manifest.read_text(encoding="utf-8").count("feedback") == 1


def test_a_project_file_that_is_not_toml_is_refused_with_its_line(make_project_folder) -> None:
    folder = make_project_folder(2)
    append(folder, "\n[rounds.2]\nfeedback = maybe\n")
    before = (folder / "project.toml").read_bytes()
    lines = before.count(b"\n")
    with pytest.raises(ProjectError) as caught:
        start_round(folder, now=NOW)
    assert (caught.value.file, caught.value.line) == (folder / "project.toml", lines)
    assert "not valid TOML" in str(caught.value)
    assert (folder / "project.toml").read_bytes() == before


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ('[rounds.2]\nstarted = "last week"\n', "[rounds.2] started must be a date"),
        ("[rounds.2]\nstarted = 2027-01-10T09:30:00\n", "with its time zone"),
        ('[rounds.2]\nitems = "rounds/gone.csv"\n', "names rounds/gone.csv, which is not"),
        ('[rounds.2]\nitems = "../elsewhere.csv"\n', "inside the project folder"),
        ("[rounds]\nwashout_days = -3\n", "washout_days must be a whole number of days"),
        ('[rounds."2"]\nstarted = "last week"\n', "[rounds.2] started must be a date"),
        ("[rounds]\n2.started = 2027-01-10T09:30:00\n", "with its time zone"),
    ],
)
def test_an_unusable_round_record_names_its_line(make_project_folder, table, words) -> None:
    folder = make_project_folder(2)
    lines = (folder / "project.toml").read_text(encoding="utf-8").count("\n")
    append(folder, "\n" + table)
    with pytest.raises(ProjectError) as caught:
        open_project(folder)
    assert words in str(caught.value)
    assert caught.value.file.name == "project.toml" and caught.value.line == lines + 3


def test_washout_and_bad_subset_rows_at_opening(make_project_folder) -> None:
    folder = make_project_folder(3)
    (folder / "rounds").mkdir()
    write_subset(folder / "rounds" / "r2.csv", "item002", "ghost")
    append(folder, "\n[rounds]\nwashout_days = 28\nwashout_dayz = 1\n\n"
                   '[rounds.2]\nstarted = 2027-01-10\nitems = "rounds/r2.csv"\n')
    project = open_project(folder)
    assert project.washout_days == 28 and project.current_round == 2
    assert project.rounds[2].started == dt.datetime(2027, 1, 10, tzinfo=dt.UTC)
    assert project.round_items(2) == ("item002",)
    messages = [str(p) for p in project.problems]
    assert any("washout_dayz is not a setting" in m for m in messages)
    assert any(m.endswith("r2.csv:3: The item id 'ghost' is not an item of items.csv. "
                          "The row was skipped.") for m in messages)
