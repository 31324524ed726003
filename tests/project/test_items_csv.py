"""items.csv: every bad row is a problem with file and line; the good rows still load."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from annotator.project.folder import open_project
from annotator.project.items import derive_item_id
from annotator.project.model import Problem, Project

GOOD = [
    {"image": "images/cat.jpg", "caption": "A cat on a mat."},
    {"image": "images/dog.png", "caption": "A dog in the park."},
]
GOOD_IMAGES = {"images/cat.jpg": "jpeg", "images/dog.png": "png"}
ROWS = "images/cat.jpg,A cat on a mat.\nimages/dog.png,A dog in the park."


def only_problem(project: Project) -> Problem:
    assert len(project.problems) == 1, [str(p) for p in project.problems]
    return project.problems[0]


def assert_good_rows_loaded(project: Project) -> None:
    captions = [item.caption for item in project.items]
    assert captions == ["A cat on a mat.", "A dog in the park."]


def test_a_clean_file_loads_every_row_with_its_line(make_project):
    root = make_project(
        [{**GOOD[0], "source": "human", "page_title": "Pets"}, {**GOOD[1], "page_title": ""}],
        images=GOOD_IMAGES,
    )
    project = open_project(root)
    assert project.problems == ()
    cat, dog = project.items
    assert (cat.image, cat.source, dict(cat.context), cat.line) == (
        "images/cat.jpg",
        "human",
        {"page_title": "Pets"},
        2,
    )
    assert dog.line == 3
    assert project.item_by_id(cat.item_id) is cat


@pytest.mark.parametrize(
    ("bad_row", "images", "expected"),
    [
        ({"image": "images/gone.jpg", "caption": "x"}, {}, "images/gone.jpg does not exist"),
        ({"image": "images/zero.jpg", "caption": "x"}, {"images/zero.jpg": "empty"}, "0 bytes"),
        ({"image": "images/cat.jpg", "caption": "   "}, {}, "caption for images/cat.jpg is empty"),
        ({"image": "", "caption": "no picture"}, {}, "image path is empty"),
        ({"image": "../outside.jpg", "caption": "x"}, {}, "goes outside the project folder"),
        ({"image": "/etc/passwd", "caption": "x"}, {}, "is absolute"),
        ({"image": "C:\\photos\\cat.jpg", "caption": "x"}, {}, "is absolute"),
        ({"image": "\\\\server\\share\\cat.jpg", "caption": "x"}, {}, "network share"),
        ({"image": "images", "caption": "x"}, {}, "is a folder"),
        ({"image": "images/cat.jpg", "caption": "A cat on a mat."}, {}, "already on line 2"),
    ],
    ids=[
        "missing",
        "zero-byte",
        "empty-caption",
        "empty-image",
        "dotdot",
        "absolute",
        "windows-drive",
        "unc",
        "folder",
        "duplicate-pair",
    ],
)
def test_a_bad_row_is_one_problem_naming_file_and_line(make_project, bad_row, images, expected):
    root = make_project([GOOD[0], bad_row, GOOD[1]], images={**GOOD_IMAGES, **images})
    project = open_project(root)
    problem = only_problem(project)
    assert problem.file == root / "items.csv"
    assert problem.line == 3
    assert expected in problem.message
    assert str(problem).startswith(f"{root / 'items.csv'}:3: ")
    assert_good_rows_loaded(project)


def test_duplicate_item_id_names_the_earlier_line(make_project):
    rows = [{"item_id": "a", **GOOD[0]}, {"item_id": "b", **GOOD[1]}]
    rows.append({"item_id": "a", "image": "images/dog.png", "caption": "Another caption."})
    project = open_project(make_project(rows, images=GOOD_IMAGES))
    problem = only_problem(project)
    assert problem.line == 4
    assert "The item id 'a' is already used on line 2." in problem.message
    assert [item.item_id for item in project.items] == ["a", "b"]


def test_backslashes_are_read_as_folder_separators(make_project):
    project = open_project(
        make_project([{"image": "images\\cat.jpg", "caption": "A cat."}], images=GOOD_IMAGES)
    )
    assert project.problems == ()
    assert project.items[0].image == "images/cat.jpg"


def test_symlink_pointing_outside_the_folder_is_refused(make_project, tmp_path, write_image):
    outside = write_image(tmp_path / "elsewhere" / "secret.jpg", "jpeg")
    rows = [GOOD[0], {"image": "images/link.jpg", "caption": "x"}, GOOD[1]]
    root = make_project(rows, images=GOOD_IMAGES)
    (root / "images" / "link.jpg").symlink_to(outside)
    project = open_project(root)
    problem = only_problem(project)
    assert problem.line == 3
    assert "link to a file outside the project folder" in problem.message
    assert_good_rows_loaded(project)


def test_symlinked_folder_pointing_outside_is_refused(make_project, tmp_path, write_image):
    write_image(tmp_path / "elsewhere" / "a.jpg", "jpeg")
    rows = [GOOD[0], {"image": "linked/a.jpg", "caption": "x"}, GOOD[1]]
    root = make_project(rows, images=GOOD_IMAGES)
    (root / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    problem = only_problem(open_project(root))
    assert problem.line == 3
    assert "The folder linked is a link to a place outside" in problem.message


def test_symlink_inside_the_folder_is_fine(make_project):
    root = make_project([GOOD[0]], images=GOOD_IMAGES)
    (root / "images" / "alias.jpg").symlink_to(root / "images" / "cat.jpg")
    (root / "items.csv").write_text("image,caption\nimages/alias.jpg,A cat.\n", encoding="utf-8")
    project = open_project(root)
    assert project.problems == ()
    assert project.items[0].image == "images/alias.jpg"


def test_a_file_that_is_not_utf8_is_one_problem_on_the_first_bad_line(make_project):
    text = "image,caption\nimages/cat.jpg,A cat.\nimages/dog.png,Un caf\xe9 pr\xe8s du parc.\n"
    root = make_project(items=text.encode("cp1252"), images=GOOD_IMAGES)
    project = open_project(root)
    problem = only_problem(project)
    assert problem.line == 3
    assert "not UTF-8" in problem.message
    assert "0xE9" in problem.message
    assert "Save it as UTF-8" in problem.message
    assert [item.caption for item in project.items] == ["A cat."]


def test_utf16_file_is_reported_not_crashed_on(make_project):
    text = "image,caption\nimages/cat.jpg,A cat.\n"
    root = make_project(items=text.encode("utf-16"), images=GOOD_IMAGES)
    project = open_project(root)
    assert "UTF-16" in only_problem(project).message
    assert project.items == ()


@pytest.mark.parametrize(
    "encoded",
    [
        "\ufeffimage,caption\r\n" + ROWS.replace("\n", "\r\n") + "\r\n",
        "image,caption\r\n" + ROWS.replace("\n", "\r\n"),
        "\ufeffimage,caption\n\n" + ROWS.replace("\n", "\n\n") + "\n",
    ],
    ids=["bom-crlf", "crlf-no-final-newline", "bom-lf-blank-line"],
)
def test_bom_and_crlf_are_accepted(make_project, encoded):
    project = open_project(make_project(items=encoded.encode("utf-8"), images=GOOD_IMAGES))
    assert project.problems == ()
    assert_good_rows_loaded(project)
    assert project.items[0].image == "images/cat.jpg"  # no BOM glued to the first column


def test_line_numbers_count_quoted_multiline_captions(make_project):
    text = (
        "image,caption\n"
        'images/cat.jpg,"A cat\non a mat,\nasleep."\n'  # lines 2-4
        "images/missing.jpg,x\n"  # line 5
        'images/dog.png,"A dog\r\nin the park."\r\n'  # lines 6-7
        "images/cat.jpg,\n"  # line 8
    )
    project = open_project(make_project(items=text.encode(), images=GOOD_IMAGES))
    assert [(p.line, p.message.split()[1]) for p in project.problems] == [
        (5, "image"),
        (8, "caption"),
    ]
    assert [(item.line, item.caption) for item in project.items] == [
        (2, "A cat\non a mat,\nasleep."),
        (6, "A dog\r\nin the park."),
    ]


def test_missing_required_column_names_it_and_the_header_line(make_project):
    text = "\nimage,text\nimages/cat.jpg,A cat.\n"
    project = open_project(make_project(items=text.encode(), images=GOOD_IMAGES))
    problem = only_problem(project)
    assert problem.line == 2
    assert "no 'caption' column" in problem.message
    assert "'image', 'text'" in problem.message
    assert project.items == ()


def test_a_row_with_the_wrong_number_of_fields_is_skipped(make_project):
    text = "image,caption\nimages/cat.jpg,A cat on a mat.\nimages/x.jpg,A, with a comma\n"
    text += "images/dog.png,A dog in the park.\n"
    project = open_project(make_project(items=text.encode(), images=GOOD_IMAGES))
    problem = only_problem(project)
    assert problem.line == 3
    assert "3 fields but the header (line 1) has 2" in problem.message
    assert_good_rows_loaded(project)


def test_an_unclosed_quote_is_pointed_at(make_project):
    text = 'image,caption\nimages/cat.jpg,A cat on a mat.\nimages/x.jpg,"oops\n'
    text += "images/dog.png,A dog\n"
    project = open_project(make_project(items=text.encode(), images=GOOD_IMAGES))
    problem = only_problem(project)
    assert problem.line == 3
    assert "never closed, so lines 3 to 4 were read as one field" in problem.message
    assert [item.caption for item in project.items] == ["A cat on a mat."]


def test_missing_items_file_is_a_problem_not_a_crash(make_project):
    root = make_project([GOOD[0]], images=GOOD_IMAGES)
    (root / "items.csv").unlink()
    project = open_project(root)
    assert only_problem(project).file == root / "items.csv"
    assert project.items == ()


def test_derived_ids_are_stable_and_follow_the_caption(make_project):
    root = make_project([GOOD[0]], images=GOOD_IMAGES)
    first = open_project(root).items[0].item_id
    assert first == open_project(root).items[0].item_id
    assert first == derive_item_id("images/cat.jpg", "A cat on a mat.")
    assert re.fullmatch("[0-9a-f]{16}", first)  # 16 lowercase hex digits: safe in any file
    (root / "items.csv").write_text("image,caption\n./images\\cat.jpg, A cat on a mat. \n")
    assert open_project(root).items[0].item_id == first  # spelling of the path does not count
    (root / "items.csv").write_text("image,caption\nimages/cat.jpg,A cat on the mat.\n")
    assert open_project(root).items[0].item_id != first


def test_explicit_ids_are_kept(make_project):
    project = open_project(
        make_project([{"item_id": " p-001 ", **GOOD[0]}, {"item_id": "", **GOOD[1]}])
    )
    assert [item.item_id for item in project.items] == [
        "p-001",
        derive_item_id("images/dog.png", "A dog in the park."),
    ]


def test_problems_are_ordered_by_file_then_line(make_project):
    rows = [{"image": "images/gone.jpg", "caption": "x"}, GOOD[0], {"image": "", "caption": "y"}]
    gold = [{"image": "images/cat.jpg", "caption": "gold", "rating": "9", "purpose": "check"}]
    root = make_project(rows, images=GOOD_IMAGES, gold=gold)
    places = [(Path(p.file).name, p.line) for p in open_project(root).problems]
    assert places == sorted(places)
    assert places == [("gold.csv", 2), ("items.csv", 2), ("items.csv", 4)]


def test_known_column_names_ignore_case_and_spaces(make_project):
    text = " Image , CAPTION ,Source\nimages/cat.jpg,A cat on a mat.,human\n"
    project = open_project(make_project(items=text.encode(), images=GOOD_IMAGES))
    assert project.problems == ()
    assert (project.items[0].caption, project.items[0].source) == ("A cat on a mat.", "human")


def test_an_unnamed_column_is_reported_and_ignored(make_project):
    text = ",image,caption\n0,images/cat.jpg,A cat on a mat.\n"  # pandas' index column
    project = open_project(make_project(items=text.encode(), images=GOOD_IMAGES))
    problem = only_problem(project)
    assert problem.line == 1
    assert problem.message.startswith("Column 1 of the header has no name")
    assert dict(project.items[0].context) == {}


def test_an_empty_file_says_what_it_needs(make_project):
    project = open_project(make_project(items=b"\n\n"))
    problem = only_problem(project)
    assert "The file is empty" in problem.message and "caption" in problem.message
