"""Building blocks for :mod:`annotator.reporting.svg_charts`: document, text, ticks, axes, fills.

Plain strings, no Qt and no font engine: text widths are *estimated* generously (0.6 em a
character) so labels get room rather than being clipped. Pattern ids are derived from their
content, so when several charts are inlined in one HTML page a repeated id always means the
same pattern.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Arial, sans-serif"
FONT_SIZE = 12
"""Tick labels, values written on bars, counts."""
LABEL_SIZE = 13
"""Category labels and axis titles."""
TITLE_SIZE = 16
PAD = 12
WIDTH, HEIGHT = 720, 400
"""Default chart size; charts with many categories grow beyond it."""
INK = "#222222"
GRID = "#dddddd"
CHAR_EM = 0.6

# Okabe & Ito (2008), distinguishable with the common colour-vision deficiencies.
BLUE, ORANGE, SKY, GREEN, YELLOW, VERMILLION, PURPLE = (
    "#0072B2", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#D55E00", "#CC79A7")

_PATTERN_PATHS = {
    "hatch": "M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4",
    "backhatch": "M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4",
    "cross": "M0,0 l8,8 M8,0 l-8,8",
    "horizontal": "M0,2 h8 M0,6 h8",
    "vertical": "M2,0 v8 M6,0 v8",
}


@dataclass(frozen=True)
class Fill:
    """A colour plus a pattern ("solid", "dots" or a key of the line patterns), so that
    fills differ in more than colour."""

    colour: str
    pattern: str = "solid"

    @property
    def id(self) -> str:
        return f"fill-{self.pattern}-{self.colour.lstrip('#')}"

    def ref(self) -> str:
        """The value for a ``fill`` attribute."""
        return self.colour if self.pattern == "solid" else f"url(#{self.id})"

    def definition(self) -> str:
        """The ``<pattern>`` element (empty for a solid fill)."""
        if self.pattern == "solid":
            return ""
        if self.pattern == "dots":
            marks = "".join(f'<circle cx="{c}" cy="{c}" r="1.3" fill="#000"/>' for c in (2, 6))
        else:
            marks = f'<path d="{_PATTERN_PATHS[self.pattern]}" stroke="#000" stroke-width="1.3"/>'
        return (f'<pattern id="{self.id}" patternUnits="userSpaceOnUse" width="8" height="8">'
                f'<rect width="8" height="8" fill="{self.colour}"/>{marks}</pattern>')


PLAIN = Fill(BLUE)
FLAGGED = Fill(VERMILLION, "hatch")
SERIES_FILLS = (Fill(BLUE), Fill(ORANGE, "hatch"), Fill(SKY, "dots"), Fill(GREEN, "backhatch"),
                Fill(PURPLE, "cross"), Fill(YELLOW, "horizontal"), Fill(VERMILLION, "vertical"))


@dataclass(frozen=True)
class Box:
    """The plot area in SVG user units."""

    left: float
    top: float
    right: float
    bottom: float


@dataclass(frozen=True)
class Scale:
    """Maps data values ``lo..hi`` linearly onto pixels ``start..end`` (end < start for y)."""

    lo: float
    hi: float
    start: float
    end: float

    def px(self, value: float) -> float:
        return self.start + (value - self.lo) * (self.end - self.start) / (self.hi - self.lo)


def text_width(text: str, size: float = FONT_SIZE) -> float:
    """A generous estimate of the rendered width (no font metrics without a GUI)."""
    return len(text) * size * CHAR_EM


def num(value: float) -> str:
    """A coordinate as short text."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def fmt(template: str, value: float) -> str:
    """``template.format(value)`` with a typographic minus sign (none on a rounded zero)."""
    text = template.format(value)
    if not text.startswith("-"):
        return text
    return text[1:] if not any(ch in "123456789" for ch in text) else "−" + text[1:]


def text(x: float, y: float, content: str, *, size: float = FONT_SIZE, anchor: str = "start",
         cls: str = "", weight: str = "", fill: str = INK, rotate: float = 0) -> str:
    """A ``<text>`` element; ``y`` is the baseline, content is escaped."""
    attrs = f'x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if cls:
        attrs += f' class="{cls}"'
    if weight:
        attrs += f' font-weight="{weight}"'
    if rotate:
        attrs += f' transform="rotate({num(rotate)} {num(x)} {num(y)})"'
    return f"<text {attrs}>{escape(content)}</text>"


def line(x1: float, y1: float, x2: float, y2: float, *, stroke: str = INK, width: float = 1,
         dashed: bool = False, cls: str = "") -> str:
    extra = ' stroke-dasharray="6 4"' if dashed else ""
    extra += f' class="{cls}"' if cls else ""
    return (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
            f'stroke="{stroke}" stroke-width="{num(width)}"{extra}/>')


def rect(x: float, y: float, w: float, h: float, *, fill: str, stroke: str = "none",
         width: float = 1, cls: str = "") -> str:
    extra = f' class="{cls}"' if cls else ""
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{num(width)}"{extra}/>')


def wrap(content: str, width: float, size: float) -> list[str]:
    """Greedy word wrap by estimated width (a single long word stays whole)."""
    lines: list[str] = []
    for word in content.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def heading(title: str, width: float) -> tuple[list[str], float]:
    """The visible title, wrapped to ``width``; returns elements and the height used."""
    lines = wrap(title, width - 2 * PAD, TITLE_SIZE)
    step = TITLE_SIZE * 1.3
    elements = [text(PAD, PAD + TITLE_SIZE + i * step, part, size=TITLE_SIZE, weight="bold",
                     cls="heading") for i, part in enumerate(lines)]
    return elements, PAD + len(lines) * step + 6


def document(width: float, height: float, *, title: str, description: str,
             body: Iterable[str], fills: Iterable[Fill] = ()) -> str:
    """A standalone SVG: ``<title>`` and ``<desc>`` first (what screen readers announce)."""
    w, h = num(math.ceil(width)), num(math.ceil(height))
    definitions = "".join(dict.fromkeys(f.definition() for f in fills if f.pattern != "solid"))
    defs = f"<defs>{definitions}</defs>\n" if definitions else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" font-family={quoteattr(FONT)}>\n'
            f"<title>{escape(title)}</title>\n<desc>{escape(description)}</desc>\n{defs}"
            f'<rect width="{w}" height="{h}" fill="#ffffff"/>\n' + "\n".join(body) + "\n</svg>\n")


def empty_chart(*, title: str, description: str) -> str:
    """A chart with nothing to plot says so instead of drawing empty axes."""
    width, height = WIDTH, 200
    elements, used = heading(title, width)
    elements.append(text(width / 2, used + 60, "No data to plot.", size=LABEL_SIZE,
                         anchor="middle", cls="na"))
    return document(width, height, title=title, description=description, body=elements)


def nice_step(span: float, target: int, *, whole: bool = False) -> float:
    """The smallest step of the form 1, 2, 2.5 or 5 × 10^k giving at most ~target steps;
    ``whole``: a whole number (1, 2 or 5 × 10^k, at least 1), for counts."""
    raw = span / max(target, 1)
    if whole:
        raw = max(raw, 1.0)
    power = 10.0 ** math.floor(math.log10(raw))
    steps = (1, 2, 5, 10) if whole else (1, 2, 2.5, 5, 10)
    return next(m * power for m in steps if m * power >= raw * (1 - 1e-9))


def ticks_between(lo: float, hi: float, step: float) -> list[float]:
    """Multiples of ``step`` within ``lo..hi`` (rounded so 0.1 × 3 prints as 0.3)."""
    first = math.ceil(lo / step - 1e-9)
    last = math.floor(hi / step + 1e-9)
    return [round(i * step, 10) + 0.0 for i in range(first, last + 1)]


def snapped(lo: float, hi: float, target: int, *, whole: bool = False
            ) -> tuple[float, float, float]:
    """``lo..hi`` widened to whole nice steps; returns (lo, hi, step) (``whole``: steps
    of whole numbers, for counts)."""
    if hi - lo < 1e-12:
        lo, hi = lo - max(abs(lo) * 0.1, 0.5), hi + max(abs(hi) * 0.1, 0.5)
    step = nice_step(hi - lo, target, whole=whole)
    return math.floor(lo / step + 1e-9) * step, math.ceil(hi / step - 1e-9) * step, step


def tick_labels(ticks: Sequence[float]) -> list[str]:
    """Tick values with as few decimals as makes them exact."""
    for decimals in range(7):
        if all(abs(round(t, decimals) - t) < 1e-9 for t in ticks):
            break
    return [fmt(f"{{:.{decimals}f}}", t) for t in ticks]


def tick_label_width(ticks: Sequence[float]) -> float:
    return max((text_width(label) for label in tick_labels(ticks)), default=0.0)


def axis(scale: Scale, ticks: Sequence[float], *, along: str, plot: Box, title: str) -> list[str]:
    """Grid lines, tick marks, tick labels and the axis title for an ``x`` or ``y`` axis."""
    out: list[str] = []
    for tick, label in zip(ticks, tick_labels(ticks), strict=True):
        p = scale.px(tick)
        if along == "x":
            out.append(line(p, plot.top, p, plot.bottom, stroke=GRID))
            out.append(line(p, plot.bottom, p, plot.bottom + 4))
            out.append(text(p, plot.bottom + 6 + FONT_SIZE, label, anchor="middle", cls="tick"))
        else:
            out.append(line(plot.left, p, plot.right, p, stroke=GRID))
            out.append(line(plot.left - 4, p, plot.left, p))
            out.append(text(plot.left - 7, p + FONT_SIZE * 0.35, label, anchor="end", cls="tick"))
    if along == "x":
        out.append(text((plot.left + plot.right) / 2, plot.bottom + 14 + FONT_SIZE + LABEL_SIZE,
                        title, size=LABEL_SIZE, anchor="middle", cls="axis-title"))
    else:
        x = plot.left - 14 - tick_label_width(ticks)
        out.append(text(x, (plot.top + plot.bottom) / 2, title, size=LABEL_SIZE,
                        anchor="middle", cls="axis-title", rotate=-90))
    return out


X_AXIS_HEIGHT = 20 + FONT_SIZE + LABEL_SIZE
"""Room below the plot for x tick labels and the x axis title."""


def y_axis_width(ticks: Sequence[float]) -> float:
    """Room left of the plot for y tick labels and the rotated y axis title."""
    return tick_label_width(ticks) + 18 + LABEL_SIZE


def frame(plot: Box) -> str:
    return rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top,
                fill="none", stroke=INK)


def pack_rows(items: Sequence[tuple[float, str]], *, left: float, right: float,
              size: float = FONT_SIZE) -> list[tuple[float, float, int, str]]:
    """Labels for x positions, each centred on its x (kept within ``left..right``) in the
    lowest row where it overlaps no other: returns (x, centre, row, label), sorted by x."""
    row_ends: list[float] = []
    out: list[tuple[float, float, int, str]] = []
    for x, label in sorted(items):
        half = text_width(label, size) / 2 + 3
        centre = min(max(x, left + half), right - half)
        row = next((i for i, end in enumerate(row_ends) if end <= centre - half), len(row_ends))
        if row == len(row_ends):
            row_ends.append(0.0)
        row_ends[row] = centre + half
        out.append((x, centre, row, label))
    return out
