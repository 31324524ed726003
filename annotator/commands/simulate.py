"""``annotator simulate FOLDER --taggers N``: simulated taggers play the Rating Game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits, Progress, positive


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path)
    parser.add_argument("--taggers", type=positive, required=True, help="how many taggers")
    parser.add_argument("--rounds", type=positive, default=1, help="rounds each (default 1)")
    parser.add_argument("--seed", type=int, help="seed, to repeat a simulation exactly")


def _run(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project
    from annotator.session.simulate import answers_summary, simulate, truth_summary

    with Progress.of(args) as progress:
        progress(f"{args.taggers} simulated taggers are playing {args.rounds} round"
                 f"{'s' if args.rounds != 1 else ''}…")
        result = simulate(open_project(args.folder), taggers=args.taggers, rounds=args.rounds,
                          seed=args.seed, progress=progress)
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
    print(f"Seed {result.seed}: run again on a fresh copy with --seed {result.seed} to repeat "
          f"it. Ratings from {result.began:%Y-%m-%d %H:%M} to {result.ended:%Y-%m-%d %H:%M} UTC "
          f"(now).{started}{answers_summary(result)}\n{truth_summary(result)}",
          file=sys.stderr)
    return ExitCode.DONE


SIMULATE = Command(
    name="simulate",
    help="play the Rating Game with simulated taggers (writes ordinary session files)",
    exits=Exits(done="the session files were written; one line per tagger on stdout",
                refused="not a project folder, or it cannot be used"),
    add_arguments=_add_arguments,
    run=_run,
)
