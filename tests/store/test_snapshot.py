"""Consensus snapshots: exported from the panel, checked and imported once per laptop."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from annotator.project.folder import open_project
from annotator.project.model import Project
from annotator.store.merge import merge_session_files
from annotator.store.panel import Panel
from annotator.store.records import Phase
from annotator.store.snapshot import (
    SnapshotError,
    export_snapshot,
    import_snapshot,
    read_snapshot,
)
from tests.store.sessionfiles import (
    OTHER_PROJECT,
    PROJECT,
    answers_for,
    edit,
    ratings_for,
    write_session_file,
)


@pytest.fixture
def project(make_project_folder) -> Project:
    """A project on this laptop whose id is the panel's."""
    return open_project(make_project_folder(2, project_id=PROJECT))


@pytest.fixture
def panel(tmp_path: Path) -> Path:
    tutorial = [replace(r, phase=Phase.TUTORIAL, item_id=f"gold{i}")
                for i, r in enumerate(ratings_for("ana", 4, seed=9))]
    files = [write_session_file(tmp_path / "a.sqlite", tutorial + ratings_for("ana", 10, seed=1)),
             write_session_file(tmp_path / "b.sqlite", ratings_for("ben", 8, seed=2, rnd=2))]
    path = tmp_path / "panel.sqlite"
    merge_session_files(path, files)
    return path


def test_export_carries_the_game_and_retest_ratings_only(tmp_path: Path, panel: Path) -> None:
    snapshot = export_snapshot(panel, tmp_path / "out" / "panel.snapshot")
    assert snapshot.ratings == 18 and snapshot.project_id == PROJECT
    again, rows = read_snapshot(snapshot.path, project_id=PROJECT)
    assert again.snapshot_id == snapshot.snapshot_id
    assert {row[4] for row in rows} == {"game", "retest"}
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["panel.snapshot"]


def test_the_same_panel_gives_the_same_snapshot_id(tmp_path: Path, panel: Path) -> None:
    first = export_snapshot(panel, tmp_path / "1.snapshot")
    second = export_snapshot(panel, tmp_path / "2.snapshot")
    assert first.snapshot_id == second.snapshot_id


def test_importing_twice_changes_nothing(tmp_path: Path, panel: Path, project: Project) -> None:
    snapshot = export_snapshot(panel, tmp_path / "panel.snapshot")
    imported, new = import_snapshot(snapshot.path, project)
    assert new is True and imported.path.parent == project.root / "snapshots"
    before = imported.path.read_bytes()
    again, new_again = import_snapshot(snapshot.path, project)
    assert new_again is False and again.path == imported.path
    assert [p.name for p in (project.root / "snapshots").iterdir()] == [imported.path.name]
    assert imported.path.read_bytes() == before


def test_a_snapshot_of_another_project_is_refused(tmp_path: Path, panel: Path,
                                                  make_project_folder) -> None:
    snapshot = export_snapshot(panel, tmp_path / "panel.snapshot")
    other = open_project(make_project_folder(2, project_id=OTHER_PROJECT))
    with pytest.raises(SnapshotError, match="another project") as caught:
        import_snapshot(snapshot.path, other)
    assert caught.value.file == snapshot.path
    assert not (other.root / "snapshots").exists()


@pytest.mark.parametrize(
    ("damage", "expected"),
    [(lambda p: edit(p, "UPDATE ratings SET value = 1.0"), "do not match its fingerprint"),
     (lambda p: edit(p, "UPDATE snapshot_info SET value = 'x' WHERE key = 'kind'"),
      "not a consensus snapshot"),
     (lambda p: edit(p, "PRAGMA user_version = 9"), "newer version"),
     (lambda p: p.write_bytes(b"hello"), "not an SQLite database")],
    ids=["values-changed", "not-a-snapshot", "newer", "not-sqlite"],
)
def test_a_changed_or_wrong_file_is_refused(tmp_path: Path, panel: Path, project: Project,
                                            damage, expected: str) -> None:
    snapshot = export_snapshot(panel, tmp_path / "panel.snapshot")
    damage(snapshot.path)
    with pytest.raises(SnapshotError, match=expected):
        import_snapshot(snapshot.path, project)


def test_a_session_file_is_not_a_snapshot(tmp_path: Path, panel: Path) -> None:
    with pytest.raises(SnapshotError, match="not a consensus snapshot"):
        read_snapshot(tmp_path / "a.sqlite", project_id=PROJECT)


def test_an_empty_panel_has_no_snapshot(tmp_path: Path) -> None:
    Panel.open(tmp_path / "empty.sqlite").close()
    with pytest.raises(SnapshotError, match="empty"):
        export_snapshot(tmp_path / "empty.sqlite", tmp_path / "x.snapshot")
    assert not (tmp_path / "x.snapshot").exists()


def test_export_leaves_out_answers_to_questions(tmp_path: Path) -> None:
    """Snapshots feed the game's consensus; multi-question protocols are played without."""
    plain = ratings_for("ana", 3, seed=1)
    answers = answers_for("ben", "item0001", ["truthful", "overall"], seed=2)
    path = tmp_path / "panel.sqlite"
    merge_session_files(path, [write_session_file(tmp_path / "a.sqlite", plain + answers)])
    snapshot, rows = read_snapshot(export_snapshot(path, tmp_path / "s.snapshot").path,
                                   project_id=PROJECT)
    assert snapshot.ratings == 3
    assert sorted(row[0] for row in rows) == sorted(r.rating_id for r in plain)
