"""A split export loads in Hugging Face ``datasets`` as its card says: the card's own
``load_dataset(".")`` snippet, run in the dataset folder, gives items and ratings in the
train, validation and test splits of ``--splits 80/10/10``, with every column and value of
the files (read here with the csv and json modules)."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.planning.splits import SPLIT_NAMES

# datasets comes with the test-full extra: the test imports it (through the card's snippet)
# so that without it the test skips (fails under CI) instead of the module.
pytestmark = pytest.mark.needs_full_extra


def rows_of(path: Path) -> list[dict[str, str]]:
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def hub_snippet(folder: Path) -> str:
    card = (folder / "README.md").read_text(encoding="utf-8")
    (snippet,) = [block for block in re.findall(r"```python\n(.*?)```", card, flags=re.DOTALL)
                  if "from datasets import load_dataset" in block]
    return snippet


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_split_export_loads_with_load_dataset_as_the_card_says(
        simulated_project: Path, tmp_path: Path, fmt: str, monkeypatch, capsys) -> None:
    folder = tmp_path / "dataset"
    assert main(["export", str(simulated_project), "--out", str(folder), "--splits",
                 "80/10/10", "--seed", "3", "--format", fmt,
                 "--include-simulated"]) == ExitCode.DONE
    capsys.readouterr()
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))  # its cache, not the user's
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    import datasets

    monkeypatch.setattr(datasets.config, "HF_DATASETS_CACHE", tmp_path / "hf" / "datasets")
    monkeypatch.chdir(folder)
    scope: dict[str, object] = {}
    exec(compile(hub_snippet(folder), "README.md", "exec"), scope)  # as a reader runs it
    for table in ("items", "ratings"):
        loaded = scope[table]
        assert isinstance(loaded, datasets.DatasetDict)
        assert list(loaded) == list(SPLIT_NAMES)  # train, validation, test
        every = rows_of(folder / f"{table}.{fmt}")
        item_ids = {row["item_id"] for row in rows_of(folder / f"items.{fmt}")}
        in_splits = [row for row in every if row["item_id"] in item_ids]  # not the gold pairs
        assert sum(loaded[split].num_rows for split in SPLIT_NAMES) == len(in_splits)
        for split in SPLIT_NAMES:
            written = rows_of(folder / f"{table}-{split}.{fmt}")
            assert loaded[split].num_rows == len(written) > 0
            assert loaded[split].column_names == list(written[0])
            key = "item_id" if table == "items" else "rating_id"
            assert loaded[split][key] == [str(row[key]) for row in written]
    items, ratings = scope["items"], scope["ratings"]
    assert [len(items[s]) for s in SPLIT_NAMES] == [34, 4, 6]  # 44 items, by image
    test_items = set(items["test"]["item_id"])
    assert set(ratings["test"]["item_id"]) <= test_items
    assert not test_items & set(items["train"]["item_id"])
    first = rows_of(folder / f"items-train.{fmt}")[0]
    assert items["train"][0]["caption"] == first["caption"]
    assert items["train"][0]["mean"] == pytest.approx(float(first["mean"]))
    rating = ratings["validation"][0]
    written = rows_of(folder / f"ratings-validation.{fmt}")[0]
    assert rating["tagger"] == written["tagger"] and rating["rating"] == int(written["rating"])
    assert isinstance(rating["counted"], bool)
