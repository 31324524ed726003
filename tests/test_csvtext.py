"""The one CSV writer: formula-looking text guarded, numbers untouched, every text read back
exactly by the one CSV reader."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pytest

from annotator.csvtext import FORMULA_START, WRITTEN_MARK, csv_text, decode_cell, encode_cell
from annotator.project.create import init_project
from annotator.project.folder import open_project
from tests.conftest import write_jpeg

ATTACKS = ["=HYPERLINK(\"http://x\",\"click\")", "+1+1", "-2+3", "@SUM(A1:A2)",
           "\tindented", "\rreturn", "=1+1", "'=already guarded", "''-twice"]


@pytest.mark.parametrize("text", ATTACKS)
def test_formula_text_is_written_with_a_leading_apostrophe(text: str) -> None:
    mark, row = csv.reader(io.StringIO(csv_text([[text]]), newline=""))
    assert mark == [WRITTEN_MARK]  # the file says its apostrophes are guards
    cell = row[0]
    assert cell == "'" + text
    assert decode_cell(cell) == text


@pytest.mark.parametrize("value", [-0.25, -3, 0, 1.5e-9, "-0.25", "+3", "-1e5", ".5"])
def test_numbers_are_left_alone(value: object) -> None:
    assert encode_cell(value) == str(value)
    assert decode_cell(encode_cell(value)) == str(value)


def test_every_text_reads_back_exactly() -> None:
    rng = random.Random(7)
    alphabet = ["'", "=", "+", "-", "@", "\t", "\r", "a", "1", ".", " ", "\n", '"', ","]
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
        encoded = encode_cell(text)
        assert decode_cell(encoded) == text, repr(text)
        assert not encoded.startswith(FORMULA_START) or (encoded == text.strip() and \
            _is_number(text)), repr(text)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_a_caption_that_looks_like_a_formula_survives_init_and_reopening(tmp_path: Path) -> None:
    images = tmp_path / "photos"
    write_jpeg(images / "a.jpg")
    write_jpeg(images / "b.jpg")
    captions = tmp_path / "captions.csv"
    captions.write_text('image,caption\na.jpg,"=HYPERLINK(""http://x"",""y"")"\n'
                        "b.jpg,- a dash first\n", encoding="utf-8")
    init_project(tmp_path / "panel", images=images, captions=captions)
    written = (tmp_path / "panel" / "items.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK" in written and "'- a dash first" in written
    captions_read = {item.caption for item in open_project(tmp_path / "panel").items}
    assert captions_read == {'=HYPERLINK("http://x","y")', "- a dash first"}
