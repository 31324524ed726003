"""Values from other laptops are checked wherever they are read (issue 27, item 9): a stored
time that is no calendar time (30 February, hour 24) is refused by name by `validate`,
`merge`, `analyze` and `export`, and `round start` goes on without a traceback; round
numbers are bounded, so one past what SQLite and the tagger hold is refused up front."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.errors import ProjectError
from annotator.project.folder import open_project
from annotator.store.chain import CONTENT_COLUMNS, HEAD_HASH_KEY, genesis, link
from tests.adversarial.conftest import ratings_in
from tests.analysis.sessions import rate, session

BAD_TIMES = ("2099-02-30T10:00:00.000+00:00", "2099-01-01T24:00:00.000+00:00")
HUGE_ROUNDS = (2**63, 10**30, 1000)


def rechained(path: Path) -> None:
    """Recompute a session file's hash chain after a hand edit, as someone who read the
    format would, so only the edited value itself can give it away."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        info = dict(conn.execute("SELECT key, value FROM session_info"))
        previous = genesis(info["project_id"], info["laptop_id"])
        rows = conn.execute(f"SELECT seq, {', '.join(CONTENT_COLUMNS)} FROM ratings "
                            "ORDER BY seq").fetchall()
        for seq, *content in rows:
            previous = link(previous, content)
            conn.execute("UPDATE ratings SET chain = ? WHERE seq = ?", [previous, seq])
        conn.execute("UPDATE session_info SET value = ? WHERE key = ?",
                     [previous, HEAD_HASH_KEY])
    finally:
        conn.close()


def forged_project(make_project_folder, column: str, value: object) -> tuple[Path, Path]:
    """lab-1 rated honestly; lab-2's last rating has ``column`` set to ``value`` (the
    latest time of the project, so `round start` reads it as the round's last rating)."""
    folder = make_project_folder(4)
    honest, forged = session(folder, "lab-1"), session(folder, "lab-2")
    for n in range(4):
        rate(honest, "ana", f"item{n:03d}", 1 + n)
        rate(forged, "ben", f"item{n:03d}", 2 + n % 3)
    honest.close(), forged.close()
    path = folder / "sessions" / "lab-2.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"UPDATE ratings SET {column} = ? WHERE seq = 4", [value])
    conn.close()
    rechained(path)
    return folder, path


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out + err


@pytest.mark.parametrize("time", BAD_TIMES)
@pytest.mark.parametrize("column", ["submitted_at", "shown_at"])
def test_a_time_that_is_no_calendar_time_is_refused_everywhere(
        make_project_folder, tmp_path: Path, capsys, column: str, time: str) -> None:
    folder, forged = forged_project(make_project_folder, column, time)
    capsys.readouterr()
    code, said = run(capsys, "validate", str(folder))
    assert code == 1 and str(forged) in said and f"{time!r}, not a time" in said

    panel = tmp_path / "panel.sqlite"
    code, said = run(capsys, "merge", str(panel), str(forged), "--project", str(folder))
    assert code != 0 and f"{time!r}, not a time" in said
    assert not panel.exists() or not ratings_in(panel)

    code, said = run(capsys, "analyze", str(folder), "--reps", "5", "--bootstrap", "20")
    assert code == 1 and str(forged) in said and "4 ratings" in said.replace(",", "")

    out = tmp_path / "dataset"
    code, said = run(capsys, "export", str(folder), "--out", str(out))
    assert code == 0
    assert "ben" not in (out / "ratings.csv").read_text(encoding="utf-8-sig")

    code, said = run(capsys, "round", "start", str(folder))
    assert code == 0 and open_project(folder).current_round == 2


@pytest.mark.parametrize("number", [2**62, 1000])
def test_a_round_number_past_the_last_is_refused_in_a_session_file(
        make_project_folder, capsys, number: int) -> None:
    folder, forged = forged_project(make_project_folder, "round", number)
    capsys.readouterr()
    code, said = run(capsys, "validate", str(folder))
    assert code == 1 and str(forged) in said
    assert f"has the round {number:g}" in said or f"has the round {number}" in said
    assert "from 1 to 999" in said


@pytest.mark.parametrize("number", HUGE_ROUNDS)
def test_a_huge_round_in_project_toml_is_refused_by_line(make_project_folder, capsys,
                                                         number: int) -> None:
    folder = make_project_folder(4)
    manifest = folder / "project.toml"
    with manifest.open("a", encoding="utf-8") as handle:
        handle.write(f"\n[rounds.{number}]\nstarted = 2027-01-10T09:30:00Z\n")
    line = manifest.read_text(encoding="utf-8").splitlines().index(f"[rounds.{number}]") + 1
    with pytest.raises(ProjectError, match="numbered from 1 to 999") as refused:
        open_project(folder)
    assert refused.value.line == line
    for command in (["validate", str(folder)], ["round", "start", str(folder)]):
        code, said = run(capsys, *command)
        assert code == 2 and f"project.toml:{line}" in said and "from 1 to 999" in said


def test_round_start_refuses_a_round_past_the_last(make_project_folder, capsys) -> None:
    folder = make_project_folder(4, rounds={999: {"started": "2027-01-10T09:30:00Z"}})
    manifest = folder / "project.toml"
    text = manifest.read_text(encoding="utf-8").replace('"2027-01-10T09:30:00Z"',
                                                        "2027-01-10T09:30:00Z")
    manifest.write_text(text, encoding="utf-8")
    assert open_project(folder).current_round == 999
    before = manifest.read_bytes()
    code, said = run(capsys, "round", "start", str(folder))
    assert code == 2 and "rounds are numbered up to 999" in said
    assert manifest.read_bytes() == before
