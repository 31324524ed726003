"""Each shipped protocol's sample project played end to end on the real screen, by keyboard,
then analysed: the stored values are the rubric's, and the analysis reads them on its scale.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QPlainTextEdit, QWidget

from annotator.analysis.checks import check_spec
from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from annotator.analysis.ratings_csv import load_ratings_csv
from annotator.analysis.report import analyze
from annotator.cli import main
from annotator.project.answer_model import SKIP_VALUE, AnswerKind
from annotator.project.folder import open_project
from annotator.reporting.dataset.writer import export_dataset
from annotator.resources import sample_project_dir
from annotator.session.pair import Pair
from annotator.store.reading import read_session_file
from annotator.ui.screens.rating_screen import ScreenState
from tests.project_ratings import project_ratings

PROTOCOLS = {
    # sample project: (the keys pressed, one pair after another in turn; the values stored)
    "flickr8k4-demo": ("3", {3.0}),
    "vcr5-demo": ("2", {0.75}),
    "good-bad-skip-demo": ("yns", {1.0, 0.0, SKIP_VALUE}),
}


def copy_without_dwell(name: str, target: Path) -> Path:
    """A copy of a sample whose protocol has no minimum dwell (its rubric's defaults)."""
    folder = target / name
    shutil.copytree(sample_project_dir().parent / name, folder)
    assert open_project(folder).flow.base.dwell_seconds == 0
    return folder


def play(qtbot, screen, key_for: Callable[[Pair, int], str | None]) -> int:
    """Answer every pair with the key ``key_for(pair, answered so far)`` gives (None: keep
    what is chosen), going past feedback and notices; how many answered."""
    answered = 0
    for _ in range(1000):
        if screen.state is ScreenState.FINISHED:
            return answered
        if screen.state is ScreenState.RATING:
            key = key_for(screen.current_pair, answered)
            if key is not None:
                qtbot.keyClick(screen, key)
            answered += 1
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    raise AssertionError("the round did not finish")


def play_to_the_end(qtbot, screen, keys: str) -> int:
    """Answer every pair with ``keys`` in turn; how many answered."""
    return play(qtbot, screen, lambda _pair, n: keys[n % len(keys)])


@pytest.mark.parametrize("name", sorted(PROTOCOLS))
def test_a_protocol_is_played_and_analysed(qtbot, tmp_path: Path, make_main_window,
                                           name: str) -> None:
    keys, values = PROTOCOLS[name]
    folder = copy_without_dwell(name, tmp_path)
    project = open_project(folder)
    window = make_main_window(folder, tagger="ana")
    rated = play_to_the_end(qtbot, window.rating_screen, keys)
    assert rated == len(project.items)
    (session_file,) = project.sessions_dir.glob("*.sqlite")
    stored = read_session_file(session_file).ratings
    assert set(stored.value) == values and set(stored.phase) == {"game"}
    assert set(stored.item_id) == {item.item_id for item in project.items}
    window.close()

    assert main(["simulate", str(folder), "--taggers", "3", "--seed", "2"]) == 0
    out = tmp_path / "report.json"
    assert main(["analyze", str(folder), "--json", str(out), "--reps", "10",
                 "--bootstrap", "50"]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["levels"] == sorted(level.value for level in project.rubric.levels)
    answered = len(project.items) - stored.value.count(SKIP_VALUE)
    assert report["n_taggers"] == 4 and report["taggers"]["ana"]["n"] == answered
    assert report["alpha"]["value"] is not None
    for source in report["sources"].values():
        assert min(report["levels"]) <= source["vote"] <= max(report["levels"])
        assert min(report["levels"]) <= source["mean"] <= max(report["levels"])
    assert report["virtual_raters"]["fleiss_kappa_45"]["mean"] is None  # no levels 4 and 5


def test_a_pair_skipped_more_than_twice_is_set_aside(qtbot, tmp_path: Path,
                                                    make_main_window) -> None:
    folder = copy_without_dwell("good-bad-skip-demo", tmp_path)
    target = "nuthatch-a"
    for tagger in ("ana", "ben", "cy"):  # each skips the same pair, wherever it comes
        window = make_main_window(folder, tagger=tagger)
        screen = window.rating_screen
        play(qtbot, screen, lambda pair, _n: "s" if pair.item.item_id == target else "y")
        window.close()
    table = project_ratings(folder)  # nobody answered it: skips, and no rating at all
    assert table.skips == {(table.item_ids.index(target), 1): 3}
    assert analyze(table, reps=5, bootstrap=20).to_json()["binary"]["dropped_items"] == 1
    four = copy_without_dwell("good-bad-skip-demo", tmp_path / "four")
    for tagger in ("ana", "ben", "cy", "dee"):  # three skip it, one answers it
        window = make_main_window(four, tagger=tagger)
        screen = window.rating_screen
        skips = tagger != "dee"
        play(qtbot, screen,
             lambda pair, _n, skips=skips: "s" if skips and pair.item.item_id == target else "y")
        window.close()
    table = project_ratings(four)
    assert table.skips == {(table.item_ids.index(target), 1): 3}
    binary = analyze(table, reps=5, bootstrap=20).to_json()["binary"]
    assert binary["dropped_items"] == 1
    assert sum(binary["p_hat_distribution"].values()) == len(table.item_ids) - 1
    published = export_dataset(  # the published dataset keeps the skips, by tagger
        analyse(AnalysisSource(four), AnalysisOptions(reps=5, bootstrap=20)),
        tmp_path / "dataset").folder / "ratings.csv"
    assert published.read_text(encoding="utf-8").count(",,TRUE,") == 3  # no rating, skip
    again = load_ratings_csv(published)
    assert again.skips == table.skips and len(again) == len(table)


NOTE = "The plate has 3 figs, not 4."


def notes_stored(sessions: Path) -> list[tuple[str, str]]:
    """The answers in words of the one session file in ``sessions``: (item, text)."""
    (session_file,) = sessions.glob("*.sqlite")
    with sqlite3.connect(session_file) as db:
        return db.execute("SELECT item_id, answer_text FROM ratings "
                          "WHERE answer = 'text'").fetchall()


def test_contextref_text_first_then_with_the_image(qtbot, tmp_path: Path,
                                                   make_main_window) -> None:
    folder = copy_without_dwell("contextref-demo", tmp_path)
    project = open_project(folder)
    window = make_main_window(folder, tagger="ana")
    screen = window.rating_screen
    context = window.findChild(QWidget, "contextPanel")
    seen = []

    def answer(pair: Pair, _n: int) -> str | None:
        step = pair.step
        seen.append((pair.item.item_id, step.question.question_id, step.stage))
        assert context.isVisible() and pair.item.context["page_title"] in (
            window.findChild(QLabel, "context_page_title").text())
        assert window.findChild(QLabel, "questionLabel").text() == step.question.text
        guide = window.rating_guide.text.toPlainText()
        assert guide.startswith(step.question.text)  # the guide is headed by this question
        kind = step.question.kind
        assert ("The examples answer the question" in guide) == (
            kind is AnswerKind.SCALE and step.question.question_id != "overall")
        if kind is AnswerKind.FLAG:  # wrong information? yes on the first pair only
            return "y" if len({s[0] for s in seen}) == 1 else "n"
        if kind is AnswerKind.TEXT:  # what is wrong: typed into its box
            qtbot.keyClicks(window.findChild(QPlainTextEdit, "noteBox"), NOTE)
            return None
        if step.stage == "pre":  # text only: everything reachable by a screen reader
            assert not screen.image_view.has_image()
            assert "hidden" in screen.image_view.accessibleDescription()
            assert step.question.text in screen.last_announcement
            page = window.findChild(QLabel, "context_page_title")
            assert (page.accessibleName(), page.accessibleDescription(), page.text()) == (
                "", "Page title", pair.item.context["page_title"])  # read by its text
            caption = window.findChild(QLabel, "captionLabel")
            assert caption.accessibleDescription() == "Description"  # alt text, not a caption
            assert (caption.accessibleName(), caption.text()) == ("", pair.item.caption)
            assert window.findChild(QLabel, "captionHeading").text() == "Description:"
            option = window.findChild(QAbstractButton, "level2")
            assert option.accessibleName() == "Level 2: Slightly"
            assert option.accessibleDescription().startswith("Slightly")
            return "2"
        assert pair.earlier.value == 2.0  # chosen already: Enter keeps it
        return "4" if step.question.question_id == "relevance" else None

    play(qtbot, screen, answer)
    window.close()
    first = seen[0][0]  # five questions before the image, five after it (the note on yes)
    assert len(seen) == len(project.items) * 10 + 1  # the attention checks are items
    assert project.checks.items <= {item_id for item_id, _, _ in seen}
    for item_id in {s[0] for s in seen}:
        mine = [s[1:] for s in seen if s[0] == item_id]
        assert mine[-1] == ("overall", "post") and mine[4] == ("overall", "pre")
        assert [s for _, s in mine] == ["pre"] * 5 + ["post"] * (6 if item_id == first else 5)
    assert notes_stored(project.sessions_dir) == [(first, NOTE)]
    report = analyze(project_ratings(folder), checks=check_spec(project), reps=5,
                     bootstrap=20).to_json()
    questions = report["questions"]
    assert questions["relevance"]["change"]["mean_change"] == 2.0
    assert questions["overall"]["change"]["share_same"] == 1.0
    assert "change" in questions["imaginability"] and questions["imaginability"]["change"] is None
    assert report["n_ratings"] == len(project.items)  # overall with the image
    assert report["checks"]["taggers"]["ana"] == {"rated": 4, "failed": 0, "failed_items": []}
