"""sqlite-utils is imported only when a file is opened for writing, and never imports
pandas (issue 19): a stand-in ``pandas`` package that stops the process when imported
proves it, in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

OPEN_BOTH = """
import sys
from annotator.store.panel import Panel
from annotator.store.session_file import SessionStore
assert "sqlite_utils" not in sys.modules, "imported before a file was opened"
store = SessionStore.open(sys.argv[1] + "/s.sqlite", project_id="p", laptop_id="l")
store.close()
Panel.open(sys.argv[1] + "/panel.sqlite").close()
assert "sqlite_utils" in sys.modules and "pandas" not in sys.modules
print("ok")
"""


def test_opening_files_never_imports_pandas(tmp_path: Path) -> None:
    fake = tmp_path / "site" / "pandas"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise SystemExit('pandas was imported')\n")
    done = subprocess.run([sys.executable, "-c", OPEN_BOTH, str(tmp_path)], text=True,
                          capture_output=True, env={"PYTHONPATH": str(tmp_path / "site")})
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr


def test_pandas_stays_importable_after_sqlite_utils(tmp_path: Path) -> None:
    fake = tmp_path / "site" / "pandas"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("MARK = 'the real one'\n")
    code = ("from annotator.store.sqlite_db import library; library(); import pandas; "
            "print(pandas.MARK)")
    done = subprocess.run([sys.executable, "-c", code], text=True, capture_output=True,
                          env={"PYTHONPATH": str(tmp_path / "site")})
    assert done.stdout.strip() == "the real one", done.stderr
