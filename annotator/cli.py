"""The ``annotator`` command: the entry point over :mod:`annotator.commands`.

With no command it opens the GUI on the start screen; the commands work headless and
print sentences, never tracebacks. Every refusal goes through one helper
(:func:`~annotator.commands.contract.refuse`) and every exit code through one contract
(:class:`~annotator.commands.contract.ExitCode`).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence

from annotator import __version__
from annotator.commands import add_commands, gui, selftest, with_default_actions
from annotator.commands.contract import CONTRACT, add_verbose, refuse
from annotator.errors import AnnotatorError

EPILOG = f"{CONTRACT}\n\n{selftest.EXITS.epilog('exit status of --self-test')}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="annotator",
        description="Rate how well captions describe images, with an expert panel, offline. "
                    "With no command: the tagger's window (its start screen); the lab "
                    "lead's window is 'annotator lead'.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--self-test", action="store_true", help=selftest.HELP)
    add_verbose(parser, default=False)
    parser.set_defaults(run=gui.start_screen)
    add_commands(parser.add_subparsers(dest="command", metavar="COMMAND"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(with_default_actions(sys.argv[1:] if argv is None
                                                          else argv))
    run = selftest.run if args.self_test else args.run
    import logging  # after parsing: --help and --version need not load logging

    from annotator.applog import verbose_logging

    with verbose_logging(args.verbose):
        log = logging.getLogger(__name__)
        if log.isEnabledFor(logging.DEBUG):  # platform's calls cost time: only when shown
            log.debug("annotator %s, Python %s on %s %s %s: %s", __version__,
                      platform.python_version(), platform.system(), platform.release(),
                      platform.machine(), " ".join(sys.argv[1:] if argv is None else argv))
        started = time.perf_counter()
        try:
            code = run(args)
        except (AnnotatorError, OSError) as error:
            code = refuse(error)
        log.debug("exit status %d after %.2f s", code, time.perf_counter() - started)
        return code
