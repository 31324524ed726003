"""This laptop's settings: a stable id, recent projects, window places, the guide's
choice, and tolerance of a damaged file."""

from __future__ import annotations

import json
from pathlib import Path

from annotator.userconfig import (
    MAX_RECENT,
    UserConfig,
    WindowPlace,
    load_config,
    save_config,
)


def test_first_use_creates_a_stable_laptop_id(user_config_dir: Path) -> None:
    first = load_config()
    assert len(first.laptop_id) == 32
    assert (user_config_dir / "settings.json").is_file()
    assert load_config().laptop_id == first.laptop_id


def test_recent_projects_newest_first_without_repeats(tmp_path: Path) -> None:
    config = load_config()
    folders = [tmp_path / f"p{i}" for i in range(MAX_RECENT + 3)]
    for folder in folders:
        config.remember_project(folder)
    config.remember_project(folders[-5])
    save_config(config)
    recent = load_config().recent_projects
    assert recent[0] == str(folders[-5].resolve())
    assert len(recent) == MAX_RECENT == len(set(recent))


def test_a_damaged_settings_file_is_replaced_by_defaults(user_config_dir: Path) -> None:
    user_config_dir.mkdir(parents=True)
    (user_config_dir / "settings.json").write_text("{not json", encoding="utf-8")
    config = load_config()
    assert config.recent_projects == [] and config.laptop_id
    assert load_config().laptop_id == config.laptop_id


def test_session_file_names_are_readable_and_safe() -> None:
    config = UserConfig(laptop_id="0123456789abcdef" * 2, laptop_name="Ana's Mac/Book Pro")
    assert config.session_file_stem == "ana-s-mac-book-pro-01234567"
    assert UserConfig(laptop_id="ab" * 16, laptop_name="???").session_file_stem == "laptop-abababab"


def test_the_seats_a_laptop_took_are_kept() -> None:
    config = load_config()
    assert config.plan_seats == {}
    config.plan_seats["project-1"] = "laptop-03"
    save_config(config)
    assert load_config().plan_seats == {"project-1": "laptop-03"}


def test_settings_keep_no_tagger_name(user_config_dir: Path) -> None:
    """A laptop may be shared: an older settings file's last tagger is read past and
    dropped on the next save."""
    user_config_dir.mkdir(parents=True)
    (user_config_dir / "settings.json").write_text(
        '{"laptop_id": "ab12", "laptop_name": "lab-3", "last_tagger": "Ana Secret"}',
        encoding="utf-8")
    config = load_config()
    assert (config.laptop_id, config.laptop_name) == ("ab12", "lab-3")
    save_config(config)
    assert "Ana Secret" not in (user_config_dir / "settings.json").read_text(encoding="utf-8")


def test_window_places_and_the_guide_choice_survive_a_restart(user_config_dir: Path) -> None:
    config = load_config()
    assert config.guide_shown and config.windows == {}
    config.windows["tagger"] = WindowPlace(10, 40, 1200, 700, maximized=True)
    config.guide_shown = False
    save_config(config)
    again = load_config()
    assert again.windows == {"tagger": WindowPlace(10, 40, 1200, 700, maximized=True)}
    assert again.guide_shown is False


def test_a_damaged_window_place_is_forgotten_and_the_rest_kept(user_config_dir: Path) -> None:
    user_config_dir.mkdir(parents=True)
    good = {"x": 0, "y": 30, "width": 900, "height": 600}
    (user_config_dir / "settings.json").write_text(json.dumps({
        "laptop_id": "ab12", "laptop_name": "lab-3", "recent_projects": ["/p"],
        "windows": {"tagger": good, "lead": {"x": "0", "y": 0, "width": 5, "height": 5},
                    "odd": {"x": 0, "y": 0, "width": 0, "height": 9}, "list": [1, 2]}}),
        encoding="utf-8")
    config = load_config()
    assert config.windows == {"tagger": WindowPlace(0, 30, 900, 600)}
    assert config.laptop_id == "ab12" and config.recent_projects == ["/p"]
