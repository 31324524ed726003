"""When saving a rating fails: say truthfully whether it was saved, and never leave the
tagger stuck on the pair.

The rating screen submits through :func:`submit_guarded`. Whatever goes wrong (a full
disk, a file made read-only, or an error nobody foresaw) comes back as a
:class:`FailedSubmit` that says what happened and whether the rating is in the session file:
looked up in the file, never assumed. The tagger can try again, or skip the pair:
:func:`skip_after_error` stores it as skipped after an error (the SKIP value answering
:data:`~annotator.store.records.SKIPPED_AFTER_ERROR`, which every reader leaves out of the
data and the analysis counts) and returns the session afresh from the file, exactly as a
restart would continue it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from annotator.errors import AnnotatorError
from annotator.project.answer_model import SKIP_VALUE
from annotator.session.flow import RatingSession
from annotator.session.pair import Feedback, OnScreen
from annotator.store.records import SKIPPED_AFTER_ERROR, Rating


@dataclass(frozen=True)
class FailedSubmit:
    """A submit that raised: the error, the pair on screen, and whether its rating was saved
    (None: the session file could not even be asked)."""

    error: Exception
    pair: OnScreen | None
    saved: bool | None

    @property
    def title(self) -> str:
        return "Rating saved, then a problem" if self.saved else "Rating not saved"

    def text(self) -> str:
        """What happened and what is safe, in words for the tagger."""
        if isinstance(self.error, AnnotatorError):
            happened = str(self.error)
        else:
            happened = (f"Something unexpected went wrong while saving your rating "
                        f"({type(self.error).__name__}: {self.error}).")
        if self.saved:
            return (f"{happened}\n\nYour rating of this pair was saved in the session file: "
                    "nothing is lost. Go on to the next pair, and tell your lab lead what this "
                    "message says.")
        if self.saved is None:
            safe = ("Whether this rating was saved could not be checked; every rating saved "
                    "before it is safe.")
        else:
            safe = "This rating was not saved; every rating saved before it is safe."
        return (f"{happened}\n\n{safe} Try again, or skip this pair: it is then recorded as "
                "skipped after an error, left out of every figure, and counted for your lab "
                "lead, who will want to know what this message says.")


def submit_guarded(session: RatingSession, value: float,
                   text: str = "") -> Feedback | FailedSubmit:
    """``session.submit(value, text)``, with any failure turned into a :class:`FailedSubmit`."""
    pair = session.on_screen()
    try:
        return session.submit(value, text)
    except Exception as error:  # every failure is shown: none may strand the tagger
        return FailedSubmit(error, pair, _saved(session, pair))


def _saved(session: RatingSession, pair: OnScreen | None) -> bool | None:
    if pair is None:
        return False
    try:
        return session.store.has_answer(session.tagger, pair.item_id, pair.shown_at,
                                        question=pair.question, stage=pair.stage)
    except Exception:  # the file itself failed: say so
        return None


class NotReopenedError(Exception):
    """The skip was stored, but the session could not be read back from the file."""


def skip_after_error(session: RatingSession, failed: FailedSubmit) -> RatingSession:
    """Record the failed pair as skipped after an error (unless its rating was saved) and
    return the session as a restart would continue it: at the next pair.

    Raises :class:`~annotator.errors.SessionFileError` when even that cannot be stored (a
    full disk): the screen says so, and the pair stays; :class:`NotReopenedError` (from the
    cause) when it was stored but the session cannot be reopened.
    """
    pair = failed.pair
    if pair is not None and not failed.saved:
        now = max(session.now(), pair.shown_at)
        session.store.record_rating(Rating(
            rating_id=str(uuid.uuid4()), tagger=session.tagger, item_id=pair.item_id,
            round=session.round, phase=pair.phase, value=SKIP_VALUE, shown_at=pair.shown_at,
            submitted_at=now, ms_on_screen=round((now - pair.shown_at).total_seconds() * 1000),
            question=SKIPPED_AFTER_ERROR))
    try:
        return session.reopened()
    except Exception as error:  # the skip is stored: say so, whatever failed after it
        raise NotReopenedError(error) from error


def skip_failed_text(error: Exception) -> str:
    """What to tell the tagger when skipping failed: recording it (a full disk), or reading
    the session back after it was recorded."""
    if isinstance(error, NotReopenedError):
        cause = error.__cause__
        return (f"The pair was recorded as skipped after an error, but the session could not "
                f"go on ({type(cause).__name__}: {cause}). Every rating saved so far is safe "
                "in the session file: close the app, open the project again, and tell your "
                "lab lead.")
    if isinstance(error, AnnotatorError):
        return (f"{error}\n\nThe pair was not skipped; every rating saved before it is safe. "
                "Tell your lab lead.")
    return (f"Something unexpected went wrong again ({type(error).__name__}: {error}). Every "
            "rating saved so far is safe in the session file: close the app, open the "
            "project again, and tell your lab lead.")
