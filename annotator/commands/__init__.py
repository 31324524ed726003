"""Every ``annotator`` command, one module per command group, in one registry.

A command module defines a :class:`~annotator.commands.contract.Command` (or a
:class:`~annotator.commands.contract.Group` of them): its name, help, exit codes, arguments
and body. :func:`add_commands` turns the registry into argparse sub-parsers, each carrying
its body as ``args.run``; :mod:`annotator.cli` calls it. Command modules import the layers
below them only inside their bodies, so ``annotator --help`` loads neither numpy nor Qt.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from annotator.commands.analyze import ANALYZE
from annotator.commands.contract import STREAMS, Command, Group
from annotator.commands.gui import OPEN
from annotator.commands.import_ratings import IMPORT_RATINGS
from annotator.commands.init import INIT
from annotator.commands.merge import MERGE
from annotator.commands.plan import PLAN
from annotator.commands.round import ROUND
from annotator.commands.simulate import SIMULATE
from annotator.commands.snapshot import SNAPSHOT
from annotator.commands.validate import VALIDATE

COMMANDS: tuple[Command | Group, ...] = (
    OPEN, VALIDATE, INIT, PLAN, SIMULATE, ROUND, IMPORT_RATINGS, ANALYZE, MERGE, SNAPSHOT)
"""In the order ``annotator --help`` lists them."""

def with_default_actions(argv: Sequence[str]) -> list[str]:
    """``argv`` with a group's default action put in where the word after the group names
    none of its actions (``plan FOLDER …`` → ``plan make FOLDER …``)."""
    words = list(argv)
    for entry in COMMANDS:
        if (isinstance(entry, Group) and entry.default and words[:1] == [entry.name]
                and len(words) > 1 and not words[1].startswith("-")
                and words[1] not in {action.name for action in entry.actions}):
            return [entry.name, entry.default, *words[1:]]
    return words


Subparsers = argparse._SubParsersAction  # argparse's type for add_subparsers()


def add_commands(subparsers: Subparsers, entries: tuple[Command | Group, ...] = COMMANDS,
                 ) -> None:
    """One sub-parser per command; a group gets its own ``ACTION`` sub-parsers."""
    for entry in entries:
        match entry:
            case Command():
                parser = subparsers.add_parser(
                    entry.name, help=entry.help, description=entry.help,
                    epilog=f"{entry.exits.epilog()}\n{STREAMS}",
                    formatter_class=argparse.RawDescriptionHelpFormatter)
                entry.add_arguments(parser)
                parser.set_defaults(run=entry.run)
            case Group():
                parser = subparsers.add_parser(
                    entry.name, help=entry.help, description=entry.help,
                    epilog="\n".join([*(action.exits.epilog(
                        f"exit status of {entry.name} {action.name}") for action in entry.actions),
                        STREAMS]),
                    formatter_class=argparse.RawDescriptionHelpFormatter)
                actions = parser.add_subparsers(dest=f"{entry.name}_action", metavar="ACTION",
                                                required=True)
                add_commands(actions, entry.actions)
