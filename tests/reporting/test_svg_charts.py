"""The SVG charts, read back as XML: geometry is measured from the elements drawn."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest

from annotator.reporting.svg_charts import (
    bar_chart,
    grouped_bar_chart,
    heatmap,
    histogram,
    scatter,
)

NS = "{http://www.w3.org/2000/svg}"
TEXT = {"title": "α <&> chart", "description": 'Says "what" & <why>.'}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def of_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def texts(root: ET.Element, cls: str) -> list[str]:
    return [e.text or "" for e in of_class(root, cls)]


def f(element: ET.Element, name: str) -> float:
    return float(element.get(name))


def bars(root: ET.Element) -> list[ET.Element]:
    return of_class(root, "bar")


ALL_CHARTS: dict[str, Callable[..., str]] = {
    "bar": lambda **kw: bar_chart(["a <b>", "c & d"], [0.3, None], value_label="α", **kw),
    "bar_horizontal": lambda **kw: bar_chart(["a <b>", "c"], [0.3, -0.1], value_label="α",
                                             horizontal=True, **kw),
    "grouped": lambda **kw: grouped_bar_chart(["t1", "t2"], [("EA", [0.5, 0.4]),
                                                             ("AA", [0.3, None])],
                                              value_label="share", **kw),
    "histogram": lambda **kw: histogram([0, 1, 2], [3, 0], x_label="x <&>", **kw),
    "heatmap": lambda **kw: heatmap(["1", "2"], ["1", "2"], [[1, 2], [3, 4]], x_label="r2",
                                    y_label="r1", **kw),
    "scatter": lambda **kw: scatter([1, 2, 2], [1, 3, 3], x_label="x", y_label="y", **kw),
}


@pytest.mark.parametrize("make", ALL_CHARTS.values(), ids=ALL_CHARTS.keys())
def test_every_chart_is_a_standalone_accessible_document(make: Callable[..., str]) -> None:
    svg = make(**TEXT)
    root = parse(svg)  # escaping mistakes would make this raise
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    assert root.get("font-family") == "DejaVu Sans, Arial, sans-serif"
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    assert (float(root.get("width")), float(root.get("height"))) == (width, height)
    assert width >= 400 and height >= 150
    first, second = list(root)[:2]
    assert (first.tag, first.text) == (f"{NS}title", TEXT["title"])
    assert (second.tag, second.text) == (f"{NS}desc", TEXT["description"])
    assert "&lt;&amp;&gt;" in svg


@pytest.mark.parametrize("horizontal", [False, True])
def test_bar_lengths_are_proportional_to_values(horizontal: bool) -> None:
    root = parse(bar_chart(["a", "b", "c"], [0.2, 0.4, 0.8], title="t", description="d",
                           value_label="α", horizontal=horizontal))
    size = "width" if horizontal else "height"
    lengths = [f(bar, size) for bar in bars(root)]
    assert lengths[1] == pytest.approx(2 * lengths[0], abs=0.02)
    assert lengths[2] == pytest.approx(4 * lengths[0], abs=0.02)
    assert texts(root, "value") == ["0.20", "0.40", "0.80"]


def test_negative_values_go_the_other_side_of_the_zero_line() -> None:
    root = parse(bar_chart(["up", "down"], [0.5, -0.2], title="t", description="d",
                           value_label="α"))
    (zero,) = of_class(root, "zero")
    zero_y = f(zero, "y1")
    up, down = bars(root)
    assert f(up, "y") + f(up, "height") == pytest.approx(zero_y)
    assert f(down, "y") == pytest.approx(zero_y)
    assert f(down, "height") == pytest.approx(0.4 * f(up, "height"), abs=0.02)
    up_text, down_text = of_class(root, "value")
    assert f(up_text, "y") < zero_y < f(down_text, "y")
    assert down_text.text == "−0.20"


def test_an_undefined_value_is_written_na_and_draws_no_bar() -> None:
    root = parse(bar_chart(["a", "b"], [0.4, None], title="t", description="d",
                           value_label="α", horizontal=True))
    defined, undefined = of_class(root, "category")
    assert len(bars(defined)) == 1
    assert bars(undefined) == []
    assert texts(undefined, "na") == ["n/a"]
    assert texts(undefined, "label") == ["b"]


def test_flagged_labels_carry_a_marker_and_a_pattern_not_only_a_colour() -> None:
    root = parse(bar_chart(["ok", "odd"], [0.6, 0.7], title="t", description="d",
                           value_label="α", flagged={"odd"}, horizontal=True))
    plain, flagged = of_class(root, "category")
    assert texts(plain, "label") == ["ok"]
    assert texts(flagged, "label") == ["⚠ odd"]
    fill = bars(flagged)[0].get("fill")
    assert fill.startswith("url(#")
    pattern_ids = {p.get("id") for p in root.iter(f"{NS}pattern")}
    assert fill[5:-1] in pattern_ids
    assert not bars(plain)[0].get("fill").startswith("url(")


def zero_and_unit(root: ET.Element, value: float) -> tuple[float, float]:
    """x of 0 and pixels per unit, measured from the first (positive) horizontal bar."""
    bar = bars(root)[0]
    return f(bar, "x"), f(bar, "width") / value


def test_error_bar_ends_sit_at_the_interval() -> None:
    root = parse(bar_chart(["a", "b"], [0.5, 0.6], title="t", description="d",
                           value_label="α", intervals=[(0.4, 0.7), None], horizontal=True))
    x0, unit = zero_and_unit(root, 0.5)
    ends = [f(e, "x1") for e in of_class(root, "whisker-end")]
    assert ends == pytest.approx([x0 + 0.4 * unit, x0 + 0.7 * unit], abs=0.02)
    assert len(of_class(of_class(root, "category")[1], "whisker")) == 0
    (value,) = texts(of_class(root, "category")[0], "value")
    assert value == "0.50"


def test_reference_line_sits_at_its_value_with_its_label() -> None:
    root = parse(bar_chart(["a", "b"], [0.5, 0.7], title="t", description="d",
                           value_label="α", reference=(0.64, "all taggers α = 0.64"),
                           horizontal=True))
    x0, unit = zero_and_unit(root, 0.5)
    (line,) = of_class(root, "reference")
    assert f(line, "x1") == pytest.approx(x0 + 0.64 * unit, abs=0.02)
    assert f(line, "x2") == f(line, "x1")
    assert line.get("stroke-dasharray")
    assert texts(root, "reference-label") == ["all taggers α = 0.64"]


def test_value_range_fixes_the_axis() -> None:
    root = parse(bar_chart(["a"], [0.3], title="t", description="d", value_label="α",
                           value_range=(-1, 1)))
    ticks = texts(root, "tick")
    assert (ticks[0], ticks[-1]) == ("−1.0", "1.0")
    grouped = parse(grouped_bar_chart(["a"], [("s", [3.2]), ("t", [3.4])], title="t",
                                      description="d", value_label="v", value_range=(1, 5)))
    ticks = texts(grouped, "tick")
    assert (float(ticks[0]), float(ticks[-1])) == (1.0, 5.0)


@pytest.mark.parametrize(("values", "includes_zero"),
                         [([0.55, 0.7], True), ([3.3, 3.9], False), ([-0.2, 0.6], True)])
def test_the_automatic_axis_includes_zero_unless_values_are_far_from_it(
        values: list[float], includes_zero: bool) -> None:
    root = parse(bar_chart(["a", "b"], values, title="t", description="d", value_label="v"))
    assert ("0.0" in texts(root, "tick") or "0" in texts(root, "tick")) is includes_zero


@pytest.mark.parametrize("horizontal", [True, False])
def test_150_bars_make_the_chart_longer_rather_than_overlap(horizontal: bool) -> None:
    labels = [f"tagger-{n:03d}" for n in range(150)]
    root = parse(bar_chart(labels, [(n % 17) / 20 - 0.1 for n in range(150)], title="t",
                           description="d", value_label="α", horizontal=horizontal))
    placed = of_class(root, "label")
    assert [e.text for e in placed] == labels
    size = float(placed[0].get("font-size"))
    if horizontal:
        gaps = [f(b, "y") - f(a, "y") for a, b in itertools.pairwise(placed)]
    else:  # rotated by 45°: the distance between neighbouring lines of text
        assert placed[0].get("transform", "").startswith("rotate(-45")
        gaps = [(f(b, "x") - f(a, "x")) * math.sin(math.pi / 4)
                for a, b in itertools.pairwise(placed)]
    assert min(gaps) >= size
    values = of_class(root, "value")
    along = "y" if horizontal else "x"
    widest = max(len(v.text) for v in values) * 0.64 * size  # DejaVu Sans digits: 0.64 em
    spacing = min(f(b, along) - f(a, along) for a, b in itertools.pairwise(values))
    assert spacing >= (size if horizontal else widest)
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    assert (height if horizontal else width) > 150 * size


def test_grouped_series_differ_by_pattern_and_are_named_in_the_legend() -> None:
    root = parse(grouped_bar_chart(["t1", "t2", "t3"], [("EA", [0.5, 0.4, 0.6]),
                                                       ("AA", [0.3, None, 0.2])],
                                   title="t", description="d", value_label="share"))
    first, second, third = of_class(root, "category")
    assert [len(bars(c)) for c in (first, second, third)] == [2, 1, 2]
    assert texts(second, "na") == ["n/a"]
    ea, aa = (bar.get("fill") for bar in bars(first))
    assert ea != aa and aa.startswith("url(#")
    assert [bar.get("fill") for bar in bars(third)] == [ea, aa]
    (legend,) = of_class(root, "legend")
    assert texts(legend, "legend-name") == ["EA", "AA"]
    swatches = [e.get("fill") for e in legend.iter(f"{NS}rect")]
    assert swatches == [ea, aa]


def test_histogram_bars_are_contiguous_and_counts_written_above_them() -> None:
    root = parse(histogram([-1, -0.5, 0, 0.5, 1], [2, 5, 0, 1], title="t", description="d",
                           x_label="difference", marks=[(0, "0"), (0.25, "+0.25")]))
    drawn = bars(root)
    assert len(drawn) == 3  # the empty bin has no bar
    first, second, third = drawn
    assert f(first, "x") + f(first, "width") == pytest.approx(f(second, "x"))
    assert f(third, "x") == pytest.approx(f(second, "x") + 2 * f(second, "width"))
    assert f(second, "height") == pytest.approx(2.5 * f(first, "height"), abs=0.02)
    counts = of_class(root, "count")
    assert [c.text for c in counts] == ["2", "5", "1"]
    assert all(f(c, "y") < f(b, "y") for c, b in zip(counts, drawn, strict=True))
    zero_mark, quarter_mark = of_class(root, "mark")
    assert f(zero_mark, "x1") == pytest.approx(f(third, "x") - f(third, "width"))
    assert f(quarter_mark, "x1") == pytest.approx(f(zero_mark, "x1") + f(first, "width") / 2,
                                                  abs=0.02)
    assert sorted(texts(root, "mark-label")) == ["+0.25", "0"]


def test_histogram_needs_one_more_edge_than_counts() -> None:
    with pytest.raises(ValueError, match="bin edges"):
        histogram([0, 1], [1, 2], title="t", description="d", x_label="x")


def test_heatmap_prints_every_count_and_outlines_the_diagonal() -> None:
    counts = [[12, 5, 1, 0, 0], [4, 30, 9, 2, 0], [1, 8, 61, 14, 3], [0, 2, 12, 88, 20],
              [0, 0, 2, 19, 140]]
    levels = ["1", "2", "3", "4", "5"]
    root = parse(heatmap(levels, levels, counts, title="t", description="d",
                         x_label="round 2", y_label="round 1"))
    printed = of_class(root, "count")
    assert [int(e.text) for e in printed] == [c for row in counts for c in row]
    cells = of_class(root, "cell")
    assert len(cells) == 25
    outlined = of_class(root, "diagonal")
    assert len(outlined) == 5
    for d, box in enumerate(outlined):
        cell = cells[d * 5 + d]
        assert f(cell, "x") < f(box, "x") < f(cell, "x") + f(cell, "width")
        assert f(cell, "y") < f(box, "y") < f(cell, "y") + f(cell, "height")
    by_count = dict(zip((int(e.text) for e in printed), printed, strict=False))
    assert by_count[140].get("fill") == "#ffffff"  # light text on the darkest cell
    assert by_count[0].get("fill") != "#ffffff"
    assert cells[24].get("fill") != cells[0].get("fill") != cells[4].get("fill")


def test_scatter_merges_identical_points_and_shows_how_many() -> None:
    root = parse(scatter([1, 1, 1, 2, 5], [1, 1, 1, 3, 4], title="t", description="d",
                         x_label="round 1", y_label="round 2"))
    points = of_class(root, "point")
    assert len(points) == 3
    assert texts(root, "count") == ["3"]
    radii = sorted(f(p, "r") for p in points)
    assert radii[2] == pytest.approx(math.sqrt(3) * radii[0], abs=0.02)  # area by count
    assert radii[0] == radii[1]


def test_scatter_without_sizing_keeps_points_equal_and_draws_the_diagonal() -> None:
    root = parse(scatter([1, 1, 2], [1, 1, 3], title="t", description="d", x_label="x",
                         y_label="y", diagonal=True, size_by_count=False))
    points = of_class(root, "point")
    assert f(points[0], "r") == f(points[1], "r")
    assert texts(root, "count") == ["2"]
    (diagonal,) = of_class(root, "diagonal")
    dx = f(diagonal, "x2") - f(diagonal, "x1")
    dy = f(diagonal, "y2") - f(diagonal, "y1")
    assert dx > 0 and dy == pytest.approx(-dx)  # y = x on equal, square axes


@pytest.mark.parametrize("make", [
    lambda: bar_chart([], [], title="t", description="d", value_label="v"),
    lambda: histogram([0], [], title="t", description="d", x_label="x"),
    lambda: heatmap([], [], [], title="t", description="d", x_label="x", y_label="y"),
    lambda: scatter([], [], title="t", description="d", x_label="x", y_label="y"),
])
def test_no_data_says_so(make: Callable[[], str]) -> None:
    assert texts(parse(make()), "na") == ["No data to plot."]


def test_data_of_different_lengths_is_refused() -> None:
    with pytest.raises(ValueError, match="different lengths"):
        bar_chart(["a", "b"], [0.1], title="t", description="d", value_label="v")


@pytest.mark.parametrize("counts", [[1, 3, 2], [2, 9, 4, 1], [0, 1], [14, 3]])
def test_count_axes_tick_at_whole_numbers_only(counts: list[int]) -> None:
    for svg in (histogram(list(range(len(counts) + 1)), counts, title="t", description="d",
                          x_label="x"),
                bar_chart([str(n) for n in range(len(counts))], counts, title="t",
                          description="d", value_label="items", value_format="{:.0f}",
                          counts=True)):
        ticks = [float((t.text or "").replace(",", "")) for t in of_class(parse(svg), "tick")
                 if t.get("text-anchor") == "end"]  # the value axis, left of the plot
        assert ticks and all(t == int(t) for t in ticks), ticks
        assert max(ticks) >= max(counts)


def test_a_count_chart_names_its_category_axis_below_the_labels() -> None:
    root = parse(bar_chart(["1", "2", "3"], [4, 0, 7], title="t", description="d",
                           value_label="items", value_format="{:.0f}", counts=True,
                           label_title="the item's mean rating, rounded to a level"))
    title, = (e for e in of_class(root, "axis-title") if "mean rating" in (e.text or ""))
    assert title.text == "the item's mean rating, rounded to a level"
    assert all(f(title, "y") > f(label, "y") for label in of_class(root, "label"))
    assert f(title, "y") <= f(root, "height")
