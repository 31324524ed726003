"""Resources are found in a checkout, an installed wheel and a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from annotator import resources


def test_checkout_layout_finds_the_rubrics() -> None:
    assert resources.resource_path("rubrics", "vicr5.toml").is_file()


def test_a_pyinstaller_bundle_is_preferred(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "resources" / "rubrics").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resources_root() == tmp_path / "resources"


def test_a_wheel_install_layout_is_found(tmp_path: Path, monkeypatch) -> None:
    package = tmp_path / "site-packages" / "annotator"
    (package / "_resources" / "rubrics").mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resources.resources_root() == package / "_resources"


def test_a_broken_install_says_where_it_looked(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(resources, "_PACKAGE_DIR", tmp_path / "nowhere" / "annotator")
    with pytest.raises(FileNotFoundError) as caught:
        resources.resources_root()
    assert "nowhere" in str(caught.value)
