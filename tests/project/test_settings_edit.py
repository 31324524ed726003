"""The Project settings dialog's edits: comments kept, only changed keys written, and what
validate refuses refused by setting with the file left as it was."""

from __future__ import annotations

import pytest

from annotator.project.folder import open_project
from annotator.project.settings_edit import (
    SettingRefusedError,
    read_settings,
    save_settings,
)

COMMENTED = """\
# the museum study; ask Jo before changing
[project]
id = "0b5d6f1e-8a61-4c1e-9d2a-6f0e4b8c2a11"
name = "Museum"  # shown in the title bar
rubric = "vicr5"
created = "2026-11-22"

[flow]
tutorial_pairs = 8   # eight curated pairs
feedback = true
"""


@pytest.fixture
def folder(make_project):
    return make_project([{"item_id": "a", "image": "images/a.jpg", "caption": "A cat."}],
                        manifest=COMMENTED)


def test_an_edit_keeps_comments_and_writes_only_what_changed(folder):
    values = read_settings(folder)
    assert values["flow.tutorial_pairs"] == 8 and values["flow.tutorial_pass"] == 8
    values |= {"flow.feedback": False, "rounds.washout_days": 30,
               "dataset.licence": "cc-by-4.0", "flow.dwell_seconds": 2.0}
    save_settings(folder, values)
    text = (folder / "project.toml").read_text("utf-8")
    head = COMMENTED.split("feedback")[0]
    assert text.startswith(head + "feedback = false\n")
    assert "# eight curated pairs" in text and "# shown in the title bar" in text
    assert "tutorial_pass" not in text and "dwell_seconds = 2\n" in text
    project = open_project(folder)
    assert project.flow.base.feedback is False and project.washout_days == 30
    assert project.dataset.licence == "cc-by-4.0"
    assert read_settings(folder) == values


def test_a_pass_mark_above_twice_the_pairs_is_refused_by_its_field(folder):
    before = (folder / "project.toml").read_bytes()
    values = read_settings(folder) | {"flow.tutorial_pass": 17}
    with pytest.raises(SettingRefusedError) as refused:
        save_settings(folder, values)
    assert refused.value.setting == "flow.tutorial_pass"
    assert "tutorial_pass must be between 0 and 16" in refused.value.message
    assert (folder / "project.toml").read_bytes() == before


@pytest.mark.parametrize(("name", "value", "words"), [
    ("dataset.licence", "CC BY", "not a licence id"),
    ("rounds.washout_days", 5000, "washout_days must be a whole number"),
    ("images.max_megapixels", 0.0, "max_megapixels must be a positive number"),
    ("checks.every", 0, "every must be at least 1"),
    ("flow.min_consensus", 0, "min_consensus must be at least 1"),
])
def test_each_table_refuses_what_validate_refuses(folder, name, value, words):
    before = (folder / "project.toml").read_bytes()
    with pytest.raises(SettingRefusedError) as refused:
        save_settings(folder, read_settings(folder) | {name: value})
    assert refused.value.setting == name and words in refused.value.message
    assert (folder / "project.toml").read_bytes() == before
