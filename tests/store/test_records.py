"""A Rating validates itself when built."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from annotator.store.records import Phase, Rating

T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def rating(**changes) -> Rating:
    fields = dict(rating_id="r", tagger="ana", item_id="i", round=1, phase=Phase.GAME, value=3.0,
                  shown_at=T0, submitted_at=T0 + timedelta(seconds=1), ms_on_screen=1000)
    fields.update(changes)
    return Rating(**fields)


@pytest.mark.parametrize(
    "changes",
    [{"tagger": " "}, {"round": 0}, {"ms_on_screen": -1}, {"submitted_at": T0 - timedelta(1)},
     {"question": "overall", "stage": "during"}, {"stage": "pre"}],
    ids=["tagger", "round", "time", "clock", "stage", "stage-without-question"],
)
def test_invalid_ratings_cannot_be_built(changes: dict) -> None:
    with pytest.raises(ValueError):
        rating(**changes)


@pytest.mark.parametrize(
    ("phase", "is_data"),
    [(Phase.TUTORIAL, False), (Phase.PROBATION, False), (Phase.GAME, True),
     (Phase.RETEST, True), (Phase.CHECK, False)],
)
def test_only_game_and_retest_ratings_are_data(phase: Phase, is_data: bool) -> None:
    assert phase.is_data is is_data


def test_a_single_question_protocol_answers_no_question() -> None:
    assert (rating().question, rating().stage) == ("", "")
    assert rating(question="overall").stage == ""
    assert rating(question="overall", stage="post").stage == "post"
