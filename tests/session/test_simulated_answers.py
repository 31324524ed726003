"""What a simulated tagger answers to each type of question: a level of the question's own
scale best to best, a flag likelier yes for a worse pair, a note marked as simulated."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from annotator.project.answer_model import FLAG_YES
from annotator.project.model import Rubric
from annotator.project.rubric import load_rubric_file
from annotator.session.simulated_answers import SimulatedTagger, simulated_answer
from annotator.session.steps import Step
from tests.study_rubric import study_rubric_text

EXACT = SimulatedTagger("Exact", bias=0.0, noise=0.0, median_seconds=8.0)
"""A tagger without bias or noise: answers exactly what the hidden truth says."""
OWN_SCALE = """
[[questions]]
id = "fluency"
text = "How fluent is the description?"
order = "best-first"

[[questions.levels]]
value = 2
key = "a"
label = "Fluent"
text = "Fluent: reads well."

[[questions.levels]]
value = 1
key = "b"
label = "Halting"
text = "Halting: reads with effort."

[[questions.levels]]
value = 0
key = "c"
label = "Broken"
text = "Broken: hard to read."
"""


@pytest.fixture(scope="module")
def rubric(tmp_path_factory: pytest.TempPathFactory) -> Rubric:
    """The lab study's rubric (7 levels, worst first; a flag, a note, a choice) with one
    more scale question on a 3-level scale of its own, listed best first."""
    path = tmp_path_factory.mktemp("rubric") / "rubric.toml"
    path.write_text(study_rubric_text(note_length=30) + OWN_SCALE, encoding="utf-8")
    return load_rubric_file(path, named_by_id=False)


def step(rubric: Rubric, question_id: str) -> Step:
    question = rubric.question_by_id(question_id)
    assert question is not None
    return Step(question, "post")


def test_an_own_scale_listed_best_first_gets_its_best_level_for_the_best_pair(
        rubric: Rubric) -> None:
    fluency, rng = step(rubric, "fluency"), random.Random(1)
    top = len(rubric.levels) - 1  # the hidden truth is in the rubric's 7 levels
    answers = [simulated_answer(fluency, quality, EXACT, rubric, rng, note_number=1)
               for quality in (0.0, top / 2, float(top))]
    assert answers == [(0.0, ""), (1.0, ""), (2.0, "")]  # Broken, Halting, Fluent
    overall = [simulated_answer(step(rubric, "overall"), quality, EXACT, rubric, rng,
                                note_number=1)[0] for quality in (0.0, float(top))]
    assert overall == [1.0, 7.0]


def test_a_flag_is_likelier_yes_the_worse_the_pair(rubric: Rubric) -> None:
    flag, rng = step(rubric, "wrong_info"), random.Random(2)
    top = len(rubric.levels) - 1

    def yes_share(quality: float) -> float:
        answers = [simulated_answer(flag, quality, EXACT, rubric, rng, note_number=1)
                   for _ in range(2000)]
        assert {text for _, text in answers} == {""}
        return sum(value == FLAG_YES for value, _ in answers) / len(answers)

    worst, middling, good = yes_share(0.0), yes_share(top / 2), yes_share(0.85 * top)
    assert 0.75 < worst < 0.85 and 0.15 < middling < 0.25 and good < 0.04


def test_a_choice_is_any_of_the_choices(rubric: Rubric) -> None:
    audience, rng = step(rubric, "audience"), random.Random(3)
    drawn = {simulated_answer(audience, 3.0, EXACT, rubric, rng, note_number=1)
             for _ in range(200)}
    assert drawn == {(0.0, ""), (1.0, ""), (2.0, "")}


def test_a_note_says_it_is_simulated_fits_its_length_and_is_sometimes_left_empty(
        rubric: Rubric) -> None:
    note, rng = step(rubric, "wrong_note"), random.Random(4)
    texts = [simulated_answer(note, 1.0, EXACT, rubric, rng, note_number=n)[1]
             for n in range(1, 401)]
    written = [text for text in texts if text]
    assert 0.65 < len(written) / len(texts) < 0.85  # optional: about one in four empty
    assert all(re.fullmatch(r"Simulated note \d+: .+", text) for text in written)
    assert all(text.startswith(f"Simulated note {number}: ")
               for number, text in enumerate(texts, start=1) if text)
    assert max(map(len, texts)) == 30  # the question's max_length, cut there


def test_a_required_note_is_always_written(tmp_path: Path) -> None:
    path = tmp_path / "rubric.toml"
    path.write_text(study_rubric_text().replace("required = false\n", ""), encoding="utf-8")
    rubric = load_rubric_file(path, named_by_id=False)
    note, rng = step(rubric, "wrong_note"), random.Random(5)
    texts = [simulated_answer(note, 1.0, EXACT, rubric, rng, note_number=7)[1]
             for _ in range(100)]
    assert all(text.startswith("Simulated note 7: ") for text in texts)
