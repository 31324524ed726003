"""The inputs whose ``annotator analyze`` output is pinned in ``expected/`` (see
:mod:`tests.analysis.pinned.generate`).

Every input is built from seeded generators and the reference datasets, through APIs that
are stable (the ratings CSV, the session store, the ``analyze`` command line), so the same
input can be built by the code that wrote ``expected/`` and by the code under test. None
of it depends on the game (simulated taggers would change whenever the game does).
"""

from __future__ import annotations

import csv
import random
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore
from tests.bench._panels import synthetic_panel

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = ROOT / "tests" / "analysis" / "reference"
SAMPLES = ROOT / "sample_projects"
T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
QUICK = ["--reps", "20", "--bootstrap", "200"]


@dataclass(frozen=True)
class Case:
    """``build(folder)`` writes the input under ``folder`` and returns the ``analyze``
    arguments (without ``--json`` and ``--csv-dir``); ``pane`` names the path the
    analysis pane opens (relative to ``folder``) when its tables are pinned too."""

    name: str
    build: Callable[[Path], list[str]]
    pane: str | None = None
    pane_excludes: bool = False


def _ratings_csv(path: Path, rows: list[tuple], *, source: dict[str, str] | None = None
                 ) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "tagger", "round", "rating", "source"])
        for item, tagger, rnd, rating in rows:
            writer.writerow([item, tagger, rnd, rating, (source or {}).get(item, "")])
    return path


def _panel_rows(**kwargs) -> tuple[list[tuple], dict[str, str]]:
    table = synthetic_panel(**kwargs)
    rows = [(table.item_ids[i], table.taggers[t], int(r), f"{table.levels[v]:g}")
            for i, t, r, v in zip(table.item, table.tagger, table.round, table.level,
                                  strict=True)]
    sources = dict(zip(table.item_ids, table.item_sources or (), strict=True))
    return rows, sources


def _metrics_csv(path: Path, item_ids: list[str], *, seed: int, names: list[str]) -> Path:
    """Scores for most items, a few empty, one id no rating has."""
    rng = random.Random(seed)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "metric", "score"])
        for n, name in enumerate(names):
            for index, item in enumerate(item_ids):
                if (index + n) % 11 == 0:
                    continue
                score = "" if (index + n) % 17 == 0 else f"{rng.gauss(index % 7, 2 + n):.4f}"
                writer.writerow([item, name, score])
            writer.writerow(["not-rated-item", name, "0.5"])
    return path


def ordinal_panel(folder: Path, *, metrics: bool = False) -> list[str]:
    rows, sources = _panel_rows(n_items=200, n_taggers=10, n_ratings=1000, low=3, high=7,
                                levels=np.arange(1.0, 6.0), noise=0.6, seed=1,
                                retest_items=30)
    path = _ratings_csv(folder / "ratings.csv", rows, source=sources)
    args = ["--ratings-csv", str(path), *QUICK, "--seed", "3"]
    if metrics:
        items = sorted(sources)
        scores = _metrics_csv(folder / "metrics.csv", items, seed=4,
                              names=["clip_score", "words", "overlap"])
        args += ["--metrics", str(scores), "--level", "interval"]
    return args


def binary_panel(folder: Path) -> list[str]:
    rows, sources = _panel_rows(n_items=150, n_taggers=12, n_ratings=1300, low=7, high=9,
                                levels=np.array([0.0, 1.0]), noise=0.3, seed=2,
                                retest_items=20)
    items = sorted(sources)
    skips = [(item, f"tagger{t:03d}", rnd, "skip") for n, item in enumerate(items[:12])
             for rnd in (1, 2) for t in range(n % 4 + (rnd == 2))]
    path = _ratings_csv(folder / "ratings.csv", rows + skips)
    scores = _metrics_csv(folder / "metrics.csv", items, seed=5, names=["p_good", "length"])
    return ["--ratings-csv", str(path), *QUICK, "--seed", "7", "--metrics", str(scores)]


def reference_dataset(relative: str, *, coders_in_rows: bool = False,
                      level: str = "ordinal") -> Callable[[Path], list[str]]:
    """A published reference dataset (units × raters, or Krippendorff's coders × units)
    as a ratings CSV: each unit an item, each rater a tagger, round 1."""

    def build(folder: Path) -> list[str]:
        with (REFERENCE / relative).open(encoding="utf-8", newline="") as handle:
            header, *body = list(csv.reader(handle))
        if coders_in_rows:
            cells = [(f"u{u + 1:02d}", row[0], value) for row in body
                     for u, value in enumerate(row[1:])]
        else:
            cells = [(f"u{int(row[0]):02d}", header[c], row[c]) for row in body
                     for c in range(1, len(header))]
        rows = [(unit, rater, 1, value.strip()) for unit, rater, value in cells
                if value.strip() not in ("", ".", "NA")]
        path = _ratings_csv(folder / "reference.csv", rows)
        return ["--ratings-csv", str(path), *QUICK, "--seed", "1", "--level", level]

    return build


def tiny_panel(folder: Path) -> list[str]:
    """Four ratings: nearly every figure is undefined, each with its reason."""
    rows = [("a", "ana", 1, "2"), ("a", "ben", 1, "4"), ("a", "ana", 2, "2"), ("b", "ana", 1, "3")]
    return ["--ratings-csv", str(_ratings_csv(folder / "tiny.csv", rows)), *QUICK]


class _Laptops:
    """One session file per laptop of a copied sample project."""

    def __init__(self, root: Path, project_id: str):
        self.root, self.project_id = root, project_id
        self.stores: dict[str, SessionStore] = {}
        self.clock = 0

    def rate(self, laptop: str, tagger: str, item: str, value: float, *, rnd: int = 1,
             phase: Phase = Phase.GAME, points: int | None = None, seconds: float = 4.0,
             question: str = "", stage: str = "") -> None:
        if laptop not in self.stores:
            self.stores[laptop] = SessionStore.open(
                self.root / "sessions" / f"{laptop}.sqlite", project_id=self.project_id,
                laptop_id=laptop, laptop_name=laptop)
        self.clock += 1
        shown = T0 + timedelta(days=30 * (rnd - 1), seconds=10 * self.clock)
        self.stores[laptop].record_rating(Rating(
            rating_id=str(uuid.UUID(int=random.Random(self.clock).getrandbits(128))),
            tagger=tagger, item_id=item, round=rnd, phase=phase, value=value,
            shown_at=shown, submitted_at=shown + timedelta(seconds=seconds),
            ms_on_screen=int(seconds * 1000), points=points, question=question,
            stage=stage))

    def close(self) -> None:
        for store in self.stores.values():
            store.close()


def _copy_sample(name: str, folder: Path) -> tuple[Path, str, list[str]]:
    root = folder / name
    shutil.copytree(SAMPLES / name, root)
    (root / "sessions").mkdir(exist_ok=True)
    with (root / "items.csv").open(encoding="utf-8", newline="") as handle:
        items = [row["item_id"] for row in csv.DictReader(handle)]
    project_id = next(line.split('"')[1] for line in
                      (root / "project.toml").read_text(encoding="utf-8").splitlines()
                      if line.startswith("id ="))
    return root, project_id, items


def vicr_project(folder: Path, *, exclude: bool = False) -> list[str]:
    """The VICR sample with two check pairs, six taggers on three laptops: tutorial,
    checks, a game round and a retest round, points and seconds; one pair rated twice on
    two laptops (counted once)."""
    root, project_id, items = _copy_sample("vicr-demo", folder)
    with (root / "gold.csv").open("a", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        for n, rating in enumerate((1, 5)):
            writer.writerow([f"check-{n}", "images/spaniels.jpg", f"A check caption {n}.",
                             rating, "The experts agree.", "check"])
    rng = random.Random(11)
    laptops = _Laptops(root, project_id)
    quality = {item: rng.uniform(1, 5) for item in items}
    taggers = [f"tagger {c}" for c in "ABCDEF"]
    for t, tagger in enumerate(taggers):
        laptop = f"laptop-{t % 3}"
        bias = rng.gauss(0, 0.4)
        for n in range(3):
            gold = f"gold-spaniels-t{4 - n}" if n < 2 else "gold-mountain-path-t3"
            laptops.rate(laptop, tagger, gold, rng.choice([2, 3, 4]), phase=Phase.TUTORIAL,
                         points=rng.choice([0, 2]))
        laptops.rate(laptop, tagger, "check-0", 1 if t != 4 else 4, phase=Phase.CHECK)
        laptops.rate(laptop, tagger, "check-1", 5 if t not in (4, 5) else 2, phase=Phase.CHECK)
        mine = [item for n, item in enumerate(items) if (n + t) % 6 != 0][: 40 - 5 * (t == 5)]
        for item in mine:
            value = min(5, max(1, round(quality[item] + bias + rng.gauss(0, 0.7))))
            laptops.rate(laptop, tagger, item, value, points=rng.choice([-1, 0, 1, 2]),
                         seconds=rng.uniform(3, 20))
        if t < 4:
            for item in mine[:12]:
                value = min(5, max(1, round(quality[item] + bias + rng.gauss(0, 0.9))))
                laptops.rate(laptop, tagger, item, value, rnd=2, phase=Phase.RETEST,
                             seconds=rng.uniform(3, 20))
    laptops.rate("laptop-2", "tagger A", items[1], 1, points=0)  # A on another laptop: later
    laptops.close()
    return [str(root), *QUICK, "--seed", "2", *(["--exclude-failed-checks"] if exclude else [])]


QUESTIONS = ("imaginability", "relevance", "irrelevance", "added_info", "overall")


def contextref_project(folder: Path) -> list[str]:
    """The ContextRef sample as it was pinned: five taggers answer every question before and
    with the image (imaginability only before), and its check pair on ``added_info``."""
    root, project_id, _ = _copy_sample("contextref-demo", folder)
    items = _check_as_gold_pair(root)
    rng = random.Random(12)
    laptops = _Laptops(root, project_id)
    for t in range(5):
        tagger = f"reader {t + 1}"
        for item in [*items, "check-fig"]:
            phase = Phase.CHECK if item.startswith("check") else Phase.GAME
            for question in QUESTIONS:
                base = rng.randint(1, 5)
                for stage in ("pre", "post"):
                    if stage == "post" and question == "imaginability":
                        continue
                    value = min(5, max(1, base + (stage == "post") * rng.choice([-1, 0, 1, 1])))
                    laptops.rate(f"laptop-{t}", tagger, item, value, phase=phase,
                                 question=question, stage=stage, seconds=rng.uniform(2, 9))
    laptops.close()
    return [str(root), *QUICK, "--seed", "5"]


def _check_as_gold_pair(root: Path) -> list[str]:
    """The sample's layout when it was pinned: its identical description ``check-fig`` a
    gold check pair (the items it marks as checks since issue 29 taken out of items.csv),
    one check among every 4 pairs; the item ids left."""
    with (root / "items.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    columns = [name for name in rows[0] if name != "check"]
    kept = [row for row in rows if row["check"] != "yes"]
    fig = next(row for row in rows if row["item_id"] == "check-fig")
    with (root / "items.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, columns, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows(kept)
    gold = {**{name: fig[name] for name in columns if name != "source"}, "rating": "1",
            "explanation": "The description repeats the figure caption word for word, so it "
                           "adds nothing.", "purpose": "check"}
    with (root / "gold.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, ["item_id", "image", "caption", "rating", "explanation",
                                         "purpose", "page_title", "section_title", "paragraph",
                                         "figure_caption"], lineterminator="\n")
        writer.writeheader()
        writer.writerow(gold)
    manifest = root / "project.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("\nevery = 5 ", "\nevery = 4 "), encoding="utf-8")
    return [row["item_id"] for row in kept]


def panel_database(folder: Path) -> list[str]:
    """The VICR sessions merged into a panel database kept away from its project."""
    from annotator.store.merge import merge_session_files

    vicr_project(folder)
    panel = folder / "alone" / "panel.sqlite"
    panel.parent.mkdir()
    merge_session_files(panel, [folder / "vicr-demo" / "sessions"])
    return [str(panel), *QUICK, "--seed", "6"]


def session_file(folder: Path) -> list[str]:
    """One laptop's session file on its own (no project: the scale is what was rated)."""
    vicr_project(folder)
    alone = folder / "alone"
    alone.mkdir()
    shutil.copy(folder / "vicr-demo" / "sessions" / "laptop-1.sqlite", alone / "one.sqlite")
    return [str(alone / "one.sqlite"), *QUICK, "--seed", "8"]


CASES = (
    Case("tiny", tiny_panel),
    Case("synthetic-ordinal", ordinal_panel),
    Case("synthetic-ordinal-metrics", lambda folder: ordinal_panel(folder, metrics=True)),
    Case("synthetic-binary-skips", binary_panel),
    Case("gwet-4-raters", reference_dataset("irrCAC_gwet/cac.raw4raters.csv")),
    Case("gwet-5-observers", reference_dataset("irrCAC_gwet/cac.raw5obser.csv")),
    Case("krippendorff-2011", reference_dataset(
        "krippendorff_examples/krippendorff2011_4coders_12units.csv", coders_in_rows=True,
        level="nominal")),
    Case("krippendorff-wikipedia", reference_dataset(
        "krippendorff_examples/wikipedia_3coders_15units.csv", coders_in_rows=True)),
    Case("fleiss-1971", reference_dataset(
        "statsmodels_fleiss_cohen/fleiss1971_diagnoses_30subjects_6raters.csv")),
    Case("anxiety", reference_dataset(
        "statsmodels_fleiss_cohen/irr_anxiety_20subjects_3raters.csv", level="ratio")),
    Case("project-vicr", vicr_project, pane="vicr-demo"),
    Case("project-vicr-excluded", lambda folder: vicr_project(folder, exclude=True),
         pane="vicr-demo", pane_excludes=True),
    Case("project-contextref", contextref_project, pane="contextref-demo"),
    Case("panel-database", panel_database),
    Case("session-file", session_file),
)
