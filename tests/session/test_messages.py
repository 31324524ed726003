"""What the tagger reads: every notice says why and what is needed, with its numbers."""

from __future__ import annotations

import pytest

from annotator.session.game import Notice, NoticeKind
from annotator.session.messages import notice_text, signed


@pytest.mark.parametrize(
    ("notice", "title", "words"),
    [
        (Notice(NoticeKind.TUTORIAL_START, needed=10, pairs=10), "Tutorial",
         ["rate 10 pairs", "You need 10 of 20 points"]),
        (Notice(NoticeKind.TUTORIAL_PASSED, points=14, needed=10, pairs=10), "Tutorial passed",
         ["You scored 14 of 20 points (10 were needed)"]),
        (Notice(NoticeKind.TUTORIAL_FAILED, points=7, needed=10, pairs=10, next_pairs=20,
                next_needed=25), "Tutorial not passed",
         ["You scored 7 of 20 points; 10 are needed", "20 pairs", "25 points"]),
        (Notice(NoticeKind.TUTORIAL_FAILED, points=7, needed=10, pairs=10), "Tutorial not passed",
         ["The game starts now."]),
        (Notice(NoticeKind.FIRST_PAIRS_FAILED, points=12, needed=25, pairs=20, next_pairs=20,
                next_needed=25), "Back to probation",
         ["first 20 game pairs with a consensus scored 12 points; 25 are needed",
          "starts again from 0"]),
        (Notice(NoticeKind.PROBATION_PASSED, points=31, needed=25, pairs=20),
         "Probation passed", ["You scored 31 of 40 points (25 were needed)"]),
        (Notice(NoticeKind.PROBATION_FAILED, points=20, needed=25, pairs=20, next_pairs=20,
                next_needed=25), "Probation not passed yet",
         ["You scored 20 of 40 points; 25 are needed", "Rate the 20 probation pairs again"]),
        (Notice(NoticeKind.PROBATION_DUE, next_pairs=20, next_needed=25,
                reason=NoticeKind.TUTORIAL_FAILED), "Probation",
         ["because your tutorial score was below the pass mark", "you need 25 points"]),
        (Notice(NoticeKind.PROBATION_DUE, next_pairs=20, next_needed=25,
                reason=NoticeKind.FIRST_PAIRS_FAILED), "Probation",
         ["because your first game pairs scored below the pass mark"]),
    ],
)
def test_notices_say_why_and_what_is_needed(notice, title, words) -> None:
    text = notice_text(notice)
    assert text.title == title
    for word in words:
        assert word in text.body
    assert text.button


def test_points_always_carry_their_sign_and_a_minus_is_not_a_hyphen() -> None:
    assert [signed(p) for p in (2, 1, 0, -1, -2)] == ["+2", "+1", "0", "\u22121", "\u22122"]
