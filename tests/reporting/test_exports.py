"""Exporting the pane: a CSV per table, SVG/PNG per chart, the report; each file whole."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from annotator.errors import AnnotatorError
from annotator.reporting.content import PaneContent, Section
from annotator.reporting.exports import export_content
from tests.reporting.dom import parse
from tests.reporting.panes import chart, sample_content, taggers_table

GENERATED = "2026-11-22 09:30 UTC"


def leftovers(folder: Path) -> list[str]:
    """Temporary files an interrupted write would leave (hidden, with .tmp in the name)."""
    return sorted(p.name for p in folder.iterdir() if ".tmp" in p.name)


def test_every_table_chart_and_the_report_are_written(tmp_path: Path) -> None:
    content = sample_content()
    folder = tmp_path / "exports" / "pilot"
    written = export_content(content, folder, generated_at=GENERATED)
    assert [p.name for p in written] == ["item-means.svg", "taggers.csv", "items.csv",
                                         "report.html"]
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in written)
    tables = [t for s in content.sections for t in s.tables]
    for table in tables:
        with (folder / f"{table.name}.csv").open(encoding="utf-8-sig", newline="") as handle:
            header, *rows = list(csv.reader(handle))
        assert header == [c.key for c in table.columns]
        assert len(rows) == len(table.rows)
        for row, values in zip(rows, table.rows, strict=True):
            for cell, value in zip(row, values, strict=True):
                if value is None:
                    assert cell == ""
                elif isinstance(value, str):
                    assert cell == value
                else:
                    assert float(cell) == pytest.approx(value, rel=1e-9)
    svg = ET.parse(folder / "item-means.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    doc = parse((folder / "report.html").read_text(encoding="utf-8"))
    assert [c.children[0] for c in doc.iter("caption")] == [t.title for t in tables]
    assert [f.find("figcaption").find("span").text() for f in doc.iter("figure")] == [
        "Histogram of item means"]


def test_png_files_hold_what_the_drawer_drew(tmp_path: Path) -> None:
    calls: list[str] = []

    def png(svg: str) -> bytes:
        calls.append(svg)
        out = io.BytesIO()
        Image.new("RGB", (48, 24), "white").save(out, format="PNG")
        return out.getvalue()

    progress: list[str] = []
    written = export_content(sample_content(), tmp_path, generated_at=GENERATED, png=png,
                             progress=progress.append)
    assert [p.name for p in written][:2] == ["item-means.svg", "item-means.png"]
    assert calls == [chart().svg]
    assert Image.open(tmp_path / "item-means.png").size == (48, 24)
    assert leftovers(tmp_path) == []
    assert progress[-1] == f"Exported {len(written)} of {len(written)} files…"
    assert len(progress) == len(written)


def test_a_failing_png_drawer_stops_the_export_at_that_file(tmp_path: Path) -> None:
    def png(svg: str) -> bytes:
        raise RuntimeError("renderer crashed")

    with pytest.raises(RuntimeError, match="renderer crashed"):
        export_content(sample_content(), tmp_path, generated_at=GENERATED, png=png)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["item-means.svg"]


def test_a_file_that_cannot_be_written_is_named_and_nothing_half_is_left(tmp_path: Path
                                                                         ) -> None:
    (tmp_path / "taggers.csv").mkdir()  # a folder where the file should go
    (tmp_path / "report.html").write_text("the previous report", encoding="utf-8")
    with pytest.raises(AnnotatorError) as caught:
        export_content(sample_content(), tmp_path, generated_at=GENERATED)
    assert caught.value.file == tmp_path / "taggers.csv"
    assert str(caught.value).startswith(f"{tmp_path / 'taggers.csv'}: The file cannot be written")
    assert leftovers(tmp_path) == []
    assert (tmp_path / "taggers.csv").is_dir()
    assert (tmp_path / "report.html").read_text(encoding="utf-8") == "the previous report"


def test_names_that_would_share_a_file_are_refused_before_writing(tmp_path: Path) -> None:
    content = PaneContent("T", "s", (
        Section("a", "A", tables=(taggers_table(name="taggers"),)),
        Section("b", "B", tables=(taggers_table(name="Taggers"),))))  # one file on Windows
    with pytest.raises(ValueError, match=r"'Taggers' in section 'b' would be written to "
                                         r"Taggers.csv, as table 'taggers' of section 'a' is"):
        export_content(content, tmp_path / "out", generated_at=GENERATED)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["../taggers", "a b", ".hidden", "", "sub/taggers"])
def test_names_that_are_not_plain_file_names_are_refused(tmp_path: Path, name: str) -> None:
    content = PaneContent("T", "s", (Section("a", "A", charts=(chart(name),)),))
    with pytest.raises(ValueError, match="not a plain file name"):
        export_content(content, tmp_path / "out", generated_at=GENERATED)
    assert not (tmp_path / "out").exists()


def test_a_table_and_a_chart_may_share_a_name(tmp_path: Path) -> None:
    content = PaneContent("T", "s", (Section("a", "A", tables=(taggers_table(name="means"),),
                                             charts=(chart("means"),)),))
    written = export_content(content, tmp_path, generated_at=GENERATED)
    assert [p.name for p in written] == ["means.csv", "means.svg", "report.html"]
