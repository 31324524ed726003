"""annotator init: a self-contained project from images and a captions file or sidecars."""

from __future__ import annotations

import csv
import tomllib
import uuid
from pathlib import Path

import pytest

from annotator.errors import ProjectError, RubricError
from annotator.project.create import init_project
from annotator.project.folder import open_project, validate_project


@pytest.fixture
def photos(tmp_path, write_image) -> Path:
    """A folder of images as a lab might have it: sub-folders, mixed formats, junk."""
    root = tmp_path / "photos"
    write_image(root / "cat.jpg", "jpeg")
    write_image(root / "park" / "dog.png", "png")
    write_image(root / "park" / "bird.JPEG", "jpeg")
    write_image(root / ".hidden.jpg", "jpeg")  # e.g. macOS ._ files: skipped
    (root / "notes.md").write_text("not an image")
    return root


def siblings(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.parent.iterdir())


def read_items_csv(folder: Path) -> list[dict[str, str]]:
    with (folder / "items.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_init_from_csv(tmp_path, photos):
    captions = tmp_path / "captions.csv"
    captions.write_text(
        "image,caption,source,page_title\n"
        "cat.jpg,A cat on a mat.,model-a,Pets\n"
        'park/dog.png,"A dog, running.",human,Park\n'
        "bird.JPEG,A bird.,model-b,\n",  # a bare name is found in its sub-folder
        encoding="utf-8",
    )
    target = tmp_path / "panel"
    made = init_project(target, images=photos, captions=captions, name="Demo")
    project = made.project
    assert project.problems == () and made.notes == ()
    assert project.name == "Demo"
    assert [(i.image, i.caption, i.source) for i in project.items] == [
        ("images/cat.jpg", "A cat on a mat.", "model-a"),
        ("images/park/dog.png", "A dog, running.", "human"),
        ("images/park/bird.JPEG", "A bird.", "model-b"),
    ]
    assert dict(project.items[0].context) == {"page_title": "Pets"}
    rows = read_items_csv(target)
    assert list(rows[0]) == ["item_id", "image", "caption", "source", "page_title"]
    assert [row["item_id"] for row in rows] == ["cat", "park-dog", "park-bird"]
    manifest = tomllib.loads((target / "project.toml").read_text(encoding="utf-8"))
    assert uuid.UUID(manifest["project"]["id"]).version == 4
    assert manifest["project"]["rubric"] == "vicr5"
    assert sorted(p.relative_to(target).as_posix() for p in (target / "images").rglob("*.*")) == [
        "images/cat.jpg",
        "images/park/bird.JPEG",
        "images/park/dog.png",
    ]
    assert (target / "images" / "cat.jpg").read_bytes() == (photos / "cat.jpg").read_bytes()
    assert validate_project(target).problems == ()
    assert siblings(target) == ["captions.csv", "panel", "photos"]


def test_init_from_tsv_with_bad_rows_reported_by_line(tmp_path, photos):
    captions = tmp_path / "captions.tsv"
    captions.write_text(
        "image\tcaption\n"
        "cat.jpg\tA cat, with commas, in the caption.\n"
        "missing.jpg\tNo such image.\n"  # line 3
        "park/dog.png\t\n"  # line 4: empty caption
        "../escape.jpg\tOutside.\n"  # line 5
        "cat.jpg\tA cat, with commas, in the caption.\n",  # line 6: duplicate
        encoding="utf-8",
    )
    made = init_project(tmp_path / "panel", images=photos, captions=captions)
    project = made.project
    assert [i.caption for i in project.items] == ["A cat, with commas, in the caption."]
    places = [(p.file, p.line) for p in project.problems]
    assert places == [(captions, 3), (captions, 4), (captions, 5), (captions, 6)]
    messages = [p.message for p in project.problems]
    assert "There is no image missing.jpg" in messages[0]
    assert "caption for park/dog.png is empty" in messages[1]
    assert "goes outside" in messages[2]
    assert "already on line 2" in messages[3]
    (note,) = made.notes  # images without a caption are a note, not a problem
    assert (note.file, note.line) == (captions, None)
    assert "2 image(s)" in note.message and "park/bird.JPEG, park/dog.png" in note.message


def test_tab_separated_file_with_csv_name_is_sniffed(tmp_path, photos):
    captions = tmp_path / "captions.txt"
    captions.write_text("image\tcaption\ncat.jpg\tA cat, sitting.\n", encoding="utf-8")
    project = init_project(tmp_path / "panel", images=photos, captions=captions).project
    assert [i.caption for i in project.items] == ["A cat, sitting."]


def test_init_from_sidecars_one_caption_per_line(tmp_path, photos):
    (photos / "cat.txt").write_text("A cat on a mat.\n\n  A sleepy cat.  \n", encoding="utf-8")
    (photos / "park" / "dog.txt").write_bytes("\ufeffA dog in the park.".encode())
    target = tmp_path / "panel"
    made = init_project(target, images=photos, captions=None)
    project = made.project
    assert [(i.image, i.caption) for i in project.items] == [
        ("images/cat.jpg", "A cat on a mat."),
        ("images/cat.jpg", "A sleepy cat."),
        ("images/park/dog.png", "A dog in the park."),
    ]
    assert project.problems == ()
    (note,) = made.notes
    assert note.file == photos
    assert "1 image(s)" in note.message and "park/bird.JPEG" in note.message
    assert "copied into images/ for gold.csv" in note.message
    # every image is copied: one without a caption may be a tutorial pair of gold.csv
    assert (target / "images" / "park" / "bird.JPEG").read_bytes() == (
        photos / "park" / "bird.JPEG").read_bytes()
    assert [i.item_id for i in project.items] == ["cat-1", "cat-2", "park-dog"]


def test_sidecar_that_is_not_utf8_names_its_line(tmp_path, photos):
    (photos / "cat.txt").write_text("A cat.\n", encoding="utf-8")
    (photos / "park" / "dog.txt").write_bytes(b"A dog.\nUn chien pr\xe8s du caf\xe9.\n")
    project = init_project(tmp_path / "panel", images=photos, captions=None).project
    dog = next(p for p in project.problems if p.file.name == "dog.txt")
    assert dog.line == 2
    assert "not UTF-8" in dog.message


def test_refuses_a_folder_that_is_already_a_project(tmp_path, photos, make_project):
    existing = make_project([{"image": "images/a.jpg", "caption": "a"}])
    before = (existing / "project.toml").read_text()
    with pytest.raises(ProjectError, match="already a project") as caught:
        init_project(existing, images=photos, captions=None)
    assert caught.value.file == existing / "project.toml"
    assert (existing / "project.toml").read_text() == before


def test_refuses_a_non_empty_folder_but_accepts_an_empty_one(tmp_path, photos):
    (photos / "cat.txt").write_text("A cat.\n", encoding="utf-8")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    with pytest.raises(ProjectError, match="not empty"):
        init_project(busy, images=photos, captions=None)
    assert [p.name for p in busy.iterdir()] == ["keep.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert len(init_project(empty, images=photos, captions=None).project.items) == 1


def test_nothing_valid_creates_nothing(tmp_path, photos):
    captions = tmp_path / "captions.csv"
    captions.write_text("image,caption\nnope.jpg,x\n", encoding="utf-8")
    target = tmp_path / "panel"
    with pytest.raises(ProjectError, match="No valid image–caption pairs") as caught:
        init_project(target, images=photos, captions=captions)
    assert "nope.jpg" in str(caught.value)  # the reasons are in the message
    assert siblings(target) == ["captions.csv", "photos"]


def test_a_failure_while_copying_leaves_no_folder_behind(tmp_path, write_image):
    """A real I/O failure half-way through: the copy of a deeply nested image fails because
    the path inside the new project is longer than the system allows (as on Windows)."""
    photos = tmp_path / "p"
    write_image(photos / "a.jpg", "jpeg")  # copied first
    deep = photos.joinpath(*["d" * 200] * ((4000 - len(str(photos))) // 201))
    write_image(deep / "z.jpg", "jpeg")
    (photos / "a.txt").write_text("first\n")
    (deep / "z.txt").write_text("deep\n")
    target = tmp_path / ("long-project-name-" * 12)
    with pytest.raises(ProjectError, match="Copying this image into the project failed"):
        init_project(target, images=photos, captions=None)
    assert siblings(target) == ["p"]


def test_missing_inputs_and_unknown_rubric_are_refused(tmp_path, photos):
    with pytest.raises(ProjectError, match="images folder does not exist"):
        init_project(tmp_path / "x", images=tmp_path / "none", captions=None)
    with pytest.raises(ProjectError, match="captions file does not exist"):
        init_project(tmp_path / "x", images=photos, captions=tmp_path / "none.csv")
    with pytest.raises(RubricError, match="nosuch"):
        init_project(tmp_path / "x", images=photos, captions=None, rubric="nosuch")
    assert not (tmp_path / "x").exists()


def test_a_made_project_opens_with_the_same_ids(tmp_path, photos):
    (photos / "cat.txt").write_text("A cat.\n", encoding="utf-8")
    target = tmp_path / "panel"
    made = init_project(target, images=photos, captions=None)
    assert [i.item_id for i in open_project(target).items] == [
        i.item_id for i in made.project.items]


def test_semicolon_file_with_item_ids_keeps_them(tmp_path, photos):
    captions = tmp_path / "captions.csv"
    captions.write_text(
        "item_id;image;caption\nc1;cat.jpg;A cat, sitting.\nc1;park/dog.png;A dog.\n"
        ";park/dog.png;A dog.\n",
        encoding="utf-8",
    )
    project = init_project(tmp_path / "panel", images=photos, captions=captions).project
    assert [i.item_id for i in project.items] == ["c1", "park-dog"]
    duplicate = next(p for p in project.problems if p.line == 3)
    assert "'c1' is already used on line 2" in duplicate.message
