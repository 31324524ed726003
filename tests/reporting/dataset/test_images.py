"""``export --images copy|link|none``: the images travel inside the dataset when the lead
wants, described by the card, the Data Package and Croissant, in the layout Hugging Face
``datasets``' ImageFolder loads (``images/metadata.csv`` whose ``file_name`` is relative to
it; https://huggingface.co/docs/datasets/image_dataset). ``datasets`` itself is not a test
dependency, so the layout is checked against that convention here."""

from __future__ import annotations

import csv
import json
import logging
from pathlib import Path

import mlcroissant
import pytest
from frictionless import validate
from PIL import Image

from annotator.cli import main
from annotator.commands.contract import ExitCode


def _export(vicr_demo: Path, out: Path, *more: str) -> Path:
    assert main(["export", str(vicr_demo), "--out", str(out), "--include-simulated",
                 *more]) == ExitCode.DONE
    return out


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def copied(vicr_demo: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _export(vicr_demo, tmp_path_factory.mktemp("copy") / "dataset", "--images", "copy")


def test_every_image_path_of_the_items_opens_inside_the_dataset(copied: Path,
                                                                vicr_demo: Path) -> None:
    items = _rows(copied / "items.csv")
    assert len(items) == 44
    for item in items:
        image = copied / item["image"]
        assert not image.is_symlink()
        assert image.read_bytes() == (vicr_demo / item["image"]).read_bytes()
        with Image.open(image) as opened:
            opened.verify()
    assert (copied / "images" / "licenses.csv").read_bytes() == (
        vicr_demo / "images" / "licenses.csv").read_bytes()


def test_the_images_folder_is_an_image_folder_hugging_face_loads(copied: Path) -> None:
    """ImageFolder's convention: a metadata.csv beside the images, ``file_name`` its first
    column and relative to it, one row per example (an image shared by two captions is
    named twice), every other column a feature; no byte-order mark in the header."""
    metadata = copied / "images" / "metadata.csv"
    assert metadata.read_bytes().startswith(b"file_name,item_id,caption,image_licence\n")
    rows = _rows(metadata)
    items = {row["item_id"]: row for row in _rows(copied / "items.csv")}
    assert [row["item_id"] for row in rows] == list(items)
    for row in rows:
        assert (metadata.parent / row["file_name"]).is_file()
        assert f"images/{row['file_name']}" == items[row["item_id"]]["image"]
        assert row["caption"] == items[row["item_id"]]["caption"]
        assert row["image_licence"] == items[row["item_id"]]["image_licence"]
    card = (copied / "README.md").read_text(encoding="utf-8")
    assert 'load_dataset("imagefolder", data_dir="images", split="train")' in card
    assert "| `images/` | the 16 images rated (copies of the project's files)" in card


def test_the_data_package_lists_every_image_and_validates(copied: Path) -> None:
    package = json.loads((copied / "datapackage.json").read_text(encoding="utf-8"))
    paths = {resource["path"] for resource in package["resources"]}
    images = {f"images/{p.name}" for p in (copied / "images").glob("*.jpg")}
    assert len(images) == 16 and images <= paths
    assert {"images/metadata.csv", "images/licenses.csv"} <= paths
    report = validate(copied / "datapackage.json")
    assert report.valid, report.flatten(["type", "note"])
    book = json.loads((copied / "codebook.json").read_text(encoding="utf-8"))
    (image,) = [column for file in book["files"] if file["name"] == "items.csv"
                for column in file["columns"] if column["name"] == "image"]
    assert "in this dataset" in image["description"]


@pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated:DeprecationWarning")
def test_croissant_gives_each_image_decoded(copied: Path) -> None:
    logging.getLogger("absl").setLevel(logging.ERROR)
    dataset = mlcroissant.Dataset(jsonld=copied / "croissant.json")
    assert not dataset.metadata.ctx.issues.errors
    records = list(dataset.records("images"))
    assert len(records) == 16
    assert all(isinstance(record["images/image"], Image.Image) for record in records)


def test_link_puts_links_to_the_project_images(vicr_demo: Path, tmp_path: Path) -> None:
    linked = _export(vicr_demo, tmp_path / "dataset", "--images", "link")
    for item in _rows(linked / "items.csv"):
        image = linked / item["image"]
        assert image.is_symlink() and image.resolve() == (vicr_demo / item["image"]).resolve()
    assert "links to the project's files" in (linked / "README.md").read_text(encoding="utf-8")


def test_without_images_the_dataset_holds_none(vicr_demo: Path, tmp_path: Path) -> None:
    plain = _export(vicr_demo, tmp_path / "dataset")
    assert not (plain / "images").exists()
    assert "imagefolder" not in (plain / "README.md").read_text(encoding="utf-8")
