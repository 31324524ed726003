"""Trading ratings with the annotation tools labs already use: Label Studio, Potato,
Prodigy.

``annotator export-tasks`` writes a project's pairs as tasks each tool imports, asking the
rubric's question with its levels; ``annotator import-ratings`` turns each tool's export of
the answers into the ratings CSV ``analyze --ratings-csv`` reads. A tool is a module with
``task_files(project, image_prefix)`` and a reader; :data:`TOOLS` names them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.files import write_text
from annotator.project.interop import label_studio, label_studio_csv, potato, potato2, prodigy
from annotator.project.interop.answers import Read, one_question
from annotator.project.model import Project
from annotator.project.own_files import refuse_output_over_inputs


@dataclass(frozen=True)
class Tool:
    """One tool: what ``export-tasks`` writes for it and how its answers are read."""

    name: str
    title: str
    tasks: Callable[[Project, str], dict[str, str]]
    read: Callable[[Path], Read]


TOOLS = {tool.name: tool for tool in (
    Tool("label-studio", "Label Studio", label_studio.task_files,
         label_studio_csv.read_any),
    Tool("potato", "Potato", potato.task_files, potato2.read_any),
    Tool("prodigy", "Prodigy", prodigy.task_files, prodigy.read_export),
)}


def export_tasks(project: Project, tool: Tool, folder: Path, *, image_prefix: str = ""
                 ) -> list[Path]:
    """Write ``tool``'s task files for every item of ``project`` into ``folder``."""
    one_question(project, tool.title)
    if not project.items:
        raise AnnotatorError("The project has no items to rate.", file=project.root)
    tasks = tool.tasks(project, image_prefix)
    refuse_output_over_inputs([folder / name for name in tasks], project.root)
    written = []
    for name, text in tasks.items():
        path = folder / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, text)
        except OSError as error:
            raise AnnotatorError(f"The file cannot be written: {error.strerror or error}.",
                                 file=path) from error
        written.append(path)
    return written
