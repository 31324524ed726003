"""``import-ratings … --into PANEL``: imported ratings become panel data, with their source.

A Flickr8k-Expert-style file (the experts' round 1) is stored in the panel beside a session
file rated here (a retest in round 2), analysed together and exported with a card that
names the imported file.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from pathlib import Path

from annotator.analysis.pipeline import AnalysisSource, analyse
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.store.merge import merge_session_files
from tests.analysis.sessions import rate, session

ITEMS = ("photo000.jpg#0", "photo001.jpg#0", "photo002.jpg#0", "photo003.jpg#0")
EXPERT_LINES = ("photo000.jpg\tphoto000.jpg#0\t4\t4\t4\n"
                "photo001.jpg\tphoto001.jpg#0\t1\t2\t2\n"
                "photo002.jpg\tphoto002.jpg#0\t3\t3\t4\n"
                "photo003.jpg\tphoto003.jpg#0\t1\t1\t1\n")


def _flickr_project(make_project_folder) -> Path:
    """A project on the Flickr8k rubric (1–4) whose items are Flickr8k caption ids."""
    root = make_project_folder(4)
    manifest = root / "project.toml"
    manifest.write_text(re.sub(r'rubric = "[^"]*"', 'rubric = "flickr8k4"',
                               manifest.read_text(encoding="utf-8")), encoding="utf-8")
    items = root / "items.csv"
    text = items.read_text(encoding="utf-8")
    for n, item_id in enumerate(ITEMS):
        text = text.replace(f"item{n:03d},", f"{item_id},")
    items.write_text(text, encoding="utf-8")
    return root


def _expert_file(folder: Path, text: str = EXPERT_LINES) -> Path:
    expert = folder / "ExpertAnnotations.txt"
    expert.write_text(text, encoding="utf-8")
    return expert


def _import(expert: Path, panel: Path, root: Path, *more: str) -> int:
    return main(["import-ratings", "flickr8k-expert", str(expert), "--into", str(panel),
                 "--project", str(root), *more])


def test_imported_ratings_are_analysed_and_published_with_their_source(
        make_project_folder, tmp_path: Path, capsys) -> None:
    root = _flickr_project(make_project_folder)
    expert = _expert_file(tmp_path)
    here = session(root, "lab-1")
    for item_id, value in zip(ITEMS, (4, 2, 3, 1), strict=True):
        rate(here, "ana", item_id, value, rnd=2)
    here.close()
    panel = root / "panel.sqlite"

    assert _import(expert, panel, root, "--round", "1") == ExitCode.DONE
    assert "Wrote 12 ratings of round 1" in capsys.readouterr().err
    merged = merge_session_files(panel, [root / "sessions"])
    assert merged.new == 4 and not merged.refused_files

    analysis = analyse(AnalysisSource(panel))
    assert analysis.results.n_ratings == 16
    assert sorted(analysis.table.taggers) == ["ana", "expert1", "expert2", "expert3"]
    assert analysis.results.n_items == 4

    out = tmp_path / "dataset"
    assert main(["export", str(panel), "--out", str(out)]) == ExitCode.DONE
    card = (out / "README.md").read_text(encoding="utf-8")
    sha = hashlib.sha256(expert.read_bytes()).hexdigest()
    assert (f"Round 1 holds ratings imported from Flickr8k-Expert: the file "
            f"`ExpertAnnotations.txt` (SHA-256 `{sha}`)") in card
    ratings = (out / "ratings.csv").read_text(encoding="utf-8-sig").splitlines()
    assert len(ratings) == 1 + 16


def test_importing_the_same_file_again_adds_nothing(make_project_folder, tmp_path: Path,
                                                     capsys) -> None:
    root = _flickr_project(make_project_folder)
    expert = _expert_file(tmp_path)
    panel = root / "panel.sqlite"
    assert _import(expert, panel, root) == ExitCode.DONE
    assert _import(expert, panel, root) == ExitCode.DONE
    assert "12 of these ratings were already in the panel" in capsys.readouterr().err
    with sqlite3.connect(panel) as conn:
        assert conn.execute("SELECT count(*) FROM ratings").fetchone() == (12,)
        assert conn.execute("SELECT tool, file, sha256, imported_round FROM sources").fetchall(
        ) == [("Flickr8k-Expert", "ExpertAnnotations.txt",
               hashlib.sha256(expert.read_bytes()).hexdigest(), 1)]
    conn.close()


def test_answers_off_the_rubric_leave_the_panel_untouched(make_project_folder,
                                                           tmp_path: Path, capsys) -> None:
    root = _flickr_project(make_project_folder)
    expert = _expert_file(tmp_path, "photo000.jpg\tphoto009.jpg#0\t4\t4\t4\n")
    panel = root / "panel.sqlite"
    assert _import(expert, panel, root) == ExitCode.REFUSED
    assert "is not an item of the project" in capsys.readouterr().err
    assert not panel.exists()


def test_a_panel_of_another_project_is_refused(make_project_folder, tmp_path: Path,
                                               capsys) -> None:
    root, other = _flickr_project(make_project_folder), _flickr_project(make_project_folder)
    expert = _expert_file(tmp_path)
    panel = tmp_path / "panel.sqlite"
    assert _import(expert, panel, root) == ExitCode.DONE
    assert _import(expert, panel, other) == ExitCode.REFUSED
    assert "belongs to another project" in capsys.readouterr().err
