"""``annotator snapshot export PANEL.sqlite SNAPSHOT`` and ``snapshot import FOLDER
SNAPSHOT``: carry the panel's ratings back to laptops for the game's consensus."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.commands.contract import Command, ExitCode, Exits, Group


def _add_export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("panel", type=Path)
    parser.add_argument("snapshot", type=Path, help="the snapshot file to write")


def _add_import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the project folder on this laptop")
    parser.add_argument("snapshot", type=Path)


def _export(args: argparse.Namespace) -> ExitCode:
    from annotator.project.manifest import MANIFEST_FILE
    from annotator.project.own_files import refuse_output_over_inputs
    from annotator.store.snapshot import export_snapshot

    folder = args.panel.parent
    refuse_output_over_inputs([args.snapshot],
                              folder if (folder / MANIFEST_FILE).is_file() else None,
                              reads=[args.panel])
    snapshot = export_snapshot(args.panel, args.snapshot)
    print(f"{snapshot.path}: consensus snapshot of {snapshot.ratings} ratings "
          f"(id {snapshot.snapshot_id[:16]}). Import it on each laptop: "
          "annotator snapshot import FOLDER SNAPSHOT, or Study ▸ Import consensus snapshot… in "
          "the lead's window (annotator lead).",
          file=sys.stderr)
    return ExitCode.DONE


def _import(args: argparse.Namespace) -> ExitCode:
    from annotator.project.folder import open_project
    from annotator.store.snapshot import import_snapshot

    project = open_project(args.folder)
    snapshot, new = import_snapshot(args.snapshot, project)
    if new:
        print(f"Imported {snapshot.ratings} panel ratings into {snapshot.path}; the game's "
              "consensus on this laptop now includes them.", file=sys.stderr)
    else:
        print(f"This snapshot was already imported ({snapshot.path}); nothing changed.",
              file=sys.stderr)
    return ExitCode.DONE


SNAPSHOT = Group(
    name="snapshot",
    help="carry the panel's ratings back to laptops for the game's consensus",
    actions=(
        Command(
            name="export",
            help="write a consensus snapshot of a panel",
            exits=Exits(done="the snapshot was written",
                        refused="the panel database cannot be used"),
            add_arguments=_add_export_arguments,
            run=_export,
        ),
        Command(
            name="import",
            help="import a snapshot into a project folder",
            exits=Exits(done="the snapshot was imported, or had been already (nothing "
                             "changed)",
                        refused="nothing was imported: not a project folder, or a snapshot "
                                "that is damaged or of another project"),
            add_arguments=_add_import_arguments,
            run=_import,
        ),
    ),
)
