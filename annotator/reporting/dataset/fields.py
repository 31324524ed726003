"""Every column of the published dataset: name, type, unit, allowed values, meaning.

One description per column, read by the codebook, the Data Package schema, the Croissant
record sets and the card, so the four never disagree. Types are the Data Package's
(``string``, ``integer``, ``number``, ``boolean``, ``datetime``); a ``number`` or ``string``
column may be empty where the description says so (an empty cell in CSV, ``null`` in JSONL).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from annotator.project.answer_model import AnswerKind
from annotator.project.model import Rubric
from annotator.reporting.content import Column, Kind
from annotator.reporting.items_table import CONTEXT_PREFIX, LICENCE_COLUMN
from annotator.store.records import Phase

FieldType = Literal["string", "integer", "number", "boolean", "datetime"]

LEVEL_UNIT = "level value of the rubric"


@dataclass(frozen=True)
class Field:
    """One column; ``values`` lists what it may hold (empty: anything of its type);
    ``required``: never empty."""

    name: str
    type: FieldType
    description: str
    unit: str = ""
    values: tuple[str | float, ...] = ()
    required: bool = False


def has_typed_answers(rubric: Rubric) -> bool:
    """Whether the rubric asks a question answered otherwise than on its levels (a flag, a
    choice, a free text, or a scale of its own): ``ratings.csv`` then says each answer's
    type in columns of their own."""
    return not all(question.on_rubric_levels for question in rubric.questions)


def rating_fields(rubric: Rubric) -> tuple[Field, ...]:
    """The columns of ``ratings.csv``; ``question`` and ``stage`` only for a rubric that
    asks several questions, ``answer``, ``flag``, ``choice`` and ``text`` only for one that
    asks a question of another type (:func:`has_typed_answers`)."""
    levels = tuple(sorted({float(level.value) for question in rubric.questions
                           if question.kind is AnswerKind.SCALE
                           for level in rubric.scale_of(question).levels}
                          | {float(level.value) for level in rubric.levels}))
    fields = [
        Field("rating_id", "string", "The rating's identity: a random UUID given when it was "
              "submitted, the same in every copy of the session files.", required=True),
        Field("item_id", "string", "The image–caption pair rated: an item of items.csv, or in "
              "the tutorial, probation and check phases a gold pair of the project.",
              required=True),
        Field("tagger", "string", "Who rated: the name typed on the start screen, or a "
              "pseudonym T01, T02… (numbered in the order taggers first rated).",
              required=True),
        Field("laptop", "string", "The laptop the answer was given on: a random id the app "
              "gave that laptop. One tagger may answer on several laptops; every answer is "
              "here.", required=True),
        Field("round", "integer", "The round (test–retest), from 1.", "round", required=True),
        Field("phase", "string", "Why the answer was given. Only game and retest answers are "
              "data; tutorial and probation answers train the tagger against expert ratings; "
              "check answers are attention checks.", values=tuple(p.value for p in Phase),
              required=True),
    ]
    if rubric.questions:
        fields += [
            Field("question", "string", "The question answered (ContextRef, Kreiss et al. "
                  "2024); the main figures use 'overall' answered with the image.",
                  values=tuple(q.question_id for q in rubric.questions), required=True),
            Field("stage", "string", "pre: answered before the image was shown (text and "
                  "context only); post: with the image.", values=("pre", "post"),
                  required=True),
        ]
    fields.append(Field("rating", "number", "The level chosen; empty for a SKIP answer"
                        + (" and for an answer of another type (answer)." if
                           has_typed_answers(rubric) else "."), LEVEL_UNIT, levels))
    if has_typed_answers(rubric):
        fields += _typed_fields(rubric)
    fields += [
        Field("skip", "boolean", "TRUE (true in JSON Lines) for a SKIP answer: no level "
              "chosen; else FALSE.",
              required=True),
        Field("seconds", "number", "Time from the pair appearing to the answer being "
              "submitted.", "seconds", required=True),
        Field("submitted_at", "datetime", "When the answer was submitted, UTC, ISO 8601 with "
              "milliseconds.", required=True),
        Field("points", "number", "Points the game gave for the answer; empty when it was not "
              "scored (a blind round, a check, a skip).", "game points"),
        Field("counted", "boolean", "TRUE when the analysis counts the answer. FALSE for a "
              "game or retest answer the tagger gave again to the pair (question, stage) in "
              "that round on another laptop: the earlier answer is counted.", required=True),
    ]
    return tuple(fields)


def typed_columns(rubric: Rubric) -> tuple[AnswerKind, ...]:
    """The answer types other than a level that the rubric asks, each a column of
    ``ratings.csv`` (a flag's, a choice's, a free text's), in that order."""
    asked = {question.kind for question in rubric.questions}
    return tuple(kind for kind in (AnswerKind.FLAG, AnswerKind.CHOICE, AnswerKind.TEXT)
                 if kind in asked)


def _typed_fields(rubric: Rubric) -> list[Field]:
    """The columns of the answers of other types than a level: ``answer`` and a column per
    type the rubric asks."""
    choices = tuple(choice.choice_id for question in rubric.questions
                    for choice in question.choices)
    columns = {
        AnswerKind.FLAG: Field("flag", "integer", "A yes/no question's answer: 1 for yes, 0 "
                               "for no; empty for an answer of another type.",
                               values=(0, 1)),
        AnswerKind.CHOICE: Field("choice", "string", "A choice question's answer: the id of "
                                 "the choice picked (the codebook lists each choice's "
                                 "label); empty for an answer of another type.",
                                 values=choices),
        AnswerKind.TEXT: Field("text", "string", "A free-text question's answer, as the "
                               "rater wrote it (empty when left empty, and for an answer of "
                               "another type). In a pseudonymised dataset every rater's name "
                               "written in a text is replaced by their pseudonym."),
    }
    return [Field("answer", "string", "The type of the answer, as its question asks it: "
                  "scale (a level, in rating), flag (yes or no, in flag), choice (in choice) "
                  "or text (in text).", values=tuple(kind.value for kind in AnswerKind),
                  required=True),
            *(columns[kind] for kind in typed_columns(rubric))]


_TYPES: dict[Kind, FieldType] = {"text": "string", "int": "integer"}
_ITEM_FIELDS: dict[str, tuple[str, str]] = {
    "item_id": ("The item's id (the image–caption pair).", ""),
    "source": ("Who or what wrote the caption (a model, a person); empty if not recorded.", ""),
    "n": ("Data ratings of the item: game and retest answers, every round (of a "
          "multi-question rubric, the answers to 'overall' with the image, as for every "
          "column without a question's name).", "ratings"),
    "mean": ("Mean of the data ratings; empty without ratings. On VCRScore's scale "
             "(1, 0.75, 0.5, 0.25, 0) this is its mean.", LEVEL_UNIT),
    "median": ("Median of the data ratings (halfway between the two middle ones for an even "
               "count); empty without ratings.", LEVEL_UNIT),
    "sd": ("Standard deviation of the data ratings (n − 1); empty below 2 ratings.",
           LEVEL_UNIT),
    "vote": ("Majority vote of the data ratings (VCRScore); ties broken at random with the "
             "analysis seed; empty without ratings.", LEVEL_UNIT),
    "consensus": ("VICR's consensus: the mean rounded to the nearest level, halves up; empty "
                  "without ratings.", LEVEL_UNIT),
    "skips": ("SKIP answers to the pair in the first round.", "answers"),
    "p_hat": ("Caption-Quality's p̂ (Levinboim et al. 2021): the share of yes answers in the "
              "first round rounded to eighths; empty without answers or after more than 2 "
              "skips.", "share from 0 to 1"),
    "dropped": ("1 when Caption-Quality's rule (Levinboim et al. 2021, §3.2) leaves the item "
                "out: more than 2 SKIP answers in either of the first two rounds; else 0.",
                ""),
    "check": ("1 when the item is an attention check among the items (its answers are "
              "data, but a rater who fails it is left out of every figure); else 0.", ""),
    "caption": ("The caption (or description) rated.", ""),
    "image": ("Path of the image in the project folder (forward slashes); the images are "
              "not part of this dataset.", ""),
    LICENCE_COLUMN: ("The image's licence as the project recorded it.", ""),
}
_ALLOWED_LEVELS = ("vote", "consensus")
_QUESTION_UNITS = {"int": "answers", "number": LEVEL_UNIT, "fraction": "share from 0 to 1"}


_IMAGE_IN_DATASET = ("Path of the image in this dataset, under images/ (forward slashes).", "")


def item_fields(columns: tuple[Column, ...], rubric: Rubric, *, images: bool = False
                ) -> tuple[Field, ...]:
    """The columns of ``items.csv`` (:mod:`annotator.reporting.items_table`) as fields;
    ``images``: the images travel with the dataset, so ``image`` is a path inside it."""
    levels = tuple(float(level.value) for level in rubric.levels)
    fields = []
    for column in columns:
        if column.key.startswith(CONTEXT_PREFIX):
            description = (f"Context column {column.title!r} of the project's items.csv, "
                           "shown to the taggers with the pair (the rubric shows context).")
            unit = ""
        elif images and column.key == "image":
            description, unit = _IMAGE_IN_DATASET
        elif column.key in _ITEM_FIELDS:
            description, unit = _ITEM_FIELDS[column.key]
        else:  # a question × stage group of a multi-question rubric: the column says which
            description, unit = f"{column.description}.", _QUESTION_UNITS[column.kind]
        fields.append(Field(
            column.key, _TYPES.get(column.kind, "number"), description, unit,
            values=levels if column.key in _ALLOWED_LEVELS else
            tuple(n / 8 for n in range(9)) if column.key.endswith("p_hat") else (),
            required=column.key in ("item_id", "n")))
    return tuple(fields)
