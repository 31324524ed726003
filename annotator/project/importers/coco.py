"""COCO captions JSON (``captions_train2017.json``): ``images`` and ``annotations`` lists.

One pair per annotation, with the item id ``coco-<annotation id>`` so that importing the
same file again gives the same ids. The file is usually one long line, so problems name the
annotation (its id and position) rather than a line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from annotator.project.captions import Captions, ImageResolver, Pair
from annotator.project.model import Problem
from annotator.project.textfile import load_json_file

COCO_SOURCE = "coco"


def captions_from_coco(images: Path, captions: Path, *, available: list[str]) -> Captions:
    """Pairs from a COCO captions file; ``source`` is an annotation's own, else ``coco``."""
    result = Captions()
    data, problem = load_json_file(captions)
    if problem is None and not (
        isinstance(data, dict)
        and isinstance(data.get("images"), list)
        and isinstance(data.get("annotations"), list)
    ):
        problem = Problem(
            captions,
            None,
            'This is not a COCO captions file: it needs "images" and "annotations" lists. '
            "For one JSON object per line, use --captions-format jsonl.",
        )
    if problem is not None:
        result.problems.append(problem)
        return result
    file_names = _file_names(data["images"], captions, result.problems)
    resolver = ImageResolver(images, available)
    for position, annotation in enumerate(data["annotations"], start=1):
        place = _describe(annotation, position)
        pair, message = _pair(annotation, file_names, resolver, captions, place)
        if pair is not None:
            result.pairs.append(pair)
        else:
            message = f"{place}: {message} It was skipped."
            result.problems.append(Problem(captions, None, message))
    return result


def _file_names(entries: list[Any], captions: Path, problems: list[Problem]) -> dict[Any, str]:
    """``images[].id`` → ``file_name``; entries without both are reported."""
    names: dict[Any, str] = {}
    for position, entry in enumerate(entries, start=1):
        message = None
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("id"), int | str)
            and isinstance(entry.get("file_name"), str)
        ):
            message = "needs an id and a file_name"
        elif entry["id"] in names:
            message = f"has the id {entry['id']!r} of an earlier entry"
        if message:
            problems.append(
                Problem(captions, None, f"Image entry {position} {message}; it was skipped.")
            )
        else:
            names[entry["id"]] = entry["file_name"]
    return names


def _pair(
    annotation: Any,
    file_names: dict[Any, str],
    resolver: ImageResolver,
    captions: Path,
    place: str,
) -> tuple[Pair | None, str]:
    if not isinstance(annotation, dict):
        return None, "An annotation must be a JSON object."
    ann_id, image_id, caption = (annotation.get(k) for k in ("id", "image_id", "caption"))
    if not isinstance(ann_id, int | str) or isinstance(ann_id, bool):
        return None, "The annotation has no id, so its item would have no stable id."
    if not isinstance(caption, str):
        return None, "The annotation has no caption text."
    if not isinstance(image_id, int | str) or image_id not in file_names:
        return None, f"No entry in the images list has the id {image_id!r}."
    image, message = resolver.find(file_names[image_id], caption.strip())
    if message:
        return None, message
    source = annotation.get("source")
    source = source.strip() if isinstance(source, str) and source.strip() else COCO_SOURCE
    return Pair(image, caption.strip(), captions, None, source, {}, f"coco-{ann_id}", place), ""


def _describe(annotation: Any, position: int) -> str:
    if isinstance(annotation, dict) and "id" in annotation:
        return f"annotation {position} (id {annotation['id']!r})"
    return f"annotation {position}"
