"""gold.csv: item rules plus rating, purpose and ids that do not collide with items.csv."""

from __future__ import annotations

import pytest

from annotator.project.folder import open_project
from annotator.project.model import GoldPurpose

ITEMS = [
    {"item_id": "i1", "image": "images/cat.jpg", "caption": "A cat on a mat."},
    {"item_id": "", "image": "images/dog.jpg", "caption": "A dog."},  # derived id
]
GOLD_OK = {
    "image": "images/gold1.jpg",
    "caption": "Two dogs.",
    "rating": "4",
    "explanation": "Objects and places right, no interpretation.",
    "purpose": "tutorial",
}


def test_gold_rows_load_with_rating_explanation_and_purpose(make_project):
    second = {**GOLD_OK, "image": "images/gold2.jpg", "rating": "1.0", "purpose": " Check "}
    project = open_project(make_project(ITEMS, gold=[GOLD_OK, second]))
    assert project.problems == ()
    first, other = project.gold
    assert (first.rating, first.purpose, first.explanation) == (
        4.0,
        GoldPurpose.TUTORIAL,
        "Objects and places right, no interpretation.",
    )
    assert (other.rating, other.purpose, other.item.line) == (1.0, GoldPurpose.CHECK, 3)
    assert isinstance(first.rating, float)
    assert len(project.items) == 2  # gold is not part of the dataset


def test_no_gold_file_means_no_gold_and_no_problem(make_project):
    project = open_project(make_project(ITEMS))
    assert project.gold == () and project.problems == ()


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"rating": "6"}, "rating 6 is not one of the levels of the vicr5 rubric (1, 2, 3, 4, 5)"),
        ({"rating": "3.5"}, "rating 3.5 is not one of the levels"),
        ({"rating": "good"}, "rating 'good' is not a number"),
        ({"rating": ""}, "rating is empty"),
        ({"purpose": "exam"}, "purpose 'exam' is not one of tutorial, probation, check"),
        ({"image": "images/none.jpg"}, "images/none.jpg does not exist"),
        ({"caption": ""}, "caption for images/gold1.jpg is empty"),
        ({"item_id": "i1"}, "'i1' is also used in items.csv on line 2"),
        ({"image": "images/dog.jpg", "caption": "A dog."}, "also in items.csv on line 3, so"),
    ],
    ids=[
        "rating-not-level",
        "rating-half",
        "rating-text",
        "rating-empty",
        "purpose",
        "missing-image",
        "empty-caption",
        "id-collides",
        "same-pair-as-item",
    ],
)
def test_a_bad_gold_row_is_a_problem_and_others_load(make_project, change, expected):
    good_too = {**GOLD_OK, "image": "images/gold2.jpg"}
    images = {f"images/{n}": "jpeg" for n in ("cat.jpg", "dog.jpg", "gold1.jpg", "gold2.jpg")}
    root = make_project(ITEMS, gold=[{**GOLD_OK, **change}, good_too], images=images)
    project = open_project(root)
    assert len(project.problems) == 1, [str(p) for p in project.problems]
    problem = project.problems[0]
    assert (problem.file, problem.line) == (root / "gold.csv", 2)
    assert expected in problem.message
    assert [g.item.image for g in project.gold] == ["images/gold2.jpg"]
    assert [item.caption for item in project.items] == ["A cat on a mat.", "A dog."]


def test_gold_missing_a_required_column_names_it(make_project):
    gold = [{k: v for k, v in GOLD_OK.items() if k != "purpose"}]
    root = make_project(ITEMS, gold=gold)
    (problem,) = open_project(root).problems
    assert (problem.file.name, problem.line) == ("gold.csv", 1)
    assert "no 'purpose' column" in problem.message


def test_duplicate_gold_ids_name_the_earlier_gold_line(make_project):
    rows = [{**GOLD_OK, "item_id": "g"}, {**GOLD_OK, "item_id": "g", "caption": "Other."}]
    (problem,) = open_project(make_project(ITEMS, gold=rows)).problems
    assert (problem.file.name, problem.line) == ("gold.csv", 3)
    assert "'g' is already used on line 2" in problem.message
