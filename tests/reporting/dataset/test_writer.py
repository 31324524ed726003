"""The dataset folder: its files, its content hash, pseudonyms, refusals, and the card."""

from __future__ import annotations

import csv
import hashlib
import json
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml

from annotator import __version__
from annotator.cli import main
from annotator.errors import AnnotatorError
from annotator.project.answer_model import SKIP_VALUE
from annotator.project.csv_reader import read_table
from annotator.project.folder import open_project
from annotator.reporting.dataset.writer import (
    KEY_SUFFIX,
    DatasetExport,
    DatasetOptions,
    export_dataset,
)
from annotator.store.records import Phase
from annotator.store.session_file import SessionStore
from tests.analysis.sessions import session
from tests.reporting.dataset.conftest import CAPTIONS, analysed, rate

DATASET = {"ratings.csv", "items.csv", "codebook.json", "codebook.md", "README.md",
           "datapackage.json", "croissant.json"}
HASHED = ("codebook.json", "codebook.md", "items.csv", "ratings.csv")


def export(root: Path, out: Path, **options) -> DatasetExport:
    """Export ``root``; the simulated samples are published as such unless told."""
    return export_dataset(analysed(root), out,
                          DatasetOptions(**{"include_simulated": True, **options}),
                          now=datetime(2027, 3, 1, 12, tzinfo=UTC))


def sha256sum_of_sha256sum(folder: Path, names: tuple[str, ...]) -> str:
    """What ``sha256sum codebook.* items.* ratings.* | sha256sum`` prints, by hand."""
    lines = "".join(f"{hashlib.sha256((folder / n).read_bytes()).hexdigest()}  {n}\n"
                    for n in sorted(names))
    return "sha256:" + hashlib.sha256(lines.encode()).hexdigest()


def card_header(folder: Path) -> dict:
    text = (folder / "README.md").read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, flags=re.DOTALL)
    assert match, "the card starts with a YAML header between --- lines"
    return yaml.safe_load(match.group(1))


def test_the_folder_holds_the_dataset_and_its_own_content_hash(project_root: Path,
                                                               tmp_path: Path) -> None:
    done = export(project_root, tmp_path / "out")
    assert {p.name for p in done.written} == DATASET == {p.name for p in done.folder.iterdir()}
    assert done.key_file is None
    digest = sha256sum_of_sha256sum(done.folder, HASHED)
    assert done.content_hash == digest
    package = json.loads((done.folder / "datapackage.json").read_text(encoding="utf-8"))
    croissant = json.loads((done.folder / "croissant.json").read_text(encoding="utf-8"))
    project_id = open_project(project_root).project_id
    assert (package["app_version"], package["project_id"], package["content_hash"]) == (
        __version__, project_id, digest)
    assert croissant["rai:dataAnnotationPlatform"].endswith(f" {__version__}")
    assert (croissant["identifier"], croissant["sha256"]) == (
        f"urn:uuid:{project_id}", digest.removeprefix("sha256:"))
    card = (done.folder / "README.md").read_text(encoding="utf-8")
    assert digest in card and project_id in card and __version__ in card
    for resource in package["resources"]:
        data = (done.folder / resource["path"]).read_bytes()
        assert resource["hash"] == f"sha256:{hashlib.sha256(data).hexdigest()}"
        assert resource["bytes"] == len(data)


def test_the_same_input_gives_the_same_bytes_and_hash(project_root: Path,
                                                      tmp_path: Path) -> None:
    first = export(project_root, tmp_path / "a")
    again = export_dataset(analysed(project_root), tmp_path / "b",
                           now=datetime(2030, 1, 1, tzinfo=UTC))
    assert first.content_hash == again.content_hash
    for name in HASHED:
        assert (first.folder / name).read_bytes() == (again.folder / name).read_bytes()
    assert json.loads((again.folder / "datapackage.json").read_text())["created"].startswith(
        "2030-01-01")


def test_items_csv_lists_every_project_item_and_reads_back_exactly(project_root: Path,
                                                                   tmp_path: Path) -> None:
    folder = export(project_root, tmp_path / "out").folder
    table = read_table(folder / "items.csv", required=("item_id",))
    assert not table.problems
    rows = [row.values for row in table.rows]
    assert [r["item_id"] for r in rows] == list(CAPTIONS)  # not the gold pair
    assert [r["caption"] for r in rows] == list(CAPTIONS.values())  # the formula read back
    with (folder / "items.csv").open(encoding="utf-8-sig", newline="") as handle:
        raw = list(csv.DictReader(handle))  # plain CSV for every reader: no mark line
    assert raw[3]["caption"].startswith("'=HYPERLINK")  # guarded for spreadsheets
    package = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
    items = next(r for r in package["resources"] if r["path"] == "items.csv")
    assert "apostrophe" in items["formula_guard"]  # where the app and readers learn it
    moved = tmp_path / "moved.csv"
    moved.write_bytes((folder / "items.csv").read_bytes())  # without its package
    alone = read_table(moved, required=("item_id",))
    assert [row.values["caption"] for row in alone.rows][3].startswith("'=HYPERLINK")
    assert (rows[0]["n"], rows[0]["median"], rows[0]["consensus"]) == ("3", "3", "3")
    assert {k: rows[3][k] for k in ("n", "mean", "median", "sd", "vote")} == {
        "n": "0", "mean": "", "median": "", "sd": "", "vote": ""}  # never rated


def test_pseudonyms_leave_no_name_in_the_folder_and_the_key_beside_it(project_root: Path,
                                                                      tmp_path: Path) -> None:
    done = export(project_root, tmp_path / "public", pseudonymise=True)
    for path in done.folder.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "Zoë" not in text and not re.search(r"\bana\b", text), path.name
    assert done.key_file == tmp_path / f"public{KEY_SUFFIX}"
    assert done.key_file.parent != done.folder
    with done.key_file.open(encoding="utf-8-sig", newline="") as handle:
        assert list(csv.reader(handle)) == [["tagger_id", "tagger"], ["T01", "Zoë"],
                                            ["T02", "ana"]]
    assert "pseudonyms T01" in (done.folder / "README.md").read_text(encoding="utf-8")


def test_another_folder_a_project_folder_or_no_project_is_refused(
        project_root: Path, tmp_path: Path) -> None:
    with pytest.raises(AnnotatorError, match="not empty"):
        export(project_root, project_root)  # its items.csv would be replaced
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "mine.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(AnnotatorError, match="not empty"):
        export(project_root, tmp_path / "notes")
    assert (tmp_path / "notes" / "mine.txt").read_text(encoding="utf-8") == "keep me"
    panel = tmp_path / "elsewhere" / "panel.sqlite"
    assert main(["merge", str(panel), str(project_root / "sessions")]) == 0
    with pytest.raises(AnnotatorError, match="needs the project folder"):
        export(panel, tmp_path / "panel-out")
    assert not (tmp_path / "panel-out").exists()


def test_a_panel_in_its_project_folder_exports_the_same_data(project_root: Path,
                                                             tmp_path: Path) -> None:
    panel = project_root / "panel.sqlite"
    assert main(["merge", str(panel), str(project_root / "sessions")]) == 0
    from_panel = export(panel, tmp_path / "a")
    from_folder = export(project_root, tmp_path / "b")
    assert from_panel.content_hash == from_folder.content_hash


def test_jsonl_replaces_an_earlier_csv_export_with_the_same_rows(project_root: Path,
                                                                 tmp_path: Path) -> None:
    folder = export(project_root, tmp_path / "out").folder
    with (folder / "ratings.csv").open(encoding="utf-8-sig", newline="") as handle:
        as_csv = list(csv.DictReader(handle))
    export(project_root, folder, format="jsonl")
    assert {p.name for p in folder.iterdir()} == (DATASET - {"ratings.csv", "items.csv"}) | {
        "ratings.jsonl", "items.jsonl"}
    lines = (folder / "ratings.jsonl").read_text(encoding="utf-8").splitlines()
    as_json = [json.loads(line) for line in lines]
    assert [r["rating_id"] for r in as_json] == [r["rating_id"] for r in as_csv]
    assert all(isinstance(r["rating"], float) and r["skip"] is False
               and isinstance(r["round"], int) for r in as_json)
    assert card_header(folder)["configs"][1]["data_files"][0]["path"] == "ratings.jsonl"


def test_a_skip_is_a_json_null_rating(samples: dict[str, Path], tmp_path: Path) -> None:
    root = tmp_path / "good-bad-skip-demo"
    shutil.copytree(samples["good-bad-skip-demo"], root)
    lab = session(root, "lab-skips")
    rate(lab, "Skipper", "spaniels-a", SKIP_VALUE, minute=1)
    rate(lab, "Skipper", "spaniels-b", 1, minute=2)
    lab.close()
    folder = export(root, tmp_path / "out", format="jsonl").folder
    as_json = [json.loads(line) for line in
               (folder / "ratings.jsonl").read_text(encoding="utf-8").splitlines()]
    skipped = [r for r in as_json if r["skip"]]
    assert skipped and all(r["rating"] is None and isinstance(r["round"], int)
                           for r in skipped)


def test_the_card_header_is_yaml_the_hub_reads(samples: dict[str, Path],
                                               tmp_path: Path) -> None:
    folder = tmp_path / "vicr-demo"
    shutil.copytree(samples["vicr-demo"], folder)
    manifest = folder / "project.toml"
    own = manifest.read_text(encoding="utf-8").split("\n[dataset]")[0]  # the sample's own
    manifest.write_text(own + '\n[dataset]\nlicence = '
                        '"cc-by-4.0"\ntitle = "Demo: \\"quoted\\" ratings"\ncitation = '
                        '"Doe, J. (2027). Demo ratings."\n', encoding="utf-8")
    done = export(folder, tmp_path / "out")
    header = card_header(done.folder)
    assert header["license"] == "cc-by-4.0"
    assert header["pretty_name"] == 'Demo: "quoted" ratings'
    assert header["task_categories"] == ["image-to-text"]
    assert header["size_categories"] == ["n<1K"]
    configs = {c["config_name"]: c for c in header["configs"]}
    assert set(configs) == {"items", "ratings"} and configs["items"]["default"] is True
    for config in configs.values():
        assert (done.folder / config["data_files"][0]["path"]).is_file()
    card = (done.folder / "README.md").read_text(encoding="utf-8")
    assert "Doe, J. (2027). Demo ratings." in card
    package = json.loads((done.folder / "datapackage.json").read_text(encoding="utf-8"))
    assert package["licenses"] == [{"name": "cc-by-4.0"}]
    alpha = analysed(folder).results.alpha
    assert f"| Krippendorff's α (ordinal), all rounds | {alpha.value:.3f}" in card


def test_taggers_who_failed_the_checks_are_left_out_everywhere(samples: dict[str, Path],
                                                               tmp_path: Path) -> None:
    folder = tmp_path / "contextref-demo"
    shutil.copytree(samples["contextref-demo"], folder)
    project = open_project(folder)
    store = SessionStore.open(project.sessions_dir / "careless.sqlite",
                              project_id=project.project_id, laptop_id="careless",
                              laptop_name="careless")
    for minute, (item, phase, value) in enumerate(
            [(project.items[0].item_id, Phase.GAME, 4), ("check-fig", Phase.GAME, 5)]):
        rate(store, "Careless", item, value, minute=minute, phase=phase,
             question="added_info", stage="post")  # "added info" 5 on a copy: a failure
    store.close()
    assert "check-fig" in project.checks.items  # an item check: its answers are data
    failed = analysed(folder).results.checks.failed_taggers
    assert "Careless" in failed
    done = export_dataset(analysed(folder, exclude_failed_checks=True), tmp_path / "out",
                          DatasetOptions(include_simulated=True))
    with (done.folder / "ratings.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    taggers = {row["tagger"] for row in rows}
    assert taggers and not taggers & set(failed)
    assert {"check-fig", "check-dragonfly"} <= {row["item_id"] for row in rows}  # who passed
    assert "failed the attention checks are left out" in (done.folder / "README.md").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("name", ["vicr-demo", "good-bad-skip-demo", "contextref-demo"])
def test_the_codebook_has_every_column_and_every_level_in_full(samples: dict[str, Path],
                                                               tmp_path: Path,
                                                               name: str) -> None:
    folder = export(samples[name], tmp_path / "out").folder
    book = json.loads((folder / "codebook.json").read_text(encoding="utf-8"))
    markdown = (folder / "codebook.md").read_text(encoding="utf-8")
    for file in book["files"]:
        with (folder / file["name"]).open(encoding="utf-8-sig", newline="") as handle:
            header = next(csv.reader(handle))
        assert [c["name"] for c in file["columns"]] == header
        assert all(c["type"] and c["description"] for c in file["columns"])
        for column in file["columns"]:
            assert f"| `{column['name']}` | {column['type']}" in markdown
    rubric = open_project(samples[name]).rubric
    for level in (*rubric.levels, *([rubric.skip] if rubric.skip else [])):
        assert level.text in markdown
        assert {"value": level.value, "key": level.key, "label": level.label,
                "text": level.text} in [*book["rubric"]["levels"], book["rubric"]["skip"]]
    for question in rubric.questions:
        assert question.text in markdown


@pytest.mark.parametrize("name", ["vicr-demo", "good-bad-skip-demo"])
def test_the_published_ratings_analyse_to_the_same_alpha(samples: dict[str, Path],
                                                         tmp_path: Path, name: str,
                                                         capsys) -> None:
    """ratings.csv is a ratings CSV ``analyze --ratings-csv`` reads (skip true = a SKIP)."""
    done = export(samples[name], tmp_path / "out")
    argv = ["--reps", "5", "--bootstrap", "20"]
    assert main(["analyze", str(samples[name]), "--json", str(tmp_path / "a.json"), *argv]) == 0
    assert main(["analyze", "--ratings-csv", str(done.folder / "ratings.csv"), "--json",
                 str(tmp_path / "b.json"), *argv]) == 0
    folder, published = (json.loads((tmp_path / f"{n}.json").read_text()) for n in "ab")
    assert published["alpha"] == folder["alpha"]
    assert published["n_ratings"] == folder["n_ratings"]
    assert published["binary"] == folder["binary"]  # the skips too, on the 0/1 scale
