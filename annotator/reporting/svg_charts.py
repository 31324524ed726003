"""Charts for the analysis pane as standalone SVG documents (no Qt, no plotting library).

The same text is shown by the pane, embedded in the HTML report and exported as ``.svg`` or
``.png``, so every chart carries its own ``<title>`` and ``<desc>`` and never relies on
colour alone: flagged bars are hatched *and* marked "⚠", series differ by pattern *and* are
named in a legend, heatmap cells print their counts. ``None`` is an undefined figure and is
written "n/a" where its bar would be. Many categories make a chart longer, never cramped.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Collection, Sequence

from annotator.reporting.svg_bars import Bar, Category, bar_document
from annotator.reporting.svg_parts import (
    BLUE,
    FLAGGED,
    FONT_SIZE,
    HEIGHT,
    INK,
    LABEL_SIZE,
    PAD,
    PLAIN,
    SERIES_FILLS,
    SKY,
    TITLE_SIZE,
    WIDTH,
    X_AXIS_HEIGHT,
    Box,
    Scale,
    axis,
    document,
    empty_chart,
    frame,
    heading,
    line,
    nice_step,
    num,
    pack_rows,
    rect,
    snapped,
    text,
    text_width,
    ticks_between,
    y_axis_width,
)

WARNING = "⚠ "


def bar_chart(labels: Sequence[str], values: Sequence[float | None], *, title: str,
              description: str, value_label: str,
              intervals: Sequence[tuple[float, float] | None] | None = None,
              reference: tuple[float, str] | None = None, flagged: Collection[str] = (),
              horizontal: bool = False, value_range: tuple[float, float] | None = None,
              value_format: str = "{:.2f}", counts: bool = False, label_title: str = "") -> str:
    """One bar per label with its value written at the bar's end; ``intervals`` as whiskers,
    ``reference`` as a labelled dashed line, ``flagged`` labels hatched and marked "⚠".
    ``counts``: the values are counts (whole-number ticks); ``label_title``: what the labels
    are, written under them (vertical bars)."""
    intervals = intervals if intervals is not None else [None] * len(values)
    _same_length(labels=labels, values=values, intervals=intervals)
    categories = [
        Category(WARNING + label if label in flagged else label,
                  (Bar(value, interval, FLAGGED if label in flagged else PLAIN),))
        for label, value, interval in zip(labels, values, intervals, strict=True)
    ]
    return bar_document(categories, horizontal=horizontal, title=title,
                         description=description, value_label=value_label,
                         value_format=value_format, reference=reference,
                         value_range=value_range, counts=counts, label_title=label_title)


def grouped_bar_chart(groups: Sequence[str], series: Sequence[tuple[str, Sequence[float | None]]],
                      *, title: str, description: str, value_label: str,
                      value_format: str = "{:.2f}",
                      value_range: tuple[float, float] | None = None) -> str:
    """Bars of several series side by side per group (drawn horizontally, so long group
    names and written values fit); series differ by fill pattern and a legend names them.
    ``value_range`` fixes the value axis (e.g. a rating scale's ends), as in bar_chart."""
    fills = [SERIES_FILLS[i % len(SERIES_FILLS)] for i in range(len(series))]
    for name, values in series:
        _same_length(groups=groups, **{name: values})
    categories = [
        Category(group, tuple(Bar(values[i], None, fill)
                               for (_, values), fill in zip(series, fills, strict=True)))
        for i, group in enumerate(groups)
    ]
    legend = [(name, fill) for (name, _), fill in zip(series, fills, strict=True)]
    return bar_document(categories, horizontal=True, title=title, description=description,
                         value_label=value_label, value_format=value_format, legend=legend,
                         value_range=value_range)


def _same_length(**sequences: Sequence[object]) -> None:
    lengths = {name: len(seq) for name, seq in sequences.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"chart data of different lengths: {lengths}")


def histogram(bin_edges: Sequence[float], counts: Sequence[int], *, title: str,
              description: str, x_label: str, y_label: str = "count",
              marks: Sequence[tuple[float, str]] = ()) -> str:
    """Contiguous bars with each non-zero count written above its bar; ``marks`` are
    labelled dashed vertical lines (marks outside the bins are left out)."""
    if len(bin_edges) != len(counts) + 1:
        raise ValueError(f"{len(bin_edges)} bin edges for {len(counts)} counts")
    if not counts:
        return empty_chart(title=title, description=description)
    edges = [float(e) for e in bin_edges]
    if any(b <= a for a, b in itertools.pairwise(edges)):
        raise ValueError("bin edges must increase")
    y_lo, y_hi, y_step = snapped(0, max(max(counts), 1), 5, whole=True)
    y_ticks = ticks_between(y_lo, y_hi, y_step)
    left = PAD + y_axis_width(y_ticks)
    bin_w = max(text_width(str(max(counts))) + 4, (WIDTH - left - 2 * PAD) / len(counts))
    width = left + bin_w * len(counts) + 2 * PAD
    x_scale = Scale(edges[0], edges[-1], left, left + bin_w * len(counts))
    shown = [(x_scale.px(x), label) for x, label in marks if edges[0] <= x <= edges[-1]]
    packed = pack_rows(shown, left=PAD, right=width - PAD)
    head, head_height = heading(title, width)
    rows = max((row for _, _, row, _ in packed), default=-1) + 1
    top = head_height + rows * (FONT_SIZE + 4) + 4
    plot = Box(left, top, x_scale.end, HEIGHT - X_AXIS_HEIGHT - PAD)
    if (y_hi - max(counts)) / (y_hi - y_lo) * (plot.bottom - plot.top) < FONT_SIZE + 4:
        y_hi += y_step  # room for the tallest bar's count
        y_ticks.append(y_hi)
    y_scale = Scale(y_lo, y_hi, plot.bottom, plot.top)
    x_ticks = ticks_between(edges[0], edges[-1],
                            nice_step(edges[-1] - edges[0], int((plot.right - plot.left) / 70)))
    body = [*head, *axis(x_scale, x_ticks, along="x", plot=plot, title=x_label),
            *axis(y_scale, y_ticks, along="y", plot=plot, title=y_label)]
    for a, b, count in zip(edges, edges[1:], counts, strict=False):
        if count:
            x0, x1, y = x_scale.px(a), x_scale.px(b), y_scale.px(count)
            body.append(rect(x0, y, x1 - x0, plot.bottom - y, fill=BLUE, stroke="#ffffff",
                             cls="bar"))
            body.append(text((x0 + x1) / 2, y - 4, str(count), anchor="middle", cls="count"))
    for x, centre, row, label in packed:
        body.append(line(x, plot.top, x, plot.bottom, width=1.5, dashed=True, cls="mark"))
        body.append(text(centre, plot.top - 6 - row * (FONT_SIZE + 4), label, anchor="middle",
                         cls="mark-label"))
    body.append(frame(plot))
    return document(width, HEIGHT, title=title, description=description, body=body)


def heatmap(row_labels: Sequence[str], column_labels: Sequence[str],
            counts: Sequence[Sequence[int]], *, title: str, description: str, x_label: str,
            y_label: str) -> str:
    """A table of counts: each cell shaded by its count (one hue) and printing it, with the
    diagonal (row index = column index, e.g. the same level twice) outlined."""
    if len(counts) != len(row_labels) or any(len(r) != len(column_labels) for r in counts):
        raise ValueError("counts must have one row per row label, one column per column label")
    if not row_labels or not column_labels:
        return empty_chart(title=title, description=description)
    most = max(max(r) for r in counts)
    cell = max(52.0, text_width(str(most), LABEL_SIZE) + 16,
               max(text_width(c, LABEL_SIZE) for c in column_labels) + 8)
    left = PAD + LABEL_SIZE + 12 + max(text_width(r, LABEL_SIZE) for r in row_labels) + 8
    grid_w, grid_h = cell * len(column_labels), cell * len(row_labels)
    natural = left + grid_w + 2 * PAD
    width = max(natural, 400, min(WIDTH, text_width(title, TITLE_SIZE) + 2 * PAD))
    left += (width - natural) / 2  # centred under a wider title
    head, top = heading(title, width)
    plot = Box(left, top, left + grid_w, top + grid_h)
    body = list(head)
    for i, row in enumerate(counts):
        for j, count in enumerate(row):
            x, y = plot.left + j * cell, plot.top + i * cell
            shade = _shade(count / most if most else 0.0)
            body.append(rect(x, y, cell, cell, fill=shade, stroke="#bbbbbb", cls="cell"))
            ink = "#ffffff" if _luminance(shade) < 0.4 else INK
            body.append(text(x + cell / 2, y + cell / 2 + LABEL_SIZE * 0.35, str(count),
                             size=LABEL_SIZE, anchor="middle", fill=ink, cls="count"))
    for d in range(min(len(row_labels), len(column_labels))):
        body.append(rect(plot.left + d * cell + 1.5, plot.top + d * cell + 1.5, cell - 3,
                         cell - 3, fill="none", stroke=INK, width=3, cls="diagonal"))
    for j, label in enumerate(column_labels):
        body.append(text(plot.left + (j + 0.5) * cell, plot.bottom + 6 + LABEL_SIZE, label,
                         size=LABEL_SIZE, anchor="middle", cls="label"))
    for i, label in enumerate(row_labels):
        body.append(text(plot.left - 8, plot.top + (i + 0.5) * cell + LABEL_SIZE * 0.35, label,
                         size=LABEL_SIZE, anchor="end", cls="label"))
    body.append(text((plot.left + plot.right) / 2, plot.bottom + 16 + 2 * LABEL_SIZE, x_label,
                     size=LABEL_SIZE, anchor="middle", cls="axis-title"))
    body.append(text(PAD + LABEL_SIZE, (plot.top + plot.bottom) / 2, y_label, size=LABEL_SIZE,
                     anchor="middle", cls="axis-title", rotate=-90))
    height = plot.bottom + 22 + 2 * LABEL_SIZE + PAD
    return document(width, height, title=title, description=description, body=body)


def _shade(t: float) -> str:
    """White (t = 0) to Okabe–Ito blue (t = 1)."""
    low, high = (255, 255, 255), (0, 0x72, 0xB2)
    return "#" + "".join(f"{round(a + (b - a) * t):02X}" for a, b in zip(low, high, strict=True))


def _luminance(colour: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def scatter(x: Sequence[float], y: Sequence[float], *, title: str, description: str,
            x_label: str, y_label: str, diagonal: bool = False,
            size_by_count: bool = True) -> str:
    """Points on square axes; identical points are merged into one circle whose area grows
    with their number, written beside or inside it when more than one."""
    _same_length(x=x, y=y)
    if not x:
        return empty_chart(title=title, description=description)
    merged = Counter(zip((float(v) for v in x), (float(v) for v in y), strict=True))
    side = 340.0
    x_lo, x_hi, x_ticks = _point_axis([p[0] for p in merged], [p[1] for p in merged]
                                      if diagonal else [])
    y_lo, y_hi, y_ticks = _point_axis([p[1] for p in merged], [p[0] for p in merged]
                                      if diagonal else [])
    left = PAD + y_axis_width(y_ticks)
    width = max(left + side + 4 * PAD, 520)
    head, top = heading(title, width)
    plot = Box(left, top, left + side, top + side)
    x_scale = Scale(x_lo, x_hi, plot.left, plot.right)
    y_scale = Scale(y_lo, y_hi, plot.bottom, plot.top)
    body = [*head, *axis(x_scale, x_ticks, along="x", plot=plot, title=x_label),
            *axis(y_scale, y_ticks, along="y", plot=plot, title=y_label)]
    if diagonal:
        lo, hi = max(x_scale.lo, y_scale.lo), min(x_scale.hi, y_scale.hi)
        body.append(line(x_scale.px(lo), y_scale.px(lo), x_scale.px(hi), y_scale.px(hi),
                         stroke="#666666", width=1.5, dashed=True, cls="diagonal"))
    largest = _largest_radius(merged, x_scale, y_scale)
    most = max(merged.values())
    for (px, py), count in sorted(merged.items(), key=lambda item: -item[1]):
        r = largest * math.sqrt(count / most) if size_by_count else min(largest, 5.0)
        body.append(_point(x_scale.px(px), y_scale.px(py), max(r, 3.0), count))
    bottom = plot.bottom + X_AXIS_HEIGHT
    if most > 1:
        body.append(text(PAD, bottom + FONT_SIZE + 6, "Identical points are merged: the number "
                         "(and circle area) says how many.", cls="note"))
        bottom += FONT_SIZE + 6
    body.append(frame(plot))
    return document(width, bottom + PAD, title=title, description=description, body=body)


def _point_axis(values: Sequence[float],
                also: Sequence[float]) -> tuple[float, float, list[float]]:
    """Data range (with ``also``, for a shared diagonal) padded by half the smallest gap
    between distinct values, so edge circles stay inside; returns (lo, hi, ticks)."""
    every = sorted({*values, *also})
    lo, hi = every[0], every[-1]
    gaps = [b - a for a, b in itertools.pairwise(every)]
    pad = max(min(gaps, default=0.0) / 2, (hi - lo) * 0.06) or 0.5
    lo, hi = lo - pad, hi + pad
    return lo, hi, ticks_between(lo, hi, nice_step(hi - lo, 6))


def _largest_radius(points: Counter[tuple[float, float]], x_scale: Scale, y_scale: Scale) -> float:
    """Big enough to read a count in, small enough that neighbouring levels do not touch."""
    gaps: list[float] = []
    for index, scale in ((0, x_scale), (1, y_scale)):
        ordered = sorted(scale.px(v) for v in {p[index] for p in points})
        gaps += [b - a for a, b in itertools.pairwise(ordered)]
    return max(min(28.0, 0.45 * min(gaps, default=math.inf)), 4.0)


def _point(cx: float, cy: float, r: float, count: int) -> str:
    circle = (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{SKY}" '
              f'fill-opacity="0.75" stroke="{BLUE}" stroke-width="1.2" class="point"/>')
    if count == 1:
        return circle
    label = str(count)
    if 2 * r >= text_width(label) + 4:
        return circle + text(cx, cy + FONT_SIZE * 0.35, label, anchor="middle", cls="count")
    return circle + text(cx + r + 3, cy + FONT_SIZE * 0.35, label, cls="count")
