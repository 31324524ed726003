"""An accessibility audit of one window as it is on screen, with what a screen reader and
a keyboard get: names, focus chain, focus ring, text contrast.

:func:`audit` returns the problems found, one sentence each, so a failing test lists them
all at once:

- an interactive widget without a name (what Qt's accessibility interface would give a
  screen reader), a button whose name leaves out its visible words, a box to type in
  whose name leaves out the words of its label (WCAG 2.5.3);
- a label whose accessible name replaces its text (WCAG 4.1.2: the name must be empty or
  the text; what the label is goes in its description); a combo box named by its current
  text (Qt's own on Linux and macOS) instead of by what it chooses;
- a focus trap (WCAG 2.1.2): from every focus stop Tab and Shift+Tab must leave it within
  :data:`MAX_PRESSES_TO_LEAVE` presses (and one per link of a text with links), and a
  round of Tab (and of Shift+Tab) from the first stop must reach every other stop (a group
  of radio buttons is one stop, the arrow keys move inside it);
- a focus stop without a visible ring (WCAG 2.4.7 and 2.4.13): on the rendered pixels, the
  pixels that change by 3:1 or more when the stop takes the focus must cover a 2 px line
  around the part of it that is shown;
- text below 4.5:1 (WCAG 1.4.3) in the palette roles the windows draw text with, selected
  rows and placeholders included, and on the rendered pixels of every selected row and
  empty field's placeholder shown.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import numpy as np
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAccessible, QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTextBrowser,
    QTextEdit,
    QWidget,
)

from annotator.ui.contrast import TEXT_CONTRAST, contrast, over
from annotator.ui.focus_ring import RING_WIDTH

MAX_PRESSES_TO_LEAVE = 3
"""A read-only text with links may take Tab through a few of them first."""
RING_CONTRAST, RING_THICKNESS = 3.0, 2
INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView, QAbstractSlider,
               QAbstractSpinBox)
"""Widgets a screen reader offers to operate (a scroll bar is its scroll area's part)."""
FIELDS = (QLineEdit, QPlainTextEdit, QTextEdit)
"""Boxes typed into, named by the label beside them (its buddy)."""
TEXT_ON = (
    (QPalette.ColorRole.Text, QPalette.ColorRole.Base),
    (QPalette.ColorRole.Text, QPalette.ColorRole.AlternateBase),
    (QPalette.ColorRole.WindowText, QPalette.ColorRole.Window),
    (QPalette.ColorRole.ButtonText, QPalette.ColorRole.Button),
    (QPalette.ColorRole.HighlightedText, QPalette.ColorRole.Highlight),
    (QPalette.ColorRole.PlaceholderText, QPalette.ColorRole.Base),
    (QPalette.ColorRole.ToolTipText, QPalette.ColorRole.ToolTipBase),
)
"""Each text role and the background it is drawn on."""


def spoken_name(widget: QWidget) -> str:
    """The name Qt gives a screen reader for ``widget``."""
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name) if interface is not None else ""


def label_of(widget: QWidget) -> str:
    """How a problem names ``widget``: its kind and what it says or is called."""
    said = spoken_name(widget) or widget.accessibleDescription() or widget.objectName()
    return f"{type(widget).__name__} {said[:60]!r}"


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def _words(text: str) -> set[str]:
    """The words of a visible text, without its mnemonic and its key hint "(Enter)"."""
    text = re.sub(r"\((?:Enter|F\d+|Ctrl[^)]*)\)", "", text.replace("&", ""))
    return set(re.findall(r"\w+", text.casefold()))


# --- names ---------------------------------------------------------------------------

def name_problems(window: QWidget) -> Iterator[str]:
    for widget in window.findChildren(QWidget):
        if widget.window() is not window or not widget.isVisible():
            continue
        if isinstance(widget, QLabel):
            yield from _label_problems(widget)
            continue
        interactive = isinstance(widget, INTERACTIVE) or _is_stop(widget)
        # Parts of a table (headers, corner), of a scroll area, and a spin box's own text
        # field, which screen readers meet as the spin box (named there).
        part = isinstance(widget, QScrollBar | QHeaderView) or isinstance(
            widget.parentWidget(), QAbstractItemView | QAbstractSpinBox)
        if part and not _is_stop(widget):
            interactive = False
        if interactive and not spoken_name(widget).strip():
            yield f"{label_of(widget)} at {_where(widget)}: an interactive widget without a name"
        elif isinstance(widget, QComboBox) and spoken_name(widget) == widget.currentText():
            yield (f"{label_of(widget)} at {_where(widget)}: a combo box named by its current "
                   "text, not by what it chooses")
        if isinstance(widget, QAbstractButton) and widget.text():
            missing = _words(widget.text()) - _words(spoken_name(widget))
            if missing:
                yield (f"{label_of(widget)}: its name leaves out the visible words "
                       f"{sorted(missing)} of {widget.text()!r}")


def _label_problems(label: QLabel) -> Iterator[str]:
    """A label is read by its text; a box typed into beside it is named by its words."""
    text = label.text().replace("&", "") if label.buddy() else label.text()
    if text and label.accessibleName() not in ("", text):
        yield (f"{label_of(label)}: a label named {label.accessibleName()!r} "
               "instead of its text (say what it is in its description)")
    field = label.buddy()
    if isinstance(field, FIELDS) and (missing := _words(text) - _words(spoken_name(field))):
        yield (f"{label_of(field)}: its name leaves out the words {sorted(missing)} "
               f"of its label {text!r}")


def _where(widget: QWidget) -> str:
    top_left = widget.mapTo(widget.window(), widget.rect().topLeft())
    return f"({top_left.x()}, {top_left.y()})"


# --- focus chain -----------------------------------------------------------------------

def _is_stop(widget: QWidget) -> bool:
    tab = Qt.FocusPolicy.TabFocus
    return (widget.focusPolicy() & tab) == tab and widget.focusProxy() is None


def focus_stops(window: QWidget) -> list[QWidget]:
    """The widgets Tab can land on now, in the order of the focus chain."""
    stops: list[QWidget] = []
    widget = window.nextInFocusChain()
    while widget is not window and len(stops) < 2000:
        if (widget.window() is window and _is_stop(widget) and widget.isEnabled()
                and widget.isVisible()):
            stops.append(widget)
        widget = widget.nextInFocusChain()
    return stops


def _one_stop(widget: QWidget) -> object:
    """A group of radio buttons counts as one stop (the arrow keys move inside it)."""
    if isinstance(widget, QAbstractButton):
        if widget.group() is not None and widget.group().exclusive():
            return widget.group()
        if widget.autoExclusive() and widget.isCheckable():
            return (widget.parentWidget(), "autoExclusive")
    return widget


def _press(qtbot, key: Qt.Key) -> QWidget | None:
    focused = QApplication.focusWidget()
    assert focused is not None, "nothing has the focus"
    qtbot.keyClick(focused, key)
    return QApplication.focusWidget()


def _focus(qtbot, widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=2000)


def _presses_allowed(stop: QWidget) -> int:
    """MAX_PRESSES_TO_LEAVE, and one more for each link of a text (Tab visits them first)."""
    links = 0
    if isinstance(stop, QTextBrowser):
        links = len(re.findall(r"<a\s[^>]*href", stop.toHtml()))
    return MAX_PRESSES_TO_LEAVE + links


def trap_problems(qtbot, window: QWidget, stops: list[QWidget]) -> Iterator[str]:
    """Tab and Shift+Tab leave every stop, and a round of either reaches every stop."""
    for key, way in ((Qt.Key.Key_Tab, "Tab"), (Qt.Key.Key_Backtab, "Shift+Tab")):
        for stop in stops:
            _focus(qtbot, stop)
            presses = 0
            while QApplication.focusWidget() is stop and presses <= _presses_allowed(stop):
                _press(qtbot, key)
                presses += 1
            if QApplication.focusWidget() is stop:
                yield f"{label_of(stop)}: a focus trap, {way} pressed {presses} times"
        _focus(qtbot, stops[0])
        reached = {_one_stop(stops[0])}
        for _ in range(sum(_presses_allowed(stop) for stop in stops) + 10):
            focused = _press(qtbot, key)
            if focused is stops[0] and len(reached) > 1:
                break  # round (a text's links keep the focus on it at first)
            if focused is not None:
                reached.add(_one_stop(focused))
        for stop in stops:
            if _one_stop(stop) not in reached:
                yield f"{label_of(stop)}: never reached by a round of {way}"


# --- focus ring ------------------------------------------------------------------------

def shown_rect(widget: QWidget, window: QWidget) -> QRect:
    """The part of ``widget`` shown, in ``window``'s coordinates."""
    shown = widget.visibleRegion().boundingRect()
    return QRect(widget.mapTo(window, shown.topLeft()), shown.size())


def _grab(window: QWidget, box: QRect) -> QImage:
    return window.grab(box).toImage()


def _linear_luminance(image: QImage) -> np.ndarray:
    """WCAG's relative luminance of every pixel of ``image``."""
    rgb32 = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(rgb32.constBits(), np.uint8).reshape(
        rgb32.height(), rgb32.bytesPerLine() // 4, 4)[:, :rgb32.width(), :3] / 255.0
    linear = np.where(pixels <= 0.04045, pixels / 12.92, ((pixels + 0.055) / 1.055) ** 2.4)
    blue, green, red = linear[..., 0], linear[..., 1], linear[..., 2]  # BGRA in memory
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def ring_pixels(before: QImage, after: QImage, counted: np.ndarray) -> int:
    """How many ``counted`` pixels change by RING_CONTRAST or more from ``before`` to
    ``after``."""
    first, second = _linear_luminance(before), _linear_luminance(after)
    height, width = counted.shape
    first, second = first[:height, :width], second[:height, :width]
    ratio = (np.maximum(first, second) + 0.05) / (np.minimum(first, second) + 0.05)
    return int(((ratio >= RING_CONTRAST) & counted).sum())


def _mask(box: QRect, other: QRect, ratio: float) -> np.ndarray:
    """The pixels of ``box`` (device pixels) outside ``other``."""
    height, width = round(box.height() * ratio), round(box.width() * ratio)
    mask = np.ones((height, width), bool)
    inside = other.intersected(box).translated(-box.topLeft())
    if not inside.isEmpty():
        mask[round(inside.top() * ratio):round((inside.bottom() + 1) * ratio),
             round(inside.left() * ratio):round((inside.right() + 1) * ratio)] = False
    return mask


def _perimeter_outside(shown: QRect, whole: QRect, other: QRect) -> int:
    """The length of the outline of ``shown`` (the part of a widget ``whole`` shown) that is
    the widget's own edge, not a scroll area's, and whose ring lies outside ``other``."""
    points = []
    if shown.top() == whole.top():
        points += [(x, shown.top()) for x in range(shown.left(), shown.right() + 1)]
    if shown.bottom() == whole.bottom():
        points += [(x, shown.bottom()) for x in range(shown.left(), shown.right() + 1)]
    if shown.left() == whole.left():
        points += [(shown.left(), y) for y in range(shown.top() + 1, shown.bottom())]
    if shown.right() == whole.right():
        points += [(shown.right(), y) for y in range(shown.top() + 1, shown.bottom())]
    return sum(not other.contains(x, y) for x, y in points)


def ring_problem(qtbot, window: QWidget, stop: QWidget, elsewhere: QWidget) -> str | None:
    """With ``stop`` focused (as Tab left it, scrolled into view), compare its surroundings
    with ``elsewhere`` focused instead (set directly: nothing scrolls); where the ring of
    ``elsewhere`` may be drawn is left out of both the count and the need."""
    shown = shown_rect(stop, window)
    if shown.isEmpty():
        return f"{label_of(stop)}: has the focus but is not shown"
    whole = QRect(stop.mapTo(window, stop.rect().topLeft()), stop.size())
    margin = 2 * RING_WIDTH
    box = shown.adjusted(-margin, -margin, margin, margin).intersected(window.rect())
    other = shown_rect(elsewhere, window).adjusted(-margin, -margin, margin, margin)
    qtbot.wait(20)  # the ring follows the focus, then repaints
    focused = _grab(window, box)
    elsewhere.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is elsewhere, timeout=2000)
    qtbot.wait(20)
    unfocused = _grab(window, box)
    ratio = window.devicePixelRatioF()
    changed = ring_pixels(unfocused, focused, _mask(box, other, ratio)) / (ratio * ratio)
    ring_in_other = other.adjusted(-RING_WIDTH, -RING_WIDTH, RING_WIDTH, RING_WIDTH)
    needed = RING_THICKNESS * _perimeter_outside(shown, whole, ring_in_other)
    if changed < needed and os.environ.get("AUDIT_SHOTS"):
        for state, image in (("focused", focused), ("unfocused", unfocused)):
            image.save(f"{os.environ['AUDIT_SHOTS']}/{stop.objectName() or id(stop)}-{state}.png")
    if changed < needed:
        return (f"{label_of(stop)}: focus ring of {changed:.0f} px changed by 3:1, "
                f"{needed} needed (shown at {shown.getRect()})")
    return None


def _farthest(stop: QWidget, stops: list[QWidget], window: QWidget) -> QWidget | None:
    """The shown stop farthest from ``stop`` (its ring least in the way)."""
    centre = shown_rect(stop, window).center()
    others = [other for other in stops if other is not stop and _shown(other)]
    return max(others, default=None, key=lambda other: (
        shown_rect(other, window).center() - centre).manhattanLength())


def ring_problems(qtbot, window: QWidget, stops: list[QWidget]) -> Iterator[str]:
    """Every stop, reached by Tab (which scrolls it into view), shows a ring."""
    _focus(qtbot, stops[0])
    for _ in range(len(stops)):
        stop = QApplication.focusWidget()
        assert stop is not None
        elsewhere = _farthest(stop, stops, window)
        if elsewhere is not None:
            problem = ring_problem(qtbot, window, stop, elsewhere)
            if problem:
                yield problem
            _focus(qtbot, stop)  # back, and on to the next stop
        _press(qtbot, Qt.Key.Key_Tab)


# --- contrast --------------------------------------------------------------------------

def palette_problems(palette: QPalette) -> Iterator[str]:
    """Each text role against its background, in the active and inactive window."""
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        for text_role, background_role in TEXT_ON:
            background = palette.color(group, background_role)
            text = over(palette.color(group, text_role), background)
            ratio = contrast(text, background)
            if ratio < TEXT_CONTRAST:
                yield (f"{text_role.name} on {background_role.name} ({group.name}): "
                       f"{text.name()} on {background.name()} is {ratio:.2f}:1")


def drawn_contrast(image: QImage) -> float:
    """The contrast of the text drawn in ``image`` with its background: the commonest
    colour is the background, the pixel farthest from it the core of a letter."""
    rgb32 = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(rgb32.constBits(), np.uint32).reshape(
        rgb32.height(), rgb32.bytesPerLine() // 4)[:, :rgb32.width()]
    colours, counts = np.unique(pixels, return_counts=True)
    luminance = _linear_luminance(rgb32)
    background = luminance[pixels == colours[counts.argmax()]][0]
    lightest, darkest = float(luminance.max()), float(luminance.min())
    return max((lightest + 0.05) / (background + 0.05), (background + 0.05) / (darkest + 0.05))


def rendered_text_problems(window: QWidget) -> Iterator[str]:
    """Text below TEXT_CONTRAST on the rendered pixels of a selected row and of a field's
    placeholder (drawn while another widget has the focus: no caret). A disabled control
    is left out, as WCAG 1.4.3 leaves out inactive user interface components."""
    for widget in window.findChildren(QWidget):
        if (not _shown(widget) or widget.window() is not window or widget.hasFocus()
                or not widget.isEnabled()):
            continue
        if isinstance(widget, QLineEdit) and widget.placeholderText() and not widget.text():
            image, what = widget.grab().toImage(), f"placeholder {widget.placeholderText()!r}"
        elif isinstance(widget, QAbstractItemView) and widget.selectionModel() is not None:
            selected = [index for index in widget.selectionModel().selectedIndexes()
                        if str(index.data() or "").strip()]
            if not selected:
                continue
            rect = widget.visualRect(selected[0]).intersected(widget.viewport().rect())
            if rect.isEmpty():
                continue
            image, what = widget.viewport().grab(rect).toImage(), "a selected row"
        else:
            continue
        ratio = drawn_contrast(image)
        if ratio < TEXT_CONTRAST:
            yield f"{label_of(widget)}: {what} drawn at {ratio:.2f}:1"


# --- all of it -------------------------------------------------------------------------

def audit(qtbot, window: QWidget, *, rings: bool = True) -> list[str]:
    """Every problem of ``window`` as shown now (active, with a focus stop)."""
    problems = list(name_problems(window))
    problems += palette_problems(window.palette())
    problems += rendered_text_problems(window)
    stops = focus_stops(window)
    if not stops:
        return [*problems, f"{label_of(window)}: no focus stop at all"]
    if len(stops) > 1:  # one stop (a message's only button): there is nowhere to go
        problems += trap_problems(qtbot, window, stops)
    if rings:
        problems += ring_problems(qtbot, window, stops)
    return problems
