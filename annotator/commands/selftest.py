"""``annotator --self-test``: check this installation offscreen (the checks are in
:mod:`annotator.selftest`)."""

from __future__ import annotations

import argparse

from annotator.commands.contract import ExitCode, Exits

HELP = "check this installation offscreen (sample project, one rating) and exit"
EXITS = Exits(done="every check passed", problems="a check failed (stdout names it and why)")


def run(_args: argparse.Namespace) -> ExitCode:
    """A command's ``run``; ``--self-test`` takes no arguments of its own."""
    from annotator.selftest import run_self_test

    return ExitCode.DONE if run_self_test() else ExitCode.PROBLEMS
