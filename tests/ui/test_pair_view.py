"""The column of words beside the image widens on a small screen instead of scrolling the
caption out of view when its feedback comes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QScrollArea

from annotator.project.folder import open_project
from annotator.project.model import GoldPurpose
from annotator.session.messages import FeedbackText
from annotator.ui.image_loader import ImageLoader
from annotator.ui.widgets.pair_view import IMAGE_SHARE, PairView, caption_point_size

SAMPLE = Path(__file__).resolve().parents[2] / "sample_projects" / "vicr-demo"
SMALL = (1010, 430)
"""The pair's part of the tagger's window at 1280×720 with the Rating Guide shown."""


def longest_tutorial_pair():
    project = open_project(SAMPLE)
    gold = max(project.gold_for(GoldPurpose.TUTORIAL),
               key=lambda pair: len(pair.item.caption) + len(pair.explanation))
    return project, gold


def feedback_of(gold) -> FeedbackText:
    return FeedbackText(heading="Expert feedback", verdict="✔ +1 point: 1 level from the "
                        "experts' rating", points=1, marks=(), distance="1 level apart",
                        lines=(f"The experts chose {gold.rating:g}.", "You chose 4.",
                               "Your tutorial score so far: 1 (10 needed to pass)."),
                        why=f"Why the experts chose {gold.rating:g}: {gold.explanation}")


def test_a_long_caption_and_its_feedback_fit_beside_a_smaller_image(qtbot) -> None:
    project, gold = longest_tutorial_pair()
    view = PairView(project.rubric, ImageLoader())
    qtbot.addWidget(view)
    size = view.font().pointSizeF()
    view.set_point_size(size, caption_point_size(size))  # as the rating screen sets it
    view.resize(*SMALL)
    view.show()
    qtbot.waitExposed(view)
    view.show_words(gold.item.caption, gold.item.context, image_hidden=False)
    view.feedback.show_feedback(feedback_of(gold))
    view.reveal(view.feedback)
    column = view.findChild(QScrollArea, "textColumn")
    share = SMALL[0] * (10 - IMAGE_SHARE) // 10
    assert column.widget().heightForWidth(share) > SMALL[1]  # at its share the column scrolls
    qtbot.waitUntil(lambda: column.width() > share + 20, timeout=2000)  # so the words widen
    qtbot.waitUntil(lambda: column.verticalScrollBar().maximum() == 0)  # and all are in view
    assert view.image.width() >= view.image.minimumWidth()
    view.feedback.hide()  # the next pair: a short caption gives the image its share again
    view.show_words("A cup.", {}, image_hidden=False)
    qtbot.waitUntil(lambda: column.width() <= share + 20, timeout=2000)
