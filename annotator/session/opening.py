"""Where this laptop's session file for a project lives, and opening it."""

from __future__ import annotations

from pathlib import Path

from annotator.project.model import Project
from annotator.store.session_file import SessionStore
from annotator.userconfig import UserConfig


def session_file_path(project: Project, config: UserConfig) -> Path:
    """``<project>/sessions/<laptop>.sqlite``: one file per laptop per project."""
    return project.sessions_dir / f"{config.session_file_stem}.sqlite"


def open_laptop_session(project: Project, config: UserConfig) -> SessionStore:
    """Open (creating on first use) this laptop's session file of the project."""
    return SessionStore.open(
        session_file_path(project, config),
        project_id=project.project_id,
        laptop_id=config.laptop_id,
        laptop_name=config.laptop_name,
    )
