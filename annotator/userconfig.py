"""Per-user settings kept outside any project: this laptop's id, recent projects, text
size, where each window was, whether the Rating Guide is shown, and the seat the laptop took
in each project planned by laptop.

Stored as a small JSON file in the platform's configuration folder (overridable with
``ANNOTATOR_CONFIG_DIR``, which tests use). A damaged file is replaced by defaults rather
than stopping a tagger from working: nothing in it is data.
"""

from __future__ import annotations

import json
import os
import platform
import re
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path

from annotator.files import write_text

APP_DIR_NAME = "CaptionRatingAnnotator"
MAX_RECENT = 10


def config_dir() -> Path:
    """Where this user's settings live on this OS: ``%APPDATA%`` (roaming) on Windows,
    ``~/Library/Application Support`` on macOS, ``$XDG_CONFIG_HOME`` on Linux."""
    override = os.environ.get("ANNOTATOR_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_DIR_NAME, appauthor=False, roaming=True))


@dataclass(frozen=True)
class WindowPlace:
    """Where a window was when it closed: its frame's top-left corner on the desktop, the
    size of its inside, and whether it was maximised (then the size it returns to)."""

    x: int
    y: int
    width: int
    height: int
    maximized: bool = False

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a window of {self.width}×{self.height} px")


@dataclass
class UserConfig:
    """This laptop's identity, recent projects, text size, window places (by window:
    ``tagger``, ``lead``), the Rating Guide panel and seats in plans by laptop (never a
    tagger's name: the laptop may be shared)."""

    laptop_id: str
    laptop_name: str
    recent_projects: list[str] = field(default_factory=list)
    text_scale: float = 1.0
    plan_seats: dict[str, str] = field(default_factory=dict)
    """Project id → the seat (``laptop-03``) this laptop took in the project's plan by
    laptop: asked once, when a tagger first opens the project here."""
    windows: dict[str, WindowPlace] = field(default_factory=dict)
    guide_shown: bool = True

    @property
    def session_file_stem(self) -> str:
        """File name (without suffix) of this laptop's session files: readable and unique."""
        slug = re.sub(r"[^A-Za-z0-9]+", "-", self.laptop_name).strip("-").lower() or "laptop"
        return f"{slug[:40]}-{self.laptop_id[:8]}"

    def remember_project(self, folder: Path) -> None:
        text = str(Path(folder).resolve())
        self.recent_projects = [text] + [p for p in self.recent_projects if p != text]
        del self.recent_projects[MAX_RECENT:]


def load_config() -> UserConfig:
    """Read the settings, creating them (with a new laptop id) on first use."""
    path = config_dir() / "settings.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        config = UserConfig(
            laptop_id=str(raw["laptop_id"]),
            laptop_name=str(raw.get("laptop_name") or platform.node()),
            recent_projects=[str(p) for p in raw.get("recent_projects", [])],
            text_scale=float(raw.get("text_scale", 1.0)),
            plan_seats={str(k): str(v) for k, v in dict(raw.get("plan_seats", {})).items()},
            windows=_window_places(raw.get("windows")),
            guide_shown=raw.get("guide_shown") is not False,
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        config = UserConfig(laptop_id=uuid.uuid4().hex, laptop_name=platform.node())
        save_config(config)
    return config


def save_config(config: UserConfig) -> None:
    """Write the settings beside the target and rename into place."""
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    settings = {
        "laptop_id": config.laptop_id,
        "laptop_name": config.laptop_name,
        "recent_projects": config.recent_projects,
        "text_scale": config.text_scale,
        "plan_seats": config.plan_seats,
        "windows": {name: asdict(place) for name, place in config.windows.items()},
        "guide_shown": config.guide_shown,
    }
    write_text(folder / "settings.json", json.dumps(settings, indent=2))


def _window_places(raw: object) -> dict[str, WindowPlace]:
    """The windows' places; one that is not whole numbers and a flag is forgotten (the
    window then opens at its default size), the others kept."""
    places: dict[str, WindowPlace] = {}
    for name, value in (raw.items() if isinstance(raw, dict) else ()):
        try:
            x, y, width, height = (value[key] for key in ("x", "y", "width", "height"))
            if not all(type(n) is int for n in (x, y, width, height)):
                continue
            places[str(name)] = WindowPlace(x, y, width, height,
                                            maximized=value.get("maximized") is True)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return places
