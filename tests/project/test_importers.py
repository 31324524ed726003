"""Importers into the project shape, end to end through the ``annotator`` command.

Each fixture under ``fixtures/`` is a small hand-written file in the real dataset's shape,
with one bad entry; the images are real JPEGs made here.
"""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.folder import open_project
from annotator.project.importers import guess_format
from tests.conftest import write_jpeg

FIXTURES = Path(__file__).parent / "fixtures"
FLICKR_IMAGES = ("1000268201_693b08cb0e.jpg", "1001773457_577c3a7d70.jpg")


def photos(folder: Path, *names: str) -> Path:
    for name in names:
        write_jpeg(folder / name)
    return folder


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def init(target: Path, images: Path, captions: Path, *extra: str) -> int:
    """``annotator init`` with a licence, so its report is only about the captions."""
    return main(["init", str(target), "--images", str(images), "--captions", str(captions),
                 "--licence", "cc-by-4.0", *extra])


def validated_clean(folder: Path) -> bool:
    return main(["validate", str(folder)]) == ExitCode.DONE


def test_coco_captions_json_makes_one_item_per_annotation(tmp_path, capsys) -> None:
    images = photos(tmp_path / "val2014", "000000000139.jpg", "000000000285.jpg")
    coco = FIXTURES / "coco_captions.json"
    target = tmp_path / "panel"
    assert init(target, images, coco) == ExitCode.PROBLEMS  # annotation 301's image is missing
    out = capsys.readouterr().out
    assert (f"{coco}: annotation 5 (id 301): There is no image 000000000632.jpg in {images}. "
            "It was skipped.") in out
    rows = read_csv(target / "items.csv")
    assert [(r["item_id"], r["image"], r["source"]) for r in rows] == [
        ("coco-101", "images/000000000139.jpg", "coco"),
        ("coco-102", "images/000000000139.jpg", "coco"),
        ("coco-201", "images/000000000285.jpg", "coco"),
        ("coco-202", "images/000000000285.jpg", "pythia"),
    ]
    assert rows[0]["caption"] == "A woman stands in the dining area at the table."
    assert validated_clean(target)


def test_coco_duplicates_name_both_annotations(tmp_path, capsys) -> None:
    images = photos(tmp_path / "val2014", "000000000139.jpg")
    coco = tmp_path / "captions.json"
    coco.write_text(json.dumps({
        "images": [{"id": 139, "file_name": "000000000139.jpg"},
                   {"id": 139, "file_name": "000000000140.jpg"}],
        "annotations": [
            {"id": 1, "image_id": 139, "caption": "A room."},
            {"id": 2, "image_id": 139, "caption": "A room. "},
            {"id": 1, "image_id": 139, "caption": "A kitchen."},
            {"id": 3, "image_id": 140, "caption": "A bear."},
            {"id": 4, "image_id": [139], "caption": "A list is not an id."},
        ],
    }), encoding="utf-8")
    assert init(tmp_path / "panel", images, coco) == ExitCode.PROBLEMS
    *problems, created = capsys.readouterr().out.splitlines()
    assert created.startswith("Created ") and created.endswith("5 problems listed above.")
    assert problems == [
        f"{coco}: Image entry 2 has the id 139 of an earlier entry; it was skipped.",
        f"{coco}: annotation 4 (id 3): No entry in the images list has the id 140. "
        "It was skipped.",
        f"{coco}: annotation 5 (id 4): No entry in the images list has the id [139]. "
        "It was skipped.",
        f"{coco}: annotation 2 (id 2): The same image and caption are already on "
        "annotation 1 (id 1); skipped.",
        f"{coco}: annotation 3 (id 1): The item id 'coco-1' is already used on "
        "annotation 1 (id 1); skipped.",
    ]
    assert [r["caption"] for r in read_csv(tmp_path / "panel" / "items.csv")] == ["A room."]


def test_coco_ids_are_stable_when_the_file_is_imported_again(tmp_path) -> None:
    images = photos(tmp_path / "val2014", "000000000139.jpg", "000000000285.jpg")
    coco = FIXTURES / "coco_captions.json"
    init(tmp_path / "first", images, coco)
    init(tmp_path / "second", images, coco)
    assert (tmp_path / "first" / "items.csv").read_bytes() == (
        tmp_path / "second" / "items.csv").read_bytes()


def test_flickr8k_token_file_keeps_caption_ids_as_item_ids(tmp_path, capsys) -> None:
    images = photos(tmp_path / "Flicker8k_Dataset", *FLICKR_IMAGES)
    tokens = FIXTURES / "flickr8k_token.txt"
    target = tmp_path / "panel"
    assert init(target, images, tokens) == ExitCode.PROBLEMS
    out = capsys.readouterr().out
    assert f"{tokens}:4: This line is not IMAGE#N, a tab, then the caption" in out
    rows = read_csv(target / "items.csv")
    assert [r["item_id"] for r in rows] == [
        "1000268201_693b08cb0e.jpg#0",
        "1000268201_693b08cb0e.jpg#1",
        "1001773457_577c3a7d70.jpg#0",
        "1001773457_577c3a7d70.jpg#2",
    ]
    assert {r["source"] for r in rows} == {"flickr8k"}
    assert rows[1]["caption"] == "A girl going into a wooden building ."
    assert validated_clean(target)


def test_jsonl_keeps_other_fields_as_context_columns(tmp_path, capsys) -> None:
    images = photos(tmp_path / "pictures", "harbour.jpg", "market.jpg")
    jsonl = FIXTURES / "contextref.jsonl"
    target = tmp_path / "panel"
    assert init(target, images, jsonl, "--rubric", "vicr5") == ExitCode.PROBLEMS
    *problems, created = capsys.readouterr().out.splitlines()
    assert created.startswith("Created ")
    assert [line.split(": ", 1)[0] for line in problems] == [f"{jsonl}:{n}" for n in (4, 5, 6, 7)]
    assert "is not JSON" in problems[0]
    assert "'paragraph' must be text" in problems[1]
    assert "no 'caption' field" in problems[2]
    assert "There is no image lighthouse.jpg" in problems[3]
    with (target / "items.csv").open(encoding="utf-8") as handle:
        header = handle.readline().strip().split(",")
    assert header == ["item_id", "image", "caption", "source", "page_title", "section_title",
                      "paragraph", "alt_text"]
    items = open_project(target).items
    assert [(i.item_id, i.source) for i in items] == [
        ("harbour", ""),
        ("ctx-harbour-short", "model-b"),
        ("market", ""),
    ]
    assert dict(items[0].context) == {
        "page_title": "Port Isaac", "section_title": "History",
        "paragraph": "The village grew around its harbour, which has sheltered fishing boats "
                     "since the 14th century.",
        "alt_text": ""}
    assert items[2].context["alt_text"] == "Market stalls"
    assert validated_clean(target)


def test_an_explicit_format_overrides_the_guess(tmp_path) -> None:
    images = photos(tmp_path / "val2014", "000000000139.jpg", "000000000285.jpg")
    renamed = shutil.copy(FIXTURES / "coco_captions.json", tmp_path / "captions.txt")
    assert guess_format(Path(renamed)) == "jsonl"  # starts with "{": one object per line?
    target = tmp_path / "panel"
    init(target, images, Path(renamed), "--captions-format", "coco")
    assert len(read_csv(target / "items.csv")) == 4


@pytest.mark.parametrize(("name", "first_line", "expected"), [
    ("captions_val2014.json", "{", "coco"),
    ("pairs.jsonl", "{}", "jsonl"),
    ("pairs.ndjson", "{}", "jsonl"),
    ("pairs.csv", "image,caption", "table"),
    ("pairs.tsv", "image\tcaption", "table"),
    ("Flickr8k.token.txt", "1000268201_693b08cb0e.jpg#0\tA child.", "flickr8k"),
    ("captions.txt", "image\tcaption", "table"),
    ("captions.txt", '{"image": "a.jpg", "caption": "A."}', "jsonl"),
])
def test_format_is_guessed_from_extension_then_first_line(
    tmp_path, name: str, first_line: str, expected: str
) -> None:
    path = tmp_path / name
    path.write_text(f"\n{first_line}\n", encoding="utf-8")
    assert guess_format(path) == expected


def test_broken_json_names_the_line_and_makes_no_folder(tmp_path, capsys) -> None:
    images = photos(tmp_path / "val2014", "000000000139.jpg")
    text = (FIXTURES / "coco_captions.json").read_text(encoding="utf-8")
    broken = tmp_path / "captions.json"
    broken.write_text(text.replace('"image_id": 285,', '"image_id": 285', 1), encoding="utf-8")
    target = tmp_path / "panel"
    assert init(target, images, broken) == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert f"{broken}:11: This is not valid JSON: Expecting ',' delimiter" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["captions.json", "val2014"]


def test_a_json_that_is_not_coco_says_what_it_needs(tmp_path, capsys) -> None:
    images = photos(tmp_path / "val2014", "000000000139.jpg")
    other = tmp_path / "captions.json"
    other.write_text('[{"image": "000000000139.jpg", "caption": "A room."}]', encoding="utf-8")
    assert init(tmp_path / "panel", images, other) == ExitCode.REFUSED
    assert 'needs "images" and "annotations" lists' in capsys.readouterr().err
    assert not (tmp_path / "panel").exists()


def test_a_format_without_a_captions_file_is_refused(tmp_path, capsys) -> None:
    images = photos(tmp_path / "pictures", "harbour.jpg")
    code = main(["init", str(tmp_path / "panel"), "--images", str(images),
                 "--captions-format", "coco"])
    assert code == ExitCode.REFUSED
    assert "needs a captions file" in capsys.readouterr().err
    assert not (tmp_path / "panel").exists()


def test_flickr8k_expert_judgments_become_ratings_that_analyze_reads(tmp_path, capsys) -> None:
    ratings = tmp_path / "expert.csv"
    expert = FIXTURES / "expert_annotations.txt"
    assert main(["import-ratings", "flickr8k-expert", str(expert), "--out", str(ratings)]) == 0
    assert "Wrote 15 ratings of 5 pairs" in capsys.readouterr().err
    rows = read_csv(ratings)
    assert list(rows[0]) == ["item_id", "tagger", "round", "rating"]
    assert [(r["tagger"], r["round"], r["rating"]) for r in rows[3:6]] == [
        ("expert1", "1", "1"), ("expert2", "1", "1"), ("expert3", "1", "2")]
    item_ids = list(dict.fromkeys(r["item_id"] for r in rows))
    assert item_ids == [
        "1000268201_693b08cb0e.jpg#1",  # the image's own caption: the token importer's id
        "1000268201_693b08cb0e.jpg|1001773457_577c3a7d70.jpg#0",  # another image's caption
        "1001773457_577c3a7d70.jpg#0",
        "1001773457_577c3a7d70.jpg|1000268201_693b08cb0e.jpg#0",
        "1001773457_577c3a7d70.jpg#2",
    ]
    report = tmp_path / "report.json"
    assert main(["analyze", "--ratings-csv", str(ratings), "--json", str(report),
                 "--reps", "3", "--bootstrap", "20"]) == 0
    result = json.loads(report.read_text(encoding="utf-8"))
    assert (result["n_items"], result["n_taggers"], result["n_ratings"]) == (5, 3, 15)
    assert sorted(result["taggers"]) == ["expert1", "expert2", "expert3"]


def test_expert_item_ids_match_the_token_importer_for_own_captions(tmp_path) -> None:
    images = photos(tmp_path / "Flicker8k_Dataset", *FLICKR_IMAGES)
    init(tmp_path / "panel", images, FIXTURES / "flickr8k_token.txt")
    project_ids = {r["item_id"] for r in read_csv(tmp_path / "panel" / "items.csv")}
    ratings = tmp_path / "expert.csv"
    main(["import-ratings", "flickr8k-expert", str(FIXTURES / "expert_annotations.txt"),
          "--out", str(ratings)])
    expert_ids = {r["item_id"] for r in read_csv(ratings)}
    own = {i for i in expert_ids if "|" not in i}
    assert own == {"1000268201_693b08cb0e.jpg#1", "1001773457_577c3a7d70.jpg#0",
                   "1001773457_577c3a7d70.jpg#2"}
    assert own <= project_ids
    assert not (expert_ids - own) & project_ids


def test_bad_expert_lines_are_each_named_and_nothing_is_written(tmp_path, capsys) -> None:
    ratings = tmp_path / "expert.csv"
    bad = FIXTURES / "expert_annotations_bad.txt"
    code = main(["import-ratings", "flickr8k-expert", str(bad), "--out", str(ratings)])
    assert code == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert "3 lines cannot be used, so no ratings were written" in err
    assert f"{bad}:2: The score '5' is not one of 1, 2, 3, 4." in err
    assert f"{bad}:3: This line is not IMAGE, CAPTION_ID" in err
    assert (f"{bad}:4: 1000268201_693b08cb0e.jpg with 1000268201_693b08cb0e.jpg#1 is already "
            "judged on line 1.") in err
    assert not ratings.exists()
    assert list(tmp_path.iterdir()) == []  # no temporary file left beside it either


def test_the_expert_file_is_never_overwritten(tmp_path, capsys) -> None:
    expert = Path(shutil.copy(FIXTURES / "expert_annotations.txt", tmp_path / "expert.txt"))
    before = expert.read_bytes()
    code = main(["import-ratings", "flickr8k-expert", str(expert), "--out", str(expert)])
    assert code == ExitCode.REFUSED
    assert "would overwrite the expert file" in capsys.readouterr().err
    assert expert.read_bytes() == before
