"""The read-only recipes of docs/files.md run as written, on a copy of a session file in a
folder nobody may write to — where SQLite's plain read-only mode cannot open a WAL file.

A recipe is the fenced block after ``<!-- recipe: NAME -->``; its example path is replaced
by the copy's. Root ignores folder permissions, so as root the recipe runs as "nobody": R
from the start, Python once it has loaded (this interpreter may sit where nobody can read).
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from annotator.cli import main
from tests.requirements import rscript

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "sessions/ana-laptop-1a2b3c4d.sqlite"
NOBODY = 65534


def recipe(name: str) -> str:
    text = (ROOT / "docs" / "files.md").read_text(encoding="utf-8")
    match = re.search(rf"<!-- recipe: {name} -->\n```\w+\n(.*?)```", text, flags=re.DOTALL)
    assert match, f"docs/files.md has no recipe {name!r}"
    assert EXAMPLE in match.group(1)
    return match.group(1)


def as_nobody() -> None:
    if os.geteuid() == 0:
        os.setgid(NOBODY)
        os.setuid(NOBODY)


DROP = (f"import os, sqlite3, pandas\nif os.geteuid() == 0:\n    os.setgid({NOBODY})\n"
        f"    os.setuid({NOBODY})\n")
"""Python's first lines: load what the recipe imports, then become nobody."""


@pytest.fixture(scope="module")
def read_only_copy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, int]]:
    """A closed session file of a simulated tagger, copied alone into a read-only folder,
    and how many ratings it holds."""
    project = tmp_path_factory.mktemp("project") / "vicr-demo"
    shutil.copytree(ROOT / "sample_projects" / "vicr-demo", project)
    assert main(["simulate", str(project), "--taggers", "1", "--seed", "2"]) == 0
    (source,) = (project / "sessions").glob("*.sqlite")
    with tempfile.TemporaryDirectory(prefix="ro-copy-") as scratch:
        folder = Path(scratch) / "sessions"
        folder.mkdir()
        copy = folder / "copy of a laptop's file.sqlite"
        shutil.copy(source, copy)
        conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        (count,) = conn.execute("SELECT count(*) FROM ratings").fetchone()
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        conn.close()
        for path in folder.iterdir():
            if path != copy:
                path.unlink()  # the -shm the check above made: a copy has none
        copy.chmod(0o444)
        for entry in (folder, Path(scratch)):
            entry.chmod(0o555)
        try:
            yield copy, count
        finally:
            folder.chmod(0o755)
            Path(scratch).chmod(0o755)


def run(command: list[str]) -> subprocess.CompletedProcess[str]:
    python = command[0] == sys.executable
    return subprocess.run(command, capture_output=True, text=True, cwd="/", timeout=120,
                          preexec_fn=None if python else as_nobody, check=False)


def test_plain_read_only_mode_cannot_open_the_copy(read_only_copy) -> None:
    """Why the recipes say ``immutable=1``."""
    copy, _ = read_only_copy
    code = (f"{DROP}import sys\n"
            "conn = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)\n"
            "conn.execute('SELECT count(*) FROM ratings')\n")
    result = run([sys.executable, "-c", code, str(copy)])
    assert result.returncode != 0 and "sqlite3.OperationalError" in result.stderr


@pytest.mark.needs_full_extra  # pandas
def test_the_pandas_recipe_reads_every_rating(read_only_copy) -> None:
    copy, count = read_only_copy
    code = DROP + recipe("pandas").replace(f'"{EXAMPLE}"', repr(str(copy)))
    code += "print(len(ratings), len(data), ratings['round'].dtype, ratings['value'].dtype)\n"
    result = run([sys.executable, "-c", code])
    assert result.returncode == 0, result.stderr
    total, data, round_type, value_type = result.stdout.split()
    assert int(total) == count and 0 < int(data) < count  # the tutorial is not data
    assert (round_type, value_type) == ("int64", "float64")
    assert sorted(p.name for p in copy.parent.iterdir()) == [copy.name]  # nothing written


@pytest.mark.slow  # R starts
@pytest.mark.needs_r
def test_the_r_recipe_reads_every_rating(read_only_copy) -> None:
    copy, count = read_only_copy
    r = rscript()
    code = recipe("r").replace(f'"{EXAMPLE}"', f'"{copy}"')
    code += 'cat(nrow(ratings), nrow(data), class(ratings$round), class(ratings$value))\n'
    result = run([r, "-e", code])
    assert result.returncode == 0, result.stderr
    total, data, round_type, value_type = result.stdout.split()
    assert int(total) == count and 0 < int(data) < count
    assert (round_type, value_type) == ("integer", "numeric")
    assert sorted(p.name for p in copy.parent.iterdir()) == [copy.name]
