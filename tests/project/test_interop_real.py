"""A lab's own Label Studio, Potato 2.x and Prodigy work read back: files made by the real
tools (Label Studio 1.23.2, Potato 2.12.1; fixtures/interop/real/README.md) and Prodigy
db-out files written from its documentation. Every answer must come through with the right
tagger, item and level, counted against the tool's own export; bad entries are refused by
line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from annotator.errors import AnnotatorError
from annotator.project.interop import TOOLS
from annotator.project.interop.answers import Answer, Scale, write_ratings
from annotator.project.interop.peer import FromTool, init_from_tool
from annotator.project.rubric import load_rubric

REAL = Path(__file__).parent / "fixtures" / "interop" / "real"
LS = REAL / "label-studio-1.23.2"
POTATO = REAL / "potato-2.12.1"
PRODIGY = REAL / "prodigy-docs"
IMAGES = REAL / "images"
LEVELS = {"ana": [5, 1, 5, 1, 4, 2], "ben": [4, 2, 5, 2, 5, 3], "cem": [5, 2, 4, 1, 0, 0]}
"""What each annotator answered to tasks 1–6 (0: nothing), as the fixture script drove it."""
LS_USERS = {"1": "ana", "2": "ben", "3": "cem"}


def expected(item_of_task: dict[int, str], tagger_of: dict[str, str], *,
             who: tuple[str, ...] = ("ana", "ben", "cem")) -> set[tuple[str, str, str]]:
    """(item, tagger, level) of every answer the fixture script gave."""
    return {(item_of_task[n + 1], tagger, str(levels[n]))
            for tagger, name in tagger_of.items() if name in who
            for n, levels in [(n, LEVELS[name]) for n in range(6)] if levels[n]}


def ratings(done: FromTool) -> set[tuple[str, str, str]]:
    with done.ratings.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["round"] for row in rows} == {"1"}
    found = {(row["item_id"], row["tagger"], row["rating"]) for row in rows}
    assert len(found) == len(rows) == done.written
    return found


def project_from(tool: str, export: Path, tmp_path: Path) -> FromTool:
    return init_from_tool(tmp_path / "project", tool, export, images=IMAGES, rubric=None)


@pytest.mark.parametrize("export", ["export-JSON.json", "export-JSON_MIN.json_min",
                                    "export-CSV.csv", "export-TSV.tsv"])
def test_every_label_studio_export_brings_every_answer(export: str, tmp_path: Path) -> None:
    raw = json.loads((LS / "export-JSON.json").read_text(encoding="utf-8"))
    answered = [a for task in raw for a in task["annotations"] if not a["was_cancelled"]]
    done = project_from("label-studio", LS / export, tmp_path)
    project = done.made.project
    assert project.rubric.rubric_id == "vicr5"  # inferred from label_config.xml's choices
    assert {item.item_id: (item.image, item.caption) for item in project.items} == {
        str(task["id"]): ("images/" + task["data"]["image"].rsplit("/", 1)[1],
                          task["data"]["text"]) for task in raw}
    assert done.written == len(answered) == 16
    assert ratings(done) == expected({n: str(n) for n in range(1, 7)}, LS_USERS)


def test_potato_2_user_states_history_and_export_agree(tmp_path: Path) -> None:
    states = {path.parent.name: json.loads(path.read_text(encoding="utf-8"))
              for path in (POTATO / "annotation_output").glob("*/user_state.json")}
    own_count = sum(len(state["instance_id_to_label_to_value"]) for state in states.values())
    done = project_from("potato", POTATO, tmp_path)
    assert done.written == own_count == 16 and done.made.project.rubric.rubric_id == "vicr5"
    want = expected({n: f"t{n}" for n in range(1, 7)}, {name: name for name in LEVELS})
    assert ratings(done) == want
    exported = TOOLS["potato"].read(POTATO / "export" / "annotations.jsonl")
    histories = [TOOLS["potato"].read(path)
                 for path in sorted((POTATO / "annotation_output").glob("*/*.jsonl"))]
    scale = Scale(load_rubric("vicr5"))
    for read in (exported, *histories):
        assert not read.problems
    got = {(a.item_id, a.tagger, f"{scale.value(a):g}") for read in (exported, *histories)
           for a in read.answers}
    assert got == want  # ben's first answer to t1 (Wrong) is replaced by his last one


@pytest.mark.parametrize(("export", "who"), [("choice-named.jsonl", ("ana", "ben")),
                                             ("rating-session-only.jsonl", ("ana", "ben"))])
def test_prodigy_named_sessions_become_taggers(export: str, who: tuple[str, ...],
                                               tmp_path: Path) -> None:
    lines = [json.loads(line) for line in (PRODIGY / export).read_text().splitlines()]
    accepted = [line for line in lines if line["answer"] == "accept"]
    done = project_from("prodigy", PRODIGY / export, tmp_path)
    prefix = export.split("-")[0].replace("choice", "captions").replace("rating", "ratings")
    assert done.written == len(accepted) == 12 and not done.read.warnings
    assert ratings(done) == expected({n: str(999 + n) for n in range(1, 7)},
                                     {f"{prefix}-{name}": name for name in who}, who=who)


def test_prodigy_unnamed_sessions_are_warned_of(tmp_path: Path) -> None:
    done = project_from("prodigy", PRODIGY / "choice-unnamed.jsonl", tmp_path)
    assert done.written == 6
    [warning] = done.read.warnings
    assert "2 taggers are unnamed Prodigy sessions" in warning.message
    assert "one person who annotated in two sittings counts as two taggers" in warning.message


def test_bad_entries_are_refused_by_line_and_nothing_is_made(tmp_path: Path) -> None:
    entries = json.loads((LS / "export-JSON_MIN.json_min").read_text(encoding="utf-8"))
    entries[2]["quality"] = "6 – Better than life"
    del entries[5]["annotator"]
    bad = tmp_path / "export.json"
    bad.write_text(json.dumps(entries, indent=2), encoding="utf-8")
    (tmp_path / "label_config.xml").write_bytes((LS / "label_config.xml").read_bytes())
    with pytest.raises(AnnotatorError) as refused:
        init_from_tool(tmp_path / "project", "label-studio", bad, images=IMAGES, rubric=None)
    text = str(refused.value)
    assert f"{bad}:57: The annotation of task 2 names no annotator" in text
    assert not (tmp_path / "project").exists()
    del entries[5]
    bad.write_text(json.dumps(entries, indent=2), encoding="utf-8")
    with pytest.raises(AnnotatorError) as refused:
        init_from_tool(tmp_path / "project", "label-studio", bad, images=IMAGES,
                       rubric="vicr5")
    assert (f"{bad}:24: The answer '6 – Better than life' is not an answer of the vicr5 "
            "rubric") in str(refused.value)
    assert "So no project was created" in str(refused.value)
    assert not (tmp_path / "project").exists()


def test_bad_potato_and_prodigy_lines_are_named(tmp_path: Path) -> None:
    lines = (POTATO / "export" / "annotations.jsonl").read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[3])
    record["labels"]["quality"]["1 – Wrong"] = "1 – Wrong"
    lines[3] = json.dumps(record)
    lines[6] = '{"instance_id": "t1", "labels": {}}'
    potato = tmp_path / "annotations.jsonl"
    potato.write_text("\n".join(lines) + "\n", encoding="utf-8")
    read = TOOLS["potato"].read(potato)
    assert [(p.line, p.message.split(";")[0]) for p in read.problems] == [
        (4, f"{record['user_id']}'s answer to instance {record['instance_id']} has 2 labels "
            "chosen in its scheme (of quality)"), (7, "This line has no user_id.")]
    prodigy = tmp_path / "db-out.jsonl"
    prodigy.write_text((PRODIGY / "choice-named.jsonl").read_text(encoding="utf-8")
                       + '{"answer": "accept", "accept": ["space"]}\n', encoding="utf-8")
    read = TOOLS["prodigy"].read(prodigy)
    assert [(p.line, p.message) for p in read.problems] == [
        (14, "This task has no meta.item_id nor _input_hash: is it a db-out export?")]


def test_choices_in_the_labs_own_words_take_the_leads_map(tmp_path: Path) -> None:
    words = {"full": "superb", "space": "good", "objects": "fair", "partly": "poor",
             "wrong": "awful"}
    lines = []
    for line in (PRODIGY / "choice-named.jsonl").read_text(encoding="utf-8").splitlines():
        task = json.loads(line)
        task["options"] = [{"id": o["id"], "text": words[o["id"]]} for o in task["options"]]
        lines.append(json.dumps(task))
    export = tmp_path / "own-words.jsonl"
    export.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(AnnotatorError, match="name it with --rubric"):
        init_from_tool(tmp_path / "p1", "prodigy", export, images=IMAGES, rubric=None)
    mapping = {"superb": "5", "good": "4", "fair": "Objects right", "poor": "2", "awful": "1"}
    done = init_from_tool(tmp_path / "p2", "prodigy", export, images=IMAGES, rubric=None,
                          choice_map=mapping)
    assert done.made.project.rubric.rubric_id == "vicr5"
    assert ratings(done) == expected({n: str(999 + n) for n in range(1, 7)},
                                     {"captions-ana": "ana", "captions-ben": "ben"},
                                     who=("ana", "ben"))


def test_a_choice_worded_value_then_label_is_matched() -> None:
    vicr = Scale(load_rubric("vicr5"))
    assert vicr.value(Answer("a", "t", Path("f"), 1, "4 – Objects + space")) == 4
    assert vicr.value(Answer("a", "t", Path("f"), 1, "space", wording="4 – anything")) == 4
    assert vicr.value(Answer("a", "t", Path("f"), 1, "x", wording="Objects right")) == 3
    with pytest.raises(ValueError, match="not an answer"):
        Scale(load_rubric("vcr5")).value(Answer("a", "t", Path("f"), 1, "0.3"))


def test_import_ratings_reads_every_format_into_the_project_made(tmp_path: Path) -> None:
    done = project_from("label-studio", LS / "export-JSON.json", tmp_path)
    for export in ("export-JSON_MIN.json_min", "export-CSV.csv", "export-TSV.tsv"):
        out = tmp_path / f"{export}.csv"
        assert write_ratings(TOOLS["label-studio"].read(LS / export), done.made.project, out,
                             round_number=1, source=LS / export) == 16
        assert out.read_bytes().count(b"\n") == 17


def test_a_bad_potato_user_state_is_named_at_its_instance_line(tmp_path: Path) -> None:
    state = json.loads((POTATO / "annotation_output" / "ana" / "user_state.json").read_text(
        encoding="utf-8"))
    chosen = state["instance_id_to_label_to_value"]
    chosen["t3"].append([{"schema": "quality", "name": "1 – Wrong"}, "1 – Wrong"])
    chosen["t5"] = "4"
    folder = tmp_path / "annotation_output" / "ana"
    folder.mkdir(parents=True)
    text = json.dumps(state, indent=2)
    (folder / "user_state.json").write_text(text, encoding="utf-8")
    lines = text.splitlines()
    read = TOOLS["potato"].read(tmp_path / "annotation_output")
    assert [(p.line, p.message) for p in read.problems] == [
        (lines.index('    "t3": [') + 1, "ana's answer to instance t3 has 2 labels chosen in "
         "its scheme (of quality); it needs one."),
        (lines.index('    "t5": "4",') + 1, "The labels of instance t5 are not a list.")]
    assert len(read.answers) == 4
