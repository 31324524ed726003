"""The docs say what the code writes, and lead somewhere.

The real commands run on simulated copies of the sample projects; every JSON key of
``annotator analyze --json``, every column of every CSV the tool writes, every table and
key of its SQLite files and every chart of the pane must be listed in the docs, and
everything the docs list must still be written. The docs mark such a list with a comment
right before a Markdown table, ``<!-- KIND: ID -->``; the backticked names in the table's
first column are the list. ``<name>`` stands for any one name from the data (a tagger, a
level); ``{a,b}`` lists several names; ``[]`` is each element of a list.

Every relative link of the docs must reach a file (and a heading, for ``#anchors``), and no
doc may cite files that are not in the repository.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.project.folder import open_project
from annotator.project.model import GoldPurpose
from annotator.reporting.build import prepare_pane
from annotator.reporting.dataset.writer import KEY_SUFFIX
from annotator.reporting.exports import export_content
from annotator.reporting.sections.items import item_detail
from tests.conftest import project_factory
from tests.docs_tables import DOCS, ROOT, documented
from tests.store.sessionfiles import PROJECT
from tests.typed_study import typed_study

CITING = (*DOCS, ROOT / "tests" / "bench" / "README.md",
          *sorted((ROOT / "sample_projects").glob("*/README.md")),
          *sorted((ROOT / "sample_projects").glob("*/project.toml")),
          *sorted((ROOT / "resources" / "rubrics").glob("*.toml")),
          *sorted((ROOT / "annotator").rglob("*.py")))
"""Everything a user reads: the docs, the samples, the rubrics, and the package, whose
strings become the screens and reports and whose docstrings a maintainer reads."""
NAME = re.compile(r"<[^<>]+>")
SIMULATED = (("vicr-demo", 4, 2), ("good-bad-skip-demo", 4, 2), ("contextref-demo", 3, 1))
"""Sample projects, taggers and rounds: between them every block of the report is filled
(retest and metrics; binary with its stability; questions and attention checks)."""
PLANNED = {"vicr-demo": ["--ratings-per-item", "3", "--taggers", "Ana,Ben,Chen,Dana"],
           "good-bad-skip-demo": ["--ratings-per-item", "3", "--laptops", "4"],
           "contextref-demo": ["--ratings-per-item", "2", "--taggers", "Ana,Ben,Chen"]}
"""Plans made before the simulation (by tagger and by laptop), for the plan's files and the
Coverage tab; the one-round project is topped up afterwards."""


# --- what the docs list ---------------------------------------------------------------


def pattern(name: str) -> re.Pattern[str]:
    return re.compile(".+".join(re.escape(part) for part in NAME.split(name)))


def unmatched(names: Iterable[str], patterns: Iterable[str]) -> set[str]:
    """The names no pattern matches."""
    compiled = [pattern(p) for p in patterns]
    return {name for name in names if not any(p.fullmatch(name) for p in compiled)}


# --- what the code writes -------------------------------------------------------------


@dataclass
class Written:
    """Everything the commands wrote, gathered from the files themselves."""

    reports: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    columns: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    headers: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    charts: set[str] = field(default_factory=set)
    tables: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    keys: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    types: dict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))

    def csv(self, kind: str, path: Path) -> list[str]:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            header = next(csv.reader(handle))
        self.columns[kind].update(header)
        return header

    def shared(self, project: str, writer: str, path: Path) -> None:
        """``items.csv`` or ``taggers.csv``: one schema wherever it is written."""
        self.headers[project, f"{writer}/{path.name}"] = self.csv(path.name, path)

    def json(self, kind: str, path: Path) -> None:
        self.reports[kind].append(json.loads(path.read_text(encoding="utf-8")))

    def sqlite(self, kind: str, path: Path) -> None:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
                info = conn.execute(f"PRAGMA table_info('{table}')").fetchall()
                columns = [row[1] for row in info]
                self.tables[f"{kind}/{table}"].update(columns)
                self.types[f"{kind}/{table}"].update({row[1]: row[2] for row in info})
                if columns == ["key", "value"]:
                    self.keys[f"{kind}/{table}"].update(
                        key for (key,) in conn.execute(f"SELECT key FROM '{table}'"))
        finally:
            conn.close()


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Written:
    work = tmp_path_factory.mktemp("docs")
    out = Written()
    for name, taggers, rounds in SIMULATED:
        folder = work / name
        shutil.copytree(ROOT / "sample_projects" / name, folder)
        assert main(["plan", str(folder), *PLANNED[name], "--seed", "1"]) == 0
        out.csv("plan/plan.csv", folder / "plan.csv")
        assert main(["simulate", str(folder), "--taggers", str(taggers),
                     "--rounds", str(rounds), "--seed", "1"]) == 0
        if rounds == 1:
            # who fails ContextRef's checks is not counted: new recruits top up
            assert main(["plan", "top-up", str(folder), "--to", "3", "--seed", "1",
                         "--taggers", "Dana,Eli,Fay"]) == 0
            out.csv("plan/plan.csv", folder / "plan-top-up-1.csv")  # the same columns
        _skip_a_pair_after_an_error(folder)
        _answer_again_on_another_laptop(folder)
        for path in (folder / "simulation").glob("*.csv"):
            out.csv(f"simulate/{re.sub(r'-[0-9]+', '-<seed>', path.name)}", path)
        _analyze(folder, work / f"{name}-analysis", out)
        _pane(folder, work / f"{name}-pane", out)
        _dataset(folder, work / f"{name}-dataset", out)
    _sqlite_files(work / "vicr-demo", work, out)
    # a study with a flag, a note, a choice and a question on its own levels
    typed = typed_study(project_factory(work)(4, project_id=PROJECT))
    _analyze(typed, work / "typed-analysis", out)
    _pane(typed, work / "typed-pane", out)
    _dataset(typed, work / "typed-dataset", out)
    ratings = work / "flickr8k-expert.csv"
    assert main(["import-ratings", "flickr8k-expert",
                 str(ROOT / "tests" / "project" / "fixtures" / "expert_annotations.txt"),
                 "--out", str(ratings)]) == 0
    out.csv("import-ratings/RATINGS.csv", ratings)
    from_tool = work / "prodigy.csv"
    assert main(["import-ratings", "prodigy",
                 str(ROOT / "tests" / "project" / "fixtures" / "interop" / "prodigy.jsonl"),
                 "--project", str(work / "vicr-demo"), "--out", str(from_tool)]) == 0
    out.csv("import-ratings/RATINGS.csv", from_tool)
    return out


def _skip_a_pair_after_an_error(folder: Path) -> None:
    """One pair skipped because saving it failed, stored as the rating screen stores it
    (its count is a key of the JSON only when there is one)."""
    from annotator.project.answer_model import SKIP_VALUE
    from annotator.store.reading import read_session_file
    from annotator.store.records import SKIPPED_AFTER_ERROR, Phase, Rating
    from annotator.store.session_file import SessionStore

    path = next((folder / "sessions").glob("*.sqlite"))
    info = read_session_file(path).info
    store = SessionStore.open(path, project_id=info["project_id"], laptop_id=info["laptop_id"])
    try:
        last = store.ratings()[-1]
        store.record_rating(Rating(
            rating_id="skipped-after-error", tagger=last.tagger, item_id=last.item_id,
            round=last.round + 1, phase=Phase.RETEST, value=SKIP_VALUE,
            shown_at=last.submitted_at, submitted_at=last.submitted_at, ms_on_screen=0,
            question=SKIPPED_AFTER_ERROR))
    finally:
        store.close()


def _answer_again_on_another_laptop(folder: Path) -> None:
    """A tagger's game answer given again, later, on a second laptop (its count is a key
    of the JSON only when there is one)."""
    import uuid
    from dataclasses import replace

    from annotator.store.reading import read_session_file
    from annotator.store.records import Phase
    from annotator.store.session_file import SessionStore

    path = next((folder / "sessions").glob("*.sqlite"))
    info = read_session_file(path).info
    store = SessionStore.open(path, project_id=info["project_id"], laptop_id=info["laptop_id"])
    try:
        first = next(r for r in store.ratings() if r.phase is Phase.GAME)
    finally:
        store.close()
    second = SessionStore.open(folder / "sessions" / "second-laptop.sqlite",
                               project_id=info["project_id"], laptop_id="second-laptop")
    try:
        second.record_rating(replace(first, rating_id=str(uuid.uuid4()),
                                     submitted_at=first.submitted_at.replace(year=2099)))
    finally:
        second.close()


def _analyze(folder: Path, target: Path, out: Written) -> None:
    """``analyze --json --csv-dir`` with the checks left out, and a 0/1 scale's metrics."""
    metrics = target / "metrics.csv"
    target.mkdir()
    with metrics.open("w", encoding="utf-8") as handle:
        handle.write("item_id,metric,score\n")
        for item in open_project(folder).items:
            handle.write(f"{item.item_id},length,{len(item.caption)}\n"
                         f"{item.item_id},words,{len(item.caption.split())}\n")
    extra = [] if (folder / "metrics.csv").exists() else ["--metrics", str(metrics)]
    project = open_project(folder)
    if project.checks.items or project.gold_for(GoldPurpose.CHECK):
        extra.append("--exclude-failed-checks")
    assert main(["analyze", str(folder), "--json", str(target / "report.json"),
                 "--csv-dir", str(target), "--reps", "5", "--bootstrap", "20",
                 *extra]) == 0
    out.json("analyze", target / "report.json")
    for path in target.glob("*.csv"):
        if path != metrics:
            out.shared(folder.name, "analyze", path)


def _pane(folder: Path, target: Path, out: Written) -> None:
    """The pane's exports (every table and chart, an item's ratings)."""
    analysed, content = prepare_pane(folder)
    for path in export_content(content, target, generated_at="test"):
        if path.name in ("items.csv", "taggers.csv"):
            out.shared(folder.name, "pane", path)
        elif path.suffix == ".csv":
            out.csv(f"pane/{path.name}", path)
        elif path.suffix == ".svg":
            out.charts.add(path.stem)
    detail = item_detail(analysed, analysed.table.item_ids[0]).ratings
    out.columns[f"pane/{detail.name}.csv"].update(detail.csv_text().splitlines()[0].split(","))


def _dataset(folder: Path, target: Path, out: Written) -> None:
    """``annotator export --pseudonymise``: the data files, the key beside them, the JSON
    (the samples set a licence and a citation in ``[dataset]``)."""
    assert main(["export", str(folder), "--out", str(target), "--pseudonymise",
                 "--include-simulated"]) == 0  # the docs show the simulated samples
    out.csv("dataset/ratings.csv", target / "ratings.csv")
    out.shared(folder.name, "dataset", target / "items.csv")
    out.csv("dataset/<DIR>-tagger-key.csv", target.parent / f"{target.name}{KEY_SUFFIX}")
    for name in ("codebook", "datapackage", "croissant"):
        out.json(name, target / f"{name}.json")


def _sqlite_files(folder: Path, work: Path, out: Written) -> None:
    """A session file, the panel merged from all of them, and a consensus snapshot."""
    panel, snapshot = work / "panel.sqlite", work / "panel.snapshot"
    assert main(["merge", str(panel), str(folder / "sessions")]) == 0
    assert main(["snapshot", "export", str(panel), str(snapshot)]) == 0
    out.sqlite("session", next((folder / "sessions").glob("*.sqlite")))
    out.sqlite("panel", panel)
    out.sqlite("snapshot", snapshot)


# --- the JSON report ------------------------------------------------------------------


def key_tree(paths: Iterable[str]) -> dict:
    tree: dict = {}
    for path in paths:
        node = tree
        for part in path.replace("[]", ".[]").split("."):
            node = node.setdefault(part, {})
    return tree


def all_paths(tree: dict, prefix: str = "") -> Iterator[str]:
    for name, child in tree.items():
        path = f"{prefix}.{name}" if prefix else name
        yield path
        yield from all_paths(child, path)


def walk(value: object, node: dict, path: str, seen: set[str], missing: set[str]) -> None:
    """Follow ``value`` down the documented tree: record the documented paths it fills
    and the keys it has that the docs do not list."""
    if isinstance(value, dict):
        for key, child in value.items():
            name = key if key in node else next((n for n in node if NAME.fullmatch(n)), None)
            where = f"{path}.{key}" if path else key
            if name is None:
                missing.add(where)
                continue
            documented_path = f"{path}.{name}" if path else name
            seen.add(documented_path)
            walk(child, node[name], documented_path, seen, missing)
    elif isinstance(value, list) and "[]" in node:
        seen.add(f"{path}.[]")
        for element in value:
            walk(element, node["[]"], f"{path}.[]", seen, missing)


@pytest.mark.parametrize("kind", ["analyze", "codebook", "datapackage", "croissant"])
def test_every_json_key_is_documented_and_still_written(written: Written, kind: str) -> None:
    """The JSON of ``analyze --json`` (docs/statistics.md) and of the dataset (files.md)."""
    tree = key_tree(documented("json-keys")[kind])
    seen: set[str] = set()
    missing: set[str] = set()
    for report in written.reports[kind]:
        walk(report, tree, "", seen, missing)
    assert not missing, f"{kind} JSON keys not in the docs: {sorted(missing)}"
    stale = set(all_paths(tree)) - seen
    assert not stale, f"the docs list {kind} keys no longer written: {sorted(stale)}"


def test_items_csv_and_taggers_csv_have_one_schema_wherever_they_are_written(
        written: Written) -> None:
    """``analyze --csv-dir``, the pane and the published dataset, project by project."""
    for project, _, _ in SIMULATED:
        headers = {where: header for (name, where), header in written.headers.items()
                   if name == project}
        assert set(headers) == {"analyze/items.csv", "pane/items.csv", "dataset/items.csv",
                                "analyze/taggers.csv", "pane/taggers.csv"}
        assert headers["analyze/items.csv"] == headers["pane/items.csv"] == headers[
            "dataset/items.csv"], project
        assert headers["analyze/taggers.csv"] == headers["pane/taggers.csv"], project


# --- CSV files, SQLite files, charts --------------------------------------------------


def compare(kind: str, actual: dict[str, set[str]]) -> None:
    """Every written file is documented with exactly its columns (or keys)."""
    docs = documented(kind)
    files = {name: next((d for d in docs if pattern(d).fullmatch(name)), None) for name in actual}
    undocumented = sorted(name for name, doc in files.items() if doc is None)
    assert not undocumented, f"{kind} not documented: {undocumented}"
    unwritten = sorted(set(docs) - set(files.values()))
    assert not unwritten, f"documented as {kind} but not written: {unwritten}"
    problems = []
    for name, doc in files.items():
        listed = docs[doc]
        extra = unmatched(actual[name], listed)
        gone = {d for d in listed if not any(pattern(d).fullmatch(a) for a in actual[name])}
        if extra or gone:
            problems.append(f"{doc}: not documented {sorted(extra)}, not written {sorted(gone)}")
    assert not problems, "\n".join(problems)


def test_every_csv_column_is_documented_and_still_written(written: Written) -> None:
    compare("csv-columns", written.columns)


def test_every_sqlite_table_and_column_is_documented(written: Written) -> None:
    compare("sqlite-columns", written.tables)


def test_every_sqlite_column_has_its_declared_type_in_the_docs(written: Written) -> None:
    names, types = documented("sqlite-columns"), documented("sqlite-columns", cell=2)
    wrong = [f"{table}.{name}: documented {kind}, declared {written.types[table][name]}"
             for table in names for name, kind in zip(names[table], types[table], strict=True)
             if written.types[table][name] != kind]
    assert not wrong, "\n".join(wrong)


def test_every_key_of_the_sqlite_info_tables_is_documented(written: Written) -> None:
    compare("sqlite-keys", written.keys)


def test_every_chart_of_the_pane_is_documented(written: Written) -> None:
    compare("charts", {"pane": written.charts})


# --- links and citations --------------------------------------------------------------


def anchors(doc: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    found: set[str] = set()
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.DOTALL)
    for heading in re.findall(r"^#+\s+(.+?)\s*$", text, flags=re.MULTILINE):
        slug = "".join(c for c in heading.lower() if c.isalnum() or c in "-_ ").replace(" ", "-")
        candidate, n = slug, 0
        while candidate in found:
            n += 1
            candidate = f"{slug}-{n}"
        found.add(candidate)
    return found


def links(doc: Path) -> Iterator[tuple[int, str]]:
    text = doc.read_text(encoding="utf-8")
    for match in re.finditer(r"\]\(([^)\s]+)\)", text):
        yield text.count("\n", 0, match.start()) + 1, match.group(1)


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_every_relative_link_resolves(doc: Path) -> None:
    broken = []
    for line, target in links(doc):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists():
            broken.append(f"{doc.name}:{line}: {target} (no such file)")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{doc.name}:{line}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("doc", CITING, ids=lambda d: str(d.relative_to(ROOT)))
def test_no_doc_cites_files_outside_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    cited = [name for name in ("seeds/", "DESIGN") if name in text]
    assert not cited, (f"{doc.relative_to(ROOT)} cites {cited}, which readers do not have: cite "
                       "the published paper (docs/statistics.md#references) or the doc saying it")


def test_the_docs_exist_and_the_readme_stays_short() -> None:
    for name in ("tagger-guide", "lead-guide", "protocols", "statistics", "files",
                 "rating-game", "install"):
        assert (ROOT / "docs" / f"{name}.md").is_file(), name
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 150
