"""ContextRef's tables (Kreiss et al., 2024), as far as the project's questions reach:
the metrics against every question before and with the image (Fig. 2, Table A.1), Welch
t-tests of identical against distinct descriptions and of before against with the image,
the correlation of description length with the overall answer, and the descriptions
flagged as possibly wrong: their counts and a Welch t-test of flagged against unflagged
ones (Appendix B).

The flag is the rubric's first yes/no question (ContextRef's sixth, "does the description
contain potentially wrong information?"), whatever its id; a description is *flagged* when
at least one data answer to it says yes.

A description is *identical* when it equals its figure caption (the context column
``figure_caption``, compared without case or extra spaces): the paper's attention check.
Its answers count in any phase but tutorial and probation (a check pair is rated in the
check phase)."""

from __future__ import annotations

import numpy as np

from annotator.analysis.answer_figures import flag_figures
from annotator.analysis.other_answers import OtherAnswers
from annotator.analysis.paper_tables.items import (
    CORRELATION_COLUMNS,
    NO_METRICS,
    correlation_cells,
    item_means,
    metric_columns,
)
from annotator.analysis.paper_tables.stats import WelchTest, pearson, welch
from annotator.analysis.paper_tables.table import Cell, PaperTable, PaperTables, unavailable
from annotator.analysis.pipeline import Analysis
from annotator.analysis.rating_table import (
    DATA_PHASES,
    PHASES,
    STAGE_NAMES,
    RatingTable,
)
from annotator.project.answer_model import FLAG_YES, OVERALL, AnswerKind
from annotator.project.model import Project
from annotator.store.records import Phase

PAPER = "ContextRef (Kreiss et al., 2024)"
SINGLE = "a single-question protocol: ContextRef's tables need its questions and stages"
NO_PROJECT = "the items' descriptions and contexts are not known (no project folder)"
NO_FLAG = "the rubric asks no yes/no question, so no description was flagged"
FLAGS = ("Appendix B's counts of descriptions flagged as possibly wrong and its flagged vs "
         f"unflagged t-test: {NO_FLAG}")
FLAG_COLUMNS = ("question", "stage", "answers", "items", "items with ≥ 1 flag",
                "items > half flagged")
WELCH_COLUMNS = ("n a", "mean a", "n b", "mean b", "t", "df", "p")
LOOKS = ("pre", "post")


def contextref_tables(analysis: Analysis) -> PaperTables:
    """Every ContextRef table the project's data give."""
    table = analysis.table
    if table.question is None or table.stage is None:
        return PaperTables(PAPER, tuple(unavailable(*t, SINGLE) for t in TITLES), (FLAGS,))
    answers = table.answers()
    project = analysis.input.project
    flags = flag_answers(analysis.input.answers)
    return PaperTables(PAPER, (
        metric_table(answers, metric_columns(answers, analysis.metrics),
                     analysis.metrics is not None),
        identical_table(table, project),
        stage_table(answers),
        length_table(answers, project),
        flag_count_table(flags),
        flagged_table(answers, flags),
    ), () if flags is not None else (FLAGS,))


TITLES = (("Table A.1", "Metrics against each question before and with the image",
           "contextref-metrics"),
          ("App. B", "Identical (a) against distinct (b) descriptions", "contextref-welch"),
          ("App. B", "Before (a) against with (b) the image", "contextref-welch"),
          ("App. B", "Description length (words) against the overall answer with the image",
           "contextref-length"),
          ("App. B", "Descriptions flagged as possibly wrong", "contextref-flags"),
          ("App. B", "Flagged (a) against unflagged (b) descriptions", "contextref-welch"))


def _questions(answers: RatingTable) -> list[tuple[int, str]]:
    return [(code, name) for code, name in enumerate(answers.questions) if name]


def _rows(answers: RatingTable, code: int, look: str) -> np.ndarray:
    assert answers.question is not None and answers.stage is not None
    return np.asarray((answers.question == code) & (answers.stage == STAGE_NAMES.index(look)))


def metric_table(answers: RatingTable, scores: dict[str, np.ndarray],
                 has_metrics: bool) -> PaperTable:
    """Per metric, question and stage: Pearson's r of the metric against the items' mean
    answer."""
    if not has_metrics:
        return unavailable(*TITLES[0], NO_METRICS)
    rows: list[tuple[Cell, ...]] = []
    for metric, column in scores.items():
        for code, question in _questions(answers):
            for look in LOOKS:
                where = _rows(answers, code, look)
                if where.any():
                    rows.append((metric, question, look, *correlation_cells(
                        pearson(column, item_means(answers, where)))))
    return PaperTable(*TITLES[0], ("metric", "question", "stage", *CORRELATION_COLUMNS),
                      tuple(rows))


def _welch_cells(test: WelchTest) -> tuple[Cell, ...]:
    return test.n_a, test.mean_a, test.n_b, test.mean_b, test.t, test.df, test.p


def identical_table(table: RatingTable, project: Project | None) -> PaperTable:
    """Per question and stage: Welch's t-test of the answers to identical descriptions
    against those to distinct ones (data phases)."""
    if project is None:
        return unavailable(*TITLES[1], NO_PROJECT)
    same = identical_items(project)
    identical = np.isin(np.asarray(table.item_ids, dtype=object), list(same))[table.item]
    shown = np.isin(table.phase, [PHASES.index(Phase.TUTORIAL), PHASES.index(Phase.PROBATION)])
    rated = table.select(~shown & (identical | DATA_PHASES[table.phase]))
    return PaperTable(*TITLES[1], ("question", "stage", *WELCH_COLUMNS),
                      _group_tests(rated, same))


def _group_tests(rated: RatingTable, group: set[str]) -> tuple[tuple[Cell, ...], ...]:
    """Per question and stage: Welch's t-test of the answers to the items of ``group``
    (a) against those to the others (b)."""
    in_group = np.isin(np.asarray(rated.item_ids, dtype=object), list(group))[rated.item]
    rows: list[tuple[Cell, ...]] = []
    for code, question in _questions(rated):
        for look in LOOKS:
            where = _rows(rated, code, look)
            if where.any():
                rows.append((question, look, *_welch_cells(
                    welch(rated.values[where & in_group], rated.values[where & ~in_group]))))
    return tuple(rows)


def identical_items(project: Project) -> set[str]:
    """The ids of the items and gold pairs whose description is their figure caption."""
    def same(caption: str, context: str) -> bool:
        return bool(context) and " ".join(caption.split()).casefold() == " ".join(
            context.split()).casefold()

    pairs = [*project.items, *(pair.item for pair in project.gold)]
    return {item.item_id for item in pairs
            if same(item.caption, item.context.get("figure_caption", ""))}


def stage_table(answers: RatingTable) -> PaperTable:
    """Per question asked in both stages: Welch's t-test of the answers before the image
    against those with it."""
    rows = [(question, *_welch_cells(welch(answers.values[_rows(answers, code, "pre")],
                                           answers.values[_rows(answers, code, "post")])))
            for code, question in _questions(answers)
            if _rows(answers, code, "pre").any() and _rows(answers, code, "post").any()]
    return PaperTable(*TITLES[2], ("question", *WELCH_COLUMNS), tuple(rows))


def length_table(answers: RatingTable, project: Project | None) -> PaperTable:
    """Pearson's r of each description's length in words against its mean overall answer
    with the image."""
    if project is None:
        return unavailable(*TITLES[3], NO_PROJECT)
    words = {item.item_id: len(item.caption.split()) for item in project.items}
    length = np.array([words.get(i, np.nan) for i in answers.item_ids], dtype=float)
    overall = [code for code, name in _questions(answers) if name == OVERALL]
    where = (_rows(answers, overall[0], "post") if overall
             else np.zeros(len(answers), dtype=bool))
    return PaperTable(*TITLES[3], CORRELATION_COLUMNS,
                      (correlation_cells(pearson(length, item_means(answers, where))),))


def flag_answers(answers: OtherAnswers) -> tuple[str, OtherAnswers] | None:
    """The rubric's first yes/no question (else the first one answered) and its data
    answers; None when there is none."""
    data = answers.data()
    asked = [q.question_id for q in answers.declared.values() if q.kind is AnswerKind.FLAG]
    name = next(iter(asked or data.of_kind(AnswerKind.FLAG)), None)
    if name is None:
        return None
    return name, data.rows([i for i, q in enumerate(data.question) if q == name])


def flag_count_table(flags: tuple[str, OtherAnswers] | None) -> PaperTable:
    """Per stage of the flag question: its answers, the items answered, those with at
    least one flag and those flagged by more than half of their answers."""
    if flags is None:
        return unavailable(*TITLES[4], NO_FLAG)
    name, answers = flags
    rows = []
    for look in LOOKS:
        mine = answers.rows([i for i, stage in enumerate(answers.stage) if stage == look])
        if len(mine):
            figures = flag_figures(mine)
            rows.append((name, look, figures.n_answers, figures.n_items,
                         figures.items_with_yes, figures.items_mostly_yes))
    return PaperTable(*TITLES[4], FLAG_COLUMNS, tuple(rows))


def flagged_table(answers: RatingTable, flags: tuple[str, OtherAnswers] | None) -> PaperTable:
    """Per question and stage: Welch's t-test of the answers to flagged descriptions (at
    least one yes) against those to the others (data phases)."""
    if flags is None:
        return unavailable(*TITLES[5], NO_FLAG)
    _, mine = flags
    flagged = {item for item, value in zip(mine.item_id, mine.value, strict=True)
               if value == FLAG_YES}
    return PaperTable(*TITLES[5], ("question", "stage", *WELCH_COLUMNS),
                      _group_tests(answers, flagged))
