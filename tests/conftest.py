"""Shared fixtures: offscreen Qt, a private user-config folder, real project folders.

``pytest --headed`` shows windows on the real display instead of offscreen.
"""

from __future__ import annotations

import csv
import os
import uuid
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from annotator.project.manifest import new_manifest, write_manifest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--headed", action="store_true", help="show Qt windows on the display")


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption("--headed"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


@pytest.fixture(autouse=True)
def user_config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own laptop identity and recent-projects list."""
    folder = tmp_path / "user-config"
    monkeypatch.setenv("ANNOTATOR_CONFIG_DIR", str(folder))
    return folder


def write_jpeg(path: Path, *, size: tuple[int, int] = (64, 48), color: tuple = (200, 80, 40),
               exif_orientation: int | None = None) -> Path:
    """A real JPEG file (optionally with an EXIF orientation tag)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, color)
    if exif_orientation is None:
        image.save(path, "JPEG", quality=85)
    else:
        exif = Image.Exif()
        exif[0x0112] = exif_orientation
        image.save(path, "JPEG", quality=85, exif=exif)
    return path


ProjectFactory = Callable[..., Path]


@pytest.fixture
def make_project_folder(tmp_path: Path) -> ProjectFactory:
    """Build a real project folder: project.toml, items.csv and one JPEG per item."""

    def make(n_items: int = 12, *, name: str = "Test panel", folder: Path | None = None,
             project_id: str | None = None) -> Path:
        root = folder or tmp_path / f"project-{uuid.uuid4().hex[:6]}"
        (root / "images").mkdir(parents=True)
        manifest = new_manifest(name)
        if project_id is not None:
            manifest = replace(manifest, project_id=project_id)
        write_manifest(root, manifest)
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
