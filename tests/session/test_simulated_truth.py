"""The hidden truth of a simulation follows caption sources and weighs machine priors as
much as a careful tagger's rating."""

from __future__ import annotations

import dataclasses
import random
import statistics

from scipy.stats import kendalltau

from annotator.project.folder import open_project
from annotator.resources import sample_project_dir
from annotator.session.simulated_truth import MACHINE_ERROR, hidden_quality, truth_by_source
from tests.samples import build_script

SAMPLE = open_project(sample_project_dir())


def test_the_truth_follows_sources_and_gold_is_what_the_experts_said() -> None:
    unprimed = dataclasses.replace(SAMPLE, priors={})
    truth = hidden_quality(unprimed, random.Random(1))
    means = truth_by_source(unprimed, truth)
    models = means["model-a"], means["model-b"]
    assert means["human"] > max(models) and min(models) > means["mismatched"]
    assert list(means) == sorted(means, key=lambda source: -means[source])  # best first
    assert means["human"] >= 4 and means["mismatched"] <= 1.6
    assert all(0 <= value <= 4 for value in truth.values())
    levels = [level.value for level in SAMPLE.rubric.levels]
    assert all(truth[g.item.item_id] == levels.index(g.rating) for g in SAMPLE.gold)


def test_a_machine_prior_is_trusted_as_much_as_a_careful_tagger() -> None:
    """The machine matches the truth's level about as often as a tagger off by
    MACHINE_ERROR does: it informs the truth (unlike no machine at all) without dictating it."""
    levels = [level.value for level in SAMPLE.rubric.levels]
    top = len(levels) - 1
    machine, tagger, ignored = [], [], []
    for seed in range(40):
        rng = random.Random(seed)
        truth = hidden_quality(SAMPLE, random.Random(seed))
        unprimed = hidden_quality(dataclasses.replace(SAMPLE, priors={}), random.Random(seed))
        for item_id, ratings in SAMPLE.priors.items():
            level = round(truth[item_id])
            machine.append(levels.index(ratings[0]) == level)
            tagger.append(min(top, max(0, round(truth[item_id]
                                                + rng.gauss(0.0, MACHINE_ERROR)))) == level)
            ignored.append(levels.index(ratings[0]) == round(unprimed[item_id]))
    exact = statistics.fmean(machine)
    assert abs(exact - statistics.fmean(tagger)) < 0.08
    assert exact > statistics.fmean(ignored) + 0.15


def test_the_metrics_look_no_better_against_the_truth_than_against_the_experts() -> None:
    """The sample's machine is built on its metrics' features, so the truth leaning on it
    favours them; measured against the simulated truth they must still rank captions no
    better than they rank the 30 gold pairs against the experts' ratings."""
    script = build_script("make_sample_metrics")
    items, gold = script.read("items.csv"), script.read("gold.csv")
    refs = script.references(items, gold)
    features = {
        "caption_words": lambda row: float(len(row["caption"].split())),
        "word_overlap": lambda row: script.word_overlap(row, refs),
    }
    for name, feature in features.items():
        scored = [g for g in gold if feature(g) is not None]
        experts = kendalltau([feature(g) for g in scored],
                             [float(g["rating"]) for g in scored]).statistic
        on_items = {row["item_id"]: feature(row) for row in items if feature(row) is not None}
        ids = sorted(on_items)
        simulated = statistics.fmean(
            kendalltau([on_items[i] for i in ids],
                       [round(truth[i]) for i in ids]).statistic
            for truth in (hidden_quality(SAMPLE, random.Random(seed)) for seed in range(20)))
        assert 0.2 < simulated <= experts, name
