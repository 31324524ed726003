"""The rating table of a project folder in one call, as the analysis reads it."""

from __future__ import annotations

from pathlib import Path

from annotator.analysis.loading import project_table
from annotator.analysis.rating_table import RatingTable
from annotator.project.folder import open_project


def project_ratings(folder: Path) -> RatingTable:
    """Every session file in the project's ``sessions/`` folder, on the project's rubric."""
    return project_table(open_project(Path(folder)))[0]
