"""The HTML report: one self-contained, accessible file of the whole pane."""

from __future__ import annotations

import re

from annotator.reporting.content import NOT_DEFINED, PaneContent, Section
from annotator.reporting.html_report import MAX_ROWS, render_html
from tests.reporting.dom import Element, parse
from tests.reporting.panes import SVG, chart, sample_content, taggers_table

GENERATED = "2026-11-22 09:30 UTC"


def render(content: PaneContent) -> Element:
    return parse(render_html(content, generated_at=GENERATED))


def test_the_document_declares_its_language_and_encoding_and_loads_nothing() -> None:
    html = render_html(sample_content(), generated_at=GENERATED)
    assert html.startswith("<!DOCTYPE html>\n")
    doc = parse(html)
    assert doc.find("html").attrs["lang"] == "en"
    assert any(m.attrs.get("charset") == "utf-8" for m in doc.iter("meta"))
    assert doc.find("title").text() == "Agreement — VICR pilot <2026>"
    assert not [e.tag for e in doc.iter() if e.tag in ("script", "link", "img", "iframe")]
    assert all(e.attrs["href"].startswith("#") for e in doc.iter("a"))
    assert not re.search(r"url\(|@import|https?:", doc.find("style").text())


def test_the_header_has_title_source_time_and_notes() -> None:
    header = render(sample_content()).find("header")
    assert header.find("h1").text() == "Agreement — VICR pilot <2026>"
    text = header.text()
    assert "Source: /labs/vicr pilot/panel.sqlite" in text and f"Generated: {GENERATED}" in text
    assert "7 figures are undefined; hover them for the reason." in text


def test_contents_link_to_every_section_heading() -> None:
    doc = render(sample_content())
    links = [(a.attrs["href"], a.text()) for a in doc.find("nav").iter("a")]
    sections = list(doc.find("main").iter("section"))
    assert links == [(f"#{s.attrs['id']}", s.find("h2").text()) for s in sections]
    assert [text for _, text in links] == ["Overview", "Taggers & items"]
    assert [p.text() for p in sections[0].iter("p")][:2] == [
        "1,204 ratings by 12 taggers on 300 items.",
        "Krippendorff's alpha (ordinal): 0.612 (95% CI 0.580 to 0.641)."]


def test_a_chart_is_its_svg_inline_with_a_caption_and_a_text_alternative() -> None:
    html = render_html(sample_content(), generated_at=GENERATED)
    assert "<?xml" not in html
    assert SVG.split("\n", 1)[1].strip() in html  # the drawing itself, unchanged
    figure = parse(html).find("figure")
    image = figure.find("div")
    assert image.attrs["role"] == "img" and image.find("svg").attrs["viewbox"] == "0 0 480 240"
    caption = figure.find("figcaption")
    title, = (e for e in caption.iter("span") if e.attrs["id"] == image.attrs["aria-labelledby"])
    desc, = (e for e in caption.iter("p") if e.attrs["id"] == image.attrs["aria-describedby"])
    assert title.text() == "Histogram of item means"
    assert desc.text() == chart().description


def test_a_charts_title_is_shown_once_drawn_and_named_once_for_screen_readers() -> None:
    html = render_html(sample_content(), generated_at=GENERATED)
    rule = re.search(r"figcaption \.chart-title \{([^}]*)\}", html)
    assert rule is not None and "clip-path: inset(50%)" in rule.group(1)  # visually hidden
    assert "width: 1px" in rule.group(1) and "position: absolute" in rule.group(1)


def test_a_table_has_a_caption_column_headers_and_the_cells_as_on_screen() -> None:
    table = taggers_table()
    doc = render(PaneContent("T", "s", (Section("s", "S", tables=(table,)),)))
    element = doc.find("table")
    assert element.find("caption").text() == "Taggers against the panel"
    notes, = (p for p in doc.iter("p") if p.attrs.get("id") == element.attrs["aria-describedby"])
    assert notes.text() == table.description
    heads = list(element.find("thead").iter("th"))
    assert [(th.attrs["scope"], th.text()) for th in heads] == [
        ("col", "Tagger"), ("col", "Ratings"), ("col", "EA"), ("col", "Median s")]
    assert heads[2].find("abbr").attrs["title"] == table.columns[2].description
    assert [h.attrs.get("class") for h in heads] == [None, "num", "num", "num"]
    rows = list(element.find("tbody").iter("tr"))
    cells = [[c.text() for c in r.children if isinstance(c, Element)] for r in rows]
    assert cells == [[table.display(r, c) for c in range(4)] for r in range(3)]
    assert cells[0] == ["ana <lead>", "40", "0.612", "7.2"] and cells[1][2] == NOT_DEFINED
    assert [r.children[0].attrs["scope"] for r in rows] == ["row"] * 3  # the tagger heads it
    assert all(td.attrs["class"] == "num" for td in element.iter("td"))
    described = doc.find("dl")
    assert [d.text() for d in described.iter("dt")] == ["Ratings", "EA"]  # visible, printable


def test_text_is_escaped_everywhere() -> None:
    evil = '<script>alert("x")</script> & more'
    content = PaneContent(evil, evil, notes=(evil,), sections=(
        Section("a b", evil, summary=(evil,), tables=(taggers_table(),),
                charts=(chart(),)),))
    html = render_html(content, generated_at=evil)
    assert "<script>" not in html
    doc = parse(html)
    assert doc.find("h1").text() == evil and doc.find("section").find("h2").text() == evil
    assert doc.find("section").attrs["id"] == "section-a-b"  # ids hold no spaces


def test_a_long_table_shows_its_first_rows_and_names_the_csv() -> None:
    content = sample_content(item_rows=15_000)
    doc = render(content)
    items = next(t for t in doc.iter("table") if t.attrs["id"] == "table-items")
    assert len(list(items.find("tbody").iter("tr"))) == MAX_ROWS
    note = next(p for p in doc.iter("p") if p.attrs.get("class") == "truncated")
    assert "first 200 of its 15,000 rows" in note.text() and "items.csv" in note.text()
    assert len([p for p in doc.iter("p") if p.attrs.get("class") == "truncated"]) == 1


def test_a_section_can_put_its_tables_before_its_charts() -> None:
    for tables_first in (False, True):
        section = Section("people", "Taggers", tables=(taggers_table(),), charts=(chart(),),
                          tables_first=tables_first)
        html = render_html(PaneContent("t", "s", (section,)), generated_at=GENERATED)
        assert (html.index("<table") < html.index("<figure")) == tables_first
