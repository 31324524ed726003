"""``annotator lead [FOLDER|PANEL.sqlite]``: the lab lead's window.

The analysis pane is its main view; merge, rounds, consensus snapshots and the exports are
in its menus. The tagger's window (``annotator``, ``annotator open``) has none of these.
Qt is imported only inside the body, so ``--help`` never loads it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator.commands.contract import Command, Exits
from annotator.errors import AnnotatorError


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", type=Path, nargs="?", metavar="FOLDER|PANEL.sqlite",
                        help="a project (its folder, project.toml or a .crproject shortcut) "
                             "or a panel database to analyse at once (without it: a start "
                             "page to choose one)")


def _run(args: argparse.Namespace) -> int:
    return open_lead_window(args.source)


def open_lead_window(source: Path | None) -> int:
    """The lead's window on ``source`` (refused at once when it does not exist or is a
    shortcut that cannot be used), until it is closed. ``annotator analyze SOURCE --gui``
    comes here too."""
    from annotator.project.shortcut import project_folder_of

    if source is not None:
        if not source.exists():
            raise AnnotatorError("There is no such project folder or panel database.",
                                 file=source)
        source = project_folder_of(source)
    from annotator.ui.app import run_lead  # Qt only when a window is wanted

    return run_lead(source)


LEAD = Command(
    name="lead",
    help="the lab lead's window: the analysis, merging, rounds, snapshots and exports",
    exits=Exits(done="the window was closed (a source that cannot be analysed is explained "
                     "in the window)",
                refused="FOLDER|PANEL.sqlite does not exist"),
    add_arguments=_add_arguments,
    run=_run,
)
