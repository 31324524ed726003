"""``annotator analyze``: load ratings, run every statistic, print a summary, write files.

Files people keep (the JSON, the CSV tables) are written beside their target and renamed
into place, so an interrupted run never leaves half a file (STYLE rule 6). ``--json -``
prints the JSON on stdout, and the summary then goes to stderr so stdout stays valid JSON.
numpy and the analysis load only when the command runs, Qt only for ``--gui`` (the lab
lead's window, as ``annotator lead SOURCE`` opens it).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.commands.contract import Command, ExitCode, Exits, Progress
from annotator.commands.export import add_split_arguments, split_spec
from annotator.errors import AnnotatorError
from annotator.planning.splits import SPLIT_NAMES

if TYPE_CHECKING:
    from annotator.analysis.pipeline import Analysis, AnalysisSource, LoadedInput
    from annotator.analysis.results import Results

PAPERS = ("vicr", "vcrscore", "caption-quality", "contextref")
"""The papers of ``--tables`` (:data:`annotator.analysis.paper_tables.PAPERS`)."""
STDOUT = Path("-")
"""``--json -``: the JSON on stdout instead of a file."""


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", type=Path, nargs="?",
                        help="project folder, session file or panel database")
    parser.add_argument("--ratings-csv", type=Path, help="item_id,tagger,round,rating CSV")
    parser.add_argument("--levels", type=scale, metavar="SCALE",
                        help="the scale of --ratings-csv: whole numbers LOW-HIGH (1-5) or a "
                             "list (0,0.5,1); a rating off it is refused (default: the values "
                             "rated, said on stderr)")
    parser.add_argument("--project", type=Path, metavar="FOLDER",
                        help="with --ratings-csv: take the scale from this project's rubric; "
                             "with a panel or session file: its project folder (default: the "
                             "one beside the file or one up; else a panel's own item sources)")
    parser.add_argument("--json", type=Path, metavar="FILE",
                        help="write the full results here ('-': print them on stdout, and the "
                             "summary on stderr)")
    parser.add_argument("--csv-dir", type=Path,
                        help="write items.csv and taggers.csv here (the pane's tables)")
    parser.add_argument("--metrics", type=Path, metavar="FILE",
                        help="item_id,metric,score CSV of automatic metrics to benchmark "
                             "(default: metrics.csv of the project folder, if any)")
    parser.add_argument("--level", default="ordinal",
                        choices=["ordinal", "interval", "nominal", "ratio"])
    parser.add_argument("--reps", type=int, default=100, help="virtual-rater repetitions")
    parser.add_argument("--bootstrap", type=int, default=1000, help="resamples for α's CI")
    parser.add_argument("--seed", type=int, default=0, help="seed of every random choice")
    parser.add_argument("--exclude-failed-checks", action="store_true",
                        help="leave out taggers who failed the attention checks")
    parser.add_argument("--tables", metavar="PAPER", choices=PAPERS,
                        help="lay out a paper's tables instead of the summary: "
                             f"{', '.join(PAPERS)}; --json then holds the tables")
    parser.add_argument("--split", choices=SPLIT_NAMES,
                        help="analyse only this split's items (with --splits, and --by and "
                             "--split-seed as given to export's --splits, --by and --seed)")
    add_split_arguments(parser, seed_option="--split-seed")
    parser.add_argument("--gui", action="store_true",
                        help="open the lab lead's window on it instead (the same as "
                             "'annotator lead SOURCE')")


def _run(args: argparse.Namespace) -> int:
    return _open_pane(args) if args.gui else run_analyze(args)


def _open_pane(args: argparse.Namespace) -> int:
    if args.input is None or args.ratings_csv is not None:
        raise AnnotatorError("--gui opens a project folder or a panel database, not a "
                             "ratings CSV.")
    from annotator.commands.lead import open_lead_window

    return open_lead_window(args.input)


def run_analyze(args: argparse.Namespace) -> ExitCode:
    """The command without ``--gui``: DONE when the report was made, PROBLEMS when it was
    made without session files that cannot be read (each named, before the summary, with
    what it holds: the game leaves them out too, and ``validate`` lists them); a refusal
    raises."""
    from annotator.analysis.pipeline import AnalysisOptions, analyse_input
    from annotator.reporting.summary import summary_text

    with Progress.of(args) as progress:
        progress("Reading the ratings…")
        analysis = analyse_input(_split_of(_loaded(args), args),
                           AnalysisOptions(level=args.level, reps=args.reps,
                                           bootstrap=args.bootstrap, seed=args.seed,
                                           exclude_failed_checks=args.exclude_failed_checks,
                                           metrics_file=args.metrics))
        progress("Writing the report…")
        if args.tables is not None:
            return _write_tables(args, analysis)
        results, text = _write_files(args, analysis)
    if args.ratings_csv is not None and args.levels is None and args.project is None:
        print(f"The scale was taken from the values rated: "
              f"{', '.join(f'{v:g}' for v in results.levels)}. If the rubric has levels no "
              "one chose, give them (--levels 1-5, or --project FOLDER): Gwet's AC1 counts "
              "every level of the scale.", file=sys.stderr)
    if args.json == STDOUT:
        sys.stdout.write(text)
    report = sys.stderr if args.json == STDOUT else sys.stdout
    for warning in analysis.input.warnings:
        print(warning, file=report)
    print(summary_text(results), file=report)
    return ExitCode.PROBLEMS if analysis.input.left_out else ExitCode.DONE


def _write_tables(args: argparse.Namespace, analysis: Analysis) -> ExitCode:
    """``--tables PAPER``: the paper's tables as text (on stderr with ``--json -``) and, with
    ``--json``, as JSON."""
    from annotator.analysis.paper_tables import PAPERS as TABLES
    from annotator.analysis.paper_tables import tables_text
    from annotator.files import write_text

    if args.csv_dir is not None:
        raise AnnotatorError("--csv-dir writes the report's tables; --tables prints a "
                             "paper's. Give one of them.")
    tables = TABLES[args.tables](analysis)
    text = json.dumps(tables.to_json(), indent=2, ensure_ascii=False) + "\n"
    if args.json == STDOUT:
        sys.stdout.write(text)
    elif args.json is not None:
        _refuse_over_inputs(args, analysis, [args.json])
        args.json.parent.mkdir(parents=True, exist_ok=True)
        write_text(args.json, text)
    report = sys.stderr if args.json == STDOUT else sys.stdout
    for warning in analysis.input.warnings:
        print(warning, file=report)
    print(tables_text(tables), file=report, end="")
    return ExitCode.PROBLEMS if analysis.input.left_out else ExitCode.DONE


def _refuse_over_inputs(args: argparse.Namespace, analysis: Analysis,
                        outputs: list[Path]) -> None:
    """Refuse ``outputs`` that would overwrite the input or the project's own files."""
    from annotator.project.own_files import refuse_output_over_inputs

    project = analysis.input.project
    refuse_output_over_inputs(outputs, None if project is None else project.root,
                              reads=[p for p in (args.input, args.ratings_csv, args.metrics)
                                     if p is not None])


def _write_files(args: argparse.Namespace, analysis: Analysis) -> tuple[Results, str]:
    """Write the CSV tables and the JSON file asked for; return the results as written
    (with where items.csv went) and the JSON text."""
    from annotator.analysis.undefined import Undefined
    from annotator.files import write_text

    csv_files = ([] if args.csv_dir is None
                 else [args.csv_dir / "items.csv", args.csv_dir / "taggers.csv"])
    json_file = [] if args.json in (None, STDOUT) else [args.json]
    _refuse_over_inputs(args, analysis, [*csv_files, *json_file])
    results = analysis.results
    csv: str | Undefined = Undefined("no --csv-dir was given")
    if args.csv_dir is not None:  # the tables' modules (and their SVG charts') only then
        from annotator.reporting.items_table import items_table
        from annotator.reporting.sections.taggers import taggers_table

        args.csv_dir.mkdir(parents=True, exist_ok=True)
        csv = str(args.csv_dir / "items.csv")
        for table in (items_table(analysis), taggers_table(analysis)):
            write_text(args.csv_dir / f"{table.name}.csv", table.csv_text(), bom=True)
    results = replace(results, items=replace(results.items, csv=csv))
    text = json.dumps(results.to_json(), indent=2, ensure_ascii=False) + "\n"
    if args.json is not None and args.json != STDOUT:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        write_text(args.json, text)
    return results, text


def _loaded(args: argparse.Namespace) -> LoadedInput:
    from annotator.analysis.pipeline import load_source

    return load_source(_source(args))


def _split_of(loaded: LoadedInput, args: argparse.Namespace) -> LoadedInput:
    """``--split NAME``: the input with that split's items only (the project's items split
    as ``export --splits`` splits them)."""
    if args.split is None:
        if args.splits is not None:
            raise AnnotatorError("--splits gives the split of --split: name the split to "
                                 "analyse (--split test).")
        return loaded
    spec = split_spec(args)
    if spec is None:
        raise AnnotatorError("--split needs the split it is one of: --splits 80/10/10 (and "
                             "--by, --split-seed as given to export).")
    if loaded.project is None:
        raise AnnotatorError("--split needs the project folder (its items and images), and "
                             f"none was found for this {loaded.kind}: name it with --project.",
                             file=loaded.path)
    from annotator.analysis.pipeline import only_items
    from annotator.planning.splits import assign_splits

    split_of = assign_splits(loaded.project.items, spec)
    return only_items(loaded, [item for item, split in split_of.items() if split == args.split])


def _source(args: argparse.Namespace) -> AnalysisSource:
    """``--project`` gives the scale of ``--ratings-csv``, or the project of an input file."""
    if args.ratings_csv is None:
        return source_of(args.input, None, args.levels, project=args.project)
    return source_of(args.input, args.ratings_csv, _levels(args))


def source_of(given: Path | None, ratings_csv: Path | None,
              levels: tuple[float, ...] | None = None, *,
              project: Path | None = None) -> AnalysisSource:
    """A project folder / session file / panel database (of the project folder
    ``project``, when named), or (``--ratings-csv``) a CSV on the scale ``levels`` (None:
    the values rated)."""
    from annotator.analysis.pipeline import AnalysisSource

    if given is not None and ratings_csv is None:
        if levels is not None:
            raise AnnotatorError("--levels gives the scale of --ratings-csv; a project "
                                 "folder, panel or session file has its rubric's.")
        return AnalysisSource(given, project=project)
    if given is None and ratings_csv is not None:
        return AnalysisSource(ratings_csv, ratings_csv=True, levels=levels)
    raise AnnotatorError("Give either a project folder / session file, or --ratings-csv.")


def scale(text: str) -> tuple[float, ...]:
    """An argparse type: ``LOW-HIGH`` (whole numbers) or a comma-separated list of values."""
    whole = re.fullmatch(r"\s*(-?\d+)\s*-\s*(-?\d+)\s*", text)
    try:
        values = (tuple(float(v) for v in range(int(whole[1]), int(whole[2]) + 1)) if whole
                  else tuple(float(part) for part in text.split(",")))
    except ValueError:
        values = ()
    if len(set(values)) < 2 or not all(math.isfinite(v) for v in values) or len(values) > 1000:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a scale: give whole numbers LOW-HIGH (1-5) or two or more "
            "values separated by commas (0,0.5,1)")
    return tuple(sorted(set(values)))


def _levels(args: argparse.Namespace) -> tuple[float, ...] | None:
    """The scale of ``--ratings-csv``: ``--levels``, or the rubric of ``--project``."""
    if args.levels is not None and args.project is not None:
        raise AnnotatorError("Give the scale once: --levels or --project, not both.")
    if args.project is None:
        levels: tuple[float, ...] | None = args.levels
        return levels
    from annotator.project.folder import open_project

    return tuple(float(level.value) for level in open_project(args.project).rubric.levels)


ANALYZE = Command(
    name="analyze",
    help="agreement statistics of the panel's ratings",
    exits=Exits(done="the summary was printed (on stderr with --json -) and the files asked "
                     "for were written; with --gui: the window was closed",
                problems="the same, without the project's session files that cannot be read "
                         "(damaged, another project's, holding values off the rubric): each "
                         "is named, with what it holds, before the summary",
                refused="the ratings, the metrics file or the options cannot be used (the "
                        "file and line are named)"),
    add_arguments=_add_arguments,
    run=_run,
)
