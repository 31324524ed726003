"""Trading ratings with the annotation tools labs already use: Label Studio, Potato,
Prodigy.

``annotator export-tasks`` writes a project's pairs as tasks each tool imports, asking the
rubric's question with its levels; ``annotator import-ratings`` turns each tool's export of
the answers into the ratings CSV ``analyze --ratings-csv`` reads. A tool is a module with
``task_files(project, image_prefix)`` and a reader; :data:`TOOLS` names them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.files import write_text
from annotator.project.image_copies import in_images, place_image, travelling_path
from annotator.project.interop import label_studio, label_studio_csv, potato, potato2, prodigy
from annotator.project.interop.answers import Read
from annotator.project.model import Project
from annotator.project.own_files import refuse_output_over_inputs


@dataclass(frozen=True)
class Tool:
    """One tool: what ``export-tasks`` writes for it and how its answers are read."""

    name: str
    title: str
    tasks: Callable[[Project, str], dict[str, str]]
    read: Callable[[Path], Read]
    serves_images: str
    """What comes before an image's path under the task folder's ``images/`` in the URL the
    tool serves it at (``export-tasks --images copy``)."""


TOOLS = {tool.name: tool for tool in (
    Tool("label-studio", "Label Studio", label_studio.task_files,
         label_studio_csv.read_any, "/data/local-files/?d=images/"),
    Tool("potato", "Potato", potato.task_files, potato2.read_any, "/media/"),
    Tool("prodigy", "Prodigy", prodigy.task_files, prodigy.read_export, "images/"),
)}


def export_tasks(project: Project, tool: Tool, folder: Path, *, image_prefix: str = "",
                 copy_images: bool = False) -> list[Path]:
    """Write ``tool``'s task files for every item of ``project`` into ``folder``; with
    ``copy_images``, the images too, under ``folder/images/``, named in the tasks by the URL
    the tool serves them at (:attr:`Tool.serves_images`)."""
    if not project.items:
        raise AnnotatorError("The project has no items to rate.", file=project.root)
    if copy_images and image_prefix:
        raise AnnotatorError("--image-prefix names where the tool finds the project's images; "
                             "with --images copy they are in the task folder: give one or "
                             "the other.")
    images = {travelling_path(item.image): project.root / item.image for item in project.items
              } if copy_images else {}
    tasks = (tool.tasks(replace(project, items=tuple(
        replace(item, image=in_images(item.image)) for item in project.items)),
        tool.serves_images) if copy_images else tool.tasks(project, image_prefix))
    refuse_output_over_inputs([folder / name for name in [*tasks, *images]], project.root)
    written = [_place(source, folder / path) for path, source in images.items()]
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


def _place(source: Path, target: Path) -> Path:
    place_image(source, target)
    return target
