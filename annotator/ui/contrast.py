"""Text contrast of 4.5:1 or more in both windows, in a light or a dark system theme.

Fusion's selected rows (white on #308cc6, 3.7:1) and its placeholders (black at half
opacity, 4.0:1 on white) fall short of WCAG 1.4.3. :func:`readable_palette` keeps the
system's palette and changes only those roles: selected rows are white text on the
system's highlight darkened until it reaches 4.5:1 (light and dark themes alike), and a
placeholder is a solid grey, moved towards the text until it reaches 4.5:1 on the field.
It is made again whenever the system's theme changes while the app runs.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

TEXT_CONTRAST = 4.5
GROUPS = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)
Role = QPalette.ColorRole


def luminance(colour: QColor) -> float:
    """WCAG's relative luminance of an sRGB colour."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    """WCAG's contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(colour: QColor, background: QColor) -> QColor:
    """``colour`` as seen painted over ``background`` (its alpha blended)."""
    alpha = colour.alphaF()
    return QColor.fromRgbF(*(alpha * a + (1 - alpha) * b for a, b in (
        (colour.redF(), background.redF()), (colour.greenF(), background.greenF()),
        (colour.blueF(), background.blueF()))))


def _towards(colour: QColor, target: QColor, share: float) -> QColor:
    return QColor.fromRgbF(*(a + (b - a) * share for a, b in (
        (colour.redF(), target.redF()), (colour.greenF(), target.greenF()),
        (colour.blueF(), target.blueF()))))


def _until_readable(colour: QColor, target: QColor, against: QColor) -> QColor:
    """``colour`` moved towards ``target`` in small steps until it is TEXT_CONTRAST
    against ``against`` (``target`` itself if no step is enough)."""
    for step in range(21):
        moved = _towards(colour, target, step / 20)
        if contrast(moved, against) >= TEXT_CONTRAST:
            return moved
    return target


def readable_palette(palette: QPalette) -> QPalette:
    """``palette`` with selected rows and placeholders at 4.5:1 or more."""
    result = QPalette(palette)
    for group in GROUPS:
        base, text = palette.color(group, Role.Base), palette.color(group, Role.Text)
        white = QColor("#ffffff")
        result.setColor(group, Role.Highlight, _until_readable(
            palette.color(group, Role.Highlight), QColor("#000000"), white))
        result.setColor(group, Role.HighlightedText, white)
        placeholder = over(palette.color(group, Role.PlaceholderText), base)
        result.setColor(group, Role.PlaceholderText, _until_readable(placeholder, text, base))
    return result


class _PaletteKeeper(QObject):
    """Makes the app's palette readable again after each change of it.

    When the system theme switches between light and dark while the app runs, Qt resolves
    the app's palette against the new theme: the roles :func:`readable_palette` set keep
    their old colours (a placeholder grey chosen for a white field, 3.5:1 on a dark one)
    and every window gets ApplicationPaletteChange, which the keeper watches for on each
    window given to it. It redoes the roles once that change is over (Qt is still sending
    it); on the palette it set itself it changes nothing, so it stops there.
    """

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ApplicationPaletteChange:
            QTimer.singleShot(0, self, _make_readable)
        return False


def _make_readable() -> None:
    app = _application()
    readable = readable_palette(app.palette())
    if readable != app.palette():
        app.setPalette(readable)


def use_readable_palette(window: QWidget) -> None:
    """Give the app :func:`readable_palette` of the system's palette, now and after every
    change of the system's theme, which ``window`` (each window of the app) passes on."""
    app = _application()
    window.installEventFilter(app.findChild(_PaletteKeeper) or _PaletteKeeper(app))
    _make_readable()


def _application() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app
