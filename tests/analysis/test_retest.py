"""Test–retest per tagger (seeds/002 Table 1) and the binary protocol (seeds/003)."""

from __future__ import annotations

import krippendorff
import numpy as np
import pytest
from scipy import stats

from annotator.analysis.retest import binary_protocol, p_hat, retest
from annotator.analysis.undefined import Undefined


def test_alpha_and_tau_between_a_taggers_two_rounds(make_table) -> None:
    rng = np.random.default_rng(4)
    first = rng.integers(1, 6, size=40)
    second = np.clip(first + rng.integers(-1, 2, size=40), 1, 5)
    rows = [(f"i{i}", "ana", 1, int(v)) for i, v in enumerate(first)]
    rows += [(f"i{i}", "ana", 3, int(v)) for i, v in enumerate(second) if i < 35]
    rows += [(f"i{i}", "ben", 1, 3) for i in range(10)]  # one round only: not listed
    got = retest(make_table(rows), "ordinal")
    assert list(got) == ["ana"]
    assert got["ana"]["n_items"] == 35 and got["ana"]["rounds"] == [1, 3]
    theirs = krippendorff.alpha(reliability_data=np.array([first[:35], second[:35]], float),
                                level_of_measurement="ordinal", value_domain=range(1, 6))
    assert got["ana"]["alpha"] == pytest.approx(theirs, abs=1e-9)
    tau = stats.kendalltau(first[:35], second[:35], variant="b").statistic
    assert got["ana"]["tau"] == pytest.approx(tau, abs=1e-12)


def test_retest_undefined_paths(make_table) -> None:
    rows = [("a", "ana", 1, 3), ("a", "ana", 2, 3), ("b", "cy", 1, 2), ("b", "cy", 2, 2),
            ("c", "cy", 1, 2), ("c", "cy", 2, 2)]
    got = retest(make_table(rows), "ordinal")
    assert got["ana"]["alpha"] == Undefined("fewer than 2 items were rated in both rounds")
    assert isinstance(got["ana"]["tau"], Undefined)
    assert "same value" in got["cy"]["alpha"].reason
    assert isinstance(got["cy"]["tau"], Undefined)


def test_p_hat_rounds_to_eighths_halves_up() -> None:
    assert p_hat(np.array([0.0, 0.0625, 0.06, 0.5, 0.95, 1.0])).tolist() == [
        0.0, 0.125, 0.0, 0.5, 1.0, 1.0]


def test_binary_protocol_drops_items_with_more_than_two_skips(make_table) -> None:
    rows = []
    for rnd in (1, 2):
        for i in range(6):
            yes = [1, 1, 1, 0] if rnd == 1 else [1, 1, 0, 0]  # p̂₁ = .75, p̂₂ = .5
            rows += [(f"i{i}", f"t{rnd}{j}", rnd, v) for j, v in enumerate(yes)]
    skips = {("i0", 1): 3, ("i1", 1): 2}
    got = binary_protocol(make_table(rows, levels=(0, 1), skips=skips))
    assert got["dropped_items"] == 1
    assert got["p_hat_distribution"]["0.75"] == 5
    stability = got["stability"]
    assert stability["n_items"] == 5 and stability["rounds"] == [1, 2]
    assert stability["mean"] == pytest.approx(0.25) and stability["sd"] == pytest.approx(0.0)
    assert stability["within_0_25"] == 1.0


def test_binary_protocol_undefined_paths(make_table) -> None:
    assert binary_protocol(make_table([("a", "t", 1, 3)])) == Undefined(
        "not a binary (0/1) scale")
    one_round = binary_protocol(make_table([("a", "t", 1, 1), ("b", "t", 1, 0)], levels=(0, 1)))
    assert isinstance(one_round["stability"], Undefined)
