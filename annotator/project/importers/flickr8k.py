"""Flickr8k: the caption token file, and the Flickr8k-Expert judgments as existing ratings.

``Flickr8k.token.txt`` has one caption per line, ``<image>#<n><TAB><caption>``. The caption
id ``<image>#<n>`` is kept as the item id ('#' is allowed in ``items.csv``), so ratings of
the same caption from elsewhere keep matching.

``ExpertAnnotations.txt`` (Flickr8k-Expert, as described by Narins et al., NeurIPS 2023, §2
and §6) rates *pairs*: a line is ``<image><TAB><caption id><TAB>r1<TAB>r2<TAB>r3`` with
scores 1–4 (their Table 1). The caption id names a caption of the Flickr8k collection,
usually one written for a *different* image: the dataset asks how well retrieved captions
fit an image. The item is therefore the (image, caption id) pair: when the caption is the
image's own, its id is the caption id (the same item the token importer makes); otherwise
``<image>|<caption id>``, which the token importer never makes. The three scores are not
three fixed people: Narins et al. say 21 students gave them and the three are sorted from
lowest to highest, so the taggers ``expert1..3`` are positions, and per-tagger statistics on
them describe nothing real.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from annotator.csvtext import csv_text
from annotator.errors import AnnotatorError
from annotator.files import write_text
from annotator.project.captions import Captions, ImageResolver, Pair
from annotator.project.model import Problem
from annotator.project.textfile import numbered_lines, read_text

if TYPE_CHECKING:
    from annotator.project.interop.answers import Read

FLICKR8K_SOURCE = "flickr8k"
EXPERT_TAGGERS = ("expert1", "expert2", "expert3")
EXPERT_SCORES = ("1", "2", "3", "4")  # Narins et al., NeurIPS 2023, Table 1
_TOKEN_LINE = re.compile(r"(?P<id>(?P<image>[^\t#]+)#\d+)\t(?P<caption>.*)")
_CAPTION_ID = re.compile(r"[^\t#\s]+#\d+")


def flickr8k_item_id(image: str, caption_id: str) -> str:
    """The item id of ``image`` shown with the caption ``caption_id`` (see the module note)."""
    own = caption_id.rpartition("#")[0] == image
    return caption_id if own else f"{image}|{caption_id}"


def captions_from_flickr8k(images: Path, captions: Path, *, available: list[str]) -> Captions:
    """One pair per line of a Flickr8k token file; malformed lines are problems."""
    result = Captions()
    resolver = ImageResolver(images, available)
    for number, line in numbered_lines(captions, result.problems):
        match = _TOKEN_LINE.fullmatch(line.rstrip("\r\n"))
        message: str | None
        if match is None:
            message = "This line is not IMAGE#N, a tab, then the caption (Flickr8k.token.txt)."
        else:
            caption = match["caption"].strip()
            image, message = resolver.find(match["image"], caption)
        if match is None or message:
            result.problems.append(Problem(captions, number, f"{message} The line was skipped."))
            continue
        item_id = flickr8k_item_id(match["image"], match["id"])
        result.pairs.append(Pair(image, caption, captions, number, FLICKR8K_SOURCE, {}, item_id))
    return result


def expert_ratings_csv(expert_file: Path, out: Path) -> int:
    """Write ``expert_file`` as the long ratings CSV ``analyze --ratings-csv`` reads.

    Returns how many pairs were written. Any bad line refuses the whole file (with every
    bad line listed) and writes nothing: a ratings file silently missing pairs would
    change the statistics without anyone knowing.
    """
    if out.resolve() == expert_file.resolve():
        raise AnnotatorError("The output would overwrite the expert file; give another --out.",
                             file=out)
    judged = _judgments(expert_file)
    write_text(out, csv_text([[item_id, tagger, "1", score] for item_id, scores, _ in judged
                              for tagger, score in zip(EXPERT_TAGGERS, scores, strict=True)],
                             header=["item_id", "tagger", "round", "rating"]))
    return len(judged)


def expert_answers(expert_file: Path) -> Read:
    """``expert_file``'s scores as answers (tagger ``expert1..3``, each score a level's
    value), to be checked against a project and stored in its panel; refused as
    :func:`expert_ratings_csv` refuses."""
    # Imported here: the interop formats are not needed to read captions (every command
    # line, ``annotator lead`` too, builds the parser that lists the caption formats).
    from annotator.project.interop.answers import Answer, Read

    return Read([Answer(item_id, tagger, expert_file, line, choice=score)
                 for item_id, scores, line in _judgments(expert_file)
                 for tagger, score in zip(EXPERT_TAGGERS, scores, strict=True)], [])


def _judgments(expert_file: Path) -> list[tuple[str, list[str], int]]:
    """Each judged pair (item id, its three scores, its line); any bad line refuses all."""
    text, problem = read_text(expert_file)
    if problem is not None:
        raise AnnotatorError(problem.message, file=problem.file, line=problem.line)
    judged: list[tuple[str, list[str], int]] = []
    seen: dict[str, int] = {}
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        item_id, scores, message = _expert_line(line, seen)
        if message:
            problems.append(f"{expert_file}:{number}: {message}")
            continue
        seen[item_id] = number
        judged.append((item_id, scores, number))
    if problems:
        raise AnnotatorError(
            f"{len(problems)} line{'s' if len(problems) != 1 else ''} cannot be used, so no "
            "ratings were written:\n" + "\n".join(problems), file=expert_file)
    if not judged:
        raise AnnotatorError("The expert file has no judgments.", file=expert_file)
    return judged


def _expert_line(line: str, seen: dict[str, int]) -> tuple[str, list[str], str]:
    """``(item id, scores, "")`` for a good line, else ``("", [], why)``."""
    fields = line.split()
    if len(fields) != 5 or not _CAPTION_ID.fullmatch(fields[1]):
        return "", [], ("This line is not IMAGE, CAPTION_ID (like 1056338697_4f7d7ce270.jpg#2) "
                        "and three scores, separated by tabs.")
    image, caption_id, *scores = fields
    bad = [s for s in scores if s not in EXPERT_SCORES]
    if bad:
        return "", [], f"The score {bad[0]!r} is not one of 1, 2, 3, 4."
    item_id = flickr8k_item_id(image, caption_id)
    if item_id in seen:
        return "", [], f"{image} with {caption_id} is already judged on line {seen[item_id]}."
    return item_id, scores, ""
