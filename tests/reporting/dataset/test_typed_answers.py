"""A study's answers of other types in the published dataset: ratings.csv says each answer's
type with a flag, choice and text column, the notes are pseudonymised with the rest, and
the codebook states every question's type, answers and condition."""

from __future__ import annotations

import csv
import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

from annotator.cli import main
from annotator.project.folder import open_project
from annotator.reporting.dataset.writer import DatasetOptions, export_dataset
from tests.reporting.dataset.conftest import analysed
from tests.session.helpers import FakeClock, start
from tests.study_rubric import answer_pair, use_study_rubric

ROOT = Path(__file__).resolve().parents[3]
NOTE = "Ana thinks the dog is a cat; ana asked ANA's friend Anastasia."


def rated_study(make_project_folder) -> Path:
    folder = use_study_rubric(make_project_folder(2))
    for tagger, flag in (("Ana", 1), ("Bo", 0)):
        clock = FakeClock()
        _, store, session = start(folder, tagger, clock=clock)
        while session.current_pair() is not None:
            answer_pair(session, clock, {"overall": (5,), "wrong_info": (flag,),
                                         "wrong_note": (0, NOTE),
                                         "audience": (0, "sighted")})
        store.close()
    return folder


def export(folder: Path, out: Path, *, pseudonymise: bool) -> list[dict[str, str]]:
    export_dataset(analysed(folder), out, DatasetOptions(pseudonymise=pseudonymise),
                   now=datetime(2027, 3, 1, 12, tzinfo=UTC))
    with (out / "ratings.csv").open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def test_each_answer_keeps_its_type_and_the_notes_their_pseudonyms(
        make_project_folder, tmp_path: Path) -> None:
    rows = export(rated_study(make_project_folder), tmp_path / "out", pseudonymise=True)
    by_kind: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        by_kind.setdefault(row["answer"], []).append(row)
    assert sorted(by_kind) == ["choice", "flag", "scale", "text"]
    assert {row["rating"] for row in by_kind["scale"]} == {"5"}
    assert all(row["rating"] == "" for kind in ("flag", "choice", "text")
               for row in by_kind[kind])
    assert sorted(row["flag"] for row in by_kind["flag"]) == ["0", "0", "1", "1"]
    assert {row["choice"] for row in by_kind["choice"]} == {"sighted"}
    notes = by_kind["text"]
    assert len(notes) == 2 and {row["tagger"] for row in notes} == {"T01"}  # Ana's only
    assert {row["text"] for row in notes} == {
        "T01 thinks the dog is a cat; T01 asked T01's friend Anastasia."}
    assert not any("Ana " in value for row in rows for value in row.values())


def test_published_names_leave_the_notes_as_written(make_project_folder,
                                                    tmp_path: Path) -> None:
    rows = export(rated_study(make_project_folder), tmp_path / "out", pseudonymise=False)
    assert {row["text"] for row in rows if row["answer"] == "text"} == {NOTE}


def test_the_codebook_states_each_questions_type_answers_and_condition(
        make_project_folder, tmp_path: Path) -> None:
    out = tmp_path / "out"
    export(rated_study(make_project_folder), out, pseudonymise=True)
    book = json.loads((out / "codebook.json").read_text(encoding="utf-8"))
    questions = {q["id"]: q for q in book["rubric"]["questions"]}
    assert questions["wrong_info"]["type"] == "flag"
    assert questions["wrong_note"]["show_if"] == {"question": "wrong_info", "answer": "yes"}
    assert questions["wrong_note"]["max_length"] == 200
    assert [c["id"] for c in questions["audience"]["choices"]] == [
        "everyone", "blind", "sighted"]
    assert questions["overall"]["order"] == "worst-first"
    columns = {c["name"]: c for f in book["files"] if f["name"] == "ratings.csv"
               for c in f["columns"]}
    assert columns["choice"]["values"] == ["everyone", "blind", "sighted"]
    assert columns["answer"]["values"] == ["scale", "flag", "choice", "text"]
    markdown = (out / "codebook.md").read_text(encoding="utf-8")
    assert "| `wrong_note` | text | post, only when `wrong_info` is yes | free text, at most " \
           "200 characters, may be left empty |" in markdown


def test_items_csv_counts_each_items_flags_choices_and_notes(make_project_folder,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "out"
    export(rated_study(make_project_folder), out, pseudonymise=True)
    with (out / "items.csv").open(encoding="utf-8", newline="") as file:
        items = list(csv.DictReader(file))
    assert len(items) == 2
    for item in items:  # Ana flagged and wrote a note, Bo did not; both chose "sighted"
        assert (item["wrong_info_post_n"], item["wrong_info_post_yes"]) == ("2", "1")
        assert (item["wrong_note_post_n"], item["wrong_note_post_notes"]) == ("1", "1")
        assert (item["audience_post_n"], item["audience_post_sighted"],
                item["audience_post_blind"], item["audience_post_everyone"]) == (
            "2", "2", "0", "0")
        assert item["overall_post_n"] == "2" and float(item["overall_post_mean"]) == 5
    book = json.loads((out / "codebook.json").read_text(encoding="utf-8"))
    columns = {c["name"]: c for f in book["files"] if f["name"] == "items.csv"
               for c in f["columns"]}
    assert columns["wrong_info_post_yes"]["description"] == (
        "Yes answers to 'wrong_info' with the image.")
    assert columns["audience_post_blind"]["unit"] == "answers"


def test_the_contextref_export_says_which_items_are_checks_and_holds_the_notes(
        tmp_path: Path) -> None:
    folder = tmp_path / "contextref"
    shutil.copytree(ROOT / "sample_projects" / "contextref-demo", folder)
    assert main(["simulate", str(folder), "--taggers", "3", "--seed", "4"]) == 0
    out = tmp_path / "out"
    export_dataset(analysed(folder), out, DatasetOptions(include_simulated=True),
                   now=datetime(2027, 3, 1, 12, tzinfo=UTC))
    with (out / "items.csv").open(encoding="utf-8-sig", newline="") as file:
        checks = {row["item_id"]: row["check"] for row in csv.DictReader(file)}
    assert {item for item, check in checks.items() if check == "1"} == set(
        open_project(folder).checks.items) and len(checks) == 10
    assert set(checks.values()) == {"0", "1"}
    with (out / "ratings.csv").open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    notes = [row for row in rows if row["answer"] == "text" and row["text"]]
    assert notes and all(row["question"] == "wrong_info_note" and
                         row["text"].startswith("Simulated note") for row in notes)
    flagged = {(row["item_id"], row["tagger"], row["round"]) for row in rows
               if row["question"] == "wrong_info" and row["flag"] == "1"}
    assert {(row["item_id"], row["tagger"], row["round"]) for row in notes} <= flagged
