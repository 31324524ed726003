"""The previous ratings a tagger's game rating is scored against.

Human ratings of other taggers available on this laptop, padded with machine priors up to
two while fewer than two human ratings exist; each human rating replaces one prior
(VICR, Narins et al. 2023, §3.2). The tagger's own ratings are never among them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

PRIORS_UP_TO = 2


@dataclass(frozen=True)
class PreviousRatings:
    """Values per item id: ``human`` from other taggers, ``priors`` from ``priors.csv``.

    ``human`` may be several sources (this laptop's file, other files, a snapshot); they
    are read when asked, so a source that grows is seen as it grows. ``up_to``: how many
    ratings priors pad up to.
    """

    human: Sequence[Mapping[str, Sequence[float]]]
    priors: Mapping[str, Sequence[float]]
    up_to: int = PRIORS_UP_TO

    def of(self, item_id: str) -> tuple[list[float], int]:
        """The previous ratings of one item and how many of them are priors."""
        human = [value for source in self.human for value in source.get(item_id, ())]
        padding = list(self.priors.get(item_id, ()))[: max(0, self.up_to - len(human))]
        return human + padding, len(padding)
