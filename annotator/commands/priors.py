"""``annotator priors FOLDER --from PILOT``: ``priors.csv`` from a pilot's ratings.

The game shows a consensus only on pairs with ``min_consensus`` earlier ratings; without
machine priors the first tagger on each laptop plays round 1 with none. A pilot — the
lead's own ratings, a panel from a pilot round — primes it instead, each row marked in
``source`` as people's pilot ratings, never a machine's.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits, positive
from annotator.errors import AnnotatorError


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the project whose priors.csv to write")
    parser.add_argument("--from", dest="pilot", type=Path, required=True, metavar="PILOT",
                        help="the pilot's ratings: a panel database, a session file, or a "
                             "project folder (its sessions/) of the same items")
    parser.add_argument("--per-item", type=positive, default=None, metavar="N",
                        help="priors per rated item (default: the project's min_consensus, "
                             "so a consensus shows from the first rating)")
    parser.add_argument("--replace", action="store_true",
                        help="replace an existing priors.csv (refused otherwise)")


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.analysis.pilot_priors import pilot_priors
    from annotator.analysis.pipeline import AnalysisSource, load_source
    from annotator.csvtext import csv_text
    from annotator.files import write_text
    from annotator.project.folder import open_project
    from annotator.project.priors import PRIORS_COLUMNS, PRIORS_FILE

    project = open_project(args.folder)
    target = project.root / PRIORS_FILE
    if project.rubric.questions:
        raise AnnotatorError("This project asks several questions a pair; such a protocol is "
                             "played without the game's consensus, so priors would not be "
                             "used.", file=project.root / "project.toml")
    if target.exists() and not args.replace:
        raise AnnotatorError(f"The project already has {PRIORS_FILE}; give --replace to "
                             "write the pilot's priors over it.", file=target)
    loaded = load_source(AnalysisSource(args.pilot))
    rubric = project.rubric.rubric_id
    if loaded.project is not None and loaded.project.rubric.rubric_id != rubric:
        raise AnnotatorError(f"The pilot was rated on the rubric "
                             f"{loaded.project.rubric.rubric_id!r}, this project uses "
                             f"{rubric!r}: its levels are not this project's.", file=args.pilot)
    levels = {level.value for level in project.rubric.levels}
    if not set(loaded.table.levels.tolist()) <= levels:
        raise AnnotatorError("The pilot's ratings are not on this project's rubric.",
                             file=args.pilot)
    per_item = args.per_item or project.flow.base.min_consensus
    items = [item.item_id for item in project.items]
    priors = pilot_priors(loaded.table, items, per_item=per_item)
    if not priors.ratings:
        raise AnnotatorError("The pilot has no game or retest rating of this project's "
                             "items: no priors to write.", file=args.pilot)
    day = datetime.now(UTC).date().isoformat()
    source = (f"pilot ratings by people: consensus of {args.pilot.name} ({day}), "
              "not a machine's")
    write_text(target, csv_text(([item_id, f"{value:g}", source]
                                 for item_id, value in priors.ratings), header=PRIORS_COLUMNS))
    print(target)
    rated = len(items) - len(priors.unrated)
    print(f"Wrote {len(priors.ratings)} priors ({per_item} per item) for {rated} of "
          f"{len(items)} items from {priors.ratings_used} pilot ratings.", file=sys.stderr)
    if priors.unrated:
        print(f"{len(priors.unrated)} items the pilot did not rate have no priors; the game "
              "shows them no consensus until colleagues have rated them.", file=sys.stderr)
    return ExitCode.DONE


PRIORS = Command(
    name="priors",
    help="write priors.csv from a pilot's ratings, so the game has a consensus from the start",
    exits=Exits(done="priors.csv was written (its path on stdout)",
                refused="priors.csv exists (give --replace), the pilot has no ratings of "
                        "the project's items or is on another rubric, or the project asks "
                        "several questions a pair"),
    add_arguments=_add_arguments,
    run=_run,
)
