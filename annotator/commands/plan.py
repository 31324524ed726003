"""``annotator plan``: who rates what, how far the ratings have come, the top-up, and how
many ratings are enough.

``annotator plan FOLDER …`` makes the plan (the group's default action, ``make``);
``status``, ``top-up`` and ``power`` follow it. Tables go to stdout, what to do next to
stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.commands.contract import Command, ExitCode, Exits, Group, Progress, positive
from annotator.errors import AnnotatorError

if TYPE_CHECKING:
    from annotator.planning.assign import StudyPlan
    from annotator.planning.coverage import Coverage
    from annotator.planning.power import PowerTable


def _numbers(text: str) -> list[int]:
    """An argparse type: ``3`` or ``3,4,5``, each a whole number of at least 1."""
    return [positive(part.strip()) for part in text.split(",")]


def _seed(value: int | None) -> int:
    return random.SystemRandom().randrange(2**31) if value is None else value


def _natural(text: str) -> int:
    """An argparse type: a whole number of at least 0 (a seed)."""
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 0")
    return number


# --- plan FOLDER ---------------------------------------------------------------------------


def _add_make_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)
    parser.add_argument("--ratings-per-item", type=positive, required=True, metavar="K",
                        help="how many taggers rate each item")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--taggers", metavar="NAMES",
                     help='the taggers by name, separated by commas: "Ana,Ben,Chen"')
    who.add_argument("--laptops", type=positive, metavar="N",
                     help="N laptops, whoever rates on them (seats laptop-01 … laptop-NN)")
    parser.add_argument("--pairs-per-tagger", type=positive, metavar="M",
                        help="pairs each tagger rates; alone, it sets how many laptops")
    parser.add_argument("--seed", type=_natural, help="seed, to repeat a plan exactly")
    parser.add_argument("--replace", action="store_true",
                        help="replace the project's plan (and its top-ups)")


def _make(args: argparse.Namespace) -> ExitCode:
    from annotator.planning.assign import plan_study, tagger_names
    from annotator.project.folder import open_project
    from annotator.project.plan_file import plan_csv_text, utc_second, write_plan

    project = open_project(args.folder)
    if project.plan is not None and not args.replace:
        raise AnnotatorError(f"This project already has a plan ({project.plan.file}). Add "
                             "--replace to plan again: every laptop then needs the new one.",
                             file=args.folder / "project.toml")
    if project.current_round > 1:
        raise AnnotatorError(f"The project is in round {project.current_round}; a plan is for "
                             "round 1. Plan on a copy of the folder made before round 2.",
                             file=args.folder / "project.toml")
    seed = _seed(args.seed)
    names = tagger_names(args.taggers) if args.taggers is not None else None
    study = plan_study(project.round_items(1), k=args.ratings_per_item, taggers=names,
                       laptops=args.laptops, pairs_per_tagger=args.pairs_per_tagger, seed=seed,
                       checks=project.checks.items)
    written = write_plan(args.folder, text=plan_csv_text(study.by.value, study.rows),
                         settings={**study.settings(), "created": utc_second(datetime.now(UTC))})
    _print_shares(study)
    print(_design_summary(study) + _checks_summary(study, project.checks.every)
          + f"\nSeed {seed}: --seed {seed} repeats this plan. "
          + _hand_out(study.by.value, written.name), file=sys.stderr)
    return ExitCode.DONE


def _print_shares(study: StudyPlan) -> None:
    loads: dict[str, int] = dict.fromkeys(study.assignees, 0)
    for who, _ in study.rows:
        loads[who] += 1
    width = max(len(study.by.value), *(len(name) for name in loads))
    print(f"{study.by.value:<{width}}  pairs")
    for name, count in loads.items():
        print(f"{name:<{width}}  {count:>5}")


def _design_summary(study: StudyPlan) -> str:
    f = study.figures
    who = f"{f.taggers} {study.by.value}s"
    lines = [f"Planned {f.items:,} items × {f.k} ratings over {who}: {f.load_min}"
             + (f"–{f.load_max}" if f.load_max != f.load_min else "") + " pairs each."]
    if f.overlap_min is not None and f.overlap_max is not None:
        shared = (f"every two {study.by.value}s share {f.overlap_min} pairs" if f.balanced
                  else f"two {study.by.value}s share {f.overlap_min}–{f.overlap_max} pairs "
                  f"(on average {f.mean_overlap:.2f})")
        design = ("a balanced incomplete block design" if f.balanced else "near-balanced")
        linked = ("" if f.connected else f"; not every {study.by.value} is linked to every "
                  "other through shared pairs: too few pairs for that")
        lines.append(f"Overlaps: {shared} ({design}){linked}.")
    return "\n".join(lines)


def _checks_summary(study: StudyPlan, every: int) -> str:
    """How many attention-check items each share holds, against one per ``every`` pairs."""
    if study.checks is None:
        return ""
    f = study.figures
    held, wanted = study.checks, (-(-f.load_min // every), -(-f.load_max // every))
    line = (f"\nAttention checks: {_span(*held)} of the check items per {study.by.value}")
    if held == wanted:
        return f"{line}, one in every {every} pairs as [checks] every asks."
    more = held[0] < wanted[0] or held[1] < wanted[1]
    return (f"{line}; one in every {every} pairs would be {_span(*wanted)}: mark "
            f"{'more' if more else 'fewer'} items as checks, or change [checks] every in "
            "project.toml.")


def _span(low: int, high: int) -> str:
    return f"{low}" if low == high else f"{low}–{high}"


def _hand_out(column: str, name: str, *, top_up: bool = False) -> str:
    if top_up:
        return (f"Hand {name} and project.toml to every laptop: the new pairs follow each "
                f"{column}'s others in round 1.")
    if column == "laptop":
        return (f"Hand {name} and project.toml to every laptop with the folder, and label the "
                "laptops laptop-01, laptop-02 …: the first time the project opens on a laptop, "
                "the app asks which one it is.")
    return (f"Hand {name} and project.toml to every laptop with the folder: each tagger, "
            "choosing their name on the start screen, gets their share.")


# --- plan status -------------------------------------------------------------------------


def _add_status_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", type=Path, metavar="PANEL|FOLDER",
                        help="a panel database, or a project folder (its session files)")


def _status(args: argparse.Namespace) -> ExitCode:
    from annotator.planning.coverage import coverage, plan_ratings

    ratings = plan_ratings(args.source)
    plan = ratings.plan
    found = coverage(plan, ratings.table, failed=ratings.failed)
    _print_coverage(found)
    _warn_left_out(ratings.left_out)
    _say_failed(found)
    short = found.under_target
    print(f"{len(found.items):,} planned items, {found.target} ratings each: "
          f"{len(found.items) - len(short):,} have them, {len(short):,} are under target. "
          f"{len(found.behind)} of {len(found.shares)} {plan.column}s have pairs to go."
          + (" Once they are done, `annotator plan top-up FOLDER --to "
             f"{found.target}` gives the missing ratings to others." if short else ""),
          file=sys.stderr)
    return ExitCode.PROBLEMS if ratings.left_out else ExitCode.DONE


def _warn_left_out(warnings: tuple[str, ...]) -> None:
    """The session files of the folder that could not be read, one line each: their
    ratings are not counted, so their items look short of ratings."""
    for warning in warnings:
        print(warning, file=sys.stderr)


def _say_failed(found: Coverage) -> None:
    """Who failed the attention checks, and how many of their ratings are not counted."""
    if found.not_counted:
        print(found.not_counted, file=sys.stderr)


def _print_coverage(found: Coverage) -> None:
    column = found.by.value
    width = max([len(column), *(len(p.assignee) for p in found.shares)])
    print(f"{column:<{width}}  {'given':>6}  {'done':>6}  {'to go':>6}"
          + ("  taggers" if column == "laptop" else ""))
    for share in found.shares:
        print(f"{share.assignee:<{width}}  {share.given:>6}  {share.done:>6}  "
              f"{share.behind:>6}" + (f"  {', '.join(share.taggers)}" if column == "laptop"
                                      else ""))
    for other in found.outside:
        where = ("seat not known yet" if other.placed else "not in the plan")
        print(f"{other.tagger:<{width}}  {'':>6}  {other.rated:>6}  {'':>6}  ({where})")
    short = found.under_target
    if short:
        print(f"\n{'item_id':<20}  {'ratings':>7}  {'target':>6}  waiting for")
        for item in short:
            print(f"{item.item_id:<20}  {item.rated:>7}  {found.target:>6}  "
                  f"{', '.join(item.waiting)}")


# --- plan top-up -------------------------------------------------------------------------


def _add_top_up_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)
    parser.add_argument("--to", type=positive, required=True, metavar="K",
                        help="bring every planned item up to K ratings")
    parser.add_argument("--ratings", type=Path, metavar="PANEL|FOLDER",
                        help="where the ratings are (default: the folder's session files)")
    parser.add_argument("--disputed", type=_natural, default=0, metavar="N",
                        help="also give the N most disputed items one rating more")
    parser.add_argument("--taggers", metavar="NAMES",
                        help="who may get pairs (default: whoever finished their share)")
    parser.add_argument("--seed", type=_natural, help="seed, to repeat a top-up exactly")


def _top_up(args: argparse.Namespace) -> ExitCode:
    from annotator.planning.assign import tagger_names
    from annotator.planning.coverage import plan_ratings
    from annotator.planning.topup import top_up
    from annotator.project.folder import open_project
    from annotator.project.plan_file import plan_csv_text, top_up_file, utc_second, write_top_up

    project = open_project(args.folder)
    if project.current_round > 1:
        raise AnnotatorError(f"The project is in round {project.current_round}; a top-up adds "
                             "pairs to round 1, which the laptops no longer open.",
                             file=args.folder / "project.toml")
    ratings = plan_ratings(args.ratings or args.folder, project)
    plan = ratings.plan
    seed = _seed(args.seed)
    names = tagger_names(args.taggers) if args.taggers is not None else None
    found = top_up(plan, ratings.table, to=args.to, seed=seed, extra_disputed=args.disputed,
                   candidates=names, failed=ratings.failed, checks=project.checks.items)
    _warn_left_out(ratings.left_out)
    _say_failed(found.before)
    problems = bool(found.short or ratings.left_out)
    for item in found.short:
        entry = project.item_by_id(item)
        line = f":{entry.line}" if entry is not None else ""
        print(f"{project.root / 'items.csv'}{line}: {item} stays under {args.to} ratings: every "
              f"{plan.column} who could rate it has rated it or been given it.")
    if not found.rows:
        print(f"Nothing to top up: every planned item has {args.to} ratings or is waiting "
              "only for taggers who have it already.", file=sys.stderr)
        return ExitCode.PROBLEMS if problems else ExitCode.DONE
    number = len(plan.top_ups) + 1
    settings: dict[str, object] = {"to": args.to}
    if args.disputed:
        settings["disputed"] = args.disputed
    settings["created"] = utc_second(datetime.now(UTC))
    write_top_up(args.folder, number=number, text=plan_csv_text(plan.column, found.rows),
                 settings=settings)
    print(f"{plan.column}  item_id")
    for who, item in found.rows:
        print(f"{who}  {item}")
    takers = len({who for who, _ in found.rows})
    print(f"Top-up {number}: {len(found.rows)} pairs of {found.items} items for {takers} "
          f"{plan.column}s" + (f", {len(found.extra)} of them disputed" if found.extra else "")
          + (f"; {found.checks} of them check items for {plan.column}s who had met none"
             if found.checks else "")
          + f". Seed {seed}. " + _hand_out(plan.column, top_up_file(number), top_up=True),
          file=sys.stderr)
    return ExitCode.PROBLEMS if problems else ExitCode.DONE


# --- plan power --------------------------------------------------------------------------


def _add_power_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--pilot", type=Path, metavar="PANEL|FOLDER",
                        help="a pilot's panel database or project folder")
    source.add_argument("--ratings-csv", type=Path, metavar="FILE",
                        help="a pilot's ratings CSV (item_id,tagger,round,rating)")
    source.add_argument("--alpha", type=float, help="no pilot: the α you expect, like 0.7")
    parser.add_argument("--ratings-per-item", type=_numbers, required=True, metavar="K[,K…]",
                        help="ratings per item to try, like 3,4,5")
    parser.add_argument("--items", type=_numbers, required=True, metavar="N[,N…]",
                        help="numbers of items to try, like 500,1000,2000")
    parser.add_argument("--taggers", type=positive, metavar="T",
                        help="taggers in the study (default: the pilot's, or the largest K)")
    parser.add_argument("--levels", type=positive, default=5,
                        help="levels of the scale, with --alpha (default 5)")
    parser.add_argument("--reps", type=positive, default=100,
                        help="simulated studies per setting (default 100)")
    parser.add_argument("--bootstrap", type=positive, default=1000,
                        help="resamples behind each interval, as in analyze (default 1000)")
    parser.add_argument("--seed", type=_natural, default=0, help="seed of every draw")


def _power(args: argparse.Namespace) -> ExitCode:
    from annotator.analysis.pipeline import AnalysisSource, load_source
    from annotator.planning.power import model_from_alpha, model_from_pilot, power_table

    if args.alpha is not None:
        taggers = args.taggers or max(args.ratings_per_item)
        model = model_from_alpha(args.alpha, levels=args.levels, taggers=taggers,
                                 seed=args.seed)
    else:
        path = args.pilot if args.pilot is not None else args.ratings_csv
        loaded = load_source(AnalysisSource(path, ratings_csv=args.pilot is None))
        model = model_from_pilot(loaded.table, source=str(path), seed=args.seed)
        taggers = args.taggers or len(model.biases)
    with Progress.of(args) as progress:
        table = power_table(model, ratings_per_item=args.ratings_per_item, items=args.items,
                            taggers=taggers, reps=args.reps, bootstrap=args.bootstrap,
                            seed=args.seed, progress=progress)
    _print_power(table)
    return ExitCode.DONE


def _print_power(table: PowerTable) -> None:
    model = table.model
    print(f"{'K':>3} {'items':>7} {'alpha':>7} {'ci95_width':>10}  reads")
    for row in table.rows:
        print(f"{row.ratings_per_item:>3} {row.items:>7} {row.alpha:>7.3f} {row.width:>10.3f}"
              f"  α = {row.alpha:.2f} ± {row.half_width:.3f}")
    spread = max((abs(b) for b in model.biases), default=0.0)
    print(f"Model ({model.source}): α {model.alpha:.3f} on {len(model.levels)} levels, "
          f"{table.taggers} taggers (biases up to {spread:.2f} levels), noise "
          f"{model.noise:.2f} levels. Each row: {table.reps} simulated studies planned as "
          f"`annotator plan` would, each analysed as `annotator analyze` does ({table.bootstrap} "
          f"bootstrap resamples). Seed {table.seed}.", file=sys.stderr)


PLAN = Group(
    name="plan",
    help="plan who rates what (annotator plan FOLDER --ratings-per-item K …), follow it, "
         "top it up, and size a study",
    default="make",
    actions=(
        Command(
            name="make",
            help="write plan.csv and record it in project.toml: K taggers per item, shares "
                 "within one pair (also: annotator plan FOLDER …)",
            exits=Exits(done="the plan was written; each tagger's share is listed on stdout",
                        refused="nothing changed: not a project folder, a plan already made "
                                "(without --replace), or numbers that cannot be planned"),
            add_arguments=_add_make_arguments,
            run=_make,
        ),
        Command(
            name="status",
            help="ratings per item against the plan, who is behind, the items under target",
            exits=Exits(done="the coverage is listed on stdout (items under target are no "
                             "error)",
                        problems="listed, but session files of the folder were left out "
                                 "(named on stderr): their ratings are not counted",
                        refused="not a project folder or panel database, or no plan"),
            add_arguments=_add_status_arguments,
            run=_status,
        ),
        Command(
            name="top-up",
            help="give the items under target (and optionally the most disputed) to taggers "
                 "who have not rated them, in plan-top-up-N.csv",
            exits=Exits(done="the top-up was written and listed on stdout, or nothing needed "
                             "it",
                        problems="items that nobody left can rate, one per line as "
                                 "items.csv:line (the others were topped up), or session "
                                 "files of the folder left out (named on stderr)",
                        refused="nothing changed: no plan, or no tagger free for a top-up"),
            add_arguments=_add_top_up_arguments,
            run=_top_up,
        ),
        Command(
            name="power",
            help="expected α and the width of its 95-percent interval for K ratings on N "
                 "items, simulated from a pilot or a stated α",
            exits=Exits(done="the table is on stdout, the model on stderr",
                        refused="a pilot that cannot be read, or whose α is not defined"),
            add_arguments=_add_power_arguments,
            run=_power,
        ),
    ),
)
