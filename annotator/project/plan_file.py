"""``[plan]`` in ``project.toml`` and the plan's CSV files: reading, checking, writing.

```toml
[plan]                          # written by `annotator plan`
file = "plan.csv"               # tagger (or laptop), item_id: one row per assignment
sha256 = "9c1e…"                # of plan.csv: a file changed or swapped since is refused
by = "tagger"                   # or "laptop": seats laptop-01 … laptop-NN
ratings_per_item = 3
taggers = 7                     # names (or seats) in plan.csv
seed = 1
created = 2027-01-10T09:30:00Z

[plan.top_up.1]                 # written by `annotator plan top-up`
file = "plan-top-up-1.csv"
sha256 = "51aa…"
to = 3                          # the ratings per item it tops up to
created = 2027-02-01T10:00:00Z
```

Which items a tagger rates must never be guessed: a ``[plan]`` value that cannot be used,
a missing file or one whose SHA-256 differs from the one recorded raises
:class:`ProjectError` naming the line (the project does not open until the lead restores
the file or plans again). Rows that cannot be used (an item no longer in ``items.csv``, a
row twice) and counts that do not add up are problems ``annotator validate`` lists.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import tomllib
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

import tomlkit
from tomlkit.toml_document import TOMLDocument

from annotator.csvtext import csv_text
from annotator.errors import ProjectError
from annotator.files import write_text
from annotator.names import clean_name, name_key, name_problem
from annotator.project.csv_reader import read_table
from annotator.project.manifest import MANIFEST_FILE
from annotator.project.model import Problem
from annotator.project.plan import Plan, PlanBy, TopUp, seat_names
from annotator.project.settings_table import unknown_settings
from annotator.project.tomlfile import edited_text

PLAN_FILE = "plan.csv"
ITEM_COLUMN = "item_id"
PLAN_KEYS = ("file", "sha256", "by", "ratings_per_item", "taggers", "pairs_per_tagger", "seed",
             "created", "top_up")
TOP_UP_KEYS = ("file", "sha256", "to", "disputed", "created")


def top_up_file(number: int) -> str:
    return f"plan-top-up-{number}.csv"


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- reading ---------------------------------------------------------------------------


class _Reader:
    """Reads one ``[plan]`` table; ``fail`` names the line of a key in ``project.toml``."""

    def __init__(self, lines: Mapping[str, int], path: Path):
        self.lines, self.path = lines, path

    def fail(self, message: str, key: str) -> ProjectError:
        return ProjectError(message, file=self.path, line=self.lines.get(key))

    def whole(self, table: Mapping[str, Any], key: str, where: str, *, least: int | None = 1,
              required: bool = True) -> int | None:
        raw = table.get(key)
        if raw is None and not required:
            return None
        if isinstance(raw, bool) or not isinstance(raw, int) or (least is not None
                                                                  and raw < least):
            floor = "" if least is None else f" of at least {least}"
            raise self.fail(f"[{where}] {key} must be a whole number{floor}, as "
                            "`annotator plan` wrote it.", f"{where}.{key}")
        return raw

    def file(self, table: Mapping[str, Any], where: str) -> tuple[Path, str]:
        """The file a table names, inside the folder, present and unchanged."""
        raw = table.get("file")
        text = raw if isinstance(raw, str) else ""
        relative = PurePosixPath(text.replace("\\", "/"))
        if not text.strip() or relative.is_absolute() or ".." in relative.parts:
            raise self.fail(f'[{where}] file must be the path of a CSV file inside the project '
                            f'folder, in quotes, like "{PLAN_FILE}".', f"{where}.file")
        found = self.path.parent / relative
        if not found.is_file():
            raise self.fail(f"[{where}] names {relative}, which is not in the project folder. "
                            "Copy it back from the lead's folder, or plan again with "
                            "`annotator plan --replace`.", f"{where}.file")
        recorded = table.get("sha256")
        if not isinstance(recorded, str) or recorded.strip().lower() != sha256_of(found):
            raise self.fail(f"{relative} is not the file `annotator plan` wrote: its SHA-256 "
                            f"differs from [{where}] sha256. Restore the lead's copy of it; "
                            "taggers would otherwise rate other items than planned.",
                            f"{where}.sha256")
        return found, relative.as_posix()

    def unknown(self, table: Mapping[str, Any], where: str, known: Sequence[str]
                ) -> list[Problem]:
        return unknown_settings(table, where, known, self.lines, path=self.path)


def read_plan(document: Mapping[str, Any], lines: Mapping[str, int], *, path: Path,
              item_ids: Collection[str]) -> tuple[Plan | None, list[Problem]]:
    """The plan of a parsed ``project.toml`` (None without ``[plan]``), and its problems."""
    raw = document.get("plan")
    if raw is None:
        return None, unrecorded_plan_files(path.parent)
    reader = _Reader(lines, path)
    if not isinstance(raw, dict):
        raise reader.fail("plan must be a table: [plan], as `annotator plan` wrote it.", "plan")
    problems = reader.unknown(raw, "plan", PLAN_KEYS) + unrecorded_plan_files(path.parent)
    if raw.get("by") not in tuple(PlanBy):
        raise reader.fail('[plan] by must be "tagger" or "laptop".', "plan.by")
    by = PlanBy(raw["by"])
    k = reader.whole(raw, "ratings_per_item", "plan")
    count = reader.whole(raw, "taggers", "plan")
    seed = reader.whole(raw, "seed", "plan", least=None)
    pairs = reader.whole(raw, "pairs_per_tagger", "plan", required=False)
    assert k is not None and count is not None and seed is not None
    found, relative = reader.file(raw, "plan")
    assignments, order, row_problems = _assignments(found, by, item_ids)
    problems += row_problems
    plan = Plan(by=by, file=relative, ratings_per_item=k, seed=seed, assignees=order,
                assignments=assignments, pairs_per_tagger=pairs)
    problems += _count_problems(plan, count, found)
    top_ups = raw.get("top_up", {})
    if not isinstance(top_ups, dict):
        raise reader.fail("[plan] top_up must hold tables like [plan.top_up.1].", "plan.top_up")
    read = []
    for name, table in sorted(top_ups.items(), key=lambda entry: _number(entry[0])):
        where = f"plan.top_up.{name}"
        if not name.isdigit() or not isinstance(table, dict):
            raise reader.fail(f"[{where}] is not a top-up: they are tables numbered from 1, "
                              "like [plan.top_up.1].", where)
        problems += reader.unknown(table, where, TOP_UP_KEYS)
        to = reader.whole(table, "to", where)
        assert to is not None
        found, relative = reader.file(table, where)
        rows, named, row_problems = _assignments(found, by, item_ids)
        problems += row_problems
        if by is PlanBy.LAPTOP:
            problems += [Problem(found, None, f"{seat} is not a seat of the plan; its rows "
                                 "were skipped.") for seat in rows if plan.name_of(seat) is None]
            rows = {key: items for key, items in rows.items() if plan.name_of(key) is not None}
        read.append(TopUp(int(name), relative, to, rows, named))
    return dataclasses.replace(plan, top_ups=tuple(read)), problems


def _number(name: str) -> int:
    return int(name) if name.isdigit() else 0


def _assignments(path: Path, by: PlanBy, item_ids: Collection[str]
                 ) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...], list[Problem]]:
    """Each assignee's items (keyed by :func:`name_key`), the assignees in file order, and
    every row that could not be used."""
    column = by.value
    table = read_table(path, required=(column, ITEM_COLUMN), known=(column, ITEM_COLUMN))
    problems = list(table.problems)
    written = table.column(column)
    key_of = {raw: name_key(raw) for raw in set(written)}  # a plan repeats a few names
    keys = [key_of[raw] for raw in written]
    items = [cell.strip() for cell in table.column(ITEM_COLUMN)]
    clean = (all(keys) and all(items) and not set(items) - set(item_ids)
             and not any(map(name_problem, key_of))
             and len(set(zip(keys, items, strict=True))) == len(items))
    rows = zip(keys, items, written, table.lines, strict=True)
    found: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    seen: dict[tuple[str, str], int] = {}
    for key, item, raw, line in rows:
        if not clean:  # the slow way, naming each bad row, only when there is one
            message = None
            if not key or not item:
                message = f"The {column} or the item_id is empty."
            elif (problem := name_problem(raw, what=column)) is not None:
                message = problem
            elif (key, item) in seen:
                message = (f"{raw.strip()} and {item} are already listed on line "
                           f"{seen[key, item]}.")
            elif item not in item_ids:
                message = f"The item id {item!r} is not an item of items.csv."
            if message is not None:
                problems.append(Problem(path, line, f"{message} The row was skipped."))
                continue
            seen[key, item] = line
        if key not in names:
            names[key] = clean_name(raw)
            found[key] = []
        found[key].append(item)
    return ({key: tuple(items) for key, items in found.items()}, tuple(names.values()),
            problems)


def _count_problems(plan: Plan, count: int, path: Path) -> list[Problem]:
    """What does not add up: the number of assignees, the seats, K per item, the loads."""
    problems = []
    if len(plan.assignees) != count:
        problems.append(Problem(path, None, f"The file names {len(plan.assignees)} "
                                f"{plan.column}s; project.toml says {count}."))
    if plan.by is PlanBy.LAPTOP:
        strange = [name for name in plan.assignees if name not in seat_names(count)]
        if strange:
            problems.append(Problem(path, None, f"Seats must be named {seat_names(1)[0]} … "
                                    f"{seat_names(count)[-1]}; not {', '.join(strange)}."))
    off = sorted(item for item, n in plan.planned.items() if n != plan.ratings_per_item)
    if off:
        problems.append(Problem(path, None, f"{len(off)} items are not planned exactly "
                                f"{plan.ratings_per_item} times, e.g. {off[0]}."))
    loads = Counter({key: len(items) for key, items in plan.assignments.items()})
    if loads and max(loads.values()) - min(loads.values()) > 1:
        problems.append(Problem(path, None, "The shares differ by more than one pair "
                                f"({min(loads.values())} to {max(loads.values())})."))
    return problems


# --- writing ---------------------------------------------------------------------------


def plan_csv_text(column: str, rows: Sequence[tuple[str, str]]) -> str:
    """A plan's CSV: ``tagger`` (or ``laptop``), ``item_id``, one row per assignment."""
    return csv_text(rows, header=[column, ITEM_COLUMN])


def write_plan(folder: Path, *, text: str, settings: Mapping[str, Any]) -> Path:
    """Write the plan and record it as ``[plan]`` with ``settings`` (by,
    ratings_per_item, taggers, …) and its hash, replacing any earlier plan and its
    top-ups.

    The new plan never overwrites the one in force: it goes to a file of its own
    (``plan.csv``, or ``plan-2.csv``, ``plan-3.csv`` … while that name is taken), and the
    one atomic write of ``project.toml`` switches to it; only then are the earlier plan's
    files removed. So at every instant, a crash included, the project holds one whole plan,
    the old or the new; an interrupted run leaves at most a file no ``[plan]`` names,
    which ``validate`` lists (:func:`unrecorded_plan_files`)."""
    earlier = recorded_plan_files(folder)
    name = _free_plan_name(earlier)
    values = {"file": name, "sha256": _hash(text), **settings}

    def change(document: TOMLDocument) -> None:
        table = tomlkit.table()
        table.update(values)
        if "plan" in document:
            del document["plan"]  # the blank line before it stays
        else:
            document.add(tomlkit.nl())
        document["plan"] = table

    written = _write_both(folder, name, text, change, ("plan", "sha256"), values["sha256"])
    for old in earlier - {name}:  # the new plan is in force: the old files are no one's
        (folder / old).unlink(missing_ok=True)
    return written


def recorded_plan_files(folder: Path) -> set[str]:
    """The plan files ``[plan]`` of the folder's ``project.toml`` names (none: no plan, or a
    ``[plan]`` that cannot be read, which opening the project reports)."""
    try:
        plan = tomllib.loads((folder / MANIFEST_FILE).read_text(encoding="utf-8")).get("plan")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return set()
    if not isinstance(plan, dict):
        return set()
    top_ups = plan.get("top_up")
    tables = [plan, *(top_ups.values() if isinstance(top_ups, dict) else ())]
    return {table["file"] for table in tables
            if isinstance(table, dict) and isinstance(table.get("file"), str)}


def unrecorded_plan_files(folder: Path) -> list[Problem]:
    """A plan file in the folder that ``project.toml`` does not name: left by a ``plan`` or
    ``plan top-up`` interrupted before it recorded it (the plan in force is whole)."""
    recorded = recorded_plan_files(folder)
    return [Problem(path, None, f"No [plan] in project.toml names {path.name}: it was left "
                    "by `annotator plan` stopped before it recorded it, and is not used. The "
                    "plan in force is " + (", ".join(sorted(recorded)) or "none") + ". "
                    "Delete it, or run the same `annotator plan` command again to finish.")
            for path in sorted(folder.glob("plan*.csv")) if path.name not in recorded]


def _free_plan_name(taken: set[str]) -> str:
    """``plan.csv``, or the first ``plan-N.csv`` not in force (``plan.csv`` is while a plan
    replaces it); a file no ``[plan]`` names is no one's and may be written over."""
    name, number = PLAN_FILE, 1
    while name in taken:
        number += 1
        name = f"plan-{number}.csv"
    return name


def write_top_up(folder: Path, *, number: int, text: str, settings: Mapping[str, Any]
                 ) -> Path:
    """Write ``plan-top-up-N.csv`` and record it as ``[plan.top_up.N]``."""
    name = top_up_file(number)
    values = {"file": name, "sha256": _hash(text), **settings}

    def change(document: TOMLDocument) -> None:
        plan = document["plan"]
        top_ups = plan.setdefault("top_up", tomlkit.table(is_super_table=True))
        table = tomlkit.table()
        table.update(values)
        top_ups[str(number)] = table

    return _write_both(folder, name, text, change, ("plan", "top_up", str(number), "sha256"),
                       values["sha256"])


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _write_both(folder: Path, name: str, text: str, change: Callable[[TOMLDocument], None],
                hash_key: tuple[str, ...], digest: str) -> Path:
    """The CSV first, then ``project.toml``; a failure puts the CSV back as it was."""
    manifest = folder / MANIFEST_FILE
    toml_text = edited_text(manifest, change)
    _check_written(toml_text, hash_key, digest, manifest)
    target = folder / name
    before = target.read_bytes() if target.exists() else None
    write_text(target, text)
    try:
        write_text(manifest, toml_text)
    except BaseException:
        if before is None:
            target.unlink(missing_ok=True)
        else:
            write_text(target, before.decode("utf-8"))
        raise
    return target


def _check_written(text: str, key: tuple[str, ...], digest: str, manifest: Path) -> None:
    """Refuse an edit that would not read back as recorded (nothing is written then)."""
    node: Any = None
    try:
        node = tomllib.loads(text)
        for part in key:
            node = node[part]
    except (tomllib.TOMLDecodeError, KeyError, TypeError):
        node = None
    if node != digest:
        raise ProjectError("project.toml could not be changed to record the plan; nothing "
                           "was changed. Check how [plan] is written in it.", file=manifest)


def utc_second(moment: dt.datetime) -> dt.datetime:
    return moment.astimezone(dt.UTC).replace(microsecond=0)
