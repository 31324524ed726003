"""Shared fixtures: offscreen Qt, a private user-config folder, real project folders.

``pytest --headed`` shows windows on the real display instead of offscreen.
"""

from __future__ import annotations

import csv
import os
import random
import shutil
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from annotator.project.manifest import new_manifest, write_manifest
from tests.photo_files import exif_with_thumbnail
from tests.requirements import REQUIREMENTS, missing, under_ci


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--headed", action="store_true", help="show Qt windows on the display")
    parser.addoption("--shuffle", type=int, metavar="SEED",
                     help="run the tests in an order shuffled with SEED, to find tests that "
                          "pass only after (or crash only after) another one")


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption("--headed"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``needs_…`` skips where that is missing, saying why; under CI it fails
    (tests/requirements.py)."""
    for marker in REQUIREMENTS:
        if item.get_closest_marker(marker) is not None and (why := missing(marker)):
            if under_ci():
                pytest.fail(f"{why} (CI=true: {marker} tests must run)")
            pytest.skip(f"{why} (under CI=true this fails instead)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seed = config.getoption("--shuffle")
    if seed is not None:
        random.Random(seed).shuffle(items)


@pytest.fixture(autouse=True)
def user_config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own laptop identity and recent-projects list."""
    folder = tmp_path / "user-config"
    monkeypatch.setenv("ANNOTATOR_CONFIG_DIR", str(folder))
    return folder


def write_jpeg(path: Path, *, size: tuple[int, int] = (64, 48), color: tuple = (200, 80, 40),
               exif_orientation: int | None = None,
               thumbnail: Image.Image | None = None) -> Path:
    """A real JPEG file (optionally with an EXIF orientation tag, and an embedded EXIF
    thumbnail as cameras write one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, color)
    if thumbnail is not None:
        image.save(path, "JPEG", quality=85,
                   exif=exif_with_thumbnail(thumbnail, orientation=exif_orientation or 1))
    elif exif_orientation is None:
        image.save(path, "JPEG", quality=85)
    else:
        exif = Image.Exif()
        exif[0x0112] = exif_orientation
        image.save(path, "JPEG", quality=85, exif=exif)
    return path


def write_subset(path: Path, *ids: str) -> Path:
    """A round's subset file: the ``item_id`` column (and a note) with ``ids``."""
    path.write_text("item_id,note\n" + "".join(f"{i},x\n" for i in ids), encoding="utf-8")
    return path


ProjectFactory = Callable[..., Path]


NO_DWELL: Mapping[str, Any] = {"dwell_seconds": 0}
"""Tests not about the minimum dwell do not wait 3 s (clocks are injected, never slept)."""


@pytest.fixture(scope="session")
def simulated_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample project after 4 simulated taggers played 2 rounds each (do not write to
    it: tests share it; copy it first)."""
    from annotator.cli import main
    from annotator.resources import sample_project_dir

    folder = tmp_path_factory.mktemp("simulated") / "vicr-demo"
    shutil.copytree(sample_project_dir(), folder)
    assert main(["simulate", str(folder), "--taggers", "4", "--rounds", "2", "--seed", "5"]) == 0
    return folder


@pytest.fixture
def checked_project(make_project_folder) -> Path:
    """ana passes both checks, ben fails one (4 on a check whose gold is 1), cy rates none."""
    from annotator.store.records import Phase
    from tests.analysis.sessions import rate, session

    folder = make_project_folder(6, checks=[1, 1])
    files = {name: session(folder, f"laptop-{name}") for name in ("ana", "ben", "cy")}
    for n, (name, store) in enumerate(files.items()):
        for i in range(6):
            rate(store, name, f"item{i:03d}", 1 + (i + n) % 5)
    rate(files["ana"], "ana", "check-00", 1, phase=Phase.CHECK)
    rate(files["ana"], "ana", "check-01", 2, phase=Phase.CHECK)
    rate(files["ben"], "ben", "check-00", 4, phase=Phase.CHECK)
    rate(files["ben"], "ben", "check-01", 1, phase=Phase.CHECK)
    for store in files.values():
        store.close()
    return folder


@pytest.fixture
def panel_project(make_project_folder) -> Path:
    """Two laptops' session files: game, tutorial and retest ratings with points."""
    from annotator.store.records import Phase
    from tests.analysis.sessions import rate, session

    root = make_project_folder(6)
    one, two = session(root, "lab-1"), session(root, "lab-2")
    rate(one, "ana", "item000", 3, points=2)
    rate(one, "ana", "item001", 4, points=1)
    rate(one, "ana", "item005", 2, phase=Phase.TUTORIAL, points=2)
    rate(one, "ana", "item000", 3, rnd=2, phase=Phase.RETEST)
    rate(two, "ben", "item000", 5, points=-1, seconds=6.0)
    rate(two, "ben", "item001", 4, points=2)
    one.close(), two.close()
    return root


@pytest.fixture
def make_project_folder(tmp_path: Path) -> ProjectFactory:
    """:func:`project_factory` in the test's own folder."""
    return project_factory(tmp_path)


def project_factory(tmp_path: Path) -> ProjectFactory:
    """Build a real project folder: project.toml, items.csv and one JPEG per item.

    ``flow``: the ``[flow]`` table (default: no dwell); ``rounds``: ``{n: table}``.
    ``tutorial`` / ``probation`` / ``checks``: expert ratings, one gold pair each
    (``gold.csv``); ``check_rule``: the ``[checks]`` table.
    ``priors``: ``{item_id: [ratings]}`` for ``priors.csv``.
    """

    def make(n_items: int = 12, *, name: str = "Test panel", folder: Path | None = None,
             project_id: str | None = None, flow: Mapping[str, Any] = NO_DWELL,
             rounds: Mapping[int, Mapping[str, Any]] | None = None,
             tutorial: Sequence[float] = (), probation: Sequence[float] = (),
             checks: Sequence[float] = (), check_rule: Mapping[str, Any] | None = None,
             priors: Mapping[str, Sequence[float]] | None = None) -> Path:
        root = folder or tmp_path / f"project-{uuid.uuid4().hex[:6]}"
        (root / "images").mkdir(parents=True)
        manifest = new_manifest(name)
        if project_id is not None:
            manifest = replace(manifest, project_id=project_id)
        document: dict[str, Any] = {"flow": dict(flow)}
        if rounds:
            document["rounds"] = {str(n): dict(table) for n, table in rounds.items()}
        if check_rule is not None:
            document["checks"] = dict(check_rule)
        write_manifest(root, replace(manifest, document=document))
        _write_gold(root, tutorial=tutorial, probation=probation, checks=checks)
        if priors:
            _write_csv(root / "priors.csv", ["item_id", "rating"],
                       [[item_id, value] for item_id, values in priors.items()
                        for value in values])
        with (root / "items.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["item_id", "image", "caption", "source"])
            for index in range(n_items):
                image = f"images/photo{index:03d}.jpg"
                write_jpeg(root / image, color=(index * 20 % 255, 90, 160))
                writer.writerow([f"item{index:03d}", image, f"A test caption number {index}.",
                                 "human"])
        return root

    return make


def _write_gold(root: Path, *, tutorial: Sequence[float], probation: Sequence[float],
               checks: Sequence[float] = ()) -> None:
    rows = []
    for purpose, ratings in (("tutorial", tutorial), ("probation", probation),
                             ("check", checks)):
        for index, rating in enumerate(ratings):
            image = f"images/{purpose}{index:02d}.jpg"
            write_jpeg(root / image, color=(40, index * 12 % 255, 200))
            rows.append([f"{purpose}-{index:02d}", image, f"A {purpose} caption {index}.",
                         rating, f"The experts chose {rating:g} for {purpose} pair {index}.",
                         purpose])
    if rows:
        _write_csv(root / "gold.csv",
                   ["item_id", "image", "caption", "rating", "explanation", "purpose"], rows)


def _write_csv(path: Path, header: list[str], rows: list[list]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
