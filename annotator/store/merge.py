"""Merge laptops' session files into the panel database, with a report per file.

Every file is checked whole before any of it is merged (:func:`read_incoming`), merged in
its own transaction, and reported: how many ratings were new, already in the panel, or
refused and why. A refused file never stops the others.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.store.incoming import IncomingFile, TamperedFileError, read_incoming
from annotator.store.panel import FileMerge, Panel, PanelError


class MergeStatus:
    MERGED = "merged"
    NOTHING_NEW = "nothing new"
    WILL_MERGE = "will be merged"
    REFUSED = "refused"


@dataclass(frozen=True)
class FileReport:
    """One file's line of the merge report."""

    path: Path
    status: str
    laptop: str = ""
    new: int = 0
    present: int = 0
    refused: int = 0
    reason: str = ""
    verified: bool = True
    repeats: int = 0

    def text(self) -> str:
        """One line for the lab lead, naming the file."""
        if self.status == MergeStatus.REFUSED:
            count = f"{self.refused} ratings refused" if self.refused else "refused"
            return f"{self.path}: {count}. {self.reason}"
        parts = [f"{self.new} new", f"{self.present} already in the panel"]
        if self.repeats:
            parts.append(f"{self.repeats} repeat a pair the same tagger rated in that round "
                         "on another laptop (both kept; the analysis uses the earlier)")
        note = "" if self.verified else (
            " Not checked for hand edits: written by an app older than the hash chain.")
        laptop = f" (laptop {self.laptop})" if self.laptop else ""
        return f"{self.path}{laptop}: {self.status}, {', '.join(parts)}.{note}"


@dataclass(frozen=True)
class MergeReport:
    """What a merge did (or, as a preview, would do) to the panel at ``panel``."""

    panel: Path
    files: tuple[FileReport, ...]
    preview: bool
    total_ratings: int = 0

    @property
    def new(self) -> int:
        return sum(report.new for report in self.files)

    @property
    def refused_files(self) -> tuple[FileReport, ...]:
        return tuple(r for r in self.files if r.status == MergeStatus.REFUSED)

    def lines(self) -> list[str]:
        verb = "would add" if self.preview else "added"
        head = (f"{self.panel}: {verb} {self.new} new ratings from {len(self.files)} "
                f"file{'s' if len(self.files) != 1 else ''}; "
                f"{len(self.refused_files)} refused.")
        tail = [] if self.preview else [f"The panel now holds {self.total_ratings} ratings."]
        return [head, *(report.text() for report in self.files), *tail]


def session_files_in(paths: Iterable[Path], *, panel: Path | None = None) -> list[Path]:
    """The files named, with every ``*.sqlite`` of a named folder (not the panel itself)."""
    found: list[Path] = []
    for path in map(Path, paths):
        found.extend(sorted(path.glob("*.sqlite")) if path.is_dir() else [path])
    if panel is not None:
        found = [p for p in found if not (p.exists() and Path(panel).exists()
                                          and p.resolve() == Path(panel).resolve())]
    return list(dict.fromkeys(found))


def merge_session_files(
    panel_path: Path,
    paths: Sequence[Path],
    *,
    project_id: str | None = None,
    preview: bool = False,
    progress: Callable[[str], None] = lambda _: None,
) -> MergeReport:
    """Merge every file of ``paths`` (folders: their ``*.sqlite``) into the panel.

    ``project_id`` (from the project folder, when the lead names it) ties a new panel to
    that project; without it a new panel takes the project of the files, and files of
    several projects are a :class:`PanelError`, since which one to keep cannot depend on
    the order they were named in. ``progress`` hears each step in words.
    """
    files = session_files_in(paths, panel=panel_path)
    if not files:
        raise AnnotatorError("No session files to merge: name .sqlite files or folders "
                             "holding them.")
    readable: list[IncomingFile] = []
    reports: dict[Path, FileReport] = {}
    for n, path in enumerate(files, start=1):
        progress(f"Checking file {n} of {len(files)}: {path.name}…")
        try:
            readable.append(read_incoming(path))
        except TamperedFileError as error:
            reports[path] = FileReport(path, MergeStatus.REFUSED, refused=error.ratings,
                                       reason=error.message)
        except AnnotatorError as error:
            reports[path] = FileReport(path, MergeStatus.REFUSED, reason=error.message)
    with _panel_for(Path(panel_path), preview=preview) as panel:
        _check_projects(panel, readable, project_id)
        progress(f"Merging {len(readable)} files into the panel…")
        outcomes = panel.merge_all(readable, project_id=project_id, preview=preview)
        for incoming, outcome in zip(readable, outcomes, strict=True):
            reports[incoming.path] = _file_report(incoming, outcome, preview=preview)
        total = panel.rating_count()
    return MergeReport(Path(panel_path), tuple(reports[path] for path in files), preview,
                       total_ratings=total)


@contextmanager
def _panel_for(path: Path, *, preview: bool) -> Iterator[Panel]:
    """The panel; a preview of a panel that does not exist yet runs on an empty scratch one."""
    with tempfile.TemporaryDirectory(prefix="annotator-preview-") as scratch:
        target = Path(scratch) / "panel.sqlite" if preview and not path.exists() else path
        panel = Panel.open(target)
        try:
            yield panel
        finally:
            panel.close()


def _check_projects(panel: Panel, readable: list[IncomingFile], project_id: str | None) -> None:
    current = panel.project_id
    if project_id is not None and current is not None and current != project_id:
        raise PanelError(f"This panel belongs to another project (project id {current}; "
                         f"the project named is {project_id}).", file=panel.path)
    if current is None and project_id is None:
        projects = sorted({incoming.project_id for incoming in readable})
        if len(projects) > 1:
            names = "; ".join(
                f"{pid}: " + ", ".join(str(f.path) for f in readable if f.project_id == pid)
                for pid in projects)
            raise PanelError("These session files belong to different projects, so the new "
                             f"panel cannot choose one ({names}). Name the project folder "
                             "(--project FOLDER) to merge only its files.", file=panel.path)


def _file_report(incoming: IncomingFile, outcome: FileMerge | AnnotatorError, *,
                 preview: bool) -> FileReport:
    if isinstance(outcome, AnnotatorError):
        return FileReport(incoming.path, MergeStatus.REFUSED, laptop=incoming.laptop,
                          refused=len(incoming.rows), reason=outcome.message,
                          verified=incoming.verified)
    if preview:
        status = MergeStatus.WILL_MERGE if outcome.new else MergeStatus.NOTHING_NEW
    else:
        status = MergeStatus.MERGED if outcome.new else MergeStatus.NOTHING_NEW
    return FileReport(incoming.path, status, laptop=incoming.laptop, new=outcome.new,
                      present=outcome.present, verified=incoming.verified,
                      repeats=outcome.repeats)
