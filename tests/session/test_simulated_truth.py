"""The hidden truth of a simulation follows caption sources and leans on machine priors."""

from __future__ import annotations

import dataclasses
import random
import statistics

from annotator.project.folder import open_project
from annotator.resources import sample_project_dir
from annotator.session.simulated_truth import hidden_quality, truth_by_source

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


def test_machine_priors_pull_the_truth_halfway_towards_them() -> None:
    levels = [level.value for level in SAMPLE.rubric.levels]

    def distance(project) -> float:
        gaps = []
        for seed in range(20):
            truth = hidden_quality(project, random.Random(seed))
            gaps += [abs(truth[item_id] - levels.index(ratings[0]))
                     for item_id, ratings in SAMPLE.priors.items()]
        return statistics.fmean(gaps)

    primed, unprimed = distance(SAMPLE), distance(dataclasses.replace(SAMPLE, priors={}))
    assert primed < 0.75 * unprimed
