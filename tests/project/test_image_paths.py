"""How image paths in a CSV are read: portable spellings accepted, escapes refused."""

from __future__ import annotations

import pytest

from annotator.project.paths import normalise_image_path


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("images/cat.jpg", "images/cat.jpg"),
        ("  images/cat.jpg ", "images/cat.jpg"),
        ("./images//cat.jpg", "images/cat.jpg"),
        ("images\\sub\\cat.jpg", "images/sub/cat.jpg"),
        ("cat.jpg", "cat.jpg"),
        ("images/a..b.jpg", "images/a..b.jpg"),
        ("images/ünïcode 猫.jpg", "images/ünïcode 猫.jpg"),
    ],
)
def test_accepted_spellings(raw, expected):
    assert normalise_image_path(raw) == (expected, None)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("", "empty"),
        ("../cat.jpg", "outside the project folder"),
        ("images/../../cat.jpg", "outside the project folder"),
        ("images\\..\\..\\cat.jpg", "outside the project folder"),
        ("/home/lab/cat.jpg", "absolute"),
        ("\\cat.jpg", "absolute"),
        ("C:\\photos\\cat.jpg", "absolute"),
        ("c:/photos/cat.jpg", "absolute"),
        ("D:cat.jpg", "absolute"),
        ("~/cat.jpg", "absolute"),
        ("\\\\server\\share\\cat.jpg", "network share"),
        ("//server/share/cat.jpg", "network share"),
        ("https://example.org/cat.jpg", "web address"),
        ("images/\x00.jpg", "NUL"),
        ("./", "names no file"),
    ],
)
def test_refused_with_a_reason(raw, expected):
    path, message = normalise_image_path(raw)
    assert path == ""
    assert expected in message
