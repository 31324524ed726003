"""Label Studio's labeling config (Settings ▸ Labeling Interface ▸ Code): which task fields
hold the image and the text, which control tag holds the answer, and the answers it offers.

Read from ``label_config.xml`` (or the one ``.xml`` file) beside the export, when the lead
saved it there; the flat exports (JSON_MIN, CSV) need it to tell the answer column from the
task's own fields when that column is not called ``rating``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.project.textfile import read_text

CONFIG_NAME = "label_config.xml"
_MAX_BYTES = 1_000_000


@dataclass(frozen=True)
class LabelConfig:
    """What one config says: ``image``/``text`` the task fields shown (``$image`` → image),
    ``answer`` the ``<Choices>``/``<Rating>`` tag's name, ``choices`` each ``<Choice>``'s
    alias (or value), ``stars`` a ``<Rating>``'s ``maxRating`` (0: no rating)."""

    file: Path
    image: str
    text: str
    answer: str
    choices: tuple[str, ...]
    stars: int


def config_beside(export: Path) -> Path | None:
    """``label_config.xml`` beside ``export``, else the only ``.xml`` file there."""
    folder = export if export.is_dir() else export.parent
    if (folder / CONFIG_NAME).is_file():
        return folder / CONFIG_NAME
    found = sorted(folder.glob("*.xml"))
    return found[0] if len(found) == 1 else None


def read_label_config(path: Path) -> LabelConfig:
    """The config in ``path``; AnnotatorError naming the file when it is no usable config."""
    if path.stat().st_size > _MAX_BYTES:
        raise AnnotatorError("This is too large to be a labeling config.", file=path)
    text, problem = read_text(path)
    if problem is not None:
        raise AnnotatorError(problem.message, file=path, line=problem.line)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise AnnotatorError(f"This is not a Label Studio labeling config: {error}.",
                             file=path, line=error.position[0]) from error
    controls = [tag for tag in root.iter() if tag.tag in ("Choices", "Rating")]
    named = [tag for tag in controls if tag.get("name") == "rating"]
    if len(named or controls) != 1:
        raise AnnotatorError(f"This config has {len(named or controls)} <Choices> or <Rating> "
                             "tags; one of them must be named rating to say which holds the "
                             "answer.", file=path)
    control = (named or controls)[0]
    choices = tuple(choice.get("alias") or choice.get("value") or ""
                    for choice in control.iter("Choice"))
    stars = control.get("maxRating", "5") if control.tag == "Rating" else "0"
    if not stars.isdigit():
        raise AnnotatorError(f"The <Rating> maxRating {stars!r} is not a whole number.",
                             file=path)
    return LabelConfig(path, _field(root, "Image"), _field(root, "Text"),
                       control.get("name", ""), choices, int(stars))


def _field(root: ET.Element, tag: str) -> str:
    """The task field the first ``tag`` shows (``value="$image"`` → ``image``), "" if none."""
    element = next(root.iter(tag), None)
    value = element.get("value", "") if element is not None else ""
    return value[1:] if value.startswith("$") else ""
