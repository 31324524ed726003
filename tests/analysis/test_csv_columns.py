"""The streaming ratings-CSV loader against the loader it replaced (issue 19): on every
held-in dataset, the pinned inputs, a dataset export and hostile files, the same table or
the same refusal, word for word."""

from __future__ import annotations

import csv
from dataclasses import fields
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.csv_columns import read_columns
from annotator.analysis.rating_table import PHASES, RatingTable
from annotator.analysis.ratings_csv import load_ratings_csv
from annotator.csvtext import WRITTEN_MARK, csv_text
from annotator.errors import AnnotatorError
from tests.analysis.legacy_ratings_csv import legacy_load_ratings_csv
from tests.analysis.pinned.inputs import CASES, REFERENCE
from tests.bench._panels import synthetic_panel

RAW = ["irrCAC_gwet/cac.raw4raters.csv", "irrCAC_gwet/cac.raw5obser.csv",
       "irrCAC_gwet/xraw10x4.csv", "irrCAC_gwet/xraw12x4.csv",
       "irrCAC_gwet/cac.raw2raters.csv", "irrCAC_gwet/cac.raw.g1g2.csv",
       "irrCAC_gwet/cac.ben.gerry.csv", "irrCAC_gwet/cac.raw.gender.csv",
       "statsmodels_fleiss_cohen/fleiss1971_diagnoses_30subjects_6raters.csv",
       "statsmodels_fleiss_cohen/irr_anxiety_20subjects_3raters.csv"]
"""Units × raters files (letters as well as numbers: those both loaders refuse)."""
CODERS_IN_ROWS = ["krippendorff_examples/krippendorff2011_4coders_12units.csv",
                  "krippendorff_examples/wikipedia_3coders_15units.csv"]

HEADER = "item_id,tagger,round,rating,source,phase\n"
HOSTILE = {
    "bom-crlf": "\ufeff" + HEADER.replace("\n", "\r\n") + "a,ana,1,3,x,\r\nb,ana,1,4,,game\r\n",
    "quoted-line-break": HEADER + 'a,ana,1,3,"model\nv2",\nb,ben,1,2,,\n',
    "blank-lines": HEADER + "\na,ana,1,3,,\n\n,,,,,\n  ,  ,,,,\nb,ana,1,2,,\n\n",
    "spaces-and-case": HEADER + " a , ana ,01, 3 ,src, GAME \na,ben,1,SKIP,,\n",
    "formula-guard": HEADER + "'=a,'+ana,1,3,'@x,\n=a,ben,1,2,,\n",
    "repeats": HEADER + "a,ana,1,3,,\na,ana,01,4,,\na,ana,1,2,,tutorial\na,ana,1,skip,,\n",
    "bad-cells": HEADER + ",ana,1,3,,\nb,,1,3,,\nc,ana,x,3,,\nd,ana,0,3,,\ne,ana,1,good,,\n"
                          "f,ana,1,inf,,\ng,ana,1,3,,warmup\nh,ana,1,3,,\nh,ana,1,4,,\n",
    "wrong-width": HEADER + "a,ana,1,3,,\nb,ana,1\n",
    "open-quote": HEADER + 'a,ana,1,3,,\nb,ana,1,"3,,\n',
    "stray-quote": HEADER + 'a,ana,1,3,"x"y,\n',
    "not-utf8": (HEADER + "é,ana,1,3,,\n").encode("cp1252"),
    "utf16": (HEADER + "a,ana,1,3,,\n").encode("utf-16"),
    "no-header": "",
    "missing-column": "item_id,tagger,rating\na,ana,3\n",
    "only-skips": HEADER + "a,ana,1,skip,,\n",
    "nul": HEADER + "a\x00b,ana,1,3,,\n",  # read_table decides about NUL: both go by it
    "extra-columns": "note,item_id,tagger,round,rating\nhi,a,ana,1,3\n,,,,\nx,,,,\n",
    "sources-last-wins": HEADER + "a,ana,1,3,one,\na,ben,1,2,two,\na,cy,1,1,,\nb,ana,1,skip,s,\n",
    "no-final-newline": HEADER + "a,ana,1,3,,\nb,ana,1,2,,",
    "header-after-blank-lines": "\n  \n,,\n" + HEADER + "a,ana,1,3,,\n",
    "old-mac-line-ends": (HEADER + "a,ana,1,3,,\nb,ben,1,2,,\n").replace("\n", "\r"),
    "crlf-blank-rows": (HEADER + "a,ana,1,3,,\n,,,,,\n\nb,ben,1,2,,\n").replace("\n", "\r\n"),
    "blank-item-with-tagger": HEADER + "a,ana,1,3,,\n ,ben,1,2,,\n",
}


def load(loader, path: Path) -> RatingTable | tuple:
    try:
        return loader(path)
    except AnnotatorError as error:
        return (str(error), error.file, error.line)


def assert_same(old: RatingTable | tuple, new: RatingTable | tuple) -> None:
    if isinstance(old, tuple) or isinstance(new, tuple):
        assert new == old
        return
    for field in fields(RatingTable):
        a, b = getattr(old, field.name), getattr(new, field.name)
        if isinstance(a, np.ndarray):
            assert b.dtype == a.dtype and np.array_equal(a, b, equal_nan=True), field.name
        else:
            assert b == a, field.name


def write_reference(relative: str, folder: Path, *, coders_in_rows: bool) -> Path:
    with (REFERENCE / relative).open(encoding="utf-8", newline="") as handle:
        header, *body = list(csv.reader(handle))
    if coders_in_rows:
        cells = [(f"u{u + 1}", row[0], value) for row in body for u, value in enumerate(row[1:])]
    else:
        cells = [(f"u{n}", rater, row[c]) for n, row in enumerate(body)
                 for c, rater in enumerate(header) if c > 0]
    path = folder / "ratings.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "tagger", "round", "rating"])
        writer.writerows((unit, rater, 1, value) for unit, rater, value in cells
                         if value.strip() not in ("", ".", "NA"))
    return path


@pytest.mark.parametrize("relative", RAW + CODERS_IN_ROWS)
def test_every_held_in_dataset_loads_as_before(relative: str, tmp_path: Path) -> None:
    path = write_reference(relative, tmp_path, coders_in_rows=relative in CODERS_IN_ROWS)
    assert_same(load(legacy_load_ratings_csv, path), load(load_ratings_csv, path))


CSV_CASES = [c for c in CASES if not c.name.startswith(("project-", "panel-", "session-"))]


@pytest.mark.parametrize("case", CSV_CASES, ids=lambda case: case.name)
def test_every_pinned_ratings_csv_loads_as_before(case, tmp_path: Path) -> None:
    args = case.build(tmp_path)
    assert "--ratings-csv" in args
    path = Path(args[args.index("--ratings-csv") + 1])
    old = load(legacy_load_ratings_csv, path)
    assert isinstance(old, RatingTable)
    assert_same(old, load(load_ratings_csv, path))


def export_shaped(table: RatingTable) -> str:
    """``table`` as the published dataset's ratings.csv lays it out: more columns than the
    loader reads, the rating beside a ``skip`` flag."""
    rows = zip(np.asarray(table.item_ids, dtype=object)[table.item].tolist(),
               np.asarray(table.taggers, dtype=object)[table.tagger].tolist(),
               table.round.tolist(), [PHASES[code].value for code in table.phase],
               ["", "overall"] * (len(table) // 2) + [""] * (len(table) % 2),
               table.values.tolist(), ["FALSE"] * len(table), table.seconds.tolist(),
               strict=True)
    return csv_text(rows, header=["item_id", "tagger", "round", "phase", "question", "rating",
                                  "skip", "seconds_on_screen"])


def test_a_dataset_export_loads_as_before(tmp_path: Path) -> None:
    table = synthetic_panel(n_items=3000, n_taggers=40, n_ratings=15_000, low=3, high=7,
                            levels=np.arange(1.0, 6.0), noise=0.7, seed=4, retest_items=200)
    path = tmp_path / "ratings.csv"
    path.write_text("\ufeff" + export_shaped(table), encoding="utf-8", newline="")
    old = load(legacy_load_ratings_csv, path)
    assert isinstance(old, RatingTable) and len(old) == 15_000
    assert_same(old, load(load_ratings_csv, path))


@pytest.mark.parametrize("name", list(HOSTILE))
def test_every_hostile_file_gives_what_it_gave(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.csv"
    content = HOSTILE[name]
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8", newline="")
    else:
        path.write_bytes(content)
    assert_same(load(legacy_load_ratings_csv, path), load(load_ratings_csv, path))


@pytest.mark.parametrize("quoted", [False, True], ids=["plain", "quoted"])
def test_a_file_read_in_several_blocks_keeps_its_lines(tmp_path: Path, monkeypatch,
                                                       quoted: bool) -> None:
    monkeypatch.setattr("annotator.analysis.csv_columns._CHUNK", 3)
    monkeypatch.setattr("annotator.analysis.csv_columns._BLOCK_BYTES", 16)
    monkeypatch.setattr("annotator.analysis.rating_table.BLOCK", 4)  # the loops over rows
    source = '"x"' if quoted else "x"  # a quote: csv.reader, else plain splitting
    path = tmp_path / "r.csv"
    path.write_text("\n" + HEADER + "".join(f"i{n},t{n % 3},1,{n % 5 + 1},{source},\n"
                                            for n in range(10))
                    + "\n,,,,,\ni1,t1,1,2,,\n", encoding="utf-8")
    read = read_columns(path, required=("item_id", "tagger", "round", "rating"))
    assert read.table.header_line == 2
    assert read.table.lines.tolist() == [*range(3, 13), 15]
    assert read["item_id"].cells()[-2:] == ["i9", "i1"]
    assert_same(load(legacy_load_ratings_csv, path), load(load_ratings_csv, path))


def test_a_clean_file_is_streamed_and_an_odd_one_read_whole(tmp_path: Path,
                                                           monkeypatch) -> None:
    read_whole = []
    real = read_columns.__globals__["read_table"]
    monkeypatch.setattr("annotator.analysis.csv_columns.read_table",
                        lambda *args, **kwargs: read_whole.append(args) or real(*args, **kwargs))
    for name in ("bom-crlf", "blank-lines", "spaces-and-case", "formula-guard", "repeats",
                 "quoted-line-break", "stray-quote", "not-utf8"):
        path = tmp_path / f"{name}.csv"
        content = HOSTILE[name]
        path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
        read_columns(path, required=("item_id",))
    assert [Path(args[0]).stem for args in read_whole] == [
        "quoted-line-break", "stray-quote", "not-utf8"]


def test_a_column_codes_its_texts_in_order_and_merges_what_becomes_equal(
        tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    path.write_text(f"{WRITTEN_MARK}\nitem_id\n b\n'=a\nb\n=a\n b\n", encoding="utf-8")
    column = read_columns(path, required=("item_id",))["item_id"]
    assert (column.texts, column.codes.tolist()) == ((" b", "=a", "b"), [0, 1, 2, 1, 0])
    assert column.mapped(str.upper).cells() == [" B", "=A", "B", "=A", " B"]
    stripped = column.mapped(str.strip)
    assert (stripped.texts, stripped.codes.tolist()) == (("b", "=a"), [0, 1, 0, 1, 0])
    path.write_text("item_id\n'=a\n=a\n", encoding="utf-8")  # a lead's file: as it is
    assert read_columns(path, required=("item_id",))["item_id"].texts == ("'=a", "=a")
