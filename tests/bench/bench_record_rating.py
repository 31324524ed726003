"""Budget (DESIGN §11): one rating durable ≤ 10 ms median on a laptop disk.

Times ``RatingSession.submit`` — the call the rating screen makes — over 2,000 ratings in
a real session file (WAL, synchronous=FULL: committed and fsynced when it returns).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _projects import small_jpeg, write_project

from annotator.project.folder import open_project
from annotator.session.flow import RatingSession
from annotator.session.opening import open_laptop_session
from annotator.userconfig import load_config

N_RATINGS = 2000


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ANNOTATOR_CONFIG_DIR"] = str(Path(tmp) / "config")
        folder = write_project(Path(tmp) / "project", [small_jpeg(Path(tmp) / "s.jpg")],
                               N_RATINGS)
        project = open_project(folder)
        store = open_laptop_session(project, load_config())
        session = RatingSession.open(project, store, "bench")
        timings = []
        while session.pair_shown() is not None:
            start = time.perf_counter()
            session.submit(3)
            timings.append((time.perf_counter() - start) * 1000)
        store.close()
    timings.sort()
    p99 = timings[int(len(timings) * 0.99) - 1]
    print(f"submit → durable, {len(timings)} ratings: median {statistics.median(timings):.2f} ms, "
          f"p99 {p99:.2f} ms, max {timings[-1]:.2f} ms (budget: median ≤ 10 ms)")


if __name__ == "__main__":
    main()
