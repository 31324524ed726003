"""Importers from outside: linear in the size of the file, deep nesting in any JSON or TOML
refused by file and line, and every unexpected JSON type refused by entry, never a
traceback (issue 27, item 8)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.errors import AnnotatorError, ProjectError
from annotator.project.folder import open_project
from annotator.project.interop import TOOLS
from annotator.project.shortcut import read_shortcut
from annotator.store.lock import read_holder
from tests.conftest import write_jpeg
from tests.interop_files import label_studio_export

REPO = Path(__file__).resolve().parents[2]
DEEP = 100_000
"""Levels of ``[`` in a forged file: far past any parser's recursion."""
READ_100K = """
import json, sys
from pathlib import Path
from annotator.project.interop import TOOLS
read = TOOLS["label-studio"].read(Path(sys.argv[1]))
print(json.dumps({"problems": [str(p) for p in read.problems[:3]],
                  "answers": [[a.item_id, a.tagger, a.line, a.choice] for a in read.answers]}))
"""


@pytest.fixture
def vicr(tmp_path: Path) -> Path:
    folder = tmp_path / "vicr-demo"
    shutil.copytree(REPO / "sample_projects" / "vicr-demo", folder)
    return folder


def test_a_label_studio_export_of_100k_tasks_is_read_whole_and_by_line(vicr: Path,
                                                                       tmp_path: Path) -> None:
    """100,000 tasks read in a process of their own: quadratic reading (each task's line
    counted from the file's start) takes a quarter of an hour and fails the timeout."""
    items = [item.item_id for item in open_project(vicr).items]
    export = tmp_path / "export.json"
    lines = label_studio_export(export, 100_000, items)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    try:
        result = subprocess.run([sys.executable, "-c", READ_100K, str(export)], env=env,
                                capture_output=True, text=True, timeout=240, cwd=REPO,
                                check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("reading 100,000 Label Studio tasks did not end in 4 minutes")
    assert result.returncode == 0, result.stderr
    read = json.loads(result.stdout)
    assert read["problems"] == []
    answers = read["answers"]
    assert len(answers) == 100_000
    assert [answer[2] for answer in answers] == lines  # every task's own line
    assert answers[99_999] == [items[99_999 % len(items)], "99999", lines[-1], "5"]


def deep_json(path: Path, head: str = "") -> Path:
    path.write_text(head + "[" * DEEP, encoding="utf-8")
    return path


def test_deep_nesting_in_a_label_studio_export_is_refused_by_line(vicr: Path, tmp_path: Path,
                                                                  capsys) -> None:
    export = deep_json(tmp_path / "export.json", '[\n{"data": {"item_id": "x"}},\n')
    out = tmp_path / "ratings.csv"
    code = main(["import-ratings", "label-studio", str(export), "--out", str(out),
                 "--project", str(vicr)])
    said = capsys.readouterr()
    assert code == 2 and not out.exists()
    assert f"{export}:3: This file nests arrays or objects" in said.err
    assert "Traceback" not in said.err + said.out


@pytest.mark.parametrize("tool", ["prodigy", "potato"])
def test_deep_nesting_in_a_json_lines_export_is_refused_by_line(vicr: Path, tmp_path: Path,
                                                                tool: str) -> None:
    lines = tmp_path / ("annotated_instances.jsonl" if tool == "potato" else "db-out.jsonl")
    lines.write_text('{"id": "a"}\n' + "[" * DEEP + "\n", encoding="utf-8")
    source = lines if tool == "prodigy" else tmp_path
    if tool == "potato":
        (tmp_path / "ana").mkdir()
        lines = lines.rename(tmp_path / "ana" / lines.name)
    with pytest.raises(AnnotatorError) as refused:
        from annotator.project.interop.answers import write_ratings
        write_ratings(TOOLS[tool].read(source), open_project(vicr), tmp_path / "r.csv",
                      round_number=1, source=source)
    assert f"{lines}:2: This line nests arrays or objects {DEEP:,} levels deep" in str(
        refused.value)


@pytest.mark.parametrize("captions", ["captions.json", "captions.jsonl"])
def test_deep_nesting_in_a_captions_file_is_refused_by_line(tmp_path: Path, capsys,
                                                            captions: str) -> None:
    images = tmp_path / "images"
    write_jpeg(images / "a.jpg")
    path = deep_json(tmp_path / captions, "\n")
    code = main(["init", str(tmp_path / "project"), "--images", str(images),
                 "--captions", str(path), "--name", "Deep"])
    said = capsys.readouterr()
    assert code == 2, said
    assert f"{path}:2: This " in said.err and "levels deep" in said.err
    assert "Traceback" not in said.err + said.out


def test_deep_nesting_in_project_toml_is_refused_by_line(make_project_folder,
                                                         capsys) -> None:
    folder = make_project_folder(2)
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n[deep]\na = " + "[" * DEEP,
                        encoding="utf-8")
    line = manifest.read_text(encoding="utf-8").count("\n") + 1
    assert main(["validate", str(folder)]) == 2
    said = capsys.readouterr()
    assert f"{manifest}:{line}: This file nests arrays or objects" in said.err
    assert "Traceback" not in said.err + said.out


@pytest.mark.parametrize("nest", ["[", "{b="])
def test_a_3kb_shortcut_nesting_deep_is_refused_by_line(tmp_path: Path, nest: str) -> None:
    shortcut = tmp_path / "open.crproject"
    shortcut.write_text("# open the study\nfolder = " + nest * (3000 // len(nest)),
                        encoding="utf-8")
    assert shortcut.stat().st_size < 4096
    with pytest.raises(ProjectError) as refused:
        read_shortcut(shortcut)
    assert refused.value.file == shortcut and refused.value.line == 2
    assert "levels deep" in refused.value.message


def test_a_lock_file_nesting_deep_names_no_holder(tmp_path: Path) -> None:
    """A lock file planted in sessions/ by another laptop is read as no one's."""
    assert read_holder(deep_json(tmp_path / "lab-1.sqlite-lock")) is None


BAD_ENTRIES = [
    ({"result": None}, "its result is null, not a list of results"),
    ({"result": 3}, "its result is a number, not a list of results"),
    ({"result": {"type": "choices"}}, "its result is an object, not a list of results"),
    ({"result": [{"type": "choices", "from_name": "rating", "value": None}]},
     "its choices are not exactly one choice"),
    ({"result": [{"type": "choices", "from_name": "rating", "value": {"choices": [None]}}]},
     "its choices are not exactly one choice"),
    ({"result": [{"type": "rating", "from_name": "rating", "value": {"rating": "4"}}]},
     "its rating is not a whole number of stars"),
    ({"completed_by": [1]}, "names no annotator"),
]


def test_every_unexpected_json_type_in_label_studio_is_refused_by_entry(vicr: Path,
                                                                        tmp_path: Path,
                                                                        capsys) -> None:
    item = open_project(vicr).items[0].item_id
    tasks = []
    for n, (change, _) in enumerate(BAD_ENTRIES):
        annotation = {"completed_by": n, "result": [
            {"type": "choices", "from_name": "rating", "value": {"choices": ["3"]}}]}
        tasks.append({"data": {"item_id": item}, "annotations": [{**annotation, **change}]})
    tasks += [{"data": {"item_id": item}, "annotations": None}, {"data": []}, [1, 2]]
    export = tmp_path / "export.json"
    export.write_text("[\n" + ",\n".join(map(json.dumps, tasks)) + "\n]", encoding="utf-8")
    out = tmp_path / "ratings.csv"
    code = main(["import-ratings", "label-studio", str(export), "--out", str(out),
                 "--project", str(vicr)])
    said = capsys.readouterr()
    assert code == 2 and not out.exists()
    assert "Traceback" not in said.err + said.out
    for line, (_, reason) in enumerate(BAD_ENTRIES, start=2):
        assert f"{export}:{line}: " in said.err and reason in said.err, (line, said.err)
    assert f"{export}:{len(BAD_ENTRIES) + 2}: The annotations of task {item} are not a list" \
        in said.err
    assert said.err.count("has no id (nor data.item_id)") == 2


def test_a_number_of_more_digits_than_python_reads_is_refused_by_line(vicr: Path,
                                                                      tmp_path: Path) -> None:
    huge = "9" * 4400
    export = tmp_path / "export.json"
    export.write_text('[\n{"data": {"item_id": "a"}},\n{"data": {"item_id": ' + huge + "}}]",
                      encoding="utf-8")
    (problem,) = TOOLS["label-studio"].read(export).problems
    assert (problem.file, problem.line) == (export, 3)
    assert "a whole number of 4,400 digits" in problem.message
    lines = tmp_path / "db-out.jsonl"
    lines.write_text('{"answer": "accept", "meta": {"item_id": ' + huge + "}}\n",
                     encoding="utf-8")
    (problem,) = TOOLS["prodigy"].read(lines).problems
    assert problem.line == 1 and "a whole number of 4,400 digits" in problem.message
