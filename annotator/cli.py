"""The ``annotator`` command.

With no subcommand it opens the GUI on the start screen; ``open`` goes straight to a
project; the other subcommands work headless and print messages, never tracebacks.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from annotator import __version__
from annotator.errors import AnnotatorError, NotAProjectError
from annotator.lead_commands import add_lead_commands, run_lead_command
from annotator.project.importers import CAPTION_FORMATS

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_NOT_A_PROJECT = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="annotator",
        description="Rate how well captions describe images, with an expert panel, offline.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check this installation offscreen (sample project, one rating) and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    opener = commands.add_parser("open", help="open a project folder in the app")
    opener.add_argument("folder", type=Path)
    opener.add_argument("--tagger", help="start rating at once as this tagger")

    validate = commands.add_parser(
        "validate",
        help="list every problem of a project folder (exit 0 clean, 1 problems, 2 not a project)",
    )
    validate.add_argument("folder", type=Path)

    init = commands.add_parser("init", help="create a project from images and captions")
    init.add_argument("folder", type=Path, help="the new project folder")
    init.add_argument("--images", type=Path, required=True, help="folder of images")
    init.add_argument(
        "--captions",
        type=Path,
        help="CSV/TSV with image and caption columns, COCO captions JSON, Flickr8k token file "
        "or JSONL (omit to use sidecar .txt files)",
    )
    init.add_argument(
        "--captions-format",
        choices=CAPTION_FORMATS,
        help="the captions file's format (default: from its extension and first line)",
    )
    init.add_argument("--name", help="project name (default: the folder's name)")
    init.add_argument("--rubric", default="vicr5", help="rubric id (default: vicr5)")

    simulate = commands.add_parser(
        "simulate",
        help="play the Rating Game with simulated taggers (writes ordinary session files)",
    )
    simulate.add_argument("folder", type=Path)
    simulate.add_argument("--taggers", type=_positive, required=True, help="how many taggers")
    simulate.add_argument("--rounds", type=_positive, default=1, help="rounds each (default 1)")
    simulate.add_argument("--seed", type=int, help="seed, to repeat a simulation exactly")

    _add_round_parser(commands)

    ratings = commands.add_parser(
        "import-ratings", help="turn existing ratings into the CSV analyze --ratings-csv reads")
    ratings.add_argument("format", choices=["flickr8k-expert"],
                         help="flickr8k-expert: ExpertAnnotations.txt of Flickr8k-Expert")
    ratings.add_argument("file", type=Path, help="the ratings file to convert")
    ratings.add_argument("--out", type=Path, required=True, metavar="RATINGS.csv",
                         help="the item_id,tagger,round,rating CSV to write")

    analyze = commands.add_parser("analyze", help="agreement statistics of the panel's ratings")
    analyze.add_argument("input", type=Path, nargs="?",
                         help="project folder, session file or panel database")
    analyze.add_argument("--ratings-csv", type=Path, help="item_id,tagger,round,rating CSV")
    analyze.add_argument("--json", type=Path, help="write the full results here")
    analyze.add_argument("--csv-dir", type=Path, help="write items.csv and taggers.csv here")
    analyze.add_argument("--metrics", type=Path, metavar="FILE",
                         help="item_id,metric,score CSV of automatic metrics to benchmark "
                              "(default: metrics.csv of the project folder, if any)")
    analyze.add_argument("--level", default="ordinal",
                         choices=["ordinal", "interval", "nominal", "ratio"])
    analyze.add_argument("--reps", type=int, default=100, help="virtual-rater repetitions")
    analyze.add_argument("--bootstrap", type=int, default=1000, help="resamples for α's CI")
    analyze.add_argument("--seed", type=int, default=0, help="seed of every random choice")
    analyze.add_argument("--exclude-failed-checks", action="store_true",
                         help="leave out taggers who failed the attention checks")
    analyze.add_argument("--gui", action="store_true",
                         help="open the analysis pane (charts, items, exports) in a window")
    add_lead_commands(commands)
    return parser


def _add_round_parser(commands: argparse._SubParsersAction) -> None:
    """``round start`` and ``round list`` under the ``annotator`` command."""
    rounds = commands.add_parser("round", help="start a retest round, or list the rounds")
    actions = rounds.add_subparsers(dest="round_command", metavar="ACTION", required=True)
    starter = actions.add_parser(
        "start", help="record the next round in project.toml (every laptop follows it)"
    )
    starter.add_argument("folder", type=Path)
    starter.add_argument("--items", type=Path, metavar="SUBSET.csv",
                         help="rate only the items listed (a CSV with an item_id column)")
    mode = starter.add_mutually_exclusive_group()
    mode.add_argument("--blind", dest="feedback", action="store_false", default=None,
                      help="no consensus or points after each rating (default for retests)")
    mode.add_argument("--feedback", dest="feedback", action="store_true", default=None,
                      help="show the panel's consensus and points in this round")
    lister = actions.add_parser("list", help="the project's rounds and which one is current")
    lister.add_argument("folder", type=Path)


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return number


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _dispatch(args)
    except OSError as error:  # a disk or permission problem, not a bug: say which file
        where = f"{error.filename}: " if error.filename else ""
        print(f"{where}{error.strerror or error}", file=sys.stderr)
        return EXIT_NOT_A_PROJECT


def _dispatch(args: argparse.Namespace) -> int:
    if args.self_test:
        return _self_test()
    if args.command is None:
        return _run_gui(None, None)
    if args.command == "open":
        return _run_gui(args.folder, args.tagger)
    if args.command == "validate":
        return _validate(args.folder)
    if args.command == "init":
        return _init(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "import-ratings":
        return _import_ratings(args)
    if args.command == "round":
        from annotator.session.round_command import run_round

        try:
            run_round(args)
        except AnnotatorError as error:
            return _refused(error)
        return EXIT_OK
    if args.command == "analyze" and args.gui:
        if args.input is None or args.ratings_csv is not None:
            print("--gui opens a project folder or a panel database, not a ratings CSV.",
                  file=sys.stderr)
            return EXIT_PROBLEMS
        from annotator.ui.app import run_analysis_pane

        return run_analysis_pane(args.input)
    if args.command == "analyze":  # numpy/scipy load only for this command
        from annotator.analysis.command import run_analyze

        return run_analyze(args)
    if args.command in ("merge", "snapshot"):
        return run_lead_command(args)
    raise AssertionError(f"unhandled command {args.command}")


def _refused(error: AnnotatorError) -> int:
    """Print a refusal as the sentence it is (never a traceback); the exit code it means."""
    print(error, file=sys.stderr)
    return EXIT_NOT_A_PROJECT if isinstance(error, NotAProjectError) else EXIT_PROBLEMS


def _run_gui(folder: Path | None, tagger: str | None) -> int:
    from annotator.ui.app import run_gui  # Qt only when a window is wanted

    return run_gui(folder, tagger=tagger)


def _self_test() -> int:
    from annotator.selftest import run_self_test

    return run_self_test()


def _validate(folder: Path) -> int:
    from annotator.project.folder import validate_project

    try:
        project = validate_project(folder)
    except NotAProjectError as error:
        print(error, file=sys.stderr)
        return EXIT_NOT_A_PROJECT
    except AnnotatorError as error:
        print(error)
        return EXIT_PROBLEMS
    for problem in project.problems:
        print(problem)
    count = len(project.problems)
    print(
        f"{count} problem{'s' if count != 1 else ''}; {len(project.items)} pairs can be rated.",
        file=sys.stderr,
    )
    return EXIT_PROBLEMS if count else EXIT_OK


def _init(args: argparse.Namespace) -> int:
    from annotator.project.create import init_project

    try:
        project = init_project(
            args.folder,
            images=args.images,
            captions=args.captions,
            name=args.name,
            rubric=args.rubric,
            captions_format=args.captions_format,
        )
    except AnnotatorError as error:
        print(error, file=sys.stderr)
        return EXIT_PROBLEMS
    for problem in project.problems:
        print(problem)
    print(
        f"Created {project.root} with {len(project.items)} pairs"
        + (f"; {len(project.problems)} input lines were left out (listed above)."
           if project.problems else "."),
        file=sys.stderr,
    )
    return EXIT_PROBLEMS if project.problems else EXIT_OK


def _import_ratings(args: argparse.Namespace) -> int:
    from annotator.project.importers.flickr8k import EXPERT_TAGGERS, expert_ratings_csv

    try:
        pairs = expert_ratings_csv(args.file, args.out)
    except AnnotatorError as error:
        return _refused(error)
    print(f"Wrote {pairs * len(EXPERT_TAGGERS)} ratings of {pairs} pairs to {args.out} "
          f"(taggers {', '.join(EXPERT_TAGGERS)}, round 1). The three taggers are the "
          "positions of each pair's scores, which Flickr8k-Expert sorts low to high, not three "
          "people: read per-tagger figures with that in mind. Analyse them with: "
          f"annotator analyze --ratings-csv {args.out}", file=sys.stderr)
    return EXIT_OK


def _simulate(args: argparse.Namespace) -> int:
    from annotator.project.folder import open_project
    from annotator.session.simulate import simulate, truth_summary

    try:
        project = open_project(args.folder)
        result = simulate(
            project,
            taggers=args.taggers,
            rounds=args.rounds,
            seed=args.seed,
            progress=lambda line: print(line, file=sys.stderr),
        )
    except AnnotatorError as error:
        return _refused(error)
    print(f"{'tagger':<22} {'bias':>6} {'noise':>6} {'ratings':>8} {'probations':>10} "
          f"{'score':>6}  session file")
    for tally in result.taggers:
        tagger = tally.tagger
        score = "-" if tally.score is None else str(tally.score)
        if tally.gave_up:
            score = "left"
        print(f"{tagger.name:<22} {tagger.bias:>6.2f} {tagger.noise:>6.2f} {tally.ratings:>8} "
              f"{tally.probations:>10} {score:>6}  {tally.file.name}")
    started = "".join(f" Round {n} started in project.toml." for n in result.started_rounds)
    print(
        f"Seed {result.seed}: run again on a fresh copy with --seed {result.seed} to repeat it. "
        f"Ratings from {result.began:%Y-%m-%d %H:%M} to {result.ended:%Y-%m-%d %H:%M} UTC "
        f"(now).{started}\n{truth_summary(result)}",
        file=sys.stderr,
    )
    return EXIT_OK
