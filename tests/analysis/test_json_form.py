"""The analysis results as JSON: undefined figures named by pointer, NaN refused."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from annotator.analysis.json_form import json_form
from annotator.analysis.results import Items, ItemSummary
from annotator.analysis.undefined import Undefined


def test_the_json_form_names_every_undefined_figure_and_refuses_nan() -> None:
    items = Items((), ItemSummary(*(np.zeros(0) for _ in range(4))))
    assert json_form(items) == ({"most_disputed": []}, {})
    asked = replace(items, csv=Undefined("no --csv-dir was given"))
    assert json_form(asked) == ({"most_disputed": [], "csv": None},
                                {"/csv": "no --csv-dir was given"})
    assert json_form({"a/b": {"c~d": Undefined("why")}}) == (
        {"a/b": {"c~d": None}}, {"/a~1b/c~0d": "why"})
    with pytest.raises(ValueError, match="non-finite figure at /x"):
        json_form({"x": float("nan")})
