"""Other tools' export files made for tests and benchmarks (a helper module)."""

from __future__ import annotations

import json
from pathlib import Path


def label_studio_export(path: Path, tasks: int, items: list[str]) -> list[int]:
    """A Label Studio JSON export (indented as Label Studio writes it) of ``tasks`` tasks,
    one answer each by its own annotator; returns the line each task starts on."""
    entries = [{"id": n, "data": {"item_id": items[n % len(items)], "text": "a [caption] {x}"},
                "annotations": [{"id": n, "completed_by": n, "was_cancelled": False,
                                 "result": [{"from_name": "rating", "to_name": "image",
                                             "type": "choices",
                                             "value": {"choices": [str(1 + n % 5)]}}]}]}
               for n in range(tasks)]
    text = json.dumps(entries, indent=2)
    path.write_text(text, encoding="utf-8")
    task_lines = (len(json.dumps(entries[0], indent=2).splitlines()))
    return [2 + n * task_lines for n in range(tasks)]
