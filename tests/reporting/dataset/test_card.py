"""The dataset card as a reader uses it: every loading snippet runs as written, in the
dataset folder, and gives every answer; the licence is stated loudly when there is none."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.manifest import MANIFEST_FILE
from tests.requirements import rscript

FORMATS = ("csv", "jsonl")


@pytest.fixture(scope="module")
def exported(vicr_demo: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("exports")
    for fmt in FORMATS:
        assert main(["export", str(vicr_demo), "--out", str(out / fmt), "--include-simulated",
                     "--format", fmt]) == ExitCode.DONE
    return {fmt: out / fmt for fmt in FORMATS}


def _blocks(folder: Path, language: str) -> list[str]:
    card = (folder / "README.md").read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", card, flags=re.DOTALL)


def _answers(folder: Path, fmt: str) -> int:
    data = folder / f"ratings.{fmt}"
    return len(pd.read_json(data, lines=True) if fmt == "jsonl" else pd.read_csv(data))


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_pandas_snippet_runs_and_loads_every_answer(exported: dict[str, Path], fmt: str,
                                                        monkeypatch) -> None:
    folder = exported[fmt]
    pandas, _hub = _blocks(folder, "python")  # the hub's (datasets): test_hf_datasets.py
    monkeypatch.chdir(folder)
    scope: dict[str, object] = {}
    exec(compile(pandas, "README.md", "exec"), scope)  # the card's own code, as a reader runs it
    ratings, data = scope["ratings"], scope["data"]
    assert isinstance(ratings, pd.DataFrame) and isinstance(data, pd.DataFrame)
    assert len(ratings) == _answers(folder, fmt)
    assert ratings["item_id"].map(type).eq(str).all()
    assert 0 < len(data) <= len(ratings)
    assert set(data["phase"]) <= {"game", "retest"}


@pytest.mark.needs_r
@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_the_r_snippet_runs_and_loads_every_answer(exported: dict[str, Path],
                                                   fmt: str) -> None:
    folder = exported[fmt]
    (snippet,) = _blocks(folder, "r")
    done = subprocess.run([rscript(), "-e", f"{snippet}\ncat(nrow(ratings))"], cwd=folder,
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) == _answers(folder, fmt)


def test_the_card_says_what_validating_json_lines_needs(exported: dict[str, Path]) -> None:
    jsonl = (exported["jsonl"] / "README.md").read_text(encoding="utf-8")
    assert 'pip install "frictionless[json]"' in jsonl
    assert "frictionless[json]" not in (exported["csv"] / "README.md").read_text(
        encoding="utf-8")


def test_a_dataset_without_a_licence_says_so_loudly(vicr_demo: Path, tmp_path: Path,
                                                    capsys) -> None:
    unlicensed = tmp_path / "vicr-demo"
    shutil.copytree(vicr_demo, unlicensed)
    manifest = unlicensed / MANIFEST_FILE
    manifest.write_text(re.sub(r'(?m)^licence = .*\n', "", manifest.read_text(
        encoding="utf-8")), encoding="utf-8")
    assert main(["export", str(unlicensed), "--out", str(tmp_path / "dataset"),
                 "--include-simulated"]) == ExitCode.DONE
    assert "names no licence for the dataset" in capsys.readouterr().err
    card = (tmp_path / "dataset" / "README.md").read_text(encoding="utf-8")
    body = card.split("---", 2)[2]
    assert body.index("**No licence.**") < body.index("## Protocol")


def test_a_licensed_dataset_has_no_such_warning(exported: dict[str, Path]) -> None:
    card = (exported["csv"] / "README.md").read_text(encoding="utf-8")
    assert 'license: "cc-by-4.0"' in card and "**No licence.**" not in card
