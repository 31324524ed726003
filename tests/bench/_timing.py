"""The one timer of the benchmark scripts."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(runs: int, work: Callable[[], T]) -> tuple[float, T]:
    """The median seconds of ``runs`` calls of ``work``, and its last result."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
