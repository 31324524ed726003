"""``annotator export-tasks`` of a study whose questions are all asked with the image:
Label Studio gets a ``<Choices>`` per scale, flag and choice question and a ``<TextArea>``
for the note, shown only after "Yes"; Potato a radio or text scheme each."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode
from tests.study_rubric import study_rubric_text, use_study_rubric


def post_only_study(make_project_folder) -> Path:
    """The lab study with "overall" asked only with the image, as a peer tool can."""
    text = study_rubric_text().replace(
        'id = "overall"\n', 'id = "overall"\nstages = ["post"]\n')
    return use_study_rubric(make_project_folder(3), text)


def test_label_studio_asks_each_question_with_its_control(make_project_folder,
                                                          tmp_path: Path) -> None:
    folder = post_only_study(make_project_folder)
    assert main(["export-tasks", str(folder), "--to", "label-studio", "--out",
                 str(tmp_path / "ls")]) == ExitCode.DONE
    view = ET.fromstring((tmp_path / "ls" / "label_config.xml").read_text(
        encoding="utf-8").split("<!--")[0])
    controls = [(c.tag, c.get("name")) for c in view if c.tag in ("Choices", "TextArea")]
    assert controls == [("Choices", "wrong_info"), ("TextArea", "wrong_note"),
                        ("Choices", "audience"), ("Choices", "overall")]
    flag = view.find("Choices[@name='wrong_info']")
    assert flag is not None
    assert [(c.get("value"), c.get("alias")) for c in flag] == [("Yes", "yes"), ("No", "no")]
    note = view.find("TextArea[@name='wrong_note']")
    assert note is not None and note.get("required") == "false"
    assert (note.get("visibleWhen"), note.get("whenTagName"), note.get("whenChoiceValue")) == (
        "choice-selected", "wrong_info", "Yes")
    overall = view.find("Choices[@name='overall']")
    assert overall is not None
    assert [c.get("alias") for c in overall] == [str(v) for v in range(7, 0, -1)]
    audience = view.find("Choices[@name='audience']")
    assert audience is not None
    assert [c.get("alias") for c in audience] == ["everyone", "blind", "sighted"]
    headers = [h.get("value") for h in view.iter("Header")]
    assert headers[-1] == "Overall, how good is this caption?"


def test_potato_asks_each_question_as_a_scheme(make_project_folder, tmp_path: Path) -> None:
    folder = post_only_study(make_project_folder)
    assert main(["export-tasks", str(folder), "--to", "potato", "--out",
                 str(tmp_path / "potato")]) == ExitCode.DONE
    config = json.loads((tmp_path / "potato" / "config.yaml").read_text(encoding="utf-8"))
    schemes = {s["name"]: s for s in config["annotation_schemes"]}
    assert list(schemes) == ["wrong_info", "wrong_note", "audience", "overall"]
    assert schemes["wrong_note"]["annotation_type"] == "text"
    assert "Only if you answered yes to wrong_info" in schemes["wrong_note"]["description"]
    assert [label["name"] for label in schemes["wrong_info"]["labels"]] == ["yes", "no"]
    assert [label["name"] for label in schemes["overall"]["labels"]] == [
        str(v) for v in range(7, 0, -1)]
