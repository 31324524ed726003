"""priors.csv (cold start) and the gold pairs the tutorial and probation need."""

from __future__ import annotations

from annotator.project.folder import open_project
from tests.project.conftest import MANIFEST

HEAD = MANIFEST.split("[flow]")[0]
ITEMS = [
    {"item_id": "i1", "image": "images/cat.jpg", "caption": "A cat on a mat."},
    {"item_id": "i2", "image": "images/dog.jpg", "caption": "A dog."},
]


def gold(purpose: str, count: int) -> list[dict[str, str]]:
    return [
        {"image": f"images/{purpose}{n}.jpg", "caption": f"Gold {n}.", "rating": "3",
         "explanation": "Why.", "purpose": purpose}
        for n in range(count)
    ]


def test_priors_load_per_item_in_file_order(make_project) -> None:
    folder = make_project(ITEMS)
    (folder / "priors.csv").write_text(
        "item_id,rating,source\ni1,4,vsepp\ni1,2,clip\ni2,5,\n", encoding="utf-8"
    )
    project = open_project(folder)
    assert project.problems == ()
    assert project.priors == {"i1": (4.0, 2.0), "i2": (5.0,)}


def test_bad_prior_rows_are_reported_with_their_lines(make_project) -> None:
    folder = make_project(ITEMS)
    (folder / "priors.csv").write_text(
        "item_id,rating\ni1,4\ni9,3\ni2,6\n,2\ni2,good\n", encoding="utf-8"
    )
    project = open_project(folder)
    assert project.priors == {"i1": (4.0,)}
    found = {(p.line, p.message.split(";")[0].split(" The row")[0]) for p in project.problems}
    assert found == {
        (3, "The item_id 'i9' is not an item of items.csv."),
        (4, "The rating 6 is not one of the levels of the vicr5 rubric (1, 2, 3, 4, 5)."),
        (5, "The item_id is empty."),
        (6, "The rating 'good' is not a number"),
    }
    assert all(p.file.name == "priors.csv" for p in project.problems)


def test_a_priors_file_without_its_columns_is_one_problem(make_project) -> None:
    folder = make_project(ITEMS)
    (folder / "priors.csv").write_text("item,score\ni1,4\n", encoding="utf-8")
    project = open_project(folder)
    assert project.priors == {}
    (problem,) = project.problems
    assert problem.file.name == "priors.csv" and "item_id" in problem.message


def test_too_few_gold_pairs_for_the_tutorial_and_probation_are_reported(make_project) -> None:
    project = open_project(
        make_project(ITEMS, gold=[*gold("tutorial", 4)], manifest=HEAD)
    )
    messages = sorted(p.message for p in project.problems)
    assert len(messages) == 2
    assert messages[0].startswith("The probation needs 20 gold pairs marked 'probation' but "
                                  "there are 0; the probation is skipped.")
    assert messages[1].startswith("The tutorial needs 10 gold pairs marked 'tutorial' but "
                                  "there are 4; the tutorial uses those 4")


def test_enough_gold_pairs_or_switched_off_steps_are_fine(make_project) -> None:
    full = make_project(ITEMS, gold=[*gold("tutorial", 10), *gold("probation", 20)],
                        manifest=HEAD, name="full")
    assert open_project(full).problems == ()
    off = make_project(ITEMS, gold=gold("check", 1), manifest=HEAD
                       + "[flow]\ntutorial = false\nprobation = false\n", name="off")
    assert open_project(off).problems == ()
