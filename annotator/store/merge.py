"""Merge laptops' session files into the panel database, with a report per file.

Every file is checked whole before any of it is merged (as :func:`read_incoming` checks:
its chain, and every value against the project's rubric), merged in its own savepoint, and
reported: how many ratings were new, already in the panel, or refused and why. A refused
file never stops the others.

Files named in one merge that disagree about a rating (the same rating id with different
content) are all refused, so which of them was named first never decides what the panel
holds (:func:`_disagreeing_files`). That is known only once every file is read, so while
the next files are checked (:func:`checked_in_turn`) each file is merged on the guess that
all may be merged together, and a wrong guess is rolled back before anything is committed.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from annotator.errors import AnnotatorError
from annotator.store.chain import CONTENT_COLUMNS
from annotator.store.incoming import (
    FileImage,
    IncomingFile,
    TamperedFileError,
    read_image,
)
from annotator.store.panel import FileMerge, Panel
from annotator.store.panel_reading import PanelError
from annotator.store.validation import RowRules

_log = logging.getLogger(__name__)


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
    """The files named, with the session files of a named folder (not the panel itself):
    see :func:`_session_files_of_folder`."""
    found: list[Path] = []
    for path in map(Path, paths):
        found.extend(_session_files_of_folder(path) if path.is_dir() else [path])
    if panel is not None:
        found = [p for p in found if not (p.exists() and Path(panel).exists()
                                          and p.resolve() == Path(panel).resolve())]
    return list(dict.fromkeys(found))


def _session_files_of_folder(folder: Path, *, depth: int = 1) -> list[Path]:
    """Every ``*.sqlite`` of ``folder`` and of its ``sessions/`` (a project folder copied back
    from a laptop); in a folder with neither, those of each folder inside it (a folder per
    laptop, ``returned/laptop-1/``), one level down."""
    found = sorted(folder.glob("*.sqlite")) + sorted((folder / "sessions").glob("*.sqlite"))
    if found or depth == 0:
        return found
    return [path for inner in sorted(p for p in folder.iterdir() if p.is_dir())
            for path in _session_files_of_folder(inner, depth=depth - 1)]


def _disputed_reports(readable: list[IncomingFile], disputed: dict[Path, str]
                      ) -> dict[Path, FileReport]:
    """The refusal of each file that disagrees with another about a rating."""
    return {incoming.path: FileReport(
        incoming.path, MergeStatus.REFUSED, laptop=incoming.laptop, refused=incoming.count,
        reason=disputed[incoming.path], verified=incoming.verified)
        for incoming in readable if incoming.path in disputed}


def merge_session_files(
    panel_path: Path,
    paths: Sequence[Path],
    *,
    project_id: str | None = None,
    preview: bool = False,
    rules: RowRules | None = None,
    item_sources: Mapping[str, str] | None = None,
    progress: Callable[[str], None] = lambda _: None,
    waiting: Callable[[str], None] = lambda _: None,
) -> MergeReport:
    """Merge every file of ``paths`` (folders: their ``*.sqlite``) into the panel.

    ``project_id`` (from the project folder, when the lead names it) ties a new panel to
    that project; without it a new panel takes the project of the files, and files of
    several projects are a :class:`PanelError`, since which one to keep cannot depend on
    the order they were named in. ``rules`` (the project's rubric) refuse a file holding a
    value off the rubric; without them only each value's form is checked.
    ``item_sources`` (the project's, item id → caption source) are kept in the panel, for
    its analysis away from the project folder. ``progress``
    hears each step in words; ``waiting``, that another merge into the panel is running
    (this one waits for it to finish).
    """
    files = session_files_in(paths, panel=panel_path)
    if not files:
        raise AnnotatorError("No session files to merge: name .sqlite files or folders "
                             "holding them.")
    readable: list[IncomingFile] = []
    reports: dict[Path, FileReport] = {}
    seen: set[str] = set()
    repeated: set[str] = set()  # ids in more than one file, found while waiting for the next

    def merged_in_turn(checked: Iterator[tuple[Path, IncomingFile | AnnotatorError]]
                       ) -> Iterator[IncomingFile]:
        for n, (path, incoming) in enumerate(checked, start=1):
            progress(f"Checking and merging file {n} of {len(files)}: {path.name}…")
            if isinstance(incoming, IncomingFile):
                readable.append(incoming)
                yield incoming
                ids = set(incoming.rating_ids)
                repeated.update(ids & seen)
                seen.update(ids)
            else:
                reports[path] = FileReport(
                    path, MergeStatus.REFUSED, reason=incoming.message,
                    refused=incoming.ratings if isinstance(incoming, TamperedFileError) else 0)

    disputed: dict[Path, str] = {}

    def together() -> bool:
        """Whether the files merged so far, now all read, may be merged together."""
        disputed.update(_disagreeing_files(readable, repeated))
        return not disputed and not _projects_apart(current, readable, project_id)

    with _panel_for(Path(panel_path), preview=preview, waiting=waiting) as panel:
        current = panel.project_id
        _refuse_other_project(panel, current, project_id)
        with checked_in_turn(files, rules) as checked:
            # Each file is merged while the next are checked, on the guess that they all
            # may be merged together; a guess proved wrong once all are read is rolled back.
            outcomes = panel.merge_all(merged_in_turn(checked), project_id=project_id,
                                       preview=preview, keep=together)
        reports.update(_disputed_reports(readable, disputed))
        readable = [incoming for incoming in readable if incoming.path not in disputed]
        if outcomes is None:
            _refuse_projects_apart(panel, current, readable, project_id)
            progress(f"Merging {len(readable)} files into the panel, without those that "
                     "disagree…")
            outcomes = panel.merge_all(readable, project_id=project_id, preview=preview)
        assert outcomes is not None  # only a keep() that says no returns None
        for incoming, outcome in zip(readable, outcomes, strict=True):
            reports[incoming.path] = _file_report(incoming, outcome, preview=preview)
        if item_sources is not None and not preview:
            panel.record_item_sources(item_sources)
        total = panel.rating_count()
    for report in reports.values():
        _log.info("%s into %s: %s", "preview of a merge" if preview else "merge", panel_path,
                  report.text())
    return MergeReport(Path(panel_path), tuple(reports[path] for path in files), preview,
                       total_ratings=total)


@contextmanager
def checked_in_turn(paths: Sequence[Path], rules: RowRules | None
                    ) -> Iterator[Iterator[tuple[Path, IncomingFile | AnnotatorError]]]:
    """Each file checked as :func:`read_incoming` does (or its refusal), in the order of
    ``paths``, while the caller merges the files before it.

    Two threads read ahead: one has SQLite check each file and take its image
    (:func:`read_image`), the other checks the image's hash chain
    (:meth:`FileImage.verified`). SQLite and the merge into the panel run without Python's
    lock, so the three share the cores; the chain, the one part that needs the lock row by
    row, gets a thread to itself.
    """
    with ThreadPoolExecutor(1, "merge-read") as reading, \
            ThreadPoolExecutor(1, "merge-chain") as chaining:
        images = [reading.submit(_image, path, rules) for path in paths]
        checked = [chaining.submit(_verified, image) for image in images]
        try:
            yield ((path, future.result()) for path, future in zip(paths, checked, strict=True))
        finally:
            for waiting in checked:
                waiting.cancel()
            for reading_ahead in images:
                reading_ahead.cancel()


def _image(path: Path, rules: RowRules | None) -> FileImage | AnnotatorError:
    try:
        return read_image(path, rules)
    except AnnotatorError as error:
        return error


def _verified(image: Future[FileImage | AnnotatorError]) -> IncomingFile | AnnotatorError:
    read = image.result()
    if isinstance(read, AnnotatorError):
        return read
    try:
        return read.verified()
    except AnnotatorError as error:
        return error


def _disagreeing_files(readable: Sequence[IncomingFile], repeated: set[str]
                       ) -> dict[Path, str]:
    """The files of one merge holding a rating that another file of it holds with different
    content, each with why: every file holding a disputed rating, whichever content it has,
    so the outcome does not depend on the order the files were named in. (A chain that
    fits in both only shows that someone recomputed one; the lead decides which to trust.)
    ``repeated``: the ids that more than one of the files hold.
    """
    if not repeated:
        return {}
    contents: dict[str, set[tuple[Any, ...]]] = {}
    for incoming in readable:
        if repeated.isdisjoint(incoming.rating_ids):
            continue
        for row in incoming.rows():
            if row["rating_id"] in repeated:
                contents.setdefault(row["rating_id"], set()).add(
                    tuple(row[column] for column in CONTENT_COLUMNS))
    disputed = {rating_id for rating_id, versions in contents.items() if len(versions) > 1}
    holders = {incoming.path: sorted(set(incoming.rating_ids) & disputed)
               for incoming in readable}
    holders = {path: ids for path, ids in holders.items() if ids}
    names = ", ".join(sorted(map(str, holders)))
    return {path: (
        f"Rating {ids[0]} is in more than one of the files merged, with different content "
        f"({names}), so at least one of them was changed after it was saved. None of these "
        "files was merged: merge the copy you trust on its own, and ask the laptop it came "
        "from for an untouched copy of the others.") for path, ids in holders.items()}


@contextmanager
def _panel_for(path: Path, *, preview: bool, waiting: Callable[[str], None]
               ) -> Iterator[Panel]:
    """The panel; a preview of a panel that does not exist yet runs on an empty scratch one."""
    with tempfile.TemporaryDirectory(prefix="annotator-preview-") as scratch:
        target = Path(scratch) / "panel.sqlite" if preview and not path.exists() else path
        panel = Panel.open(target, waiting=waiting)
        try:
            yield panel
        finally:
            panel.close()


def _projects_apart(current: str | None, readable: Sequence[IncomingFile],
                    project_id: str | None) -> bool:
    """Whether a new panel, told no project, is given files of several projects."""
    return (current is None and project_id is None
            and len({incoming.project_id for incoming in readable}) > 1)


def _refuse_other_project(panel: Panel, current: str | None, project_id: str | None) -> None:
    """A panel (``current``: its project) that belongs to another project than the one
    named takes none of its files."""
    if project_id is not None and current is not None and current != project_id:
        raise PanelError(f"This panel belongs to another project (project id {current}; "
                         f"the project named is {project_id}).", file=panel.path)


def _refuse_projects_apart(panel: Panel, current: str | None,
                           readable: Sequence[IncomingFile], project_id: str | None) -> None:
    if _projects_apart(current, readable, project_id):
        projects = sorted({incoming.project_id for incoming in readable})
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
                          refused=incoming.count, reason=outcome.message,
                          verified=incoming.verified)
    if preview:
        status = MergeStatus.WILL_MERGE if outcome.new else MergeStatus.NOTHING_NEW
    else:
        status = MergeStatus.MERGED if outcome.new else MergeStatus.NOTHING_NEW
    return FileReport(incoming.path, status, laptop=incoming.laptop, new=outcome.new,
                      present=outcome.present, verified=incoming.verified,
                      repeats=outcome.repeats)
