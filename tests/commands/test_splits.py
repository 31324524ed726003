"""Seeded train/validation/test splits: deterministic per seed, image-disjoint, sized by the
shares; written per split by ``export --splits`` and named in the card's YAML as the Hugging
Face hub's split configuration; ``analyze --split`` on one split's items.

The ``datasets`` package is not in the test extra, so the card is checked against the hub's
documented format (huggingface.co/docs/hub/datasets-manual-configuration: ``configs``, each
with ``config_name`` and ``data_files`` as a list of ``split`` and ``path``)."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.errors import AnnotatorError
from annotator.planning.splits import SPLIT_NAMES, SplitSpec, assign_splits, parse_shares
from annotator.project.model import Item


def items_of(n_images: int, captions: int) -> list[Item]:
    return [Item(f"img{i:03d}-{c}", f"images/img{i:03d}.jpg", f"caption {c}")
            for i in range(n_images) for c in range(captions)]


@pytest.mark.parametrize(("n", "shares"), [(100, (80, 10, 10)), (37, (80, 10, 10)),
                                           (11, (70, 15, 15)), (5, (60, 20, 20))])
def test_item_splits_are_within_one_item_of_their_shares(n: int, shares) -> None:
    split_of = assign_splits(items_of(n, 1), SplitSpec(shares, by="item", seed=4))
    sizes = Counter(split_of.values())
    for name, share in zip(SPLIT_NAMES, shares, strict=True):
        assert abs(sizes[name] - share * n / 100) <= 1, (name, sizes)


def test_image_splits_keep_each_images_captions_together_and_repeat_by_seed() -> None:
    items = items_of(40, 3)
    spec = SplitSpec((80, 10, 10), seed=7)
    split_of = assign_splits(items, spec)
    by_image: dict[str, set[str]] = {}
    for item in items:
        by_image.setdefault(item.image, set()).add(split_of[item.item_id])
    assert all(len(splits) == 1 for splits in by_image.values())
    sizes = Counter(split_of.values())
    for name, share in zip(SPLIT_NAMES, spec.shares, strict=True):
        assert abs(sizes[name] - share * len(items) / 100) <= 3  # within one image
    assert assign_splits(list(reversed(items)), spec) == split_of  # not the file's order
    assert assign_splits(items, SplitSpec((80, 10, 10), seed=8)) != split_of


@pytest.mark.parametrize("text", ["80/10", "80/10/20", "a/b/c", "80-10-10"])
def test_shares_that_are_not_a_split_are_refused(text: str) -> None:
    with pytest.raises(AnnotatorError, match="not a split"):
        parse_shares(text)


def read_ids(path: Path) -> list[str]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return [row["item_id"] for row in csv.DictReader(handle)]


def test_export_writes_each_split_and_the_card_names_them(simulated_project: Path,
                                                          tmp_path: Path, capsys) -> None:
    out = tmp_path / "dataset"
    assert main(["export", str(simulated_project), "--out", str(out), "--splits", "80/10/10",
                 "--seed", "3", "--include-simulated"]) == ExitCode.DONE
    capsys.readouterr()
    every = read_ids(out / "items.csv")
    parts = {name: read_ids(out / f"items-{name}.csv") for name in SPLIT_NAMES}
    assert sorted(item for ids in parts.values() for item in ids) == sorted(every)
    images = {name: {item.rsplit("-", 1)[0] for item in ids} for name, ids in parts.items()}
    assert not images["train"] & images["test"] and not images["train"] & images["validation"]
    for name in SPLIT_NAMES:
        rated = {row for row in read_ids(out / f"ratings-{name}.csv")}
        assert rated <= set(parts[name])
    header = (out / "README.md").read_text(encoding="utf-8").split("---\n")[1]
    card = yaml.safe_load(header)
    configs = {config["config_name"]: config for config in card["configs"]}
    assert set(configs) == {"items", "ratings"}
    for stem, config in configs.items():
        assert config["data_files"] == [{"split": name, "path": f"{stem}-{name}.csv"}
                                         for name in SPLIT_NAMES]
        for entry in config["data_files"]:
            assert (out / entry["path"]).is_file()
    package = json.loads((out / "datapackage.json").read_text(encoding="utf-8"))
    assert {"items-test", "ratings-validation"} <= {r["name"] for r in package["resources"]}
    croissant = json.loads((out / "croissant.json").read_text(encoding="utf-8"))
    assert "items-test.csv" in json.dumps(croissant)

    report = tmp_path / "test.json"
    assert main(["analyze", str(simulated_project), "--split", "test", "--splits", "80/10/10",
                 "--split-seed", "3", "--json", str(report), "--reps", "3",
                 "--bootstrap", "10"]) == ExitCode.DONE
    capsys.readouterr()
    assert json.loads(report.read_text())["n_items"] == len(parts["test"])


def test_a_split_needs_its_shares(simulated_project: Path, capsys) -> None:
    assert main(["analyze", str(simulated_project), "--split", "test"]) == ExitCode.REFUSED
    assert "--splits 80/10/10" in capsys.readouterr().err
