"""The lab lead's headless commands on session files: ``merge`` and ``snapshot``.

``annotator merge PANEL.sqlite SESSION.sqlite|FOLDER... [--project FOLDER] [--preview]``
``annotator snapshot export PANEL.sqlite SNAPSHOT``
``annotator snapshot import FOLDER SNAPSHOT``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from annotator.errors import AnnotatorError

EXIT_OK = 0
EXIT_PROBLEMS = 1


def add_lead_commands(commands: argparse._SubParsersAction) -> None:
    """Register ``merge`` and ``snapshot`` on the ``annotator`` command."""
    merge = commands.add_parser(
        "merge", help="merge laptops' session files into a panel database (safe to repeat)")
    merge.add_argument("panel", type=Path, help="the panel database (created if missing)")
    merge.add_argument("sessions", type=Path, nargs="+",
                       help="session files, or folders whose .sqlite files are merged")
    merge.add_argument("--project", type=Path,
                       help="project folder: merge only its files (names the project of a new "
                            "panel)")
    merge.add_argument("--preview", action="store_true",
                       help="report what would be merged, change nothing")

    snapshot = commands.add_parser(
        "snapshot", help="carry the panel's ratings back to laptops for the game's consensus")
    actions = snapshot.add_subparsers(dest="snapshot_action", metavar="ACTION", required=True)
    export = actions.add_parser("export", help="write a consensus snapshot of a panel")
    export.add_argument("panel", type=Path)
    export.add_argument("snapshot", type=Path, help="the snapshot file to write")
    importer = actions.add_parser("import", help="import a snapshot into a project folder")
    importer.add_argument("folder", type=Path, help="the project folder on this laptop")
    importer.add_argument("snapshot", type=Path)


def run_lead_command(args: argparse.Namespace) -> int:
    """Run ``merge`` or ``snapshot``: 0 done, 1 with the reason printed (never a traceback)."""
    try:
        if args.command == "merge":
            return _merge(args)
        if args.snapshot_action == "export":
            return _export(args)
        return _import(args)
    except AnnotatorError as error:
        print(error, file=sys.stderr)
        return EXIT_PROBLEMS


def _merge(args: argparse.Namespace) -> int:
    from annotator.project.folder import open_project
    from annotator.store.merge import merge_session_files

    project_id = None
    if args.project is not None:
        project_id = open_project(args.project).project_id
    report = merge_session_files(args.panel, args.sessions, project_id=project_id,
                                 preview=args.preview)
    for line in report.lines():
        print(line)
    return EXIT_PROBLEMS if report.refused_files else EXIT_OK


def _export(args: argparse.Namespace) -> int:
    from annotator.store.snapshot import export_snapshot

    snapshot = export_snapshot(args.panel, args.snapshot)
    print(f"{snapshot.path}: consensus snapshot of {snapshot.ratings} ratings "
          f"(id {snapshot.snapshot_id[:16]}). Import it on each laptop: "
          "annotator snapshot import FOLDER SNAPSHOT, or Lead ▸ Import consensus snapshot.")
    return EXIT_OK


def _import(args: argparse.Namespace) -> int:
    from annotator.project.folder import open_project
    from annotator.store.snapshot import import_snapshot

    project = open_project(args.folder)
    snapshot, new = import_snapshot(args.snapshot, project.root, project.project_id)
    if new:
        print(f"Imported {snapshot.ratings} panel ratings into {snapshot.path}; the game's "
              "consensus on this laptop now includes them.")
    else:
        print(f"This snapshot was already imported ({snapshot.path}); nothing changed.")
    return EXIT_OK
