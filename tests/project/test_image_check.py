"""The deep image check behind validate: real files, decoded by Pillow."""

from __future__ import annotations

import warnings

import pytest

from annotator.project.folder import open_project, validate_project
from annotator.project.images import check_image

LIMIT = 50_000_000
MANIFEST_100MP = """\
[project]
id = "0b5d6f1e-8a61-4c1e-9d2a-6f0e4b8c2a11"
name = "Big pictures"

[images]
max_megapixels = 100
"""


@pytest.mark.parametrize("kind", ["jpeg", "png"])
def test_a_good_image_passes(tmp_path, write_image, kind):
    assert check_image(write_image(tmp_path / f"ok.{kind}", kind), max_pixels=LIMIT) is None


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("empty", "is empty (0 bytes)."),
        ("text", "is not an image: it looks like a text file renamed to .jpg."),
        ("truncated", "is a damaged"),
        (bytes(range(256)) * 4, "is not an image file Pillow can read"),
    ],
    ids=["zero-byte", "text-renamed", "truncated-jpeg", "random-bytes"],
)
def test_a_bad_image_gets_a_sentence(tmp_path, write_image, kind, expected):
    message = check_image(write_image(tmp_path / "bad.jpg", kind), max_pixels=LIMIT)
    assert message is not None and expected in message


def test_missing_file_is_reported(tmp_path):
    assert "cannot be read" in check_image(tmp_path / "nope.jpg", max_pixels=LIMIT)


def test_truncated_jpeg_passes_verify_but_not_the_decode(tmp_path, write_image):
    message = check_image(write_image(tmp_path / "cut.jpg", "truncated"), max_pixels=LIMIT)
    assert message.startswith("is a damaged JPEG file that cannot be decoded (")
    assert "truncated" in message


def test_image_bomb_is_refused_from_its_header(tmp_path, write_image):
    path = write_image(tmp_path / "bomb.png", "bomb")  # 10000 × 6000, 1-bit
    assert check_image(path, max_pixels=LIMIT) == (
        "is too large: 60.0 megapixels (10000 × 6000), more than the limit of 50 megapixels. "
        "Shrink it, or raise [images] max_megapixels in project.toml if you trust the file."
    )
    assert check_image(path, max_pixels=70_000_000) is None


def test_pillows_own_bomb_error_becomes_our_message_and_does_not_leak(tmp_path, write_image):
    path = write_image(tmp_path / "huge.png", "huge-header")  # claims 30000 × 30000
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any leaked warning fails the test
        limited = check_image(path, max_pixels=LIMIT)
        unlimited = check_image(path, max_pixels=10**10)
    assert limited.startswith("is too large: 900.0 megapixels")
    assert "limit of 50 megapixels" in limited
    assert "more than Pillow (the image library) will ever open" in unlimited


def test_between_pillows_warning_and_our_raised_limit_the_image_is_checked(tmp_path, write_image):
    from PIL import Image

    path = tmp_path / "big.png"
    Image.new("1", (10000, 10000)).save(path)  # 100 MP: Pillow warns above 89.5 MP
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_image(path, max_pixels=120_000_000) is None
        assert "100.0 megapixels" in check_image(path, max_pixels=LIMIT)


def test_validate_moves_bad_images_to_problems(make_project):
    rows = [
        {"image": "images/ok.jpg", "caption": "fine"},
        {"image": "images/cut.jpg", "caption": "truncated"},
        {"image": "images/notes.jpg", "caption": "a text file"},
        {"image": "images/bomb.png", "caption": "too big"},
        {"image": "images/ok.png", "caption": "fine too"},
    ]
    images = {
        "images/ok.jpg": "jpeg",
        "images/cut.jpg": "truncated",
        "images/notes.jpg": "text",
        "images/bomb.png": "bomb",
        "images/ok.png": "png",
    }
    root = make_project(rows, images=images)
    assert len(open_project(root).items) == 5  # opening never decodes
    project = validate_project(root)
    assert [item.caption for item in project.items] == ["fine", "fine too"]
    assert [(p.file.name, p.line) for p in project.problems] == [
        ("items.csv", 3),
        ("items.csv", 4),
        ("items.csv", 5),
    ]
    assert project.problems[0].message.startswith("The image images/cut.jpg is a damaged")
    assert "text file" in project.problems[1].message
    assert "60.0 megapixels" in project.problems[2].message


def test_validate_uses_the_projects_megapixel_limit(make_project):
    root = make_project(
        [{"image": "images/bomb.png", "caption": "big"}],
        images={"images/bomb.png": "bomb"},
        manifest=MANIFEST_100MP,
    )
    project = validate_project(root)
    assert project.max_megapixels == 100
    assert project.problems == () and len(project.items) == 1


def test_validate_checks_gold_images_and_reports_progress(make_project):
    gold = [
        {"image": "images/g1.jpg", "caption": "ok", "rating": "3", "purpose": "tutorial"},
        {"image": "images/g2.jpg", "caption": "bad", "rating": "2", "purpose": "check"},
    ]
    root = make_project(
        [{"image": "images/a.jpg", "caption": "a"}],
        gold=gold,
        images={"images/a.jpg": "jpeg", "images/g1.jpg": "png", "images/g2.jpg": "truncated"},
    )
    seen: list[tuple[int, int]] = []
    project = validate_project(root, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert [g.item.caption for g in project.gold] == ["ok"]
    (problem,) = project.problems
    assert (problem.file.name, problem.line) == ("gold.csv", 3)
