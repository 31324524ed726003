"""Benchmark: open a 20,000-item project (DESIGN §11 budget: ≤ 1 s, no image decoding).

Run: ``python tests/bench/bench_open_project.py [--items N] [--runs N] [--validate]``.
Not collected by pytest (only ``test_*.py`` files are). The project is written to a
temporary folder: one small JPEG hard-linked 20,000 times into sub-folders of 500, and an
``items.csv`` with a source and a context column, so ``open_project`` does its full work
(CSV parsing, id derivation, one ``lstat`` per image).
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from annotator.project.folder import open_project, validate_project

BUDGET_SECONDS = 1.0
MANIFEST = '[project]\nid = "bench"\nname = "Benchmark"\nrubric = "vicr5"\n'


def make_project(root: Path, *, items: int) -> None:
    """Write a project with ``items`` image–caption pairs under ``root``."""
    (root / "project.toml").write_text(MANIFEST, encoding="utf-8")
    master = root / "master.jpg"
    Image.linear_gradient("L").resize((64, 48)).convert("RGB").save(master, quality=85)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["image", "caption", "source", "page_title"])
    for n in range(items):
        rel = f"images/{n // 500:03d}/img{n:05d}.jpg"
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.hardlink_to(master)
        caption = f"Photo {n}: a person, a dog and a bicycle near a red wall, late afternoon."
        writer.writerow([rel, caption, f"model-{n % 4}", f"Page {n % 97}"])
    (root / "items.csv").write_text(out.getvalue(), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--validate", action="store_true", help="also time validate_project")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-open-") as tmp:
        root = Path(tmp)
        started = time.perf_counter()
        make_project(root, items=args.items)
        print(f"wrote {args.items} items in {time.perf_counter() - started:.1f} s")
        timings = []
        for _ in range(args.runs):
            started = time.perf_counter()
            project = open_project(root)
            timings.append(time.perf_counter() - started)
        assert len(project.items) == args.items, project.problems[:3]
        median, worst = statistics.median(timings), max(timings)
        print(
            f"open_project, {args.items} items, {args.runs} runs: "
            f"median {median * 1000:.0f} ms, max {worst * 1000:.0f} ms "
            f"(budget {BUDGET_SECONDS * 1000:.0f} ms)"
        )
        if args.validate:
            started = time.perf_counter()
            validated = validate_project(root)
            print(
                f"validate_project: {time.perf_counter() - started:.1f} s, "
                f"{len(validated.problems)} problems"
            )
    return 0 if worst <= BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
