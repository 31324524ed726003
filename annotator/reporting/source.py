"""What the pane analyses: a project folder (its ``sessions/`` merged on the fly, read-only),
a panel database, or one session file, with the project it belongs to when it can be found.

A panel database holds ratings but no images or captions; those come from its project
folder, which is looked for beside the file and one folder up (where a lead keeps it) and
used only when its project id is the panel's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from annotator.analysis.loading import load_panel, project_table, table_from_rows, table_on_rubric
from annotator.analysis.table import RatingTable
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.store.panel import is_panel_file, read_panel_project_id
from annotator.store.reading import read_session_file


@dataclass(frozen=True)
class PaneInput:
    """The ratings to analyse, and where images and captions come from (if anywhere)."""

    path: Path
    kind: str
    table: RatingTable
    project: Project | None

    @property
    def images_note(self) -> str:
        """Why the pane shows no images, or '' when it can."""
        if self.project is not None:
            return ""
        return (f"Images and captions are not shown: no project folder of this {self.kind} "
                "was found beside it or one folder up.")


def load_pane_input(path: Path) -> PaneInput:
    """Read ``path`` for the pane without writing to it; AnnotatorError names what is wrong."""
    path = Path(path)
    if path.is_dir():
        project = open_project(path)
        return PaneInput(path, "project folder", project_table(project), project)
    if not path.exists():
        raise AnnotatorError("There is no such file or folder.", file=path)
    if is_panel_file(path):
        project = find_project(path, read_panel_project_id(path))
        return PaneInput(path, "panel database", load_panel(path, project), project)
    contents = read_session_file(path)
    project = find_project(path, contents.info.get("project_id"))
    table = (table_from_rows(contents.ratings) if project is None
             else table_on_rubric(project, contents.ratings, where=path))
    return PaneInput(path, "session file", table, project)


def find_project(path: Path, project_id: str | None) -> Project | None:
    """The project folder holding ``path`` (beside it or one up) whose id is ``project_id``."""
    if project_id is None:
        return None
    for folder in (path.parent, path.parent.parent):
        if not (folder / "project.toml").is_file():
            continue
        try:
            project = open_project(folder)
        except AnnotatorError:
            continue
        if project.project_id == project_id:
            return project
    return None
