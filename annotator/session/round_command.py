"""``annotator round start|list FOLDER``: the lab lead's rounds, headless.

Messages go to stderr and the round table to stdout; refusals are raised as
:class:`~annotator.errors.AnnotatorError` for the command to print. The washout only
warns: the round starts anyway.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime

from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.project.round_start import check_subset, start_round
from annotator.session.rounds import round_start_warnings


def run_round(args: argparse.Namespace) -> None:
    """Run ``round start`` or ``round list``; a refusal raises :class:`AnnotatorError`."""
    if args.round_command == "start":
        _start(args)
    else:
        _print_rounds(open_project(args.folder))


def _start(args: argparse.Namespace) -> None:
    now = datetime.now(UTC)
    project = open_project(args.folder)
    if args.items is not None:
        check_subset(args.items, project)  # a refusal comes before any washout warning
    for warning in round_start_warnings(project, now=now):
        print(f"Warning: {warning}", file=sys.stderr)
    started = start_round(args.folder, now=now, subset=args.items, feedback=args.feedback)
    _print_rounds(started.project)
    print(
        f"Round {started.number} started. Hand the updated project folder (project.toml"
        + (", rounds/" if args.items is not None else "")
        + ") to every laptop: the app opens it in this round.",
        file=sys.stderr,
    )


def _print_rounds(project: Project) -> None:
    numbers = sorted({1, *project.rounds})
    print(f"{'round':<6} {'started':<21} {'pairs':>6}  {'feedback':<8}  items")
    for number in numbers:
        record = project.rounds.get(number)
        started = record.started if record is not None else None
        when = f"{started:%Y-%m-%d %H:%M} UTC" if started else (
            "with the project" if number == 1 else "not started")
        items = record.items_file if record is not None and record.items_file else "all"
        feedback = "on" if project.flow.for_round(number).feedback else "off"
        print(f"{number:<6} {when:<21} {len(project.round_items(number)):>6}  {feedback:<8}  "
              f"{items}")
    print(f"Current round: {project.current_round}. Washout between rounds: "
          f"{project.washout_days} days.")
