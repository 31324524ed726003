"""Projects whose dataset is exported: one written rating by rating (captions that need
quoting, every phase, a skip), and simulated copies of the sample projects."""

from __future__ import annotations

import csv
import shutil
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from annotator.analysis.pipeline import Analysis, AnalysisOptions, AnalysisSource, analyse
from annotator.cli import main
from annotator.project.folder import open_project
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

ROOT = Path(__file__).resolve().parents[3]
T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
CAPTIONS = {
    "item000": "café — naïve, with a comma",
    "item001": 'She said "hello", then left',
    "item002": "Two lines:\nthe second one",
    "item003": "=HYPERLINK(\"http://x\") plain",
}
SAMPLES = ("vicr-demo", "good-bad-skip-demo", "contextref-demo")


def rate(store: SessionStore, tagger: str, item: str, value: float, *, minute: int,
         rnd: int = 1, phase: Phase = Phase.GAME, points: int | None = None,
         question: str = "", stage: str = "") -> None:
    """One rating submitted ``minute`` minutes after T0, 4.5 s after it appeared."""
    shown = T0 + timedelta(minutes=minute)
    store.record_rating(Rating(
        rating_id=str(uuid.uuid4()), tagger=tagger, item_id=item, round=rnd, phase=phase,
        value=value, shown_at=shown, submitted_at=shown + timedelta(seconds=4.5),
        ms_on_screen=4500, points=points, question=question, stage=stage))


@pytest.fixture
def project_root(make_project_folder) -> Path:
    """Four items (item003 never rated) and two laptops: Zoë rates first, then ana; ana has
    a tutorial rating of the gold pair tutorial-00 and a retest. (The vicr5 rubric has no
    skip answer, so a SKIP here would make ana's file one that is refused; skips are
    exported from the good-bad-skip sample.)"""
    root = make_project_folder(4, tutorial=[3])
    with (root / "items.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "image", "caption", "source"])
        for n, (item_id, caption) in enumerate(CAPTIONS.items()):
            writer.writerow([item_id, f"images/photo{n:03d}.jpg", caption,
                             "human" if n % 2 else "model, v2"])
    project = open_project(root)
    one, two = (SessionStore.open(project.sessions_dir / f"{name}.sqlite",
                                  project_id=project.project_id, laptop_id=name,
                                  laptop_name=name) for name in ("lab-1", "lab-2"))
    rate(two, "Zoë", "item000", 5, minute=1, points=-1)
    rate(two, "Zoë", "item002", 1, minute=2, points=0)
    rate(one, "ana", "tutorial-00", 3, minute=3, phase=Phase.TUTORIAL, points=2)
    rate(one, "ana", "item000", 3, minute=4, points=2)
    rate(one, "ana", "item001", 4, minute=5, points=1)
    rate(one, "ana", "item000", 2, minute=7, rnd=2, phase=Phase.RETEST)
    one.close(), two.close()
    return root


def analysed(path: Path, **options) -> Analysis:
    return analyse(AnalysisSource(path), AnalysisOptions(reps=5, bootstrap=20, **options))


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sample projects with 4 simulated taggers in 2 rounds."""
    work = tmp_path_factory.mktemp("samples")
    folders = {}
    for name in SAMPLES:
        folder = work / name
        shutil.copytree(ROOT / "sample_projects" / name, folder)
        assert main(["simulate", str(folder), "--taggers", "4", "--rounds", "2",
                     "--seed", "3"]) == 0
        folders[name] = folder
    return folders


@pytest.fixture(scope="session")
def vicr_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The VICR sample with three simulated taggers in one round (not to be changed: tests
    that change it copy it first)."""
    folder = tmp_path_factory.mktemp("vicr-demo") / "vicr-demo"
    shutil.copytree(ROOT / "sample_projects" / "vicr-demo", folder)
    assert main(["simulate", str(folder), "--taggers", "3", "--rounds", "1",
                 "--seed", "3"]) == 0
    return folder
