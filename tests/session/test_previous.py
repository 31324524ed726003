"""Cold start: priors pad the previous ratings up to two and give way to human ratings."""

from __future__ import annotations

import pytest

from annotator.session.previous import PreviousRatings

PRIORS = {"a": [2.0, 3.0, 4.0]}


@pytest.mark.parametrize(
    ("human", "expected", "priors_used"),
    [
        ([], [2.0, 3.0], 2),  # nobody yet: two priors
        ([5.0], [5.0, 2.0], 1),  # the first human rating replaces one prior
        ([5.0, 4.0], [5.0, 4.0], 0),  # two humans: no priors any more
        ([5.0, 4.0, 1.0], [5.0, 4.0, 1.0], 0),
    ],
)
def test_priors_pad_up_to_two(human, expected, priors_used) -> None:
    previous = PreviousRatings(human=[{"a": human[:1]}, {"a": human[1:]}], priors=PRIORS)
    assert previous.of("a") == (expected, priors_used)


def test_an_item_without_ratings_or_priors_has_nothing() -> None:
    assert PreviousRatings(human=[{}], priors=PRIORS).of("b") == ([], 0)
