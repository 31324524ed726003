"""``export-tasks --images copy``: a task folder each tool serves as it is, and a Potato
config that Potato 2.x reads without warnings.

Where each tool serves a folder's files is read from the tools themselves: Label Studio's
local files (``/data/local-files/?d=`` a path under LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT,
as build_scripts/interop_fixtures/drive_label_studio.py serves the fixtures' images);
Potato 2.x's ``/media/<path>`` route, served from ``media_directory`` under ``task_dir``
(potato/routes.py ``serve_media`` and potato/media/paths.py in davidjurgens/potato).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode

ROOT = Path(__file__).resolve().parents[2]
POTATO_2_KEYS = {
    "annotation_task_name", "task_dir", "output_annotation_dir", "data_files",
    "item_properties", "annotation_schemes", "port", "host", "user_config",
    "alert_time_each_instance", "annotation_codebook_url", "media_directory",
    "require_password", "base_html_template", "header_file", "site_dir",
}
"""Top-level keys of Potato 2.x's KNOWN_CONFIG_KEYS (potato/server_utils/config_module.py)
that a task could use; ``output_annotation_format`` is known but legacy (no effect, so
Potato warns of it) and ``server_name``, ``html_layout`` are unknown to it."""
POTATO_ITEM_KEYS = {"id_key", "text_key", "category_key", "kwargs"}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tasks") / "vicr-demo"
    shutil.copytree(ROOT / "sample_projects" / "vicr-demo", folder)
    return folder


def _export(project: Path, tool: str, out: Path, *more: str) -> Path:
    assert main(["export-tasks", str(project), "--to", tool, "--out", str(out),
                 *more]) == ExitCode.DONE
    return out


def _same_bytes(served: Path, project: Path, image: str) -> None:
    assert served.is_file() and not served.is_symlink(), served
    assert served.read_bytes() == (project / image).read_bytes()


def test_label_studio_finds_each_image_under_its_document_root(project: Path,
                                                                tmp_path: Path) -> None:
    out = _export(project, "label-studio", tmp_path / "ls", "--images", "copy")
    tasks = json.loads((out / "tasks.json").read_text(encoding="utf-8"))
    assert len(tasks) == 44
    for task in tasks:
        url = urlsplit(task["data"]["image"])
        assert url.path == "/data/local-files/"
        (relative,) = parse_qs(url.query)["d"]
        _same_bytes(out / relative, project, relative)


def test_potato_serves_each_image_from_its_media_directory(project: Path,
                                                            tmp_path: Path) -> None:
    out = _export(project, "potato", tmp_path / "potato", "--images", "copy")
    config = json.loads((out / "config.yaml").read_text(encoding="utf-8"))
    media = out / config["task_dir"] / config["media_directory"]
    lines = (out / "data" / "items.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 44
    for line in lines:
        instance = json.loads(line)
        assert instance["image"].startswith("/media/")
        assert f'src="{instance["image"]}"' in instance["text"]
        name = instance["image"].removeprefix("/media/")
        _same_bytes(media / name, project, f"images/{name}")


def test_prodigy_tasks_name_each_image_by_its_path_in_the_folder(project: Path,
                                                                 tmp_path: Path) -> None:
    out = _export(project, "prodigy", tmp_path / "prodigy", "--images", "copy")
    lines = (out / "tasks.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines:
        image = json.loads(line)["image"]
        _same_bytes(out / image, project, image)


def test_the_potato_config_holds_only_keys_potato_2_knows(project: Path,
                                                         tmp_path: Path) -> None:
    config = json.loads((_export(project, "potato", tmp_path / "potato") / "config.yaml"
                         ).read_text(encoding="utf-8"))
    assert set(config) <= POTATO_2_KEYS, set(config) - POTATO_2_KEYS
    assert set(config["item_properties"]) <= POTATO_ITEM_KEYS


def test_an_image_prefix_with_copied_images_is_refused(project: Path, tmp_path: Path,
                                                      capsys) -> None:
    code = main(["export-tasks", str(project), "--to", "potato", "--out",
                 str(tmp_path / "out"), "--images", "copy", "--image-prefix", "/x/"])
    assert code == ExitCode.REFUSED
    assert "give one or the other" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
