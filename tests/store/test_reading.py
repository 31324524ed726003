"""Reading a session file read-only: complete (WAL included), unchanged, same refusals."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from annotator.errors import SessionFileError
from annotator.store.reading import read_session_file
from annotator.store.session_file import SessionStore
from tests.store.sessionfiles import OTHER_PROJECT, PROJECT, make_rating, open_store

# A writer that commits ratings and dies without closing: its last rows stay in the -wal.
KILLED_WRITER = textwrap.dedent(
    """
    import os, sys
    sys.path.insert(0, {root!r})
    from tests.store.sessionfiles import make_rating, open_store
    from pathlib import Path
    store = open_store(Path({path!r}))
    for n in range({n}):
        store.record_rating(make_rating(f"item{{n:03d}}", value=1 + n % 5))
    os._exit(0)
    """
)
REPO = Path(__file__).resolve().parents[2]


def digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def write_with_killed_writer(path: Path, n: int) -> None:
    code = KILLED_WRITER.format(root=str(REPO), path=str(path), n=n)
    subprocess.run([sys.executable, "-c", code], check=True)


def test_reads_every_rating_with_its_columns(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    store = open_store(path)
    ratings = [make_rating(f"item{n}", tagger=t, value=v)
               for n, (t, v) in enumerate([("ana", 3.0), ("ben", 5.0)])]
    for rating in ratings:
        store.record_rating(rating)
    store.close()
    contents = read_session_file(path, project_id=PROJECT)
    rows = contents.ratings
    assert len(rows) == 2
    assert rows.rating_id == tuple(r.rating_id for r in ratings)
    assert rows.tagger == ("ana", "ben")
    assert rows.value == (3.0, 5.0)
    assert rows.phase == ("game", "game")
    assert rows.ms_on_screen == (4000, 4000)
    assert rows.points == (None, None)
    assert rows.laptop_id == ("laptop-1", "laptop-1")
    assert contents.info["project_id"] == PROJECT


def test_an_empty_session_file_has_no_ratings(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    open_store(path).close()
    assert len(read_session_file(path).ratings) == 0


def test_rows_still_in_the_wal_are_read_and_no_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    write_with_killed_writer(path, 7)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 0, "the writer should have left its rows in the -wal"
    before = (digest(path), digest(wal))
    assert len(read_session_file(path, project_id=PROJECT).ratings) == 7
    assert (digest(path), digest(wal)) == before


def test_a_wal_file_in_a_read_only_folder_is_read_in_full() -> None:
    # Root ignores folder permissions, so as root the reader drops to "nobody" once loaded.
    drop = "import os; os.setgid(65534); os.setuid(65534)\n" if os.geteuid() == 0 else ""
    with tempfile.TemporaryDirectory(prefix="ro-folder-") as scratch:
        folder = Path(scratch) / "sessions"
        folder.mkdir()
        path = folder / "s.sqlite"
        write_with_killed_writer(path, 5)
        path.with_name(path.name + "-shm").unlink()  # as after copying only file and -wal
        for entry in (path, path.with_name(path.name + "-wal")):
            entry.chmod(0o444)
        for entry in (folder, Path(scratch)):
            entry.chmod(0o555)
        before = digest(path)
        code = (f"import sys; sys.path.insert(0, {str(REPO)!r})\n"
                "from pathlib import Path\n"
                "from annotator.store.reading import read_session_file\n"
                f"{drop}"
                f"print(len(read_session_file(Path({str(path)!r})).ratings))")
        try:
            result = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                    text=True, cwd="/", check=False)
        finally:
            folder.chmod(0o755)
            Path(scratch).chmod(0o755)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "5"
        assert digest(path) == before
        assert not path.with_name(path.name + "-shm").exists()


def test_a_file_of_another_project_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    open_store(path, OTHER_PROJECT).close()
    with pytest.raises(SessionFileError, match="another project") as caught:
        read_session_file(path, project_id=PROJECT)
    assert str(path) in str(caught.value)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p.write_text("item,rating\n1,3\n", encoding="utf-8"), "not an SQLite"),
        (lambda p: p.write_bytes(b""), "empty"),
        (lambda p: _sqlite_with(p, "CREATE TABLE photos (id INTEGER)"), "not a session file"),
        (lambda p: _newer_schema(p), "newer version"),
        (lambda p: _damaged(p), "damaged"),
    ],
    ids=["text", "empty", "foreign-sqlite", "newer-schema", "damaged"],
)
def test_unusable_files_are_refused_and_left_untouched(tmp_path: Path, make, message) -> None:
    path = tmp_path / "s.sqlite"
    make(path)
    before = digest(path)
    with pytest.raises(SessionFileError, match=message) as caught:
        read_session_file(path)
    assert str(path) in str(caught.value)
    assert digest(path) == before


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(SessionFileError, match="does not exist"):
        read_session_file(tmp_path / "nowhere.sqlite")


def _sqlite_with(path: Path, statement: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(statement)
    conn.close()


def _newer_schema(path: Path) -> None:
    open_store(path).close()
    _sqlite_with(path, "PRAGMA user_version = 7")


def _damaged(path: Path) -> None:
    store = open_store(path)
    for n in range(300):
        store.record_rating(make_rating(f"item{n:03d}"))
    store.close()
    data = bytearray(path.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)  # keep the SQLite header, wreck every page
    path.write_bytes(bytes(data))


def test_reading_never_migrates_or_binds_a_file(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    SessionStore.open(path, project_id=PROJECT, laptop_id="l", laptop_name="n").close()
    before = digest(path)
    read_session_file(path, project_id=PROJECT)
    assert digest(path) == before
