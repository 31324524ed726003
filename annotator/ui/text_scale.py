"""Text size for both windows: View ▸ Larger, Smaller, Normal, remembered per user."""

from __future__ import annotations

from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from annotator.userconfig import UserConfig, save_config

TEXT_SCALE_STEP = 1.15
MIN_SCALE, MAX_SCALE = 0.6, 3.0


class TextSizing:
    """The View menu's handlers, for a window holding ``_config``; ``text_scaled`` is told
    the new point size (the rating screen keeps its caption larger than the rest)."""

    _config: UserConfig
    _normal_text_size: QSize | None = None

    def text_larger(self) -> None:
        self.set_text_scale(self._config.text_scale * TEXT_SCALE_STEP)

    def text_smaller(self) -> None:
        self.set_text_scale(self._config.text_scale / TEXT_SCALE_STEP)

    def text_normal(self) -> None:
        self.set_text_scale(1.0)

    def set_text_scale(self, scale: float) -> None:
        """Scale every text of the app; remembered for this user's next sessions. Back at
        the normal size the window returns to the size it had then, if larger text made
        it grow."""
        scale = min(MAX_SCALE, max(MIN_SCALE, round(scale, 6)))
        normal_size = self._normal_text_size
        if scale == 1.0:
            self._normal_text_size = None
        elif normal_size is None and isinstance(self, QWidget) and self.isVisible():
            self._normal_text_size = self.size()
        if scale != self._config.text_scale:
            self._config.text_scale = scale
            save_config(self._config)
        font = QApplication.font()
        font.setPointSizeF(base_point_size() * scale)
        QApplication.setFont(font)
        self.text_scaled(font.pointSizeF())
        if scale == 1.0 and normal_size is not None and isinstance(self, QWidget):
            _resize_when_allowed(self, normal_size)

    def text_scaled(self, point_size: float) -> None:
        """Called after the app's text size changed; nothing more to do by default."""


def _resize_when_allowed(window: QWidget, size: QSize, tries: int = 20) -> None:
    """Resize ``window`` to ``size`` once its layouts have taken the smaller text in
    (they shrink their minimum sizes over a few turns of the event loop: a page that
    scrolls asks its window again once its content has)."""
    if window.isMaximized():
        return
    least = window.minimumSizeHint().expandedTo(window.minimumSize())  # what the window holds to
    if tries and size.expandedTo(least) != size:
        QTimer.singleShot(0, window, lambda: _resize_when_allowed(window, size, tries - 1))
        return
    window.resize(size)


def text_factor() -> float:
    """How much larger the app's text is now than the platform's (1.0: normal size)."""
    return QApplication.font().pointSizeF() / base_point_size()


def base_point_size() -> float:
    """The platform's own text size, remembered before the app first scales it."""
    app = QApplication.instance()
    assert app is not None, "text is sized in a running app"
    base = app.property("annotatorBasePointSize")
    if base is None:
        base = QApplication.font().pointSizeF()
        app.setProperty("annotatorBasePointSize", base)
    return float(base)
