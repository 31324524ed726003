"""The narrowest exact type, at each type's boundary: the bound chooses the narrow type up
to its limit and the next one past it, and the limit is where the type stops being exact."""

from __future__ import annotations

import numpy as np
import pytest

from annotator.analysis.exact_dtype import FLOATS, INTEGERS, WHOLE_LIMIT, exact_dtype


@pytest.mark.parametrize(("narrow", "wide"), [(np.int8, np.int32), (np.int16, np.int32),
                                              (np.int32, np.int64), (np.float32, np.float64)])
def test_the_narrow_type_up_to_its_limit_and_the_wide_one_past_it(narrow, wide) -> None:
    limit = WHOLE_LIMIT[narrow]
    assert exact_dtype(limit, (narrow, wide)) is narrow
    assert exact_dtype(limit + 1, (narrow, wide)) is wide
    assert exact_dtype(0, (narrow, wide)) is narrow


@pytest.mark.parametrize("kind", [np.int8, np.int16, np.int32, np.int64])
def test_an_integer_type_holds_its_limit_and_wraps_one_past_it(kind) -> None:
    limit = WHOLE_LIMIT[kind]
    at_limit = np.array([limit, -limit], dtype=kind)
    assert at_limit.tolist() == [limit, -limit]
    with np.errstate(over="ignore"):
        past = at_limit[:1] + np.array([1], dtype=kind)
    assert past.dtype == kind and int(past[0]) != limit + 1  # wrapped around


@pytest.mark.parametrize("kind", [np.float32, np.float64])
def test_a_float_type_holds_every_whole_number_to_its_limit_and_not_one_more(kind) -> None:
    limit = WHOLE_LIMIT[kind]
    below = np.arange(limit - 3, limit + 1, dtype=np.int64)
    assert below.astype(kind).astype(np.int64).tolist() == below.tolist()
    assert int(np.array(limit + 1, dtype=np.int64).astype(kind)) != limit + 1
    one = np.array([1], dtype=kind)
    assert int((np.array([limit - 1], dtype=kind) + one)[0]) == limit  # a sum to the limit
    assert int((np.array([limit], dtype=kind) + one)[0]) != limit + 1  # one past: rounded


def test_past_every_candidate_the_widest_is_given() -> None:
    assert exact_dtype(2**63, INTEGERS) is np.int64
    assert exact_dtype(2.0**60, FLOATS) is np.float64
    assert exact_dtype(WHOLE_LIMIT[np.int32], INTEGERS) is np.int32
    assert exact_dtype(WHOLE_LIMIT[np.float32] + 0.5, FLOATS) is np.float64
