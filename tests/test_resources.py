"""Resources and the sample project are found in a checkout, an installed wheel and a bundle."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from annotator import resources

REPO = Path(__file__).resolve().parent.parent


def test_checkout_layout_finds_the_rubrics_icons_and_sample_project() -> None:
    assert resources.resources_root() == REPO / "resources"
    assert resources.resource_path("rubrics", "vicr5.toml").is_file()
    assert resources.resource_path("icons", "annotator.png").is_file()
    assert resources.sample_project_dir() == REPO / "sample_projects" / "vicr-demo"


def test_a_pyinstaller_bundle_is_preferred(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "resources" / "rubrics").mkdir(parents=True)
    sample = tmp_path / "sample_projects" / "vicr-demo"
    sample.mkdir(parents=True)
    (sample / "project.toml").write_text("[project]\n", encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resources_root() == tmp_path / "resources"
    assert resources.sample_project_dir() == sample


def test_a_wheel_install_layout_is_found(tmp_path: Path, monkeypatch) -> None:
    package = tmp_path / "site-packages" / "annotator"
    (package / "_resources" / "rubrics").mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resources.resources_root() == package / "_resources"
    assert resources.sample_project_dir() is None


def test_the_real_wheel_carries_resources_and_sample_project(tmp_path: Path) -> None:
    """Build the wheel with hatchling, unpack it as pip would, import it without the checkout."""
    built = subprocess.run(
        [sys.executable, "-c",
         f"from hatchling.build import build_wheel; print(build_wheel({str(tmp_path)!r}))"],
        cwd=REPO, capture_output=True, text=True, check=True,
    )
    site = tmp_path / "site-packages"
    with zipfile.ZipFile(tmp_path / built.stdout.strip().splitlines()[-1]) as wheel:
        wheel.extractall(site)
    # -S: no site-packages, so neither the editable install nor the checkout can answer.
    script = (
        f"import sys; sys.path.insert(0, {str(site)!r})\n"
        "from annotator import resources\n"
        "print(resources.__file__)\n"
        "print(resources.resource_path('rubrics', 'vicr5.toml'))\n"
        "print(resources.resource_path('icons', 'annotator.png'))\n"
        "print(resources.sample_project_dir())\n"
    )
    result = subprocess.run([sys.executable, "-S", "-c", script], cwd=tmp_path,
                            capture_output=True, text=True, check=True)
    module, rubric, icon, sample = (Path(line) for line in result.stdout.splitlines())
    package = site / "annotator"
    assert module == package / "resources.py"
    assert rubric == package / "_resources" / "rubrics" / "vicr5.toml" and rubric.is_file()
    assert icon.is_file() and icon.is_relative_to(package)
    assert sample == package / "_sample_projects" / "vicr-demo"
    assert (sample / "images" / "licenses.csv").is_file()
    assert len(list((sample / "images").glob("*.jpg"))) == 16
    assert (sample / "priors.csv").read_bytes() == (
        REPO / "sample_projects" / "vicr-demo" / "priors.csv").read_bytes()


def test_a_broken_install_says_where_it_looked(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(resources, "_PACKAGE_DIR", tmp_path / "nowhere" / "annotator")
    with pytest.raises(FileNotFoundError) as caught:
        resources.resources_root()
    assert "nowhere" in str(caught.value)
    assert resources.sample_project_dir() is None
