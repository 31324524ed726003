"""The Questions tab of a multi-question protocol (Kreiss et al. 2024, ContextRef, §4.2 and
Figure 1A): each question before and with the image, and how answers changed once the
image was shown."""

from __future__ import annotations

from annotator.analysis.pipeline import Analysis
from annotator.analysis.question_results import AnswerChange
from annotator.analysis.results import Results
from annotator.analysis.undefined import Undefined, known
from annotator.reporting.content import Chart, Column, Section, Table
from annotator.reporting.svg_charts import grouped_bar_chart

BEFORE, WITH = "before the image", "with the image"
STAGE_TITLES = {"pre": BEFORE, "post": WITH}


def questions_section(analysis: Analysis) -> Section | None:
    """None for a single-question protocol (no tab)."""
    figures = analysis.results.questions
    if isinstance(figures, Undefined):
        return None
    names = list(figures)
    asked = [(name, title, stage) for name, q in figures.items()
             for title, stage in ((BEFORE, q.pre), (WITH, q.post)) if stage is not None]
    stages = Table(
        name="questions", title="Each question, before and with the image",
        columns=(Column("question", "Question"), Column("stage", "Stage"),
                 Column("items", "Items", "int"), Column("answers", "Answers", "int"),
                 Column("mean", "Mean", "number", "Mean of the items' mean answers"),
                 Column("alpha", "α", "fraction", "Krippendorff's α over items"),
                 Column("levels", "Levels", "text", "The levels answered on")),
        rows=tuple((name, title, f.n_items, f.n_answers, f.mean, known(f.alpha),
                    _levels(figures[name].levels)) for name, title, f in asked),
        description="The main figures of the other tabs use the overall answers given "
                    "with the image.")
    changes = Table(
        name="question_changes", title="How answers changed once the image was shown",
        columns=(Column("question", "Question"), Column("pairs", "Answer pairs", "int"),
                 Column("mean_before", "Mean before", "number", "On these pairs"),
                 Column("mean_after", "Mean with", "number", "On these pairs"),
                 Column("mean_change", "Mean change", "number", "With − before"),
                 Column("share_up", "Higher", "fraction"),
                 Column("share_same", "Same", "fraction"),
                 Column("share_down", "Lower", "fraction")),
        rows=tuple((name, c.n_pairs, c.mean_before, c.mean_after, c.mean_change, c.share_up,
                    c.share_same, c.share_down)
                   for name, q in figures.items() if (c := q.change) is not None),
        description="One pair per tagger, item and round: the answer before the image and "
                    "the answer with it (as §4.2 of Kreiss et al. 2024, ContextRef); every "
                    "figure rests on these pairs only.")
    changed = {name: q.change for name, q in figures.items()
               if q.change is not None and q.levels is None}  # on the rubric's levels
    charts = (_means_chart(changed, analysis.results.levels),) if changed else ()
    return Section(name="questions", title="Questions",
                   summary=(f"{len(names)} questions; the pairs were read first without "
                            "the image, then with it.",),
                   tables=(stages, changes, *answer_tables(analysis.results)), charts=charts)


def _levels(levels: tuple[float, ...] | None) -> str:
    return "the rubric's" if levels is None else ", ".join(f"{v:g}" for v in levels)


def answer_tables(results: Results) -> tuple[Table, ...]:
    """The yes/no, choice and free-text questions, each a table when one was answered."""
    question, stage = Column("question", "Question"), Column("stage", "Stage")
    tables = []
    if results.flags:
        tables.append(Table(
            name="question_flags", title="Yes/no questions",
            columns=(question, stage, Column("answers", "Answers", "int"),
                     Column("share_yes", "Yes", "fraction", "Share of the answers"),
                     Column("items", "Items", "int"),
                     Column("items_with_yes", "Items with a yes", "int", "At least one"),
                     Column("items_mostly_yes", "Items mostly yes", "int",
                            "More than half of their answers yes"),
                     Column("alpha", "α", "fraction", "Krippendorff's α (nominal) over items")),
            rows=tuple((name, STAGE_TITLES[look], f.n_answers, f.share_yes, f.n_items,
                        f.items_with_yes, f.items_mostly_yes, known(f.alpha))
                       for name, q in results.flags.items() for look, f in q.stages()),
            description="Each answer read as yes (1) or no (0)."))
    if results.choices:
        tables.append(Table(
            name="question_choices", title="Choice questions",
            columns=(question, stage, Column("choice", "Choice"),
                     Column("answers", "Answers", "int"),
                     Column("share", "Share", "fraction", "Of the question's answers"),
                     Column("alpha", "α", "fraction", "Krippendorff's α (nominal) over items, "
                                                      "of the question")),
            rows=tuple((name, STAGE_TITLES[look], choice, n, n / f.n_answers, known(f.alpha))
                       for name, q in results.choices.items() for look, f in q.stages()
                       for choice, n in f.counts.items()),
            description="Every choice the rubric lists, in its order; the choices are "
                        "categories without order."))
    if results.notes:
        tables.append(Table(
            name="question_notes", title="Free-text questions",
            columns=(question, stage, Column("answers", "Answers", "int"),
                     Column("notes", "Notes", "int", "Answers with words in them"),
                     Column("items_with_note", "Items with a note", "int")),
            rows=tuple((name, STAGE_TITLES[look], f.n_answers, f.n_notes, f.items_with_note)
                       for name, q in results.notes.items() for look, f in q.stages()),
            description="Counted, not scored; the Items tab lists each item's notes."))
    return tuple(tables)



def _means_chart(changed: dict[str, AnswerChange], levels: tuple[float, ...]) -> Chart:
    """Before and with the image on the same answers: the matched pairs of each question."""
    title = "Mean answer per question, before and with the image, on the same answers"
    description = ("The mean answer to each question before the image (text and context "
                   "only) and with it, over the answer pairs given both ways: "
                   + "; ".join(f"{name} {c.n_pairs} pairs" for name, c in changed.items())
                   + ".")
    return Chart("question_means", title, description, grouped_bar_chart(
        list(changed), [(BEFORE.capitalize(), [c.mean_before for c in changed.values()]),
                        (WITH.capitalize(), [c.mean_after for c in changed.values()])],
        title=title, description=description, value_label="mean answer",
        value_range=(min(levels), max(levels))))
