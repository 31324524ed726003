"""The several questions ``export-tasks`` writes, as Label Studio 1.23.2 and Potato 2.12.1
took them: each tool was given our own config for ``questions-project/`` (a flag, a note
shown only after "yes", a choice, the overall scale) and answered through its HTTP API as
two users (``build_scripts/interop_fixtures/make_fixtures.sh``; fixtures/interop/real/
README.md). The config the tool accepted must still be the one export-tasks writes, and
what the tool stored must be our questions' ids and our stored answers."""

from __future__ import annotations

import csv
import importlib.util
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.answer_model import FLAG_ANSWERS, AnswerKind, answer_name
from annotator.project.folder import open_project
from annotator.project.model import Project

REAL = Path(__file__).parent / "fixtures" / "interop" / "real"
PROJECT = REAL / "questions-project"
LS = REAL / "label-studio-1.23.2" / "questions"
POTATO = REAL / "potato-2.12.1" / "questions"
LAB_TASKS = Path(__file__).parents[2] / "build_scripts" / "interop_fixtures" / "lab_tasks.py"
LS_USERS = {1: "ana", 2: "ben"}
"""Label Studio names annotators by user id; the script made ana first, ben second."""
Answers = dict[tuple[str, str], dict[str, str]]
"""(item, annotator) → question id → the answer's stored name."""


def project() -> Project:
    return open_project(PROJECT)


def driven() -> Answers:
    """What the fixture script answered, from the script's own table."""
    spec = importlib.util.spec_from_file_location("lab_tasks", LAB_TASKS)
    assert spec is not None and spec.loader is not None
    lab_tasks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lab_tasks)
    items = [item.item_id for item in project().items]
    answers: Answers = {}
    for user, per_task in lab_tasks.QUESTION_ANSWERS.items():
        for item, answer in zip(items, per_task, strict=True):
            if answer is not None:
                flag, note, audience, overall = answer
                answers[item, user] = {"wrong_info": flag, "audience": audience,
                                       "overall": str(overall), **({"wrong_note": note}
                                                                   if note else {})}
    return answers


def stored_name(question_id: str, answer: str) -> str:
    """``answer`` as the app stores and names it; fails when the app would not take it."""
    rubric = project().rubric
    question = rubric.question_by_id(question_id)
    assert question is not None, f"{question_id!r} is not one of the rubric's questions"
    match question.kind:
        case AnswerKind.SCALE:
            assert rubric.scale_of(question).level_for_value(float(answer)) is not None
            return answer_name(question.kind, *question.stored(float(answer)))
        case AnswerKind.FLAG:
            return answer_name(question.kind, *question.stored(FLAG_ANSWERS[answer]))
        case AnswerKind.CHOICE | AnswerKind.TEXT:
            return answer_name(question.kind, *question.stored(0, answer))


def check_answers(found: Answers) -> None:
    """Every control is one of our questions, every answer one we store as is, the note
    only beside a "yes", and nothing lost or added against what the script answered."""
    ids = {question.question_id for question in project().rubric.questions}
    for key, answers in found.items():
        assert set(answers) <= ids, key
        assert {q: stored_name(q, a) for q, a in answers.items()} == answers, key
        assert ("wrong_note" in answers) <= (answers["wrong_info"] == "yes"), key
    assert found == driven()
    assert sum("wrong_note" in answers for answers in found.values()) == 3
    assert [answers for answers in found.values()
            if answers["wrong_info"] == "yes" and "wrong_note" not in answers]


def export_tasks(tool: str, out: Path, *options: str) -> Path:
    assert main(["export-tasks", str(PROJECT), "--to", tool, "--out", str(out),
                 *options]) == ExitCode.DONE
    return out


def test_label_studio_stored_the_config_export_tasks_writes_today(tmp_path: Path) -> None:
    ours = export_tasks("label-studio", tmp_path / "ls", "--image-prefix",
                        "/data/local-files/?d=")
    stored = (LS / "label_config.xml").read_text(encoding="utf-8")
    assert stored == (ours / "label_config.xml").read_text(encoding="utf-8").rstrip("\n")
    tasks = json.loads((ours / "tasks.json").read_text(encoding="utf-8"))
    exported = json.loads((LS / "export-JSON.json").read_text(encoding="utf-8"))
    assert [task["data"] for task in exported] == [task["data"] for task in tasks]


def test_label_studio_read_each_question_as_its_control_with_our_answers() -> None:
    parsed = json.loads((LS / "parsed_label_config.json").read_text(encoding="utf-8"))
    rubric = project().rubric
    want = {}
    for question in rubric.questions:
        if question.kind is AnswerKind.TEXT:
            want[question.question_id] = ("TextArea", [])
        else:
            answers = (["yes", "no"] if question.kind is AnswerKind.FLAG
                       else [c.choice_id for c in question.choices] if question.choices
                       else [answer_name(AnswerKind.SCALE, level.value) for level in
                             sorted(rubric.scale_of(question).levels, key=lambda lv: -lv.value)])
            want[question.question_id] = ("Choices", answers)
    assert {name: (control["type"], control["labels"]) for name, control in parsed.items()} \
        == want


def label_studio_json(tasks: Iterable[dict[str, Any]]) -> Answers:
    found: Answers = {}
    for task in tasks:
        for annotation in task["annotations"]:
            assert not annotation["was_cancelled"]
            answers = {}
            for region in annotation["result"]:
                kind = "text" if region["type"] == "textarea" else "choices"
                (answers[region["from_name"]],) = region["value"][kind]
            found[task["data"]["item_id"], LS_USERS[annotation["completed_by"]]] = answers
    return found


def test_label_studio_json_export_holds_our_answers() -> None:
    tasks = json.loads((LS / "export-JSON.json").read_text(encoding="utf-8"))
    check_answers(label_studio_json(tasks))


@pytest.mark.parametrize("export", ["export-JSON_MIN.json_min", "export-CSV.csv"])
def test_label_studio_flat_exports_hold_our_answers(export: str) -> None:
    ids = {question.question_id for question in project().rubric.questions}
    path = LS / export
    if path.suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as handle:
            rows: list[dict[str, Any]] = list(csv.DictReader(handle))
    else:
        rows = json.loads(path.read_text(encoding="utf-8"))
    answers = [(row, {key: value for key, value in row.items() if key in ids and value})
               for row in rows]
    check_answers({(row["item_id"], LS_USERS[int(row["annotator"])]): answered
                   for row, answered in answers if row["annotator"]})
    assert [(row["item_id"], answered) for row, answered in answers
            if not row["annotator"]] == [("meadow-2", {})]  # a task nobody answered


def test_potato_started_on_the_config_export_tasks_writes_today(tmp_path: Path) -> None:
    ours = export_tasks("potato", tmp_path / "potato", "--images", "copy")
    assert (POTATO / "config.yaml").read_text(encoding="utf-8") == \
        (ours / "config.yaml").read_text(encoding="utf-8")


def potato_labels(labels: dict[str, dict[str, str]]) -> dict[str, str]:
    """A radio scheme's one label (named as its value), a text scheme's one box."""
    answers = {}
    for scheme, chosen in labels.items():
        ((name, value),) = chosen.items()
        assert name == ("text_box" if scheme == "wrong_note" else value)
        answers[scheme] = value
    return answers


def test_potato_user_states_hold_our_answers() -> None:
    found: Answers = {}
    for path in (POTATO / "annotation_output").glob("*/user_state.json"):
        state = json.loads(path.read_text(encoding="utf-8"))
        for item, pairs in state["instance_id_to_label_to_value"].items():
            labels: dict[str, dict[str, str]] = {}
            for label, value in pairs:
                labels.setdefault(label["schema"], {})[label["name"]] = value
            found[item, state["user_id"]] = potato_labels(labels)
    check_answers(found)


def test_potato_export_holds_our_answers() -> None:
    lines = (POTATO / "export" / "annotations.jsonl").read_text(encoding="utf-8").splitlines()
    check_answers({(row["instance_id"], row["user_id"]): potato_labels(row["labels"])
                   for row in map(json.loads, lines)})
