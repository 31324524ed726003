"""The bar engine behind ``bar_chart`` and ``grouped_bar_chart``: bands of one or more bars,
horizontal or vertical, sized so labels and written values never overlap.

A band's bars are drawn from the base (0, or the axis end nearest 0) to their value; the
value is written beyond the bar or its whisker, and the axis is widened by whole steps until
that text fits inside the plot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from annotator.reporting.content import NOT_DEFINED
from annotator.reporting.svg_parts import (
    FONT_SIZE,
    HEIGHT,
    INK,
    LABEL_SIZE,
    PAD,
    WIDTH,
    X_AXIS_HEIGHT,
    Box,
    Fill,
    Scale,
    axis,
    document,
    empty_chart,
    fmt,
    frame,
    heading,
    line,
    nice_step,
    pack_rows,
    rect,
    snapped,
    text,
    text_width,
    tick_label_width,
    ticks_between,
    y_axis_width,
)


@dataclass(frozen=True)
class Bar:
    """One bar: ``None`` is an undefined figure (written "n/a"); ``interval`` a whisker."""

    value: float | None
    interval: tuple[float, float] | None
    fill: Fill


@dataclass(frozen=True)
class Category:
    """A band: its label (with any "⚠" already prefixed) and its bars, one per series."""

    label: str
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class _Geometry:
    """Where bars go: ``scale`` maps values along the value axis, bands run along the other."""

    horizontal: bool
    width: float
    height: float
    plot: Box
    scale: Scale
    ticks: list[float]
    base: float
    band: float
    thickness: float
    rotate_labels: bool

    def band_start(self, index: int) -> float:
        return (self.plot.top if self.horizontal else self.plot.left) + index * self.band

    def rect(self, pos: float, a: float, b: float, fill: Fill) -> str:
        """A bar from value pixel ``a`` to ``b``, ``pos`` along the band axis."""
        lo, size = min(a, b), abs(b - a)
        x, y, w, h = (lo, pos, size, self.thickness) if self.horizontal else (
            pos, lo, self.thickness, size)
        return rect(x, y, w, h, fill=fill.ref(), stroke=INK, width=0.8, cls="bar")

    def line(self, centre: float, a: float, b: float, *, cls: str, width: float = 1) -> str:
        """A line along the value axis (``a`` to ``b``) at band position ``centre``."""
        if self.horizontal:
            return line(a, centre, b, centre, cls=cls, width=width)
        return line(centre, a, centre, b, cls=cls, width=width)

    def end_text(self, centre: float, p: float, sign: int, content: str, cls: str) -> str:
        """Text just beyond value pixel ``p``, on the side ``sign`` (pixel direction)."""
        if self.horizontal:
            return text(p + 5 * sign, centre + FONT_SIZE * 0.35, content, cls=cls,
                        anchor="start" if sign > 0 else "end")
        y = p + 4 + FONT_SIZE * 0.8 if sign > 0 else p - 5
        return text(centre, y, content, anchor="middle", cls=cls)


def bar_document(categories: Sequence[Category], *, horizontal: bool, title: str,
                  description: str, value_label: str, value_format: str,
                  reference: tuple[float, str] | None = None,
                  value_range: tuple[float, float] | None = None,
                  legend: Sequence[tuple[str, Fill]] = (), counts: bool = False,
                  label_title: str = "") -> str:
    """The whole bar chart document; ``legend`` names the series of a grouped chart,
    ``counts`` asks for whole-number ticks, ``label_title`` names the category axis."""
    if not categories or not categories[0].bars:
        return empty_chart(title=title, description=description)
    width = WIDTH
    head, head_height = heading(title, width)
    legend_parts, legend_height = _legend(legend, top=head_height, width=width)
    geo = _layout(categories, horizontal=horizontal, top=head_height + legend_height,
                  value_format=value_format, reference=reference, value_range=value_range,
                  counts=counts, titled=bool(label_title))
    if geo.width > width:  # a wider chart re-wraps its title
        head, _ = heading(title, geo.width)
    body = [*head, *legend_parts,
            *axis(geo.scale, geo.ticks, along="x" if horizontal else "y", plot=geo.plot,
                  title=value_label)]
    if geo.scale.lo < 0 < geo.scale.hi:
        zero = geo.scale.px(0)
        body.append(_across(geo, zero, cls="zero"))
    for index, category in enumerate(categories):
        body.append(_draw_category(geo, index, category, value_format))
    if reference is not None:
        body.extend(_draw_reference(geo, *reference))
    if label_title:
        body.append(_label_title(geo, label_title))
    body.append(frame(geo.plot))
    fills = [bar.fill for c in categories for bar in c.bars]
    return document(geo.width, geo.height, title=title, description=description, body=body,
                    fills=fills)


def _layout(categories: Sequence[Category], *, horizontal: bool, top: float, value_format: str,
            reference: tuple[float, str] | None,
            value_range: tuple[float, float] | None, counts: bool = False,
            titled: bool = False) -> _Geometry:
    """Sizes bands so no two labels or written values overlap, growing the chart if needed
    (``titled``: room under a vertical chart's labels for their axis title)."""
    n, k = len(categories), len(categories[0].bars)
    values_text = [_value_text(bar.value, value_format) for c in categories for bar in c.bars]
    value_w = max(text_width(t) for t in values_text)
    label_w = max(text_width(c.label, LABEL_SIZE) for c in categories)
    lo, hi, step = _value_extent(categories, reference, value_range, counts=counts)
    if horizontal:
        thickness = FONT_SIZE + 6.0
        top += FONT_SIZE + 10 if reference else 0
        left = PAD + label_w + 10
        right = PAD + max(tick_label_width(ticks_between(lo, hi, step)) / 2,
                          value_w if value_range else 0)
        width = max(WIDTH, left + 300 + right)
        bottom: float = X_AXIS_HEIGHT + PAD
        band = max((k + 0.6) * thickness, (HEIGHT - top - bottom) / n)
        height = top + n * band + bottom
        room, length = value_w + 8, width - left - right
    else:
        thickness = max(value_w + 6, 22.0)
        top += 8
        left = PAD + y_axis_width(ticks_between(lo, hi, step))
        right = PAD + (text_width(reference[1]) + 8 if reference else 0)
        band = max((k + 0.6) * thickness, (WIDTH - left - right) / n)
        rotate = label_w > band - 6
        label_height = label_w * 0.71 + LABEL_SIZE if rotate else LABEL_SIZE
        left = max(left, PAD + (label_w * 0.71 - band / 2 if rotate else 0))
        width = left + n * band + right
        bottom = label_height + 12 + PAD + (LABEL_SIZE + 10 if titled else 0)
        height = max(HEIGHT, top + 220 + bottom)
        room, length = FONT_SIZE + 6, height - top - bottom
    if value_range is None:
        lo, hi = _extend_for_text(categories, lo, hi, step, room / length)
    plot = Box(left, top, width - right, height - bottom)
    scale = (Scale(lo, hi, plot.left, plot.right) if horizontal
             else Scale(lo, hi, plot.bottom, plot.top))
    base = _base(lo, hi)
    widest = 30.0 if horizontal else thickness * 1.6
    return _Geometry(horizontal, width, height, plot, scale, ticks_between(lo, hi, step), base,
                     band, min((band - 0.6 * thickness) / k, widest),
                     rotate_labels=not horizontal and rotate)


def _base(lo: float, hi: float) -> float:
    """Where bars start: 0, or the axis end nearest 0 when 0 is off the axis."""
    return 0.0 if lo <= 0 <= hi else (lo if lo > 0 else hi)


def _value_text(value: float | None, value_format: str) -> str:
    return NOT_DEFINED if value is None else fmt(value_format, value)


def _value_extent(categories: Sequence[Category], reference: tuple[float, str] | None,
                  value_range: tuple[float, float] | None, *, counts: bool = False
                  ) -> tuple[float, float, float]:
    """The value axis: ``value_range`` as given, else the data (with whiskers and reference)
    widened to nice steps, including 0 unless every value is far from it (then the bars start
    at the axis end nearest 0, their lengths no longer proportional)."""
    if value_range is not None:
        lo, hi = value_range
        return lo, hi, nice_step(hi - lo, 6)
    points = [v for c in categories for bar in c.bars
              for v in (bar.value, *(bar.interval or ())) if v is not None]
    points += [reference[0]] if reference else []
    lo, hi = (min(points), max(points)) if points else (0.0, 1.0)
    far_from_zero = lo * hi > 0 and min(abs(lo), abs(hi)) > 5 * (hi - lo)  # as spreadsheets do
    if not far_from_zero:
        lo, hi = min(lo, 0.0), max(hi, 0.0)
    return snapped(lo, hi, 6, whole=counts)


def _extend_for_text(categories: Sequence[Category], lo: float, hi: float, step: float,
                     room: float) -> tuple[float, float]:
    """Widen the axis by whole steps until the text written beyond each bar (or whisker)
    fits inside the plot; ``room`` is that text's length as a fraction of the axis."""
    base = _base(lo, hi)
    ends = [_outer_end(bar, base) for c in categories for bar in c.bars if bar.value is not None]
    for _ in range(20):
        span = hi - lo
        if any(e >= base and hi - e < room * span for e in ends):
            hi += step
        elif any(e < base and e - lo < room * span for e in ends):
            lo -= step
        else:
            break
    return lo, hi


def _outer_end(bar: Bar, base: float) -> float:
    """The bar's end or its whisker's, whichever is further from the base."""
    assert bar.value is not None
    if bar.interval is None:
        return bar.value
    return max(bar.value, bar.interval[1]) if bar.value >= base else min(bar.value,
                                                                         bar.interval[0])


def _draw_category(geo: _Geometry, index: int, category: Category, value_format: str) -> str:
    """A ``<g class="category">``: its label, bars, whiskers and written values."""
    start = geo.band_start(index)
    k = len(category.bars)
    offset = (geo.band - k * geo.thickness) / 2
    parts = [_category_label(geo, start + geo.band / 2, category.label)]
    base_px = geo.scale.px(geo.base)
    forward = 1 if geo.scale.end > geo.scale.start else -1  # pixel direction of larger values
    for j, bar in enumerate(category.bars):
        pos = start + offset + j * geo.thickness
        centre = pos + geo.thickness / 2
        if bar.value is None:
            parts.append(geo.end_text(centre, base_px, forward, NOT_DEFINED, "na"))
            continue
        end_px = geo.scale.px(_clamp(bar.value, geo.scale))
        parts.append(geo.rect(pos, base_px, end_px, bar.fill))
        if bar.interval is not None:
            parts.append(_whisker(geo, centre, bar.interval))
        outer = geo.scale.px(_clamp(_outer_end(bar, geo.base), geo.scale))
        sign = forward if bar.value >= geo.base else -forward
        parts.append(geo.end_text(centre, outer, sign, _value_text(bar.value, value_format),
                                  "value"))
    return '<g class="category">' + "".join(parts) + "</g>"


def _clamp(value: float, scale: Scale) -> float:
    return min(max(value, scale.lo), scale.hi)


def _category_label(geo: _Geometry, centre: float, label: str) -> str:
    if geo.horizontal:
        return text(geo.plot.left - 8, centre + LABEL_SIZE * 0.35, label, size=LABEL_SIZE,
                    anchor="end", cls="label")
    if geo.rotate_labels:
        return text(centre + LABEL_SIZE * 0.3, geo.plot.bottom + 8, label, size=LABEL_SIZE,
                    anchor="end", cls="label", rotate=-45)
    return text(centre, geo.plot.bottom + 6 + LABEL_SIZE, label, size=LABEL_SIZE,
                anchor="middle", cls="label")


def _label_title(geo: _Geometry, title: str) -> str:
    """The category axis's title, centred under a vertical chart's labels."""
    y = geo.height - PAD - 4
    return text((geo.plot.left + geo.plot.right) / 2, y, title, size=LABEL_SIZE,
                anchor="middle", cls="axis-title")


def _whisker(geo: _Geometry, centre: float, interval: tuple[float, float]) -> str:
    """An error bar: a line over the interval with a cap at each end."""
    a, b = (geo.scale.px(_clamp(v, geo.scale)) for v in interval)
    cap = min(geo.thickness * 0.3, 6)
    parts = [geo.line(centre, a, b, cls="whisker", width=1.5)]
    for p in (a, b):
        parts.append(line(p, centre - cap, p, centre + cap, width=1.5, cls="whisker-end")
                     if geo.horizontal else
                     line(centre - cap, p, centre + cap, p, width=1.5, cls="whisker-end"))
    return "".join(parts)


def _across(geo: _Geometry, p: float, *, cls: str, dashed: bool = False) -> str:
    """A line across the whole plot at value pixel ``p``."""
    plot = geo.plot
    if geo.horizontal:
        return line(p, plot.top, p, plot.bottom, width=1.5, dashed=dashed, cls=cls)
    return line(plot.left, p, plot.right, p, width=1.5, dashed=dashed, cls=cls)


def _draw_reference(geo: _Geometry, value: float, label: str) -> list[str]:
    """The dashed reference line, labelled above the plot (horizontal) or right of it."""
    p = geo.scale.px(_clamp(value, geo.scale))
    if geo.horizontal:
        (_, centre, _, _), = pack_rows([(p, label)], left=PAD, right=geo.width - PAD)
        label_text = text(centre, geo.plot.top - 8, label, anchor="middle", cls="reference-label")
    else:
        label_text = text(geo.plot.right + 6, p + FONT_SIZE * 0.35, label, cls="reference-label")
    return [_across(geo, p, cls="reference", dashed=True), label_text]


def _legend(entries: Sequence[tuple[str, Fill]], *, top: float,
            width: float) -> tuple[list[str], float]:
    """Swatches with names, flowing into rows; returns elements and the height used."""
    if not entries:
        return [], 0.0
    parts, x, y, row = ['<g class="legend">'], float(PAD), top + 4, LABEL_SIZE + 8
    for name, fill in entries:
        item_w = 16 + 6 + text_width(name, LABEL_SIZE) + 18
        if x > PAD and x + item_w > width - PAD:
            x, y = float(PAD), y + row
        parts.append(rect(x, y, 16, 16, fill=fill.ref(), stroke=INK, width=0.8))
        parts.append(text(x + 22, y + 13, name, size=LABEL_SIZE, cls="legend-name"))
        x += item_w
    parts.append("</g>")
    return parts, y + row + 6 - top
