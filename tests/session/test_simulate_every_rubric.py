"""``simulate`` on every shipped rubric and a lab's own study: it never raises, its hidden
truth maps onto each scale best to best, whichever end the rubric lists first, and every
question is answered with its own type (a level, a flag, a choice, a simulated note)."""

from __future__ import annotations

import csv
import re
import shutil
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest

from annotator.analysis.checks import attention_checks, check_spec
from annotator.project.answer_model import FLAG_NO, FLAG_YES, AnswerKind
from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.project.rubric import available_rubrics
from annotator.resources import sample_project_dir
from annotator.session.simulate import simulate
from annotator.store.records import Rating
from annotator.store.session_file import SessionStore
from tests.project_ratings import project_ratings
from tests.study_rubric import use_study_rubric

END = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
SEEDS = range(20)
ITEMS = 8
"""Items kept of each sample: few, so 20 seeds of every rubric stay quick."""


LAB_STUDY = "lab-study"
"""The lab's own study of tests/study_rubric.py, played on the VICR sample's pairs."""
NOTE = re.compile(r"Simulated note \d+: .+")


def demo_of(rubric_id: str) -> str:
    return "vicr-demo" if rubric_id in ("vicr5", LAB_STUDY) else f"{rubric_id}-demo"


def small_copy(tmp_path: Path, demo: str, seed: int) -> Path:
    """The sample project with its first ``ITEMS`` items (whole CSV rows, captions with
    line breaks kept), in a folder of its own."""
    folder = tmp_path / f"{demo}-{seed}"
    shutil.copytree(sample_project_dir().parent / demo, folder)
    items = folder / "items.csv"
    with items.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    with items.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows[:ITEMS + 1])
    return folder


def stored_rows(project: Project) -> list[Rating]:
    """Every row of every session file of the project."""
    rows = []
    for path in sorted(project.sessions_dir.glob("*.sqlite")):
        store = SessionStore.open(path, project_id=project.project_id, laptop_id="reader",
                                  create=False)
        try:
            rows += store.ratings()
        finally:
            store.close()
    return rows


def check_types(project: Project, rows: list[Rating]) -> None:
    """Each row is an answer its question takes, stored with the question's type; a note
    only after a yes to its flag, and only ever marked as simulated."""
    rubric = project.rubric
    answers = {(r.tagger, r.item_id, r.round, r.question, r.stage): r for r in rows}
    for row in rows:
        question = rubric.question_by_id(row.question) if row.question else None
        kind = question.kind if question is not None else AnswerKind.SCALE
        assert row.answer is kind, row
        match kind:
            case AnswerKind.SCALE:
                scale = rubric.scale if question is None else rubric.scale_of(question)
                assert scale.level_for_value(row.value) is not None and not row.answer_text
            case AnswerKind.FLAG:
                assert row.value in (FLAG_YES, FLAG_NO) and not row.answer_text
            case AnswerKind.CHOICE:
                assert question is not None
                assert row.answer_text == question.choices[int(row.value)].choice_id
            case AnswerKind.TEXT:
                assert question is not None and question.show_if is not None
                flag = answers[row.tagger, row.item_id, row.round, question.show_if.question_id,
                               row.stage]
                assert flag.value == FLAG_YES and row.value == 0.0
                assert row.answer_text == "" or NOTE.fullmatch(row.answer_text), row


def mean_by_source(folder: Path) -> dict[str, list[float]]:
    table = project_ratings(folder)
    data = table.data()
    values = data.values
    sources = open_project(folder).items
    source_of = {item.item_id: item.source for item in sources}
    found: dict[str, list[float]] = defaultdict(list)
    for index, item in enumerate(data.item):
        found[source_of[data.item_ids[item]]].append(float(values[index]))
    return found


@dataclass
class Pooled:
    """What the simulated studies of one rubric gave, over every seed."""

    means: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    flags: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    rows: list[Rating] = field(default_factory=list)
    checked: int = 0
    failed: int = 0

    def add(self, folder: Path, project: Project) -> None:
        rows = stored_rows(project)
        check_types(project, rows)
        self.rows += rows
        source_of = {item.item_id: item.source for item in project.items}
        for row in rows:
            if row.answer is AnswerKind.FLAG and row.item_id in source_of:
                self.flags[source_of[row.item_id]].append(row.value)
        for source, values in mean_by_source(folder).items():
            self.means[source].extend(values)
        spec = check_spec(project)
        if spec is not None:
            checks = attention_checks(project_ratings(folder), spec)
            self.checked += len(checks.taggers)
            self.failed += len(checks.failed_taggers)


@pytest.mark.slow  # about 20 s a rubric: 60 simulated studies' session files, fsync'd
@pytest.mark.parametrize("rubric_id", [*available_rubrics(), LAB_STUDY])
def test_every_rubric_simulates_20_seeds_of_1_to_3_rounds_without_an_error(
        tmp_path: Path, rubric_id: str) -> None:
    pooled = Pooled()
    for seed in SEEDS:
        folder = small_copy(tmp_path, demo_of(rubric_id), seed)
        if rubric_id == LAB_STUDY:
            use_study_rubric(folder)
        project = open_project(folder)
        result = simulate(project, taggers=3, rounds=1 + seed % 3, seed=seed, end=END)
        assert all(tally.ratings for tally in result.taggers)
        before = len(pooled.rows)
        pooled.add(folder, project)
        mine = pooled.rows[before:]
        assert sum(t.ratings for t in result.taggers) == len(mine)
        assert sum(t.notes for t in result.taggers) == sum(
            bool(r.answer_text) for r in mine if r.answer is AnswerKind.TEXT)
    means = {source: statistics.fmean(values) for source, values in pooled.means.items()}
    rubric = project.rubric
    if "human" in means:  # every sample but ContextRef's (Wikipedia's own alt text)
        values = [float(level.value) for level in rubric.levels]
        assert max(means, key=means.__getitem__) == "human", means
        assert means["human"] > (max(values) + min(values)) / 2, means
    kinds = {q.kind for q in rubric.questions} or {AnswerKind.SCALE}
    assert {row.answer for row in pooled.rows} == kinds
    if AnswerKind.FLAG in kinds:  # a yes now and then, with a note or left empty
        notes = [row.answer_text for row in pooled.rows if row.answer is AnswerKind.TEXT]
        assert any(notes) and not all(notes)
        assert {v for values in pooled.flags.values() for v in values} == {FLAG_NO, FLAG_YES}
    if "mismatched" in pooled.flags:  # wrong information is flagged in worse captions
        assert statistics.fmean(pooled.flags["mismatched"]) > 5 * statistics.fmean(
            pooled.flags["human"])
    if pooled.checked:  # the attention checks are answered, and some taggers fail them
        assert 0 < pooled.failed < pooled.checked, (pooled.failed, pooled.checked)


def test_a_submit_at_the_very_end_of_the_dwell_is_never_refused(tmp_path: Path) -> None:
    """Seed 2, 4 taggers, 2 rounds raised TooSoonError ("0.0 s before the minimum dwell
    ends"): a draw below the dwell waited exactly the dwell, and the float clock fell short."""
    folder = tmp_path / "vcr5-demo"
    shutil.copytree(sample_project_dir().parent / "vcr5-demo", folder)
    with (folder / "project.toml").open("a", encoding="utf-8") as manifest:
        manifest.write("\n[flow]\ndwell_seconds = 3\n")
    result = simulate(open_project(folder), taggers=4, rounds=2, seed=2, end=END)
    assert sum(tally.ratings for tally in result.taggers) == 4 * 2 * 17


@pytest.mark.parametrize("demo", ["vcr5-demo", "good-bad-skip-demo"])
def test_human_captions_are_best_on_scales_listed_best_first(tmp_path: Path, demo: str) -> None:
    folder = tmp_path / demo
    shutil.copytree(sample_project_dir().parent / demo, folder)
    result = simulate(open_project(folder), taggers=4, seed=2, end=END)
    top = max(float(level.value) for level in open_project(folder).rubric.levels)
    assert result.truth["human"] > 0.7 * top, result.truth
    means = {source: statistics.fmean(values)
             for source, values in mean_by_source(folder).items()}
    assert means["human"] > 0.7 * top, means
