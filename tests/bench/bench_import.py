"""Benchmark: ``import-ratings label-studio`` reads an export in time linear in its size.

Run: ``python tests/bench/bench_import.py [--sizes 10000 100000]``. Writes a Label Studio
JSON export (indented as Label Studio writes it, one answer per task, each by its own
annotator) of each size, and reads it as the import does, printing the time per task: flat
across sizes when reading is linear (it was quadratic, counting each task's line from the
file's start: 5k/10k/20k/40k tasks took 3/11/42/133 s).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from annotator.project.interop import TOOLS
from tests.interop_files import label_studio_export

ITEMS = [f"item{n:05d}" for n in range(1000)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-import-") as scratch:
        for size in args.sizes:
            export = Path(scratch) / f"export-{size}.json"
            label_studio_export(export, size, ITEMS)
            start = time.perf_counter()
            read = TOOLS["label-studio"].read(export)
            elapsed = time.perf_counter() - start
            assert len(read.answers) == size and not read.problems
            print(f"{size:>9,} tasks ({export.stat().st_size / 1e6:,.0f} MB): {elapsed:6.2f} s, "
                  f"{elapsed / size * 1e6:6.1f} µs per task")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
