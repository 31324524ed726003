"""The Rating Guide: every level of the rubric with its full text (F1 from anywhere)."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from annotator.project.model import Rubric


def guide_html(rubric: Rubric) -> str:
    """The guide as simple HTML: highest level first, as the seeds' tables print it."""
    rows = "".join(
        f"<h3>{html.escape(level.key)} — {html.escape(level.label)}</h3>"
        f"<p>{html.escape(level.text)}</p>"
        for level in sorted(rubric.levels, key=lambda lv: lv.value, reverse=True)
    )
    return f"<h2>{html.escape(rubric.question)}</h2>{rows}"


class RatingGuideDialog(QDialog):
    """A non-modal window so the tagger can keep it open beside the pair."""

    def __init__(self, rubric: Rubric, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("ratingGuide")
        self.setWindowTitle(f"Rating Guide — {rubric.name}")
        self.setAccessibleName("Rating Guide")
        text = QTextBrowser(self)
        text.setObjectName("ratingGuideText")
        text.setAccessibleName("Rating Guide text")
        text.setHtml(guide_html(rubric))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(buttons)
        self.resize(640, 560)
