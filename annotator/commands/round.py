"""``annotator round start|list FOLDER``: the lab lead's rounds, headless.

The round table goes to stdout, messages to stderr. The washout only warns: the round
starts anyway.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.commands.contract import Command, ExitCode, Exits, Group

if TYPE_CHECKING:
    from annotator.project.model import Project


def _add_start_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)
    parser.add_argument("--items", type=Path, metavar="SUBSET.csv",
                        help="rate only the items listed (a CSV with an item_id column)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--blind", dest="feedback", action="store_false", default=None,
                      help="no consensus or points after each rating (default for retests)")
    mode.add_argument("--feedback", dest="feedback", action="store_true", default=None,
                      help="show the panel's consensus and points in this round")


def _add_list_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)


def _start(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project
    from annotator.project.round_start import check_subset, start_round
    from annotator.session.rounds import round_start_warnings

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
    return ExitCode.DONE


def _list(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project

    _print_rounds(open_project(args.folder))
    return ExitCode.DONE


def _print_rounds(project: Project) -> None:
    from annotator.project.rounds import round_summaries

    print(f"{'round':<6} {'started':<21} {'pairs':>6}  {'feedback':<8}  items")
    for row in round_summaries(project):
        feedback = "on" if row.feedback else "off"
        print(f"{row.number:<6} {row.when:<21} {row.pairs:>6}  {feedback:<8}  "
              f"{row.items_file or 'all'}")
    print(f"Current round: {project.current_round}. Washout between rounds: "
          f"{project.washout_days} days.")


ROUND = Group(
    name="round",
    help="start a retest round, or list the rounds",
    actions=(
        Command(
            name="start",
            help="record the next round in project.toml (every laptop follows it)",
            exits=Exits(done="the round was started and the rounds are listed on stdout (a "
                             "washout warning on stderr does not stop it)",
                        refused="nothing changed: not a project folder, or a subset file "
                                "whose bad lines are each named"),
            add_arguments=_add_start_arguments,
            run=_start,
        ),
        Command(
            name="list",
            help="the project's rounds and which one is current",
            exits=Exits(done="the rounds are listed on stdout",
                        refused="not a project folder, or it cannot be used"),
            add_arguments=_add_list_arguments,
            run=_list,
        ),
    ),
)
