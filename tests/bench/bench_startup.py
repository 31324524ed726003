"""Benchmark: starting the app and the command line (DESIGN §11: first window ≤ 0.5 s;
``annotator --help`` ≤ 0.3 s).

Run: ``python tests/bench/bench_startup.py [--runs 7]``. Each run is a fresh process, so
Python's start-up and every import count, as when a tagger starts the app:

- ``annotator --help``: the installed console script, from spawn to exit;
- first window: ``annotator`` with no command (the start screen) through the real entry
  point, offscreen, from spawn until the event loop has shown the window (a zero-delay
  timer set when the application is made fires after the window's show events).

Also listed: what the start-up imported that it should not (the analysis, numpy,
pandas), from the child's ``sys.modules``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HELP_BUDGET = 0.3
WINDOW_BUDGET = 0.5
UNWANTED = ("annotator.analysis", "annotator.reporting", "numpy", "pandas")

FIRST_WINDOW = """
import sys, time
import annotator.ui.app as app_module
from PySide6.QtCore import QTimer

made = app_module._application

def application():
    app = made()
    def shown():
        unwanted = [name for name in %(unwanted)r if name in sys.modules]
        print(time.time(), ",".join(unwanted))
        app.quit()
    QTimer.singleShot(0, shown)
    return app

app_module._application = application
from annotator.cli import main
sys.exit(main([]))
"""


def help_command() -> list[str]:
    script = shutil.which("annotator", path=str(Path(sys.executable).parent))
    return [script, "--help"] if script else [sys.executable, "-m", "annotator", "--help"]


def time_help() -> float:
    started = time.perf_counter()
    subprocess.run(help_command(), check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def time_first_window(env: dict[str, str]) -> tuple[float, str]:
    code = FIRST_WINDOW % {"unwanted": UNWANTED}
    started = time.time()
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True, env=env)
    shown, _, unwanted = done.stdout.strip().partition(" ")
    return float(shown) - started, unwanted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ANNOTATOR_CONFIG_DIR": config}
        time_help(), time_first_window(env)  # bytecode compiled, files cached
        helps, windows, unwanted = [], [], ""
        for _ in range(args.runs):  # alternately, so that the load falls on both alike
            helps.append(time_help())
            seconds, unwanted = time_first_window(env)
            windows.append(seconds)
    ok = True
    for name, values, budget in (("annotator --help", helps, HELP_BUDGET),
                                 ("first window", windows, WINDOW_BUDGET)):
        median = statistics.median(values)
        ok &= median <= budget
        print(f"{name:17s} median {median * 1000:5.0f} ms (runs: "
              f"{', '.join(f'{v * 1000:.0f}' for v in values)}); budget {budget * 1000:.0f} ms: "
              f"{'within' if median <= budget else 'OVER'}")
    print(f"imported before the first window that need not be: {unwanted or 'nothing'}")
    return 0 if ok and not unwanted else 1


if __name__ == "__main__":
    sys.exit(main())
