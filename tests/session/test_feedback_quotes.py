"""What the tagger's guide and the Rating Game page quote is what the app says, word for
word, and every feedback the app gives reads plainly: signed points with an icon and a
word, a real minus sign, no arithmetic spelled out."""

from __future__ import annotations

import re
from pathlib import Path

from annotator.project.rubric import load_rubric
from annotator.session.game import FirstPairsCheck, Notice, NoticeKind
from annotator.session.messages import (
    ICONS,
    MINUS,
    feedback_text,
    first_pairs_text,
    notice_text,
    scale_note,
)
from annotator.session.pair import Feedback
from tests.session.helpers import start

ROOT = Path(__file__).resolve().parents[2]
QUOTED = {
    "docs/tagger-guide.md": (
        "✔ +1 point: 1 level from the experts' rating",
        "○ 0 points: 1 level from the panel's consensus",
        "○ No points: no consensus yet",
        "Best answer first: 1 is the best, 5 the worst.",
    ),
    "docs/rating-game.md": (
        "✔ +1 point: 1 level from the experts' rating",
        "○ No points: no consensus yet",
        "Too few people have rated this pair before you, so there is nothing to compare "
        "with yet.",
        "first-pairs check: 12 of 20 scored pairs so far (16 points needed)",
    ),
}
"""Every feedback text the docs quote, by file."""
UNPLAIN = re.compile(r"\bminus\b|(?<![\w.])-\d|\d+ points so far, \d+ needed|2 minus how many")


def feedback_of_a_whole_tutorial_and_game(make_project_folder) -> list[Feedback]:
    """A tutorial on pairs the experts rated 1, rated 1 to 5 (+2 to −2 points) and then
    exactly, and game pairs with a consensus of 3 rated 3 and 4, and one nobody rated."""
    priors = {f"item{i:03d}": [3, 3] for i in range(4)}
    folder = make_project_folder(5, tutorial=[1] * 10, priors=priors)
    _, store, session = start(folder)
    given = []
    for value in (1, 2, 3, 4, 5, 1, 1, 1, 1, 1):
        session.pair_shown()
        given.append(session.submit(value))
    assert given[-1].notice.kind is NoticeKind.TUTORIAL_PASSED
    for _ in range(5):
        pair = session.pair_shown()
        consensus = pair.item.item_id in priors
        given.append(session.submit(3 if consensus and len(given) % 2 else 4))
    store.close()
    return given


def spoken_texts(make_project_folder) -> list[str]:
    rubric = load_rubric("vicr5")
    texts = [told.verdict + "\n" + told.spoken()
             for feedback in feedback_of_a_whole_tutorial_and_game(make_project_folder)
             if (told := feedback_text(feedback, rubric, needed=10)) is not None]
    texts.append(scale_note(load_rubric("vcr5")))
    texts.append(first_pairs_text(FirstPairsCheck(12, 20, 8, 16)))
    return texts


def test_every_text_the_docs_quote_is_what_the_app_says(make_project_folder) -> None:
    said = "\n".join(spoken_texts(make_project_folder))
    for name, quotes in QUOTED.items():
        doc = " ".join((ROOT / name).read_text(encoding="utf-8").split())
        for quote in quotes:
            assert quote in doc, f"{name} no longer quotes {quote!r}"
            assert quote in said, f"{name} quotes {quote!r}, which the app never says"


def test_every_feedback_reads_plainly_with_signed_points_and_an_icon(
        make_project_folder) -> None:
    rubric = load_rubric("vicr5")
    verdicts = []
    for feedback in feedback_of_a_whole_tutorial_and_game(make_project_folder):
        told = feedback_text(feedback, rubric, needed=10)
        assert told is not None
        verdicts.append(told.verdict)
        assert not UNPLAIN.search(told.spoken()), told.spoken()
        assert told.verdict[0] in ICONS.values()
        if told.points is not None:
            assert told.verdict.startswith(
                f"{ICONS[(told.points > 0) - (told.points < 0)]} "
                f"{'+' if told.points > 0 else MINUS if told.points < 0 else ''}"
                f"{abs(told.points)} point")
    assert verdicts[:5] == [
        "✔ +2 points: the same level as the experts' rating",
        "✔ +1 point: 1 level from the experts' rating",
        "○ 0 points: 2 levels from the experts' rating",
        f"✖ {MINUS}1 point: 3 levels from the experts' rating",
        f"✖ {MINUS}2 points: 4 levels from the experts' rating",
    ]
    assert {"○ No points: no consensus yet",
            "✔ +2 points: the same level as the panel's consensus",
            "○ 0 points: 1 level from the panel's consensus"} <= set(verdicts[10:])


def test_a_tagger_who_never_played_is_not_sent_back_to_the_game() -> None:
    after_tutorial = notice_text(Notice(NoticeKind.PROBATION_PASSED, points=30, needed=25,
                                        pairs=20, reason=NoticeKind.TUTORIAL_FAILED))
    after_game = notice_text(Notice(NoticeKind.PROBATION_PASSED, points=30, needed=25,
                                    pairs=20, reason=NoticeKind.FIRST_PAIRS_FAILED))
    assert after_tutorial.button == "Start the game" and "back" not in after_tutorial.body.lower()
    assert after_game.button == "Back to the game"
