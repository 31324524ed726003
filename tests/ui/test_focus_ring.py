"""The focus indicator, measured on rendered pixels as WCAG 2.2's "Focus Appearance" does:
the pixels that change when a control takes the focus must cover at least the area of a
2 px line around it, each with a contrast of 3:1 or more between its unfocused and
focused colour; for every kind of control on the rating screen and the start screen."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QFocusFrame, QWidget

from annotator.ui.contrast import contrast
from annotator.ui.focus_ring import RING_WIDTH
from tests.ui.conftest import by_description, by_name, submit_button

PLAIN = {"dwell_seconds": 0, "feedback": False}
MIN_THICKNESS, MIN_CONTRAST = 2, 3.0


def test_contrast_matches_wcag_reference_values() -> None:
    assert round(contrast(QColor("black"), QColor("white")), 2) == 21.0
    assert round(contrast(QColor("#767676"), QColor("white")), 2) == 4.54  # WCAG's AA grey


def grab(qtbot, window: QWidget, focused: QWidget) -> QImage:
    focused.setFocus()

    def ringed() -> bool:  # the ring has followed the focus (grab() then paints it)
        ring = focused.window().findChild(QFocusFrame, "focusRing")
        return QApplication.focusWidget() is focused and ring is not None and (
            ring.widget() is focused)

    qtbot.waitUntil(ringed)
    return window.grab().toImage()


def indicator(qtbot, window: QWidget, control: QWidget, elsewhere: QWidget) -> tuple[int, int]:
    """(pixels around and on ``control`` that change by 3:1 or more when it takes the
    focus from ``elsewhere``, the area of a 2 px line around ``control``)."""
    before = grab(qtbot, window, elsewhere)
    after = grab(qtbot, window, control)
    ratio = window.devicePixelRatioF()
    box = QRect(control.mapTo(window, control.rect().topLeft()), control.size())
    box = box.adjusted(-2 * RING_WIDTH, -2 * RING_WIDTH, 2 * RING_WIDTH, 2 * RING_WIDTH)
    changed = 0
    for y in range(max(0, box.top()), min(window.height(), box.bottom() + 1)):
        for x in range(max(0, box.left()), min(window.width(), box.right() + 1)):
            px, py = round(x * ratio), round(y * ratio)
            if contrast(before.pixelColor(px, py), after.pixelColor(px, py)) >= MIN_CONTRAST:
                changed += 1
    perimeter = 2 * (control.width() + control.height())
    return changed, MIN_THICKNESS * perimeter


def test_every_kind_of_control_shows_a_ring_of_2_px_and_3_to_1(qtbot, make_project_folder,
                                                               make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN), tagger="ana")
    screen = window.rating_screen
    guide = window.rating_guide
    assert screen is not None and guide is not None
    qtbot.keyClick(screen, "2")  # Submit takes the focus once a level is chosen
    controls = {
        "level button": by_name(window, "Level 3: Objects right"),
        "Submit": submit_button(window),
        "caption": by_description(window, "Caption"),
        "image": screen.image_view,
        "Rating Guide button": by_name(window, "Rating Guide (F1)"),
        "Rating Guide text": by_name(guide, "Rating Guide text"),
        "Hide the guide": by_name(guide, "Hide the Rating Guide"),
    }
    for kind, control in controls.items():
        elsewhere = controls["caption" if control is controls["Submit"] else "Submit"]
        changed, needed = indicator(qtbot, window, control, elsewhere)
        assert changed >= needed, f"{kind}: {changed} px changed by 3:1, {needed} needed"


def test_the_start_screen_rings_its_fields_and_list(qtbot, make_project_folder,
                                                   make_main_window) -> None:
    window = make_main_window(make_project_folder(n_items=3, flow=PLAIN))
    name, recent = by_name(window, "Your name"), by_name(window, "Recent projects")
    for control, other in ((name, recent), (recent, name)):
        changed, needed = indicator(qtbot, window, control, other)
        assert changed >= needed, f"{control.accessibleName()}: {changed} px of {needed}"
