"""Flickr8k: the caption token file.

``Flickr8k.token.txt`` has one caption per line, ``<image>#<n><TAB><caption>``. The caption
id ``<image>#<n>`` is kept as the item id ('#' is allowed in ``items.csv``), so ratings of
the same caption from elsewhere keep matching.
"""

from __future__ import annotations

import re
from pathlib import Path

from annotator.project.captions import Captions, ImageResolver, Pair
from annotator.project.model import Problem
from annotator.project.textfile import read_text

FLICKR8K_SOURCE = "flickr8k"
_TOKEN_LINE = re.compile(r"(?P<id>(?P<image>[^\t#]+)#\d+)\t(?P<caption>.*)")


def captions_from_flickr8k(images: Path, captions: Path, *, available: list[str]) -> Captions:
    """One pair per line of a Flickr8k token file; malformed lines are problems."""
    result = Captions()
    text, problem = read_text(captions)
    if problem is not None:
        result.problems.append(problem)
        return result
    resolver = ImageResolver(images, available)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _TOKEN_LINE.fullmatch(line.rstrip("\r\n"))
        if match is None:
            message = "This line is not IMAGE#N, a tab, then the caption (Flickr8k.token.txt)."
        else:
            caption = match["caption"].strip()
            image, message = resolver.find(match["image"], caption)
        if message:
            result.problems.append(Problem(captions, number, f"{message} The line was skipped."))
            continue
        result.pairs.append(
            Pair(image, caption, captions, number, FLICKR8K_SOURCE, {}, match["id"])
        )
    return result
