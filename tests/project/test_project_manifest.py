"""project.toml: reading, writing by hand, keeping unknown tables, and not-a-project errors."""

from __future__ import annotations

import dataclasses
import datetime as dt
import tomllib
import uuid

import pytest

from annotator.errors import NotAProjectError, ProjectError
from annotator.project.folder import open_project
from annotator.project.manifest import (
    Manifest,
    new_manifest,
    read_manifest,
    write_manifest,
)

WITH_LATER_TABLES = """\
# written by a newer version
[project]
id = "0b5d6f1e-8a61-4c1e-9d2a-6f0e4b8c2a11"
name = "VICR demo panel"
rubric = "vicr5"
created = "2026-11-22"
owner = "lab"

[flow]
dwell_seconds = 3.0
feedback = true
order = { seed = 7, shuffle = "per tagger" }

[[rounds]]
number = 1
started = 2026-11-23
washout_weeks = 6

[[rounds]]
number = 2
started = 2027-01-10T09:30:00+01:00
subset = ["a", "b"]

[rounds.flow]
feedback = false
"""


def test_reads_the_project_table(tmp_path):
    (tmp_path / "project.toml").write_text(WITH_LATER_TABLES, encoding="utf-8")
    manifest = read_manifest(tmp_path)
    assert (manifest.project_id, manifest.name, manifest.rubric, manifest.created) == (
        "0b5d6f1e-8a61-4c1e-9d2a-6f0e4b8c2a11",
        "VICR demo panel",
        "vicr5",
        "2026-11-22",
    )
    assert manifest.max_megapixels == 50
    assert manifest.line_of("project.rubric") == 5


def test_round_trip_keeps_unknown_tables(tmp_path):
    (tmp_path / "project.toml").write_text(WITH_LATER_TABLES, encoding="utf-8")
    before = tomllib.loads(WITH_LATER_TABLES)
    manifest = read_manifest(tmp_path)
    write_manifest(tmp_path, dataclasses.replace(manifest, name='Panel "B"\n\tsecond try \\ ü'))
    after = tomllib.loads((tmp_path / "project.toml").read_text(encoding="utf-8"))
    before["project"]["name"] = 'Panel "B"\n\tsecond try \\ ü'
    assert after == before
    assert list(tmp_path.iterdir()) == [tmp_path / "project.toml"]  # no temporary left over


def test_new_manifest_round_trips(tmp_path):
    manifest = new_manifest("Panel", rubric="vicr5")
    assert uuid.UUID(manifest.project_id).version == 4
    assert manifest.created == dt.date.today().isoformat()
    write_manifest(tmp_path, manifest)
    again = read_manifest(tmp_path)
    assert (again.project_id, again.name, again.created) == (
        manifest.project_id,
        "Panel",
        manifest.created,
    )
    assert "[images]" not in (tmp_path / "project.toml").read_text()


def test_megapixel_limit_is_read_and_written(tmp_path):
    write_manifest(tmp_path, Manifest(project_id="x", name="n", max_megapixels=24))
    assert "max_megapixels = 24" in (tmp_path / "project.toml").read_text()
    assert read_manifest(tmp_path).max_megapixels == 24


def test_rewriting_an_existing_manifest_keeps_comments_and_line_ends(tmp_path):
    text = WITH_LATER_TABLES.replace('name = "VICR demo panel"', '#\nname = "VICR demo panel"  # x')
    (tmp_path / "project.toml").write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    manifest = read_manifest(tmp_path)
    write_manifest(tmp_path, dataclasses.replace(manifest, name="Panel B", max_megapixels=80))
    after = (tmp_path / "project.toml").read_bytes().decode("utf-8")
    expected = text.replace('"VICR demo panel"', '"Panel B"') + "\n[images]\nmax_megapixels = 80\n"
    assert after == expected.replace("\n", "\r\n")


@pytest.mark.parametrize(
    "value",
    [
        "plain",
        'quote " and backslash \\ and C:\\path',
        "control \x00 \x01 \x1f \x7f \b \f \r \n \t",
        "unicode ü 😀 \u2028",
    ],
)
def test_names_are_written_so_they_read_back(tmp_path, value):
    write_manifest(tmp_path, Manifest(project_id="x", name=value))
    assert tomllib.loads((tmp_path / "project.toml").read_text(encoding="utf-8"))["project"][
        "name"] == value


def test_a_new_manifest_writes_every_value_tomllib_returns(tmp_path):
    document = tomllib.loads(WITH_LATER_TABLES)
    document["misc"] = {
        "big": 10**18,
        "neg": -3,
        "floats": [0.1, 1e300, float("inf"), -float("inf")],
        "nested": [[1, 2], ["a"]],
        "when": dt.time(7, 30, 15),
        "empty_list": [],
        "empty_table": {},
        "deep": {"deeper": {"x": 1}},
        "weird key.with dots": "x",
    }
    manifest = Manifest(project_id="x", name="n", rubric="vicr5", created="2026-11-22",
                        document=document)
    write_manifest(tmp_path, manifest)
    document["project"] = {"id": "x", "name": "n", "rubric": "vicr5", "created": "2026-11-22",
                           "owner": "lab"}
    text = (tmp_path / "project.toml").read_text(encoding="utf-8")
    assert tomllib.loads(text) == document
    assert text.startswith("[project]\n")


def test_folder_missing_is_not_a_project(tmp_path):
    with pytest.raises(NotAProjectError, match="does not exist") as caught:
        open_project(tmp_path / "nowhere")
    assert caught.value.file == tmp_path / "nowhere"


def test_a_file_is_not_a_project(tmp_path):
    (tmp_path / "f.txt").write_text("x")
    with pytest.raises(NotAProjectError, match="is a file"):
        open_project(tmp_path / "f.txt")


def test_folder_without_project_toml_is_not_a_project(make_project):
    root = make_project([{"image": "images/a.jpg", "caption": "a"}], manifest=None)
    with pytest.raises(NotAProjectError, match=r"has no project\.toml") as caught:
        open_project(root)
    assert "annotator init" in str(caught.value)


def test_garbage_toml_names_the_file_and_line(make_project):
    root = make_project(manifest='[project]\nid = "x"\nname = oops no quotes\n')
    with pytest.raises(ProjectError) as caught:
        open_project(root)
    error = caught.value
    assert not isinstance(error, NotAProjectError)
    assert (error.file, error.line) == (root / "project.toml", 3)
    assert str(error).startswith(f"{root / 'project.toml'}:3: The file is not valid TOML")


def test_toml_that_is_not_utf8_names_the_line(make_project):
    root = make_project(manifest=None)
    (root / "project.toml").write_bytes(b'[project]\nid = "x"\nname = "Caf\xe9"\n')
    with pytest.raises(ProjectError, match="not UTF-8") as caught:
        open_project(root)
    assert caught.value.line == 3


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        ("[flow]\nx = 1\n", None, "no [project] table"),
        ('[project]\nname = "n"\n', 1, "has no id"),
        ('[project]\nname = "n"\nid = ""\n', 3, "has no id"),
        ('[project]\nid = "x"\nrubric = 5\n', 3, "rubric must be a non-empty text"),
        ('[project]\nid = "x"\n\n[images]\nmax_megapixels = -1\n', 5, "positive number"),
        ('[project]\nid = "x"\nrubric = "nosuch"\n', 3, "rubric 'nosuch', which cannot be loaded"),
    ],
    ids=["no-project-table", "no-id", "empty-id", "rubric-not-text", "bad-limit", "no-rubric"],
)
def test_a_present_but_bad_manifest_is_a_project_error(make_project, text, line, expected):
    root = make_project(manifest=text)
    with pytest.raises(ProjectError) as caught:
        open_project(root)
    assert not isinstance(caught.value, NotAProjectError)
    assert caught.value.file == root / "project.toml"
    assert caught.value.line == line
    assert expected in str(caught.value)


def test_name_and_rubric_have_defaults(make_project):
    project = open_project(make_project(manifest='[project]\nid = "abc"\n', name="my-panel"))
    assert (project.project_id, project.name, project.rubric.rubric_id) == (
        "abc",
        "my-panel",
        "vicr5",
    )
