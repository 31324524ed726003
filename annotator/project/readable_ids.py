"""Item ids a lab lead can read: ``init`` names each pair after its image file.

The Coverage and Items tabs show a pair by its id; ``park-dog`` says which photo is behind
it where a hash (``0bfeab46b3aee925``) says nothing. An id the input gives (a COCO
annotation id, a Flickr8k caption id, an ``item_id`` column) is kept as it is.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from pathlib import PurePosixPath

from annotator.project.captions import Pair

_UNSAFE = re.compile(r"[^\w.-]+")
MAX_LENGTH = 80


def readable_ids(pairs: Sequence[Pair]) -> list[str]:
    """One id per pair, in order: the input's own, else the image's path without its
    extension (``park/dog.png`` → ``park-dog``; the extension stays when two images differ
    only by it), with ``-1``, ``-2``… when the image has several captions. An id another
    pair already has gets the next free ``_2``, ``_3``…"""
    own = [pair for pair in pairs if not pair.item_id]
    captions = Counter(pair.image for pair in own)
    stems = Counter(_slug(_without_extension(image)) for image in captions)
    names = Counter(_slug(image) for image in captions)
    taken = {pair.item_id for pair in pairs if pair.item_id}
    numbered: Counter[str] = Counter()
    ids = []
    for pair in pairs:
        if pair.item_id:
            ids.append(pair.item_id)
            continue
        base = _slug(_without_extension(pair.image))
        if stems[base] > 1 and names[_slug(pair.image)] == 1:
            base = _slug(pair.image)
        if captions[pair.image] > 1:
            numbered[pair.image] += 1
            base = f"{base}-{numbered[pair.image]}"
        item_id, n = base, 1
        while item_id in taken:
            n += 1
            item_id = f"{base}_{n}"
        taken.add(item_id)
        ids.append(item_id)
    return ids


def _without_extension(image: str) -> str:
    path = PurePosixPath(image)
    return str(path.with_suffix("")) if path.suffix else image


def _slug(text: str) -> str:
    """Letters (any script), digits, ``.``, ``_`` and ``-``; file names from macOS come
    decomposed, so composed first (one ``é``, not ``e`` and an accent)."""
    slug = _UNSAFE.sub("-", unicodedata.normalize("NFC", text)).strip("-.")
    return slug[:MAX_LENGTH] or "item"
