"""The wizard's choices made into a project: the same files as ``init`` plus a hand-written
gold.csv, priors.csv and [dataset]; findings per field before anything is written."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from annotator.errors import ProjectError
from annotator.project.create import init_project
from annotator.project.folder import validate_project
from annotator.project.model import DatasetCard, GoldPurpose
from annotator.project.new_project import GoldChoice, ProjectChoices, make_project
from annotator.project.new_project_checks import (
    DATASET,
    FOLDER,
    GOLD,
    PAIRS,
    PRIORS,
    UNKNOWN_LICENCE_WARNING,
    check_choices,
    read_choice_inputs,
)

CAPTIONS = ("image,caption,page\n"
            "cat.jpg,A cat on a mat.,Pets\n"
            "dog.jpg,A dog running.,Park\n"
            "bird.jpg,A bird.,Sky\n")


@pytest.fixture
def inputs(tmp_path: Path, write_image) -> tuple[Path, Path]:
    photos = tmp_path / "photos"
    for name in ("cat.jpg", "dog.jpg", "bird.jpg", "extra.jpg"):
        write_image(photos / name, "jpeg")
    captions = tmp_path / "captions.csv"
    captions.write_text(CAPTIONS, encoding="utf-8")
    return photos, captions


def test_gold_chosen_from_the_items_equals_init_and_a_hand_written_gold_csv(tmp_path, inputs):
    photos, captions = inputs
    made = make_project(ProjectChoices(
        folder=tmp_path / "wizard", images=photos, captions=captions,
        gold=(GoldChoice("cat", 5, GoldPurpose.TUTORIAL, "Exact."),
              GoldChoice("bird", 2, GoldPurpose.CHECK)),
        dataset=DatasetCard(licence="cc-by-4.0", citation="Doe 2027")))
    by_hand = init_project(tmp_path / "by-hand", images=photos, captions=captions).project.root
    (by_hand / "gold.csv").write_text(
        "image,caption,rating,explanation,purpose,page\n"
        "images/cat.jpg,A cat on a mat.,5,Exact.,tutorial,Pets\n"
        "images/bird.jpg,A bird.,2,,check,Sky\n", encoding="utf-8")
    wizard = made.project.root
    for name in ("items.csv", "gold.csv"):
        assert (wizard / name).read_text("utf-8") == (by_hand / name).read_text("utf-8")
    toml = tomllib.loads((wizard / "project.toml").read_text("utf-8"))
    assert toml["dataset"] == {"licence": "cc-by-4.0", "citation": "Doe 2027"}
    assert toml["project"]["rubric"] == "vicr5"
    opened = validate_project(wizard)
    assert [(g.item.caption, g.rating, g.purpose) for g in opened.gold] == [
        ("A cat on a mat.", 5, GoldPurpose.TUTORIAL), ("A bird.", 2, GoldPurpose.CHECK)]
    assert opened.dataset.licence == "cc-by-4.0"
    assert sorted(p.name for p in (wizard / "images").iterdir()) == sorted(
        p.name for p in (by_hand / "images").iterdir())


def test_priors_and_gold_files_are_copied_and_a_bad_one_leaves_nothing(tmp_path, inputs):
    photos, captions = inputs
    priors = tmp_path / "pilot.csv"
    priors.write_text("item_id,rating\ncat,4\ndog,3\n", encoding="utf-8")
    made = make_project(ProjectChoices(folder=tmp_path / "p", images=photos,
                                       captions=captions, priors_file=priors))
    assert made.project.priors == {"cat": (4.0,), "dog": (3.0,)}
    with pytest.raises(ProjectError, match="does not exist"):
        make_project(ProjectChoices(folder=tmp_path / "q", images=photos, captions=captions,
                                    gold_file=tmp_path / "missing.csv"))
    with pytest.raises(ProjectError, match="not one of the items"):
        make_project(ProjectChoices(folder=tmp_path / "r", images=photos, captions=captions,
                                    gold=(GoldChoice("zebra", 3, GoldPurpose.TUTORIAL),)))
    with pytest.raises(ProjectError, match="not a licence id"):
        make_project(ProjectChoices(folder=tmp_path / "s", images=photos, captions=captions,
                                    dataset=DatasetCard(licence="CC BY")))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "captions.csv", "p", "photos", "pilot.csv"]


def test_findings_name_the_field_before_anything_is_written(tmp_path, inputs):
    photos, captions = inputs
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x.txt").write_text("x")
    bad_priors = tmp_path / "priors.csv"
    bad_priors.write_text("item_id,rating\nnope,4\ncat,9\n", encoding="utf-8")
    choices = ProjectChoices(folder=tmp_path / "taken", images=photos, captions=captions,
                             priors_file=bad_priors,
                             gold=(GoldChoice("dog", 4, GoldPurpose.TUTORIAL),))
    findings = check_choices(choices, read_choice_inputs(choices))
    assert "not empty" in findings.of(FOLDER)[0]
    assert FOLDER in findings.blocking
    assert any("extra.jpg" in note for note in findings.of(PAIRS))
    assert any("'nope' is not an item" in p for p in findings.of(PRIORS))
    assert any("rating 9" in p for p in findings.of(PRIORS))
    assert any("no probation" in note for note in findings.of(GOLD))
    assert any("tutorial needs 10 gold pairs" in note for note in findings.of(GOLD))
    assert findings.of(DATASET) == (UNKNOWN_LICENCE_WARNING,)
    bad_licence = ProjectChoices(folder=tmp_path / "new", images=photos, captions=captions,
                                 dataset=DatasetCard(licence="CC BY"))
    found = check_choices(bad_licence, read_choice_inputs(bad_licence))
    assert "not a licence id" in found.of(DATASET)[0] and found.blocking == {DATASET}
    assert not (tmp_path / "new").exists()
    nothing_yet = ProjectChoices(folder=Path(), images=Path())  # the wizard as it opens
    found = check_choices(nothing_yet, read_choice_inputs(nothing_yet))
    assert found.of(FOLDER) == ("Give the new project folder's full path, or choose where "
                                "it goes.",)
    assert found.of(PAIRS) == ("Give the images folder's full path, or choose it.",)


def test_a_gold_file_is_checked_against_the_images_folder(tmp_path, inputs):
    photos, captions = inputs
    gold = tmp_path / "gold.csv"
    gold.write_text("image,caption,rating,purpose\n"
                    "images/extra.jpg,An extra.,3,tutorial\n"
                    "images/none.jpg,Nothing.,3,tutorial\n", encoding="utf-8")
    choices = ProjectChoices(folder=tmp_path / "new", images=photos, captions=captions,
                             gold_file=gold)
    messages = check_choices(choices, read_choice_inputs(choices)).of(GOLD)
    assert any(f"{gold}:3:" in m and "images/none.jpg does not exist" in m for m in messages)
    assert not any(":2:" in m for m in messages)
