"""Write ``expected/<case>.json``: what ``annotator analyze`` and the analysis pane produce
for each input of :mod:`tests.analysis.pinned.inputs`.

The expected files were written by the code of commit 826ac7a (the analysis as one
dictionary), so the test that reads them pins the typed results to the JSON, tables and
summary that code gave. Rewritten since, each time for the figures named only: the chance
baseline of the virtual raters (drawn as random tables instead of 100 shuffles, issue 19:
other random draws, the same law) and the by-round interval of a single round (the
overall interval, no longer drawn a second time); then the figures issue 17 found wrong:
α of one item and of a one-tagger panel (now undefined), ``binary.dropped_items`` (items,
not item-rounds), the before/after means of a question (on the matched answers) and the
summary's leave-one-out line; and the digest of the item-means distribution chart, which
issue 18 gave whole-number count ticks and a title under its level axis. The cases built on
the sample projects were written again when the samples got new photographs and captions
(issue 18), on the new samples with the chart's new ticks. The panel's and the vicr
project's cases name the one answer a tagger gave again on another laptop
(``answered_again`` and its summary line, issue 27), which they always held and never
counted. The round-to-round stability of item means compares only the taggers who rated in
both rounds, and says how many (``n_taggers``, issue 32): its figures, line and chart were
written again. The ContextRef sample's identical descriptions became items marked as checks
(issue 29); its case puts back the layout it was pinned on (one gold check pair), so its
figures were not written again. To write them again from a given
commit (all cases, or the ones named)::

    git archive <commit> | tar -x -C /tmp/old
    cp -r tests/analysis/pinned /tmp/old/tests/analysis/
    cd /tmp/old && python -m tests.analysis.pinned.generate [CASE ...]

(copy ``sample_projects`` too when the inputs built on it changed).

Only interfaces both versions share are used here: ``annotator.cli.main`` and
``annotator.reporting.build.prepare_pane``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.analysis.pinned.inputs import CASES, Case

EXPECTED = Path(__file__).resolve().parent / "expected"
FOLDER = "<folder>"


def run_case(case: Case, folder: Path) -> dict[str, Any]:
    """The JSON report, the two CSV tables and the printed summary of ``analyze``, and the
    pane's content when the case opens one; paths under ``folder`` read ``<folder>``."""
    from annotator.cli import main

    args = case.build(folder)
    out, tables = folder / "out" / "report.json", folder / "out" / "tables"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(["analyze", *args, "--json", str(out), "--csv-dir", str(tables)])
    if code != 0:
        raise RuntimeError(f"analyze exited {code} on {case.name}")
    result = {
        "args": args,
        "json": json.loads(out.read_text(encoding="utf-8")),
        "items_csv": (tables / "items.csv").read_text(encoding="utf-8"),
        "taggers_csv": (tables / "taggers.csv").read_text(encoding="utf-8"),
        "stdout": printed.getvalue(),
    }
    if case.pane is not None:
        result["pane"] = pane_content(folder / case.pane, case.pane_excludes)
    return json.loads(json.dumps(result, allow_nan=False).replace(str(folder), FOLDER))


def pane_content(path: Path, excludes: bool) -> dict[str, Any]:
    """Every section's text, tables (raw cells) and charts (SVG as a digest)."""
    from annotator.reporting.build import prepare_pane

    _, content = prepare_pane(path, exclude_failed_checks=excludes)
    return {
        "title": content.title, "notes": list(content.notes),
        "sections": [{
            "name": section.name, "title": section.title, "summary": list(section.summary),
            "tables": [{"name": t.name, "title": t.title, "description": t.description,
                        "columns": [[c.key, c.title, c.kind, c.description] for c in t.columns],
                        "rows": [[_cell(v) for v in row] for row in t.rows]}
                       for t in section.tables],
            "charts": [{"name": c.name, "title": c.title, "description": c.description,
                        "group": c.group,
                        "svg_sha256": hashlib.sha256(c.svg.encode()).hexdigest()}
                       for c in section.charts],
        } for section in content.sections],
    }


def _cell(value: Any) -> Any:
    return value.item() if hasattr(value, "item") else value


def main(names: list[str]) -> None:
    """Write every case, or only the cases ``names`` names."""
    unknown = set(names) - {case.name for case in CASES}
    if unknown:
        raise SystemExit(f"no such case: {', '.join(sorted(unknown))}")
    EXPECTED.mkdir(exist_ok=True)
    for case in (case for case in CASES if not names or case.name in names):
        with tempfile.TemporaryDirectory() as folder:
            result = run_case(case, Path(folder))
        (EXPECTED / f"{case.name}.json").write_text(
            json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{case.name}: {len(json.dumps(result)):,} characters")


if __name__ == "__main__":
    main(sys.argv[1:])
