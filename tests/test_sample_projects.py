"""The bundled sample project is clean, big enough to try the app, and fully licensed."""

from __future__ import annotations

import csv
import json
import shutil
from collections import Counter
from pathlib import Path

from annotator import __version__
from annotator.analysis.metrics import load_metrics_csv
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.answer_model import OVERALL, AnswerKind, ShowIf
from annotator.project.folder import open_project, validate_project
from annotator.project.model import GoldPurpose
from annotator.session.steps import pair_steps
from tests.samples import SAMPLE, build_script


def test_the_sample_project_validates_without_problems() -> None:
    project = validate_project(SAMPLE)
    assert project.problems == ()
    assert len(project.items) >= 40
    assert len({item.image for item in project.items}) >= 15
    assert {item.source for item in project.items} >= {"human", "model-a", "mismatched"}


def test_gold_pairs_cover_tutorial_and_probation_and_stay_apart() -> None:
    project = validate_project(SAMPLE)
    purposes = Counter(gold.purpose for gold in project.gold)
    assert purposes[GoldPurpose.TUTORIAL] == 10
    assert purposes[GoldPurpose.PROBATION] >= 20
    tutorial_levels = {g.rating for g in project.gold if g.purpose is GoldPurpose.TUTORIAL}
    assert tutorial_levels == {1, 2, 3, 4, 5}
    assert all(gold.explanation.strip() for gold in project.gold)
    rated = {(item.image, item.caption) for item in project.items}
    assert not rated & {(gold.item.image, gold.item.caption) for gold in project.gold}


def test_every_image_has_a_licence_row() -> None:
    with (SAMPLE / "images" / "licenses.csv").open(encoding="utf-8", newline="") as handle:
        rows = {row["file"]: row for row in csv.DictReader(handle)}
    images = {p.name for p in (SAMPLE / "images").iterdir() if p.suffix.lower() == ".jpg"}
    assert images == set(rows)
    assert all(row["licence"].strip() for row in rows.values())


def test_the_sample_metrics_are_what_the_committed_script_computes() -> None:
    script = build_script("make_sample_metrics")
    assert (SAMPLE / "metrics.csv").read_text(encoding="utf-8") == script.sample_metrics()
    project = validate_project(SAMPLE)
    scores = load_metrics_csv(SAMPLE / "metrics.csv", [item.item_id for item in project.items])
    assert scores.metrics == ("caption_words", "word_overlap") and not scores.unknown_items
    assert len(scores.item_ids) == len(project.items)


def test_the_sample_priors_are_what_the_committed_script_computes() -> None:
    script = build_script("make_sample_priors")
    assert (SAMPLE / "priors.csv").read_text(encoding="utf-8") == script.sample_priors()
    project = validate_project(SAMPLE)
    assert set(project.priors) == {item.item_id for item in project.items}
    assert all(len(ratings) == 2 for ratings in project.priors.values())
    by_source: dict[str, list[float]] = {}
    for item in project.items:
        by_source.setdefault(item.source, []).extend(project.priors[item.item_id])
    means = {source: sum(values) / len(values) for source, values in by_source.items()}
    assert means["human"] > max(means["model-a"], means["model-b"]) > means["mismatched"]
    readme = " ".join((SAMPLE / "README.md").read_text(encoding="utf-8").split())
    assert "machine" in readme and "same two features as the sample's metrics" in readme
    exact, within_one, pairs = script.held_out_agreement()
    assert f"it gives {exact} of the {pairs} gold pairs the experts' level" in readme
    assert within_one == pairs and "never more than one level off" in readme


def test_every_sample_project_names_a_licence_and_a_citation() -> None:
    """Their exports are datasets a lab may look at as an example: licensed, citable."""
    folders = sorted(p for p in SAMPLE.parent.iterdir() if (p / "project.toml").is_file())
    assert len(folders) >= 5
    for folder in folders:
        dataset = validate_project(folder).dataset
        assert dataset.licence == "cc-by-4.0", folder
        assert dataset.citation.endswith(f"Caption Rating Annotator {__version__}."), folder


def test_the_contextref_sample_asks_six_questions_overall_last_and_runs_end_to_end(
        tmp_path: Path, capsys) -> None:
    folder = tmp_path / "contextref-demo"
    shutil.copytree(SAMPLE.parent / "contextref-demo", folder)
    assert main(["validate", str(folder)]) == ExitCode.DONE
    assert "0 problems" in capsys.readouterr().err
    questions = open_project(folder).rubric.questions
    asked = [q.question_id for q in questions if q.show_if is None]
    assert asked == ["imaginability", "relevance", "irrelevance", "added_info", "wrong_info",
                     OVERALL]
    flag, note = questions[4], questions[5]
    assert (flag.kind, flag.stages, flag.text) == (
        AnswerKind.FLAG, ("post",), "Does the description contain potentially wrong information?")
    assert (note.kind, note.stages, note.show_if) == (AnswerKind.TEXT, ("post",),
                                                      ShowIf("wrong_info", "yes"))
    orders = set()
    for seed in range(6):
        steps = [(s.question.question_id, s.stage) for s in pair_steps(questions, seed=seed,
                                                                       round_number=1)]
        assert steps[4] == (OVERALL, "pre") and steps[-1] == (OVERALL, "post")
        assert steps.index(("wrong_info_note", "post")) == steps.index(("wrong_info", "post")) + 1
        orders.add(tuple(steps))
    assert len(orders) > 1  # each tagger's own order
    assert main(["simulate", str(folder), "--taggers", "3", "--seed", "1"]) == ExitCode.DONE
    report = tmp_path / "report.json"
    assert main(["analyze", str(folder), "--reps", "5", "--bootstrap", "20",
                 "--json", str(report)]) == ExitCode.DONE
    assert json.loads(report.read_text(encoding="utf-8"))
    out = tmp_path / "dataset"
    assert main(["export", str(folder), "--out", str(out), "--include-simulated"]) \
        == ExitCode.DONE
    with (out / "ratings.csv").open(encoding="utf-8", newline="") as handle:
        rated = {row["question"] for row in csv.DictReader(handle)}
    assert rated >= {"imaginability", "relevance", "irrelevance", "added_info", OVERALL}
