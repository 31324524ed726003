"""The line on an image shown larger than its own pixels ("Shown at 200 %"): a tagger then
knows fine detail is missing from the file rather than blaming the screen or their eyes."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QLabel, QWidget

MARGIN = 8
MIN_WIDTH = 60


def enlargement_notice(percent: int, native: tuple[int, int]) -> tuple[str, str] | None:
    """What to say when the photo is shown larger than its own pixels (``percent`` device
    pixels per 100 photo pixels): a short line on the image and a sentence for screen
    readers; None at 100 % or less."""
    if percent <= 100:
        return None
    size = f"{native[0]} × {native[1]}"
    return (f"Shown at {percent} %: the photo is {size} px, fine detail is missing",
            f"Shown at {percent} %: the photo is {size} pixels, smaller than it is shown, "
            "so fine detail is missing.")


class ScaleNotice(QLabel):
    """White on a dark band in the lower left corner of ``area``, above the photo; mouse
    events pass through to the view underneath."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("imageScaleNotice")
        self.setAccessibleDescription("Image scale")
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("QLabel { background: rgba(0, 0, 0, 190); color: white; "
                           "padding: 3px 6px; border-radius: 3px; }")
        self.hide()

    def show_for(self, percent: int, native: tuple[int, int], area: QRect) -> str:
        """Show or hide the notice for a photo of ``native`` pixels shown at ``percent``;
        the sentence a screen reader should hear with the image ('' when not enlarged)."""
        notice = enlargement_notice(percent, native)
        if notice is None:
            self.hide()
            return ""
        shown, spoken = notice
        self.setText(shown)
        self.setToolTip(spoken)
        self.place(area)
        self.show()
        return spoken

    def place(self, area: QRect) -> None:
        margins = self.contentsMargins()
        text_width = self.fontMetrics().horizontalAdvance(self.text())
        width = max(MIN_WIDTH, min(text_width + margins.left() + margins.right() + 2 * MARGIN,
                                   area.width() - 2 * MARGIN))
        self.resize(width, self.heightForWidth(width))
        self.move(area.left() + MARGIN, area.bottom() - self.height() - MARGIN)
