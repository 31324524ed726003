"""What a simulated tagger answers to each question, whatever its type.

Every answer starts from how good the pair seems to the tagger: its hidden quality (in the
rubric's levels, 0 = the worst) plus the tagger's bias and a fresh draw of their noise.

- A scale question (the rubric's scale or the question's own) places that on its scale
  worst to worst and best to best, whichever end the rubric file lists first.
- A yes/no flag is read as a fault found ("does the description contain potentially wrong
  information?"): yes is likelier the worse the pair seems (:data:`FLAG_AT_WORST`).
- A choice is drawn at random: nothing in the hidden truth says which answer is right.
- A free text, asked only when its condition holds, is a short numbered note that says it
  is simulated ("Simulated note 3: the colour may be wrong."), so it can never pass for a
  person's words; an optional one is sometimes left empty (:data:`NOTE_SHARE`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import assert_never

from annotator.project.answer_model import FLAG_NO, FLAG_YES, AnswerKind, Question, Scale
from annotator.project.model import Rubric
from annotator.session.steps import Step

FLAG_AT_WORST = 0.8
"""The chance of a yes to a flag for a pair that seems as bad as the scale goes; it falls
with the square of how good the pair seems, to about 2 % for one that seems 85 % good."""
NOTE_SHARE = 0.75
"""How often a simulated tagger writes an optional note (a required one: always)."""
NOTE_ENDINGS = (
    "the colour may be wrong.",
    "a thing it names may not be in the image.",
    "the number of things may be wrong.",
    "it may name the wrong place.",
    "what the people do may be wrong.",
)
"""What a simulated note says after its "Simulated note N:" mark."""


@dataclass(frozen=True)
class SimulatedTagger:
    """How one simulated person rates, in the rubric's levels (0 = the worst level, whichever
    end of the scale the rubric lists first): how far their answers lean (``bias``) and
    scatter (``noise``) from a pair's hidden quality; and how long they look at a pair."""

    name: str
    bias: float
    noise: float
    median_seconds: float


def simulated_answer(step: Step | None, quality: float, tagger: SimulatedTagger,
                     rubric: Rubric, rng: random.Random, *, note_number: int) -> tuple[float, str]:
    """The (value, text) the tagger submits for ``step`` (None: the rubric's one question)
    of a pair of hidden ``quality``; ``note_number``: the number a note written now takes."""
    seen = quality + tagger.bias + rng.gauss(0.0, tagger.noise)
    top = len(rubric.levels) - 1
    if step is None:
        return _level(rubric.scale, seen, top), ""
    question = step.question
    match question.kind:
        case AnswerKind.SCALE:
            return _level(rubric.scale_of(question), seen, top), ""
        case AnswerKind.FLAG:
            looks = min(1.0, max(0.0, seen / top))
            return (FLAG_YES if rng.random() < FLAG_AT_WORST * (1.0 - looks) ** 2
                    else FLAG_NO), ""
        case AnswerKind.CHOICE:
            return float(rng.randrange(len(question.choices))), ""
        case AnswerKind.TEXT:
            return 0.0, _note(question, rng, note_number)
        case _:
            assert_never(question.kind)


def _level(scale: Scale, seen: float, top: int) -> float:
    """The value of the level nearest to ``seen`` (in the rubric's levels, ``top`` the
    best), on ``scale``: the rubric's own, or a question's own, stretched to fit."""
    levels = scale.worst_to_best
    steps = len(levels) - 1
    index = round(seen if steps == top else seen * steps / top)
    return float(levels[min(len(levels) - 1, max(0, index))].value)


def _note(question: Question, rng: random.Random, number: int) -> str:
    """A simulated note, or "" for an optional one left empty; never longer than allowed."""
    if not question.required and rng.random() >= NOTE_SHARE:
        return ""
    return f"Simulated note {number}: {rng.choice(NOTE_ENDINGS)}"[:question.max_length]


CAREFUL = ((0.2, 0.6), 0.2)
"""A careful tagger's noise (drawn between these, in levels) and the spread of biases: a
panel of them agrees as VICR's did (Fleiss' κ ≈ 0.58 with levels 4 and 5 merged, Narins
et al. 2023, Table 3)."""
SLOPPY = ((0.9, 1.5), 0.5)
SLOPPY_SHARE = 0.25
"""About one tagger in four rates sloppily (the gates exist for them) and answers an item
check as any item, not noticing it."""


def make_taggers(count: int, rng: random.Random) -> list[SimulatedTagger]:
    """A panel of mostly careful raters and a few sloppy ones (they meet probation)."""
    panel = []
    for index in range(count):
        (low, high), bias = SLOPPY if rng.random() < SLOPPY_SHARE else CAREFUL
        panel.append(SimulatedTagger(
            name=f"Simulated tagger {index + 1:02d}",
            bias=round(rng.gauss(0.0, bias), 3),
            noise=round(rng.uniform(low, high), 3),
            median_seconds=round(rng.uniform(6.0, 15.0), 1),
        ))
    return panel
