"""A submit that fails: what is said about the rating's safety, and skipping the pair."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotator.errors import SessionFileError
from annotator.project.folder import open_project
from annotator.session import flow
from annotator.session.flow import RatingSession
from annotator.session.opening import open_laptop_session
from annotator.session.pair import Feedback
from annotator.session.recovery import (
    FailedSubmit,
    NotReopenedError,
    skip_after_error,
    skip_failed_text,
    submit_guarded,
)
from annotator.store.records import SKIPPED_AFTER_ERROR, Phase
from annotator.store.session_file import SessionStore
from annotator.userconfig import load_config

GAME = {"dwell_seconds": 0, "tutorial": False, "probation": False}


def started(folder: Path, tagger: str = "ana") -> RatingSession:
    project = open_project(folder)
    return RatingSession.open(project, open_laptop_session(project, load_config()), tagger, seed=3)


def priors(n_items: int) -> dict[str, list[float]]:
    """Machine priors give every game pair a consensus, so every submit scores its points."""
    return {f"item{i:03d}": [3, 3] for i in range(n_items)}


def broken(*_args, **_kwargs):
    raise ZeroDivisionError("division by zero")


def test_a_submit_that_works_is_returned_as_it_was(make_project_folder) -> None:
    session = started(make_project_folder(2, flow=GAME, priors=priors(2)))
    pair = session.pair_shown()
    feedback = submit_guarded(session, 3)
    assert isinstance(feedback, Feedback)
    assert (feedback.rating.item_id, feedback.rating.value) == (pair.item.item_id, 3.0)
    assert [(r.rating_id, r.value, r.points) for r in session.store.ratings()] == [
        (feedback.rating.rating_id, 3.0, feedback.rating.points)]  # the rating it stored
    assert feedback.next_pair == session.current_pair() != pair  # and the next pair is up
    assert feedback.show and feedback.consensus is not None  # with the game's feedback


def test_a_failure_before_the_save_is_not_saved_and_the_skip_is_recorded_once(
        make_project_folder, monkeypatch) -> None:
    session = started(make_project_folder(3, flow=GAME, priors=priors(3)))
    pair = session.pair_shown()
    monkeypatch.setattr(flow, "game_points", broken)
    failed = submit_guarded(session, 4)
    assert isinstance(failed, FailedSubmit) and failed.saved is False
    assert (failed.pair.item_id, failed.pair.phase) == (pair.item.item_id, Phase.GAME)
    assert "This rating was not saved" in failed.text() and failed.title == "Rating not saved"
    reopened = skip_after_error(session, failed)
    (skip,) = [r for r in session.store.ratings() if r.skipped_after_error]
    assert (skip.item_id, skip.value, skip.question, skip.points) == (
        pair.item.item_id, -1.0, SKIPPED_AFTER_ERROR, None)
    assert reopened.current_pair().item.item_id != pair.item.item_id
    assert reopened.done_count == 1
    again = RatingSession.open(session.project, session.store, "ana")  # a restart
    assert pair.item.item_id not in [again.current_pair().item.item_id,
                                     *(i.item_id for i in again.upcoming_items(5))]


def test_a_failure_after_the_save_says_it_is_saved_and_records_no_skip(
        make_project_folder, monkeypatch) -> None:
    session = started(make_project_folder(2, flow=GAME, priors=priors(2)))
    pair = session.pair_shown()
    with monkeypatch.context() as patched:
        patched.setattr(RatingSession, "_advance", broken)
        failed = submit_guarded(session, 2)
    assert isinstance(failed, FailedSubmit) and failed.saved is True
    assert failed.title == "Rating saved, then a problem" and "nothing is lost" in failed.text()
    reopened = skip_after_error(session, failed)
    assert [(r.item_id, r.question) for r in session.store.ratings()] == [
        (pair.item.item_id, "")]
    assert reopened.current_pair().item.item_id != pair.item.item_id


def test_a_pair_of_a_multi_question_protocol_skipped_half_way_is_done(
        make_project_folder, monkeypatch) -> None:
    folder = make_project_folder(2, flow=GAME)
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        'rubric = "vicr5"', 'rubric = "contextref"'), encoding="utf-8")
    session = started(folder)
    pair = session.pair_shown()
    session.submit(3)  # the first question answered
    session.pair_shown()
    with monkeypatch.context() as patched:
        patched.setattr(session.store, "record_rating", broken)
        failed = submit_guarded(session, 4)
    assert failed.saved is False
    reopened = skip_after_error(session, failed)
    assert reopened.current_pair().item.item_id != pair.item.item_id
    assert reopened.done_count == 1


def test_when_the_skip_is_stored_but_the_session_cannot_go_on_it_says_so(
        make_project_folder, monkeypatch) -> None:
    session = started(make_project_folder(2, flow=GAME, priors=priors(2)))
    session.pair_shown()
    monkeypatch.setattr(flow, "game_points", broken)
    failed = submit_guarded(session, 4)

    def unreadable(*_args, **_kwargs):
        raise SessionFileError("The file cannot be read (disk I/O error).")

    with monkeypatch.context() as patched, pytest.raises(NotReopenedError) as caught:
        patched.setattr(SessionStore, "ratings", unreadable)
        skip_after_error(session, failed)
    text = skip_failed_text(caught.value)
    assert text.startswith("The pair was recorded as skipped after an error, but the session "
                           "could not go on (SessionFileError: The file cannot be read")
    assert [r.question for r in session.store.ratings()] == [SKIPPED_AFTER_ERROR]
