"""``annotator`` (the start screen) and ``annotator open PROJECT``: the tagger's window
(the lab lead's is ``annotator lead``).

Qt is imported only here, inside the functions, so the headless commands and ``--help``
never load it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from annotator.commands.contract import Command, Exits


def start_screen(_args: argparse.Namespace) -> int:
    """``annotator`` with no command: the start screen (open a project, type your name);
    a command's ``run``, so it takes the (here empty) arguments."""
    return _window(None, None)


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, metavar="PROJECT",
                        help="a project folder, its project.toml, or a .crproject shortcut "
                             "naming the folder (what a double-click on either opens)")
    parser.add_argument("--tagger", help="start rating at once as this tagger")
    parser.add_argument("--seat", metavar="LAPTOP",
                        help="this laptop's seat in a plan by laptop (laptop-03), remembered")


def _open(args: argparse.Namespace) -> int:
    return _window(args.folder, args.tagger, args.seat)


def _window(folder: Path | None, tagger: str | None, seat: str | None = None) -> int:
    from annotator.ui.app import run_gui  # Qt only when a window is wanted

    return run_gui(folder, tagger=tagger, seat=seat)


OPEN = Command(
    name="open",
    help="open a project in the tagger's window, to rate (its folder, project.toml or a "
         ".crproject shortcut)",
    exits=Exits(done="the window was closed (a folder that cannot be opened is explained "
                     "in the window)"),
    add_arguments=_add_arguments,
    run=_open,
)
