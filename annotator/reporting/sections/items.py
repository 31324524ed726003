"""The Items tab (every item, the most disputed first; one item's ratings in full) and the
Sources tab (mean and majority vote per caption source, as Ruiz et al. 2025, VCRScore,
Table 4)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from annotator.analysis.pipeline import Analysis, LoadedInput
from annotator.analysis.rating_table import PHASES
from annotator.analysis.undefined import Undefined
from annotator.reporting.analysed import reasons
from annotator.reporting.content import Chart, Column, Section, Table
from annotator.reporting.items_table import items_table
from annotator.reporting.names import unique_stem
from annotator.reporting.sections.questions import STAGE_TITLES
from annotator.reporting.svg_charts import grouped_bar_chart


def images_note(source: LoadedInput) -> str:
    """Why the pane shows no images, or '' when it can."""
    if source.project is not None:
        return ""
    return (f"Images and captions are not shown: no project folder of this {source.kind} "
            "was found beside it or one folder up.")


def items_section(analysis: Analysis) -> Section:
    table = items_table(analysis)
    notes = [f"{len(table.rows):,} rated items, the most disputed (largest sd) first."]
    if images_note(analysis.input):
        notes.append(images_note(analysis.input))
    return Section(name="items", title="Items", summary=tuple(notes), tables=(table,))


def _figure(value: float) -> float | None:
    return None if np.isnan(value) else float(value)


@dataclass(frozen=True)
class ItemDetail:
    """One item for the lead: its pair and every rating of it, with tagger names, and the
    notes (free-text answers) written on it."""

    item_id: str
    caption: str
    image: Path | None
    ratings: Table
    notes: Table


def item_detail(analysis: Analysis, item_id: str) -> ItemDetail:
    """Every rating of ``item_id`` (all phases), oldest round first, and its notes."""
    table = analysis.table
    index = table.item_ids.index(item_id)
    mine = np.flatnonzero(table.item == index)
    mine = mine[np.lexsort((table.tagger[mine], table.round[mine]))]
    rows = tuple((table.taggers[table.tagger[r]], int(table.round[r]),
                  PHASES[table.phase[r]].value, float(table.values[r]),
                  _figure(table.seconds[r])) for r in mine)
    ratings = Table(
        name=unique_stem("item_", item_id, set()), title=f"Every rating of {item_id}",
        columns=(Column("tagger", "Tagger"), Column("round", "Round", "int"),
                 Column("phase", "Phase"), Column("rating", "Rating", "level"),
                 Column("seconds", "Seconds", "seconds", "Time on screen")),
        rows=rows)
    notes = Table(
        name=unique_stem("notes_", item_id, set()), title=f"Notes on {item_id}",
        columns=(Column("tagger", "Tagger"), Column("round", "Round", "int"),
                 Column("question", "Question"), Column("stage", "Stage"),
                 Column("note", "Note")),
        rows=tuple((note.tagger, note.round, note.question, STAGE_TITLES.get(note.stage, ""),
                    note.text) for note in analysis.input.answers.notes(item_id)))
    project = analysis.input.project
    item = next((i for i in project.items if i.item_id == item_id), None) if project else None
    if project is None or item is None:
        return ItemDetail(item_id, "", None, ratings, notes)
    return ItemDetail(item_id, item.caption, project.root / item.image, ratings, notes)


def sources_section(analysis: Analysis) -> Section:
    sources = analysis.results.sources
    if isinstance(sources, Undefined):
        return Section(name="sources", title="Sources", summary=reasons(analysis, "/sources"))
    names = list(sources)
    rows = tuple((name, s.n, s.n_ratings, s.mean, s.vote) for name, s in sources.items())
    best = max(names, key=lambda n: sources[n].mean)
    worst = min(names, key=lambda n: sources[n].mean)
    title = "Mean rating per caption source"
    description = (f"The mean of the items' mean ratings and of their majority votes, per "
                   f"caption source; highest {best} ({sources[best].mean:.2f}), lowest "
                   f"{worst} ({sources[worst].mean:.2f}).")
    levels = analysis.results.levels
    chart = Chart("sources_mean", title, description, grouped_bar_chart(
        names, [("Mean", [s.mean for s in sources.values()]),
                ("Vote", [s.vote for s in sources.values()])],
        title=title, description=description, value_label="rating",
        value_range=(min(levels), max(levels))))
    table = Table(
        name="sources", title="Per caption source",
        columns=(Column("source", "Source"), Column("items", "Items", "int"),
                 Column("ratings", "Ratings", "int"),
                 Column("mean", "Mean", "number", "Mean of the items' means"),
                 Column("vote", "Vote", "number", "Mean of the items' majority votes")),
        rows=rows, description="As Table 4 of Ruiz et al. (2025, VCRScore), on the rubric's "
                               "own scale.")
    return Section(name="sources", title="Sources", summary=(description,), tables=(table,),
                   charts=(chart,))
