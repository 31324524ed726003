"""Tick steps and number text for the charts' axes."""

from __future__ import annotations

import pytest

from annotator.reporting.svg_parts import (
    fmt,
    nice_step,
    pack_rows,
    snapped,
    text_width,
    tick_labels,
    ticks_between,
)


@pytest.mark.parametrize(("span", "target", "step"), [
    (1.0, 5, 0.2), (10.0, 4, 2.5), (0.7, 6, 0.2), (100.0, 5, 20.0), (9.0, 6, 2.0),
    (3.0, 5, 1.0), (0.011, 5, 0.0025), (1500.0, 6, 250.0), (6.0, 6, 1.0),
])
def test_steps_are_1_2_2_5_or_5_times_a_power_of_ten(span: float, target: int,
                                                     step: float) -> None:
    assert nice_step(span, target) == pytest.approx(step)


def test_snapped_range_covers_the_data_in_whole_steps() -> None:
    lo, hi, step = snapped(-0.23, 0.71, 6)
    assert (lo, hi, step) == pytest.approx((-0.4, 0.8, 0.2))
    assert tick_labels(ticks_between(lo, hi, step)) == ["−0.4", "−0.2", "0.0", "0.2", "0.4",
                                                        "0.6", "0.8"]


def test_numbers_use_a_minus_sign_but_a_rounded_zero_has_none() -> None:
    assert fmt("{:.2f}", -0.2) == "−0.20"
    assert fmt("{:.2f}", -0.001) == "0.00"
    assert fmt("{:.1f}", 3.25) == "3.2"


def test_labels_that_would_overlap_go_up_a_row_and_stay_inside() -> None:
    packed = pack_rows([(100, "−0.25"), (120, "0"), (140, "+0.25"), (400, "far"), (5, "edge")],
                       left=0, right=500)
    rows = {label: row for _, _, row, label in packed}
    assert rows["−0.25"] != rows["0"] and rows["0"] != rows["+0.25"]
    assert rows["far"] == 0
    centres = {label: centre for _, centre, _, label in packed}
    assert centres["edge"] - text_width("edge") / 2 >= 0  # moved right, not clipped
    assert [x for x, _, _, _ in packed] == [5, 100, 120, 140, 400]
