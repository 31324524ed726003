"""The hidden truth of a simulated study: what simulated taggers rate around.

A pair's true quality follows its caption's ``source`` (people's captions good, captions
written for another image poor, each captioning model its own middling quality), is read
together with the project's machine priors where it has them, taking the machine to be as
accurate as a careful tagger (:data:`MACHINE_ERROR`), and is given in level units (0 = the
rubric's lowest level) so one model serves every rubric.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping

from annotator.project.model import Project

SOURCE_QUALITY: Mapping[str, tuple[float, float]] = {"human": (0.85, 0.12),
                                                      "mismatched": (0.05, 0.08)}
"""Hidden quality by caption source, as a share of the scale (mean, spread): a person's
careful description is good, a caption written for another image is poor."""
MODEL_QUALITY = (0.35, 0.75, 0.2)
"""Any other named source (a captioning model): its own mean, drawn between the first two
shares of the scale, and the spread of its captions around it."""
NO_SOURCE_QUALITY = (0.6, 0.3)
"""Captions of no stated source: anything from poor to good."""
LEVEL_JITTER = 0.2
"""How far, in levels, a pair's true quality lies from the level it was drawn at."""
MACHINE_ERROR = 0.6
"""How far, in levels, the simulation takes a machine prior to stray from the truth (one
standard deviation): a careful tagger at the noisier end of the simulated panel (noise
0.6). VICR's model agreed with its raters about as well as one rater with the others
(Kendall's τ 75.8 against 75.6–78.1, Narins et al. 2023, Tables 3–4); the sample's baseline
matches the experts on 18 of 30 held-out gold pairs, as a rater of this error does."""


def hidden_quality(project: Project, rng: random.Random) -> dict[str, float]:
    """A true quality per item in level units (0 = lowest level), from its caption's source.

    ``human`` captions are good and ``mismatched`` ones poor (:data:`SOURCE_QUALITY`);
    every other source is a model of its own middling quality (:data:`MODEL_QUALITY`);
    no source: anywhere on the scale. Where ``priors.csv`` rates a pair, its machine
    rating is taken as one more reading of the pair, off by :data:`MACHINE_ERROR`, and the
    quality is drawn from what the source and that reading say together (the normal
    posterior, each weighed by its precision): a machine gets the weight its stated
    accuracy earns, and no more. Each pair gets a level drawn so, seen with
    a little uncertainty (:data:`LEVEL_JITTER`): a caption is written at some level, and a
    few sit between two. Gold pairs are what the experts said.
    """
    top = len(project.rubric.levels) - 1
    low, high, model_spread = MODEL_QUALITY
    by_source = dict(SOURCE_QUALITY)
    for source in sorted({item.source.strip().lower() for item in project.items}):
        if source and source not in by_source:
            by_source[source] = (rng.uniform(low, high), model_spread)
    truth = {}
    values = [level.value for level in project.rubric.worst_to_best]
    for item in project.items:
        mean, spread = by_source.get(item.source.strip().lower(), NO_SOURCE_QUALITY)
        centre, spread = mean * top, spread * top
        machine = project.priors.get(item.item_id)
        if machine:
            centre, spread = _with_reading(centre, spread,
                                           statistics.fmean(values.index(v) for v in machine))
        level = round(min(top, max(0.0, rng.gauss(centre, spread))))
        truth[item.item_id] = min(top, max(0.0, level + rng.gauss(0.0, LEVEL_JITTER)))
    for gold in project.gold:
        truth[gold.item.item_id] = float(values.index(gold.rating))
    return truth


def passing_level(project: Project) -> float | None:
    """Where an attentive tagger's answer to an item check lies (level units): the level
    of the check's question farthest from any the ``[checks]`` rule fails (ContextRef: an
    identical description adds nothing, "added info" 1). None: the project has no item
    checks, or its rule fails every level."""
    rule = project.checks
    values = [float(level.value) for level in project.rubric.worst_to_best]
    failing = [n for n, value in enumerate(values) if rule.fails(value, None, values)]
    passing = [n for n in range(len(values)) if n not in failing]
    if not rule.items or not passing or not failing:
        return None
    return float(max(passing, key=lambda n: min(abs(n - f) for f in failing)))


def answer_truth(project: Project, truth: Mapping[str, float], item_id: str, question: str,
                 *, notices_checks: bool, passing: float | None) -> float:
    """What a simulated answer to ``question`` about ``item_id`` is drawn around: the
    item's truth, except on an item check's judged question for a tagger who notices
    checks (``passing``: :func:`passing_level`); one who does not answers it as any item."""
    rule = project.checks
    judged = not rule.question or question == rule.question
    if passing is not None and notices_checks and judged and item_id in rule.items:
        return passing
    return truth[item_id]


def _with_reading(centre: float, spread: float, reading: float) -> tuple[float, float]:
    """Centre and spread of a normal belief after one reading off by MACHINE_ERROR."""
    belief, trust = spread**-2, MACHINE_ERROR**-2
    return (centre * belief + reading * trust) / (belief + trust), (belief + trust) ** -0.5


def truth_by_source(project: Project, truth: Mapping[str, float]) -> dict[str, float]:
    """The mean hidden quality (a rubric value) of each caption source's items."""
    values = [level.value for level in project.rubric.worst_to_best]
    by_source: dict[str, list[float]] = {}
    for item in project.items:
        by_source.setdefault(item.source, []).append(value_at(values, truth[item.item_id]))
    return {source: statistics.fmean(qualities) for source, qualities in sorted(
        by_source.items(), key=lambda entry: -statistics.fmean(entry[1]))}


def value_at(values: list[float], level: float) -> float:
    """The rubric value at a fractional level, interpolated between neighbours."""
    low = int(level)
    high = min(low + 1, len(values) - 1)
    return values[low] + (level - low) * (values[high] - values[low])
