"""Reading another tool's export in linear time: a Label Studio JSON_MIN export and a
Prodigy db-out file of 10k and 100k answers, read and checked into the ratings CSV, with the
time per entry (flat from 10k to 100k when the reading is linear).

    python tests/bench/bench_interop.py
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from annotator.project.interop import TOOLS
from annotator.project.interop.answers import Read, write_ratings
from annotator.project.model import Item, Project
from annotator.project.rubric import load_rubric

LEVELS = ["1 – Wrong", "2 – Partly right", "3 – Objects right", "4 – Objects + space",
          "5 – Full scene + meaning"]


def json_min(entries: int, tasks: int) -> str:
    return json.dumps([{"image": f"/data/local-files/?d=images/{n % tasks}.jpg",
                        "text": f"caption {n % tasks}", "id": n % tasks + 1,
                        "quality": LEVELS[n % 5], "annotator": n // tasks + 1,
                        "annotation_id": n + 1, "lead_time": 3.5} for n in range(entries)],
                      indent=2, ensure_ascii=False)


def db_out(entries: int, tasks: int) -> str:
    return "".join(json.dumps({"image": f"{n % tasks}.jpg", "text": f"caption {n % tasks}",
                               "options": [{"id": v, "text": v} for v in LEVELS],
                               "accept": [LEVELS[n % 5]], "answer": "accept",
                               "_input_hash": n % tasks + 1, "_task_hash": n,
                               "_annotator_id": f"captions-{n // tasks}",
                               "_session_id": f"captions-{n // tasks}"},
                              ensure_ascii=False) + "\n" for n in range(entries))


def project(tasks: int) -> Project:
    items = tuple(Item(str(n + 1), f"images/{n}.jpg", f"caption {n}") for n in range(tasks))
    return Project(root=Path("bench"), project_id="bench", name="bench",
                   rubric=load_rubric("vicr5"), items=items)


def timed(read: Callable[[Path], Read], path: Path, tasks: int) -> tuple[float, int]:
    started = time.perf_counter()
    found = read(path)
    written = write_ratings(found, project(tasks), path.with_suffix(".ratings.csv"),
                            round_number=1, source=path)
    return time.perf_counter() - started, written


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for entries in (10_000, 100_000):
            tasks = entries // 10
            for tool, name, text in (("label-studio", "min.json", json_min(entries, tasks)),
                                     ("prodigy", "db-out.jsonl", db_out(entries, tasks))):
                path = Path(folder) / f"{entries}-{name}"
                path.write_text(text, encoding="utf-8")
                seconds, written = timed(TOOLS[tool].read, path, tasks)
                print(f"{tool:12} {entries:>7} entries: {seconds:6.2f} s, "
                      f"{seconds / entries * 1e6:6.1f} µs per entry ({written} written)")


if __name__ == "__main__":
    main()
