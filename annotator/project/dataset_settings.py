"""``[dataset]`` in ``project.toml``: what the published dataset says about itself.

```toml
[dataset]
title = "Alt-text ratings of the museum collection"
description = "Five curators rated how well 2,000 alt texts describe the artworks."
licence = "cc-by-4.0"   # the ratings' licence, as the Hugging Face hub names it
citation = "Doe, J. (2027). Museum alt-text ratings. Zenodo. doi:10.5281/zenodo.1"
```

``annotator export`` and the pane's dataset export write these into the dataset card and
its metadata; every key is optional (no licence is written as ``unknown``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from annotator.errors import ProjectError
from annotator.project.model import DatasetCard, Problem
from annotator.project.settings_table import settings_table

_KEYS = ("title", "description", "licence", "citation")
LICENCE_ID = re.compile(r"[a-z0-9][a-z0-9.+-]*")
"""A licence as the Hugging Face hub and SPDX name it, lower case: ``cc-by-4.0``, ``mit``."""


def read_dataset_card(document: Mapping[str, Any], lines: Mapping[str, int], *,
                      path: Path) -> tuple[DatasetCard, list[Problem]]:
    """The ``[dataset]`` table of a parsed ``project.toml``; a value that is not text, or a
    licence that is no licence id, raises :class:`ProjectError` naming the line (a dataset
    must not be published under a guess); an unknown key is a problem."""
    table, problems = settings_table(document, lines, "dataset", _KEYS, path=path)
    values: dict[str, str] = {}
    for key in _KEYS:
        if key not in table:
            continue
        raw, line = table[key], lines.get(f"dataset.{key}")
        if not isinstance(raw, str) or not raw.strip():
            raise ProjectError(f"dataset.{key} must be a non-empty text in quotes.", file=path,
                               line=line)
        values[key] = raw.strip()
    licence = values.get("licence")
    if licence is not None and not LICENCE_ID.fullmatch(licence):
        raise ProjectError(f"dataset.licence {licence!r} is not a licence id: write it as the "
                           "Hugging Face hub lists it, in lower case (cc-by-4.0, cc0-1.0, mit, "
                           "other).", file=path, line=lines.get("dataset.licence"))
    return DatasetCard(**values), problems
