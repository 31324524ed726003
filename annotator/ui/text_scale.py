"""Text size for both windows: View ▸ Larger, Smaller, Normal, remembered per user."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from annotator.userconfig import UserConfig, save_config

TEXT_SCALE_STEP = 1.15
MIN_SCALE, MAX_SCALE = 0.6, 3.0


class TextSizing:
    """The View menu's handlers, for a window holding ``_config``; ``text_scaled`` is told
    the new point size (the rating screen keeps its caption larger than the rest)."""

    _config: UserConfig

    def text_larger(self) -> None:
        self.set_text_scale(self._config.text_scale * TEXT_SCALE_STEP)

    def text_smaller(self) -> None:
        self.set_text_scale(self._config.text_scale / TEXT_SCALE_STEP)

    def text_normal(self) -> None:
        self.set_text_scale(1.0)

    def set_text_scale(self, scale: float) -> None:
        """Scale every text of the app; remembered for this user's next sessions."""
        scale = min(MAX_SCALE, max(MIN_SCALE, scale))
        if scale != self._config.text_scale:
            self._config.text_scale = scale
            save_config(self._config)
        font = QApplication.font()
        font.setPointSizeF(_base_point_size() * scale)
        QApplication.setFont(font)
        self.text_scaled(font.pointSizeF())

    def text_scaled(self, point_size: float) -> None:
        """Called after the app's text size changed; nothing more to do by default."""


def _base_point_size() -> float:
    """The platform's own text size, remembered before the app first scales it."""
    app = QApplication.instance()
    base = app.property("annotatorBasePointSize")
    if base is None:
        base = QApplication.font().pointSizeF()
        app.setProperty("annotatorBasePointSize", base)
    return float(base)
