"""TOML a lab lead wrote: the line of every key, and edits that keep the rest as written."""

from __future__ import annotations

import tomllib

import pytest

from annotator.errors import ProjectError
from annotator.project.tomlfile import edited_text, key_lines

LEAD_WROTE = '''\
# the lab's panel
title = "x"   # a top-level key
[project]
id = "abc"
"odd key" = 1
multi = """
not_a_key = 1
[not_a_table]
"""
literal = \'\'\'a # b\'\'\'
list = [
  1,   # one = 1
  [2, "]"],
]
after = true

[rounds."2"]  # quoted
started = 2027-01-10

[ rounds . 3 ]
items = "r.csv"
more.dotted = { x = 1 }

[[levels]]
value = 1

[[levels]]
value = 2
'''


def test_every_key_is_found_on_its_line_whatever_its_form():
    lines = key_lines(LEAD_WROTE)
    assert lines == {
        "title": 2,
        "project": 3, "project.id": 4, "project.odd key": 5, "project.multi": 6,
        "project.literal": 10, "project.list": 11, "project.after": 15,
        "rounds": 17, "rounds.2": 17, "rounds.2.started": 18,
        "rounds.3": 20, "rounds.3.items": 21, "rounds.3.more": 22, "rounds.3.more.dotted": 22,
        "levels": 24, "levels.value": 25,
    }
    tomllib.loads(LEAD_WROTE)  # the sample is TOML, so the lines above are the real ones


def test_an_edit_keeps_every_untouched_byte(tmp_path):
    path = tmp_path / "a.toml"
    path.write_text(LEAD_WROTE, encoding="utf-8")

    def change(document):
        document["rounds"]["2"]["feedback"] = False

    text = edited_text(path, change)
    assert text == LEAD_WROTE.replace("started = 2027-01-10\n",
                                      "started = 2027-01-10\nfeedback = false\n")


def test_crlf_stays_crlf_and_mixed_endings_stay_as_they_are(tmp_path):
    path = tmp_path / "a.toml"
    path.write_bytes(b"[project]\r\nid = 'x'\r\n")
    assert edited_text(path, lambda d: d["project"].update(name="n")) == (
        "[project]\r\nid = 'x'\r\nname = \"n\"\r\n")
    path.write_bytes(b"[project]\r\nid = 'x'\n")
    assert edited_text(path, lambda d: d["project"].update(name="n")) == (
        "[project]\r\nid = 'x'\nname = \"n\"\n")


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (b'[project]\nid = "x"\nname = oops\n', 3, "not valid TOML"),
        (b'[project]\nid = "x"\nname = "Caf\xe9"\n', 3, "not UTF-8"),
    ],
)
def test_a_file_that_cannot_be_edited_is_refused_with_its_line(tmp_path, data, line, words):
    path = tmp_path / "project.toml"
    path.write_bytes(data)
    with pytest.raises(ProjectError, match=words) as caught:
        edited_text(path, lambda _document: None)
    assert (caught.value.file, caught.value.line) == (path, line)
