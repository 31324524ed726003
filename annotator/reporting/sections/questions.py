"""The Questions tab of a multi-question protocol (Kreiss et al. 2024, ContextRef, §4.2 and
Figure 1A): each question before and with the image, and how answers changed once the
image was shown."""

from __future__ import annotations

from annotator.analysis.pipeline import Analysis
from annotator.analysis.question_results import AnswerChange
from annotator.analysis.undefined import Undefined, known
from annotator.reporting.content import Chart, Column, Section, Table
from annotator.reporting.svg_charts import grouped_bar_chart

BEFORE, WITH = "before the image", "with the image"


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
                 Column("alpha", "α", "fraction", "Krippendorff's α over items")),
        rows=tuple((name, title, f.n_items, f.n_answers, f.mean, known(f.alpha))
                   for name, title, f in asked),
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
    changed = {name: q.change for name, q in figures.items() if q.change is not None}
    charts = (_means_chart(changed, analysis.results.levels),) if changed else ()
    return Section(name="questions", title="Questions",
                   summary=(f"{len(names)} questions; the pairs were read first without "
                            "the image, then with it.",),
                   tables=(stages, changes), charts=charts)



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
