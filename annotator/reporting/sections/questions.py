"""The Questions tab of a multi-question protocol (seeds/004 §4.2, Figure 1A): each question
before and with the image, and how answers changed once the image was shown."""

from __future__ import annotations

from annotator.reporting.analysed import Analysed
from annotator.reporting.content import Chart, Column, Section, Table
from annotator.reporting.svg_charts import grouped_bar_chart

STAGE_TITLES = {"pre": "before the image", "post": "with the image"}


def questions_section(analysed: Analysed) -> Section | None:
    """None for a single-question protocol (no tab)."""
    figures = analysed.report["questions"]
    if figures is None:
        return None
    names = list(figures)
    stages = Table(
        name="questions", title="Each question, before and with the image",
        columns=(Column("question", "Question"), Column("stage", "Stage"),
                 Column("items", "Items", "int"), Column("answers", "Answers", "int"),
                 Column("mean", "Mean", "number", "Mean of the items' mean answers"),
                 Column("alpha", "α", "fraction", "Krippendorff's α over items")),
        rows=tuple((name, STAGE_TITLES[stage], f["n_items"], f["n_answers"], f["mean"],
                    f["alpha"])
                   for name in names for stage in ("pre", "post")
                   if (f := figures[name].get(stage)) is not None),
        description="The main figures of the other tabs use the overall answers given "
                    "with the image.")
    changes = Table(
        name="question_changes", title="How answers changed once the image was shown",
        columns=(Column("question", "Question"), Column("pairs", "Answer pairs", "int"),
                 Column("mean_change", "Mean change", "number", "With − before"),
                 Column("share_up", "Higher", "fraction"),
                 Column("share_same", "Same", "fraction"),
                 Column("share_down", "Lower", "fraction")),
        rows=tuple((name, c["n_pairs"], c["mean_change"], c["share_up"], c["share_same"],
                    c["share_down"])
                   for name in names if (c := figures[name]["change"]) is not None),
        description="One pair per tagger, item and round: the answer before the image and "
                    "the answer with it (seeds/004 §4.2).")
    title = "Mean answer per question, before and with the image"
    means = {stage: [figures[n][stage]["mean"] if stage in figures[n] else None
                     for n in names] for stage in ("pre", "post")}
    description = ("The mean of the items' mean answers to each question, before the image "
                   "(text and context only) and with it.")
    chart = Chart("question_means", title, description, grouped_bar_chart(
        names, [(STAGE_TITLES["pre"].capitalize(), means["pre"]),
                (STAGE_TITLES["post"].capitalize(), means["post"])],
        title=title, description=description, value_label="mean answer",
        value_range=(min(analysed.report["levels"]), max(analysed.report["levels"]))))
    return Section(name="questions", title="Questions",
                   summary=(f"{len(names)} questions; the pairs were read first without "
                            "the image, then with it.",),
                   tables=(stages, changes), charts=(chart,))
