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
from typing import TypeAlias

from annotator.commands.analyze import ANALYZE
from annotator.commands.contract import STREAMS, Command, Group, add_quiet, add_verbose
from annotator.commands.export import EXPORT
from annotator.commands.export_tasks import EXPORT_TASKS
from annotator.commands.gui import OPEN
from annotator.commands.import_ratings import IMPORT_RATINGS
from annotator.commands.init import INIT
from annotator.commands.lead import LEAD
from annotator.commands.merge import MERGE
from annotator.commands.plan import PLAN
from annotator.commands.priors import PRIORS
from annotator.commands.round import ROUND
from annotator.commands.simulate import SIMULATE
from annotator.commands.snapshot import SNAPSHOT
from annotator.commands.validate import VALIDATE

COMMANDS: tuple[Command | Group, ...] = (
    OPEN, LEAD, VALIDATE, INIT, PLAN, PRIORS, SIMULATE, ROUND, EXPORT_TASKS, IMPORT_RATINGS,
    ANALYZE, EXPORT, MERGE, SNAPSHOT)
"""In the order ``annotator --help`` lists them."""


def with_default_actions(argv: Sequence[str]) -> list[str]:
    """``argv`` with a group's default action put in where the word after the group names
    none of its actions (``plan FOLDER …`` → ``plan make FOLDER …``; also after the
    options that come before any command, such as ``--verbose``)."""
    words = list(argv)
    at = next((index for index, word in enumerate(words) if not word.startswith("-")),
              len(words))
    command, after = words[at:at + 1], words[at + 1:at + 2]
    for entry in COMMANDS:
        if (isinstance(entry, Group) and entry.default and command == [entry.name]
                and after and not after[0].startswith("-")
                and after[0] not in {action.name for action in entry.actions}):
            return [*words[:at + 1], entry.default, *words[at + 1:]]
    return words


Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""argparse's type for what ``add_subparsers()`` returns."""


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
                add_verbose(parser, default=argparse.SUPPRESS)
                add_quiet(parser)
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
