"""``annotator import-ratings``: 0 with the CSV written, 2 with nothing written.

What the Flickr8k-Expert conversion reads and refuses line by line is tested with the
importer (tests/project/test_importers.py); here, the command's contract.
"""

from __future__ import annotations

from pathlib import Path

from annotator.cli import main
from annotator.commands.contract import ExitCode

FIXTURES = Path(__file__).parents[1] / "project" / "fixtures"


def test_the_csv_is_written_and_the_message_is_on_stderr(tmp_path: Path, capsys) -> None:
    ratings = tmp_path / "expert.csv"
    code = main(["import-ratings", "flickr8k-expert", str(FIXTURES / "expert_annotations.txt"),
                 "--out", str(ratings)])
    assert code == ExitCode.DONE
    out, err = capsys.readouterr()
    assert out == "" and f"annotator analyze --ratings-csv {ratings}" in err
    assert ratings.read_text(encoding="utf-8").splitlines()[0] == "item_id,tagger,round,rating"


def test_bad_lines_are_refused_and_nothing_is_written(tmp_path: Path, capsys) -> None:
    ratings = tmp_path / "expert.csv"
    bad = FIXTURES / "expert_annotations_bad.txt"
    code = main(["import-ratings", "flickr8k-expert", str(bad), "--out", str(ratings)])
    assert code == ExitCode.REFUSED
    out, err = capsys.readouterr()
    assert out == "" and f"{bad}:2: " in err
    assert list(tmp_path.iterdir()) == []


def test_a_missing_file_is_refused_by_name(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "ExpertAnnotations.txt"
    code = main(["import-ratings", "flickr8k-expert", str(missing), "--out",
                 str(tmp_path / "out.csv")])
    assert code == ExitCode.REFUSED
    assert capsys.readouterr().err.startswith(f"{missing}: ")
    assert list(tmp_path.iterdir()) == []
