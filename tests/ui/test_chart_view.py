"""The chart widget as assistive technology sees it, and charts saved as PNG."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from annotator.errors import AnnotatorError
from annotator.reporting.content import Chart
from annotator.reporting.svg_charts import bar_chart, heatmap
from annotator.ui.chart_image import encode_png, render_png
from annotator.ui.widgets.chart_view import ChartView
from tests.ui.conftest import by_name


@pytest.fixture
def chart() -> Chart:
    svg = bar_chart(["tagger-01", "tagger-02", "tagger-03"], [0.61, 0.72, None],
                    title="α leaving each tagger out", value_label="α",
                    description="Without tagger-02 α rises to 0.72; tagger-03 has no α.",
                    flagged={"tagger-02"}, horizontal=True)
    return Chart(name="loo", title="α leaving each tagger out",
                 description="Without tagger-02 α rises to 0.72; tagger-03 has no α.", svg=svg)


def view_box(svg: str) -> tuple[float, float]:
    start = svg.index('viewBox="') + len('viewBox="')
    _, _, width, height = svg[start:svg.index('"', start)].split()
    return float(width), float(height)


def test_the_chart_is_named_described_and_reachable_by_keyboard(qtbot, chart: Chart) -> None:
    view = ChartView(chart)
    qtbot.addWidget(view)
    assert view.accessibleName() == chart.title
    assert view.accessibleDescription() == chart.description
    assert view.focusPolicy() == Qt.FocusPolicy.StrongFocus
    width, height = view_box(chart.svg)
    assert view.minimumWidth() >= width / 2 and view.minimumHeight() >= height / 2


def test_without_a_chart_the_view_says_why(qtbot, chart: Chart) -> None:
    view = ChartView(chart)
    qtbot.addWidget(view)
    view.set_chart(None, reason="no tagger has rated twice yet")
    assert view.accessibleName() == "No chart"
    assert view.accessibleDescription() == "No chart: no tagger has rated twice yet"
    assert view.minimumWidth() < 100


def test_the_chart_keeps_its_aspect_ratio_as_the_widget_resizes(qtbot, chart: Chart) -> None:
    view = ChartView(chart)
    qtbot.addWidget(view)
    width, height = view_box(chart.svg)
    for size in ((1400, 500), (900, 1200)):
        view.resize(*size)
        drawn = view.chart_rect()
        assert drawn.width() / drawn.height() == pytest.approx(width / height, rel=1e-3)
        assert view.rect().toRectF().contains(drawn)


def test_the_view_paints_the_chart(qtbot, chart: Chart) -> None:
    view = ChartView(chart)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    image = view.grab().toImage()
    colours = {image.pixelColor(x, y).name()
               for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)}
    assert {"#0072b2", "#d55e00"} <= colours  # plain bars' blue, the flagged bar's vermillion


def test_the_chart_is_found_by_its_accessible_name(qtbot, chart: Chart) -> None:
    view = ChartView(chart)
    qtbot.addWidget(view)
    other = ChartView(None)
    qtbot.addWidget(other)
    view.setParent(other)
    assert by_name(other, chart.title) is view


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_render_png_writes_the_chart_at_scale(tmp_path: Path, qtbot, chart: Chart,
                                              scale: float) -> None:
    path = tmp_path / "loo.png"
    render_png(chart.svg, path, scale=scale)
    width, height = view_box(chart.svg)
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size == (round(width * scale), round(height * scale))
        low, high = image.convert("L").getextrema()
    assert high == 255 and low < 100  # white paper, dark ink
    assert [p.name for p in tmp_path.iterdir()] == ["loo.png"]  # no temporary file left


def test_the_png_holds_exactly_the_pixels_qt_drew(qtbot) -> None:
    image = QImage(37, 5, QImage.Format.Format_RGB32)  # an odd width: rows are padded
    image.fill(QColor("white"))
    image.setPixelColor(3, 2, QColor(200, 30, 7))
    with Image.open(io.BytesIO(encode_png(image))) as decoded:
        assert decoded.mode == "RGB" and decoded.size == (37, 5)
        assert decoded.getpixel((3, 2)) == (200, 30, 7)
        assert decoded.getpixel((36, 4)) == (255, 255, 255)
        assert sum(decoded.getpixel((x, y)) != (255, 255, 255)
                   for x in range(37) for y in range(5)) == 1


def test_render_png_replaces_an_existing_file(tmp_path: Path, qtbot) -> None:
    path = tmp_path / "table.png"
    path.write_bytes(b"old")
    svg = heatmap(["1", "2"], ["1", "2"], [[3, 1], [0, 5]], title="t", description="d",
                  x_label="round 2", y_label="round 1")
    render_png(svg, path)
    with Image.open(path) as image:
        assert image.size == tuple(round(2 * v) for v in view_box(svg))


def test_render_png_names_the_file_it_could_not_write(tmp_path: Path, qtbot,
                                                      chart: Chart) -> None:
    path = tmp_path / "missing-folder" / "loo.png"
    with pytest.raises(AnnotatorError) as raised:
        render_png(chart.svg, path)
    assert raised.value.file == path
    assert str(path) in str(raised.value)
