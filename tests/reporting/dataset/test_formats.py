"""The dataset as other tools read it: pandas and R load every file with the types the
codebook gives; the Data Package validates (frictionless); Croissant loads (mlcroissant)."""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from annotator.reporting.dataset.writer import DatasetOptions, export_dataset
from tests.reporting.dataset.conftest import SAMPLES, analysed
from tests.requirements import rscript

if TYPE_CHECKING:
    import pandas as pd
    from frictionless import Report

# pandas, frictionless and mlcroissant come with the test-full extra: each test imports what
# it reads with, so that without them the tests skip (fail under CI) instead of the module.
pytestmark = pytest.mark.needs_full_extra

FORMATS = [(name, fmt) for name in SAMPLES for fmt in ("csv", "jsonl")]


@pytest.fixture(scope="module")
def exported(samples: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
             ) -> dict[tuple[str, str], Path]:
    out = tmp_path_factory.mktemp("exported")
    return {(name, fmt): export_dataset(analysed(samples[name]), out / f"{name}-{fmt}",
                                        DatasetOptions(format=fmt, include_simulated=True)
                                        ).folder
            for name, fmt in FORMATS}


def columns_of(folder: Path) -> dict[str, list[dict]]:
    book = json.loads((folder / "codebook.json").read_text(encoding="utf-8"))
    return {file["name"]: file["columns"] for file in book["files"]}


def read(path: Path) -> pd.DataFrame:
    """As a reader would, with no options."""
    import pandas as pd

    if path.suffix == ".jsonl":
        return pd.read_json(path, lines=True)
    return pd.read_csv(path)


def matches(dtype: object, column: dict, values: pd.Series) -> bool:
    """Whether pandas read the column as its codebook type says: a number column of whole
    numbers may come back as integers, an integer column with gaps as floats."""
    from pandas.api import types

    kind = column["type"]
    if kind in ("string", "datetime") and types.is_string_dtype(dtype):
        return True
    if kind == "datetime":
        return types.is_datetime64_any_dtype(dtype)  # read_json parses *_at columns
    if kind == "boolean":
        return types.is_bool_dtype(dtype)
    if types.is_bool_dtype(dtype) or not types.is_numeric_dtype(dtype):
        return kind in ("number", "string") and values.isna().all()
    if kind == "integer":
        return types.is_integer_dtype(dtype) or (not column["required"] and values.isna().any())
    return kind == "number"


@pytest.mark.parametrize(("name", "fmt"), FORMATS)
def test_pandas_reads_every_table_with_the_documented_types(exported, name: str,
                                                            fmt: str) -> None:
    folder = exported[name, fmt]
    for file, columns in columns_of(folder).items():
        frame = read(folder / file)
        assert list(frame.columns) == [c["name"] for c in columns], file
        assert len(frame) > 0
        for column in columns:
            values = frame[column["name"]]
            assert matches(values.dtype, column, values), (file, column["name"], values.dtype)
            if column["required"]:
                assert not values.isna().any(), (file, column["name"])
            if column["values"]:
                allowed = set(column["values"])
                assert set(values.dropna()) <= allowed, (file, column["name"])


R_SCRIPT = """
args <- commandArgs(trailingOnly = TRUE)
table <- read.csv(args[1], encoding = "UTF-8")
cat(paste(names(table), sapply(table, class), sep = "="), sep = "\\n")
cat("rows=", nrow(table), "\\n", sep = "")
"""
R_CLASSES = {"string": {"character"}, "datetime": {"character"}, "boolean": {"logical"},
             "integer": {"integer"}, "number": {"numeric", "integer"}}


@pytest.mark.slow  # an R start per file
@pytest.mark.needs_r
@pytest.mark.parametrize("name", SAMPLES)
def test_r_read_csv_reads_every_table_with_the_documented_types(exported, name: str,
                                                                tmp_path: Path) -> None:
    r = rscript()
    folder = exported[name, "csv"]
    script = tmp_path / "read.R"
    script.write_text(R_SCRIPT, encoding="utf-8")
    for file, columns in columns_of(folder).items():
        result = subprocess.run([r, str(script), str(folder / file)], capture_output=True,
                                text=True, check=True, timeout=120)
        *classes, rows = result.stdout.split()
        assert rows == f"rows={len(read(folder / file))}"
        in_r = dict(line.split("=", 1) for line in classes)
        assert list(in_r) == [c["name"] for c in columns], file  # the mark Excel needs is gone
        for column in columns:
            allowed = R_CLASSES[column["type"]] | (set() if column["required"] else {"logical"})
            assert in_r[column["name"]] in allowed, (file, column["name"], in_r[column["name"]])


def validate(descriptor: Path) -> Report:
    """The Data Package checked as frictionless checks it."""
    import frictionless

    return frictionless.validate(descriptor)


@pytest.mark.parametrize(("name", "fmt"), FORMATS)
def test_the_data_package_validates(exported, name: str, fmt: str) -> None:
    report = validate(exported[name, fmt] / "datapackage.json")
    assert report.valid, report.flatten(["type", "note", "rowNumber", "fieldName"])
    rows = {task.name: task.stats.get("rows") for task in report.tasks}
    assert rows["ratings"] == len(read(exported[name, fmt] / f"ratings.{fmt}"))


def test_a_changed_file_fails_the_data_package(exported, tmp_path: Path) -> None:
    folder = tmp_path / "copy"
    shutil.copytree(exported["vicr-demo", "csv"], folder)
    items = folder / "items.csv"
    items.write_bytes(items.read_bytes().replace(b"spaniels", b"spanials", 1))
    report = validate(folder / "datapackage.json")
    assert not report.valid
    assert "hash-count" in {error[0] for error in report.flatten(["type"])}


@pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated:DeprecationWarning")
@pytest.mark.parametrize(("name", "fmt"), FORMATS)
def test_croissant_loads_every_record(exported, name: str, fmt: str) -> None:
    import mlcroissant

    folder = exported[name, fmt]
    logging.getLogger("absl").setLevel(logging.ERROR)  # its warnings: no version, licence…
    dataset = mlcroissant.Dataset(jsonld=folder / "croissant.json")
    assert not dataset.metadata.ctx.issues.errors
    for file, columns in columns_of(folder).items():
        stem = file.split(".")[0]
        records = list(dataset.records(stem))
        assert len(records) == len(read(folder / file))
        assert set(records[0]) == {f"{stem}/{c['name']}" for c in columns}
