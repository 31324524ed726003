"""A pair as the tagger will see it, built from the rating screen's own widgets, read-only:
the photo beside the caption (and context), the rubric's levels below."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from annotator.project.model import Rubric
from annotator.ui.image_loader import ImageLoader
from annotator.ui.named import named
from annotator.ui.widgets.pair_view import PairView
from annotator.ui.widgets.rubric_panel import RubricPanel


class PairPreview(QWidget):
    """Rebuilt when the rubric changes; :meth:`show_pair` for each pair looked at."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("pairPreview")
        self._loader = ImageLoader(self)
        self._rubric: Rubric | None = None
        self.pair: PairView | None = None
        self.scale: RubricPanel | None = None
        self._heading = named(QLabel("As the tagger will see it", self), "previewHeading")
        self._empty = named(QLabel("Choose a pair in the list to preview it.", self),
                            "previewEmpty")
        self._empty.setWordWrap(True)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self._heading)
        self._layout.addWidget(self._empty)

    def set_rubric(self, rubric: Rubric) -> None:
        if self._rubric == rubric:
            return
        for old in (self.pair, self.scale):
            if old is not None:
                old.deleteLater()
        self._rubric = rubric
        self.pair = named(PairView(rubric, self._loader, self), "previewPair")
        self.scale = RubricPanel(rubric, self)
        self.scale.setObjectName("previewScale")
        self.scale.setEnabled(False)  # a preview: the levels are shown, not chosen
        self._layout.addWidget(self.pair, 1)
        self._layout.addWidget(self.scale)
        self.pair.hide()
        self.scale.hide()

    def show_pair(self, image: Path, caption: str, context: Mapping[str, str]) -> None:
        if self.pair is None or self.scale is None:
            return
        self._empty.hide()
        self.pair.show()
        self.scale.show()
        self.pair.show_words(caption, context, image_hidden=False)
        self.pair.image.show_path(image, description=caption)
