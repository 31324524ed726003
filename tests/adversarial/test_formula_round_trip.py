"""The formula guard is removed only from files the app wrote (issue 27, item 5): a lead's
own CSV is read as it is, so a caption `'-- quoted` keeps its apostrophe, while a file the
app wrote (and marked) reads back exactly what it was given."""

from __future__ import annotations

import csv
from pathlib import Path

from annotator.cli import main
from annotator.project.csv_reader import read_table
from annotator.project.folder import open_project
from tests.conftest import write_jpeg

APOSTROPHE_CAPTIONS = ("'-- quoted, as the curator wrote it", "'=not a formula", "''+twice",
                       "'@handle", "=1+1 looks like a formula", "-- a dash first",
                       "plain caption")


def lead_items(folder: Path) -> list[str]:
    """A project whose items.csv the lead wrote by hand: captions beginning with an
    apostrophe before - = + @ (quoted speech, a typographer's habit)."""
    (folder / "images").mkdir(parents=True, exist_ok=True)
    rows = [["item_id", "image", "caption"]]
    for n, caption in enumerate(APOSTROPHE_CAPTIONS):
        write_jpeg(folder / "images" / f"p{n}.jpg", color=(n * 30, 90, 160))
        rows.append([f"'-id{n}" if n == 0 else f"id{n}", f"images/p{n}.jpg", caption])
    with (folder / "items.csv").open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return [row[2] for row in rows[1:]]


def test_a_leads_items_csv_is_read_byte_for_byte(make_project_folder) -> None:
    folder = make_project_folder(1)
    written = lead_items(folder)
    project = open_project(folder)
    assert [item.caption for item in project.items] == written
    assert project.items[0].item_id == "'-id0"


def test_captions_go_through_init_and_come_back_identical(tmp_path: Path) -> None:
    images = tmp_path / "photos"
    rows = [["image", "caption"]]
    for n, caption in enumerate(APOSTROPHE_CAPTIONS):
        write_jpeg(images / f"p{n}.jpg", color=(n * 30, 90, 160))
        rows.append([f"p{n}.jpg", caption])
    captions = tmp_path / "captions.csv"
    with captions.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    folder = tmp_path / "project"
    assert main(["init", str(folder), "--images", str(images), "--captions",
                 str(captions)]) == 0
    text = (folder / "items.csv").read_text(encoding="utf-8")
    assert text.startswith("#written by Caption Rating Annotator")  # the app's own file
    assert "'=1+1 looks like a formula" in text  # still guarded for spreadsheets
    by_image = {item.image: item.caption for item in open_project(folder).items}
    assert [by_image[f"images/p{n}.jpg"] for n in range(len(APOSTROPHE_CAPTIONS))] == list(
        APOSTROPHE_CAPTIONS)


def test_a_leads_ratings_csv_keeps_its_apostrophes(tmp_path: Path, capsys) -> None:
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("item_id,tagger,round,rating\n'-a,'-ana,1,1\n'-a,ben,1,2\n"
                       "b,'-ana,1,2\nb,ben,1,2\n", encoding="utf-8")
    report = tmp_path / "report.json"
    assert main(["analyze", "--ratings-csv", str(ratings), "--levels", "1-5", "--json",
                 str(report), "--reps", "5", "--bootstrap", "20"]) == 0
    import json

    taggers = json.loads(report.read_text(encoding="utf-8"))["taggers"]
    assert sorted(taggers) == ["'-ana", "ben"]
    assert "Traceback" not in capsys.readouterr().err


def test_a_file_the_app_wrote_still_reads_back_after_a_spreadsheet_saved_it(
        tmp_path: Path) -> None:
    """A spreadsheet pads the mark's row with empty cells and may quote it."""
    for mark in ("#written by Caption Rating Annotator: one apostrophe begins each cell a "
                 "spreadsheet would run as a formula,,",
                 '"#written by Caption Rating Annotator: one apostrophe begins each cell a '
                 'spreadsheet would run as a formula",,'):
        path = tmp_path / "subset.csv"
        path.write_text(f"{mark}\nitem_id,note,other\n'=a,'-x,\nb,'-y,\n", encoding="utf-8")
        table = read_table(path, required=("item_id",), known=("item_id", "note", "other"))
        assert not table.problems
        assert [row.values["item_id"] for row in table.rows] == ["=a", "b"]
        assert [row.values["note"] for row in table.rows] == ["-x", "-y"]
        assert table.header_line == 2 and table.lines == [3, 4]
