"""The Items table of a project whose items carry context columns (page title, paragraph):
the columns are shown only when the rubric shows the context with the pair, and a wide
table scrolls in its own box, never the report's page."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.reporting.build import prepare_pane
from annotator.reporting.html_report import render_html
from annotator.resources import resource_path
from tests.reporting.test_html_chromium import chromium

PARAGRAPH = ("The harbour was rebuilt after the storm of 1953 with a longer breakwater, "
             "a new lighthouse and a fish market that opens at dawn. ") * 4


def with_context(folder: Path, rubric: str | None = None) -> Path:
    """``folder``'s items given a page title and a long paragraph of context."""
    items = folder / "items.csv"
    with items.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    with items.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, [*rows[0], "page_title", "paragraph"])
        writer.writeheader()
        for n, row in enumerate(rows):
            writer.writerow({**row, "page_title": f"Harbour_of_Somewhere_{n}_(history)",
                             "paragraph": PARAGRAPH})
    if rubric is not None:
        manifest = folder / "project.toml"
        text = manifest.read_text(encoding="utf-8")
        manifest.write_text(re.sub(r'(?m)^rubric = "vicr5"$', f'rubric = "{rubric}"', text),
                            encoding="utf-8")
    assert main(["simulate", str(folder), "--taggers", "3", "--seed", "2"]) == ExitCode.DONE
    return folder


def items_columns(folder: Path) -> list[str]:
    _, content = prepare_pane(folder)
    (table,) = [t for s in content.sections for t in s.tables if t.name == "items"]
    return [column.key for column in table.columns]


def test_a_rubric_without_context_shows_no_context_columns(make_project_folder) -> None:
    columns = items_columns(with_context(make_project_folder(6)))  # vicr5: no context shown
    assert "caption" in columns and "image" in columns
    assert not [name for name in columns if name.startswith("context_")]


def test_a_rubric_showing_context_shows_its_columns(make_project_folder, tmp_path) -> None:
    folder = make_project_folder(6)
    vicr5 = resource_path("rubrics", "vicr5.toml").read_text(encoding="utf-8")
    (folder / "rubric.toml").write_text(  # vicr5, its context shown with the pair
        vicr5.replace('id = "vicr5"', 'id = "vicr5-context"\nshow_context = true'),
        encoding="utf-8")
    columns = items_columns(with_context(folder, "rubric.toml"))
    assert [name for name in columns if name.startswith("context_")] == [
        "context_page_title", "context_paragraph"]


MEASURE = """<script>
document.body.dataset.page = document.documentElement.scrollWidth;
document.body.dataset.view = document.documentElement.clientWidth;
const box = document.getElementById("table-items").parentElement;
document.body.dataset.box = box.clientWidth;
document.body.dataset.table = box.scrollWidth;
</script></body>"""


@pytest.mark.slow
@pytest.mark.needs_chromium
def test_a_wide_items_table_scrolls_in_its_box_not_the_page(make_project_folder,
                                                            tmp_path) -> None:
    """At a laptop's 1366 px, the Items table with a long title and a paragraph of context:
    the page is no wider than the window, and the table wraps its text to fit its own box
    (which scrolls sideways, not the page, when a table still cannot fit)."""
    folder = make_project_folder(6)
    vicr5 = resource_path("rubrics", "vicr5.toml").read_text(encoding="utf-8")
    (folder / "rubric.toml").write_text(
        vicr5.replace('id = "vicr5"', 'id = "vicr5-context"\nshow_context = true'),
        encoding="utf-8")
    _, content = prepare_pane(with_context(folder, "rubric.toml"))
    report = tmp_path / "report.html"
    report.write_text(render_html(content, generated_at="now").replace("</body>", MEASURE),
                      encoding="utf-8")
    dump = chromium(tmp_path, "--window-size=1366,768", "--dump-dom", report.as_uri()).stdout
    sizes = {key: int(value) for key, value in
             re.findall(r'data-(page|view|box|table)="(\d+)"', dump)}
    assert sizes["page"] <= sizes["view"], sizes
    assert sizes["box"] <= sizes["view"], sizes
    assert sizes["table"] <= sizes["box"], sizes
