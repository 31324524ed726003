"""The one safe-write helper: whole files or none, never a temporary left behind."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from annotator.files import write_bytes, write_text, write_with


def leftovers(folder: Path, *keep: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


def test_text_is_written_whole_as_given(tmp_path: Path) -> None:
    target = tmp_path / "export.csv"
    target.write_text("old", encoding="utf-8")
    write_text(target, "a,b\r\n\"x\ny\",ü\n", bom=True)
    assert target.read_bytes() == b'\xef\xbb\xbfa,b\r\n"x\ny",\xc3\xbc\n'
    write_bytes(target, b"\x00\xff")
    assert target.read_bytes() == b"\x00\xff"
    assert leftovers(tmp_path) == ["export.csv"]


def test_a_writer_gets_a_fresh_path_with_the_targets_suffix(tmp_path: Path) -> None:
    target = tmp_path / "snapshot.sqlite"
    seen: list[Path] = []

    def fill(temporary: Path) -> None:
        seen.append(temporary)
        assert not temporary.exists() and temporary.suffix == ".sqlite"
        conn = sqlite3.connect(temporary)
        conn.execute("CREATE TABLE t (x)")
        conn.execute("INSERT INTO t VALUES (42)")
        conn.commit()
        conn.close()

    write_with(target, fill)
    assert seen[0].parent == tmp_path
    with sqlite3.connect(target) as conn:
        assert conn.execute("SELECT x FROM t").fetchall() == [(42,)]
    assert leftovers(tmp_path) == ["snapshot.sqlite"]


def test_a_writer_that_fails_midway_leaves_the_target_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_text("the report as it was", encoding="utf-8")

    def fill(temporary: Path) -> None:
        with temporary.open("w", encoding="utf-8") as handle:
            handle.write("half a rep")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        write_with(target, fill)
    assert target.read_text(encoding="utf-8") == "the report as it was"
    assert leftovers(tmp_path) == ["report.html"]


def test_a_rename_that_fails_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.mkdir()  # a folder where the file should go: the rename itself fails
    (target / "inside.txt").write_text("kept", encoding="utf-8")
    with pytest.raises(OSError):
        write_text(target, "new")
    assert leftovers(tmp_path) == ["taken"]
    assert (target / "inside.txt").read_text(encoding="utf-8") == "kept"


def test_a_missing_folder_is_an_error_not_a_new_folder(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_text(tmp_path / "nowhere" / "x.txt", "x")
    assert leftovers(tmp_path) == []


def test_writers_in_parallel_never_leave_a_mixed_or_partial_file(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    versions = [bytes([65 + n]) * 2_000_000 for n in range(2)]
    write_bytes(target, versions[0])
    seen: set[bytes] = set()
    errors: list[BaseException] = []
    done = threading.Event()

    def writer(data: bytes) -> None:
        try:
            for _ in range(15):
                write_bytes(target, data)
        except BaseException as error:  # reported below, not lost in the thread
            errors.append(error)

    def reader() -> None:
        while not done.is_set():
            seen.add(target.read_bytes())

    threads = [threading.Thread(target=writer, args=(data,)) for data in versions]
    watcher = threading.Thread(target=reader)
    watcher.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    watcher.join()
    assert errors == []
    assert seen <= set(versions) and seen
    assert target.read_bytes() in versions
    assert leftovers(tmp_path) == ["settings.json"]
