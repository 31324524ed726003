"""Label Studio, Potato and Prodigy: the tasks written for them, and their exports read back
(fixtures written from each tool's documentation: fixtures/interop/README.md)."""

from __future__ import annotations

import csv
import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.interop import TOOLS, export_tasks
from annotator.project.interop.answers import Answer, Scale, write_ratings
from annotator.project.model import Project
from annotator.project.rubric import load_rubric

FIXTURES = Path(__file__).parent / "fixtures" / "interop"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def vicr() -> Project:
    return open_project(_sample("vicr"))


def imported(tool: str, path: Path, project: Project, out: Path) -> list[dict[str, str]]:
    write_ratings(TOOLS[tool].read(path), project, out, round_number=1, source=path)
    with out.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def refusal(tool: str, path: Path, project: Project, out: Path) -> str:
    with pytest.raises(AnnotatorError) as refused:
        write_ratings(TOOLS[tool].read(path), project, out, round_number=1, source=path)
    assert not out.exists()
    return str(refused.value)


def test_the_scale_takes_values_labels_positions_and_skip() -> None:
    vcr = Scale(load_rubric("vcr5"))
    assert vcr.value(Answer("a", "t", Path("f"), 1, "0.75")) == 0.75
    assert vcr.value(Answer("a", "t", Path("f"), 1, "serious ERRORS")) == 0.25
    assert [vcr.value(Answer("a", "t", Path("f"), 1, position=n)) for n in (1, 5)] == [0, 1]
    with pytest.raises(ValueError, match=r"'0\.3' is not an answer of the vcr5 rubric"):
        vcr.value(Answer("a", "t", Path("f"), 1, "0.3"))
    with pytest.raises(ValueError, match="6 is not a level of the 5-level scale"):
        vcr.value(Answer("a", "t", Path("f"), 1, position=6))
    with pytest.raises(ValueError, match="'skip'"):  # vcr5 has no skip answer
        vcr.value(Answer("a", "t", Path("f"), 1, "skip"))
    binary = Scale(load_rubric("good-bad-skip"))
    assert math.isnan(binary.value(Answer("a", "t", Path("f"), 1, "Skip")))


def test_a_label_studio_export_with_choices_ratings_and_a_cancel(vicr: Project,
                                                                  tmp_path: Path) -> None:
    read = TOOLS["label-studio"].read(FIXTURES / "label-studio-export.json")
    assert read.not_answers == 1 and [a.line for a in read.answers] == [2, 2, 59, 107]
    rows = imported("label-studio", FIXTURES / "label-studio-export.json", vicr,
                    tmp_path / "r.csv")
    assert [(r["item_id"], r["tagger"], r["rating"], r["source"]) for r in rows] == [
        ("spaniels-a", "3", "5", "human"), ("spaniels-a", "ben@lab.example", "4", "human"),
        ("spaniels-b", "3", "3", "model-a"), ("spaniels-c", "3", "2", "model-b")]


def test_every_bad_label_studio_entry_is_named_by_line(vicr: Project, tmp_path: Path) -> None:
    path = FIXTURES / "label-studio-bad.json"
    text = refusal("label-studio", path, vicr, tmp_path / "r.csv")
    assert text.startswith(f"{path}: 5 entries cannot be used, so no ratings were written")
    for line, words in [(2, "'7' is not an answer"), (11, "'no-such-item' is not an item"),
                        (25, "not exactly one choice"),
                        (25, "names no annotator"), (37, "6 is not a level")]:
        assert f"{path}:{line}: " in text and words in text


def test_label_studio_files_that_are_no_export_are_refused(vicr: Project,
                                                           tmp_path: Path) -> None:
    minimal = tmp_path / "min.json"
    minimal.write_text('{"item_id": "spaniels-a", "rating": ["3"]}', encoding="utf-8")
    assert "not a list of tasks" in refusal("label-studio", minimal, vicr, tmp_path / "r.csv")
    broken = tmp_path / "broken.json"
    broken.write_text('[\n {"data": {"item_id": "a"}},\n {"data": ', encoding="utf-8")
    assert f"{broken}:3: This is not a Label Studio JSON export" in refusal(
        "label-studio", broken, vicr, tmp_path / "r.csv")


def test_a_potato_output_folder_with_radio_and_likert_schemes(vicr: Project,
                                                              tmp_path: Path) -> None:
    rows = imported("potato", FIXTURES / "potato", vicr, tmp_path / "r.csv")
    assert [(r["item_id"], r["tagger"], r["rating"]) for r in rows] == [
        ("spaniels-a", "ana", "5"), ("spaniels-b", "ana", "3"),  # radio: the level's label
        ("spaniels-a", "ben", "4"), ("spaniels-c", "ben", "2")]  # likert: scale_<n>
    same = imported("potato", FIXTURES / "potato" / "annotation_output", vicr,
                    tmp_path / "s.csv")
    assert same == rows


def test_bad_potato_lines_and_an_empty_folder_are_refused(vicr: Project,
                                                          tmp_path: Path) -> None:
    user = tmp_path / "out" / "cy"
    user.mkdir(parents=True)
    (user / "annotated_instances.jsonl").write_text(
        '{"id": "spaniels-a", "label_annotations": {"rating": {"Wrong": "1", "Objects right":'
        ' "3"}}}\n{"id": "spaniels-b"}\n{"id": "spaniels-c", "label_annotations": '
        '{"rating": {"Perfect": "6"}}}\n', encoding="utf-8")
    text = refusal("potato", tmp_path / "out", vicr, tmp_path / "r.csv")
    path = user / "annotated_instances.jsonl"
    assert f"{path}:1: The 'rating' scheme of instance spaniels-a has 2 labels" in text
    assert f"{path}:2: This line has no label_annotations" in text
    assert f"{path}:3: The answer 'Perfect' is not an answer" in text
    (tmp_path / "empty").mkdir()
    assert "no <annotator>/annotated_instances.jsonl" in refusal(
        "potato", tmp_path / "empty", vicr, tmp_path / "r.csv")


def test_a_prodigy_export_keeps_accepted_answers_only(vicr: Project, tmp_path: Path) -> None:
    read = TOOLS["prodigy"].read(FIXTURES / "prodigy.jsonl")
    assert read.not_answers == 2  # one ignored, one rejected
    rows = imported("prodigy", FIXTURES / "prodigy.jsonl", vicr, tmp_path / "r.csv")
    assert [(r["item_id"], r["tagger"], r["rating"]) for r in rows] == [
        ("spaniels-a", "vicr_demo-ana", "5"), ("spaniels-b", "vicr_demo-ana", "3"),
        ("spaniels-a", "vicr_demo-ben", "4")]


def test_every_bad_prodigy_line_is_named(vicr: Project, tmp_path: Path) -> None:
    path = FIXTURES / "prodigy-bad.jsonl"
    text = refusal("prodigy", path, vicr, tmp_path / "r.csv")
    for line, words in [(1, "accepts 2 options"), (2, "names no annotator"), (3, "not JSON"),
                        (4, "no meta.item_id"), (5, "'9' is not an answer")]:
        assert f"{path}:{line}: " in text and words in text


def test_an_answer_twice_and_an_overwrite_are_refused(vicr: Project, tmp_path: Path) -> None:
    twice = tmp_path / "twice.jsonl"
    line = ('{"meta": {"item_id": "spaniels-a"}, "accept": [%d], "answer": "accept", '
            '"_annotator_id": "d-ana"}\n')
    twice.write_text(line % 3 + line % 4, encoding="utf-8")
    assert f"{twice}:2: d-ana answered spaniels-a twice (first at twice.jsonl:1)" in refusal(
        "prodigy", twice, vicr, tmp_path / "r.csv")
    with pytest.raises(AnnotatorError, match="overwrite"):
        write_ratings(TOOLS["prodigy"].read(twice), vicr, twice, round_number=1, source=twice)


@pytest.mark.parametrize("sample", ["vicr", "vcr5", "good-bad-skip"])
def test_label_studio_tasks_and_config(sample: str, tmp_path: Path) -> None:
    project = open_project(_sample(sample))
    files = export_tasks(project, TOOLS["label-studio"], tmp_path, image_prefix="/data/x/")
    tasks = json.loads(files[0].read_text(encoding="utf-8"))
    assert [t["data"]["item_id"] for t in tasks] == [i.item_id for i in project.items]
    assert tasks[0]["data"]["image"] == "/data/x/" + project.items[0].image
    assert tasks[0]["data"]["text"] == project.items[0].caption
    config = ET.fromstring(files[1].read_text(encoding="utf-8").split("\n<!--")[0])
    assert config.find("Image").get("value") == "$image"
    choices = config.find("Choices")
    assert choices.get("name") == "rating" and choices.get("choice") == "single-radio"
    aliases = [choice.get("alias") for choice in choices]
    levels = sorted(project.rubric.levels, key=lambda level: -level.value)
    assert aliases == [f"{level.value:g}" for level in levels] + (
        ["skip"] if project.rubric.skip else [])
    assert [choice.get("hint") for choice in choices][:len(levels)] == [
        level.text for level in levels]


def test_potato_config_and_data(vicr: Project, tmp_path: Path) -> None:
    files = export_tasks(vicr, TOOLS["potato"], tmp_path)
    config = yaml.safe_load(files[0].read_text(encoding="utf-8"))
    (scheme,) = config["annotation_schemes"]
    assert (scheme["annotation_type"], scheme["name"]) == ("radio", "rating")
    assert [label["name"] for label in scheme["labels"]] == [
        "Full scene + meaning", "Objects + space", "Objects right", "Partly right", "Wrong"]
    assert config["data_files"] == ["data/items.jsonl"]
    assert config["item_properties"] == {"id_key": "id", "text_key": "text"}
    lines = [json.loads(line) for line in (tmp_path / "data" / "items.jsonl").read_text(
        encoding="utf-8").splitlines()]
    assert [line["id"] for line in lines] == [i.item_id for i in vicr.items]
    assert '<img src="images/' in lines[0]["text"]


def test_prodigy_tasks_offer_the_levels_as_options(tmp_path: Path) -> None:
    project = open_project(_sample("good-bad-skip"))
    files = export_tasks(project, TOOLS["prodigy"], tmp_path)
    tasks = [json.loads(line) for line in files[0].read_text(encoding="utf-8").splitlines()]
    assert [t["meta"]["item_id"] for t in tasks] == [i.item_id for i in project.items]
    assert [o["id"] for o in tasks[0]["options"]] == [1, 0, "skip"]
    assert json.loads(files[1].read_text())["choice_style"] == "single"


def test_questions_before_the_image_cannot_go_to_another_tool(tmp_path: Path) -> None:
    """ContextRef asks before the image; no tool shows the text without it first (and
    Prodigy carries one question at all)."""
    project = open_project(_sample("contextref"))
    for tool in TOOLS.values():
        says = "carry one question" if tool.name == "prodigy" else "before the image is shown"
        with pytest.raises(AnnotatorError, match=says):
            export_tasks(project, tool, tmp_path / tool.name)
    assert not list(tmp_path.iterdir())


def _sample(name: str) -> Path:
    return ROOT / "sample_projects" / f"{name}-demo"
