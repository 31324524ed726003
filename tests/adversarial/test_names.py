"""One name, one person (issue 27, item 4): a name typed in another Unicode form, with a
zero-width space, in another case or with stray spaces is the same tagger on the start
screen, in the plan and in the analysis; a name too long is refused with a message; the
same tagger on two laptops keeps every answer, and the panel, the analysis and the
published dataset agree on how many there are."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

import pytest

from annotator.analysis.pipeline import AnalysisOptions, AnalysisSource, analyse
from annotator.cli import main
from annotator.errors import AnnotatorError
from annotator.project.folder import open_project
from annotator.session.opening import open_laptop_session, planned_name, rating_name, start_session
from annotator.store.records import Phase
from annotator.userconfig import UserConfig
from tests.analysis.sessions import rate, session

NFC = "Zo\u00eb Ana"  # ë as one character
NFD = "Zoe\u0308 Ana"  # e and a combining diaeresis: how macOS and some keyboards give it
ZERO_WIDTH = "Zo\u200b\u00eb\u2060 Ana\ufeff"
SPACED_CASE = "  zO\u00cb   ANA "
QUICK = AnalysisOptions(reps=5, bootstrap=20)
MAX_NAME = 100


def planned_project(make_project_folder, plan_spelling: str) -> Path:
    folder = make_project_folder(8)
    assert main(["plan", str(folder), "--ratings-per-item", "1", "--taggers",
                 f"{plan_spelling},Ben", "--seed", "1"]) == 0
    return folder


@pytest.mark.parametrize(("planned", "typed"), [
    (NFC, NFD), (NFC, ZERO_WIDTH), (NFD, NFC), (NFD, NFD), (NFD, ZERO_WIDTH),
    (NFD, SPACED_CASE)])  # (NFC, NFC) and (NFC, SPACED_CASE) always matched
def test_a_name_in_any_form_finds_its_place_in_the_plan(make_project_folder, typed: str,
                                                        planned: str) -> None:
    project = open_project(planned_project(make_project_folder, planned))
    assert planned_name(project, typed) == NFC  # the plan's spelling, made clean
    assert rating_name(project, typed, known=()) == NFC
    assert project.plan is not None
    items = project.plan.items_of(typed, seed=1)
    assert items and items == project.plan.items_of(NFC, seed=1)


def test_a_name_rates_under_the_spelling_this_laptop_knows(make_project_folder) -> None:
    project = open_project(make_project_folder(4))
    assert rating_name(project, "rater 1", known=["Rater 1"]) == "Rater 1"
    assert rating_name(project, NFD, known=[NFC]) == NFC
    assert rating_name(project, "  New\u200b  Person ", known=["Rater 1"]) == "New Person"


def test_the_name_rule() -> None:
    from annotator.names import MAX_NAME as LIMIT
    from annotator.names import clean_name, name_key

    assert LIMIT == MAX_NAME
    assert clean_name(NFD) == clean_name(ZERO_WIDTH) == NFC
    assert name_key(SPACED_CASE) == name_key(NFD) == "zo\u00eb ana"
    assert name_key("Stra\u00dfe") == name_key("STRASSE")  # case-folded, not lower-cased


def test_one_tagger_under_several_spellings_is_one_tagger_in_the_analysis(
        make_project_folder) -> None:
    folder = make_project_folder(6)
    one, two, three = (session(folder, name) for name in ("lab-1", "lab-2", "lab-3"))
    for n in range(3):
        rate(one, "Rater 1 ", f"item{n:03d}", 3)
        rate(two, "rater 1", f"item{n + 3:03d}", 4)
        rate(three, NFD, f"item{n:03d}", 2)
        rate(three, ZERO_WIDTH, f"item{n + 3:03d}", 5, seconds=9)
        rate(one, "ben", f"item{n:03d}", 1)
        rate(one, "ben", f"item{n + 3:03d}", 1)
    for store in (one, two, three):
        store.close()
    results = analyse(AnalysisSource(folder), QUICK).results
    assert set(results.taggers) == {NFC, "Rater 1", "ben"}
    assert results.taggers["Rater 1"].n == 6 and results.taggers[NFC].n == 6
    assert results.n_taggers == 3 and results.n_ratings == 18


def test_a_name_too_long_is_refused_with_a_message(make_project_folder, capsys) -> None:
    folder = make_project_folder(4)
    project = open_project(folder)
    store = open_laptop_session(project, UserConfig(laptop_id="a" * 32, laptop_name="lab"))
    try:
        with pytest.raises(AnnotatorError, match=f"at most {MAX_NAME}"):
            start_session(project, store, "x" * 300)
        assert not store.taggers()
        assert start_session(project, store, "\u200b " + "y" * MAX_NAME).tagger == "y" * MAX_NAME
    finally:
        store.close()
    assert main(["plan", str(folder), "--ratings-per-item", "1", "--taggers",
                 "Ana," + "z" * 300]) == 2
    err = capsys.readouterr().err
    assert f"at most {MAX_NAME}" in err and "Traceback" not in err
    assert not (folder / "plan.csv").exists()


def test_a_plan_row_with_a_name_too_long_is_named_by_line(make_project_folder) -> None:
    folder = planned_project(make_project_folder, "Ana")
    plan = folder / "plan.csv"
    text = plan.read_text(encoding="utf-8").replace("Ben,", "B" * 300 + ",", 1)
    plan.write_bytes(text.encode())
    _record_plan_hash(folder)
    project = open_project(folder)
    found = [p for p in project.problems if p.file == plan]
    assert any(f"at most {MAX_NAME}" in p.message and p.line for p in found), found


def _record_plan_hash(folder: Path) -> None:
    """The lead edited plan.csv and recorded it again (so only the row is at issue)."""
    import hashlib

    manifest = folder / "project.toml"
    digest = hashlib.sha256((folder / "plan.csv").read_bytes()).hexdigest()
    text = manifest.read_text(encoding="utf-8")
    start = text.index('sha256 = "') + len('sha256 = "')
    manifest.write_text(text[:start] + digest + text[start + 64:], encoding="utf-8")


# --- one tagger on two laptops -------------------------------------------------------------


def two_laptops(make_project_folder) -> Path:
    """ana rates 10 pairs on lab-1, ben the same 10; later "Ana " rates them again on
    lab-2 (the same person, another laptop, the same round)."""
    folder = make_project_folder(10)
    one, two = session(folder, "lab-1"), session(folder, "lab-2")
    for n in range(10):
        rate(one, "ana", f"item{n:03d}", 1 + n % 5, points=1)
        rate(one, "ben", f"item{n:03d}", 1 + (n + 1) % 5, points=1)
        rate(two, "Ana ", f"item{n:03d}", 1 + (n + 2) % 5, seconds=600)
    one.close(), two.close()
    return folder


def test_one_tagger_on_two_laptops_panel_analysis_and_export_agree(
        make_project_folder, tmp_path: Path, capsys) -> None:
    folder = two_laptops(make_project_folder)
    panel = folder / "panel.sqlite"  # the lead's window's default place for it
    assert main(["merge", str(panel), *map(str, sorted((folder / "sessions").glob("*.sqlite"))),
                 "--project", str(folder)]) == 0
    conn = sqlite3.connect(f"file:{panel}?mode=ro", uri=True)
    in_panel = conn.execute("SELECT count(*) FROM ratings WHERE phase IN ('game', 'retest')"
                            ).fetchone()[0]
    laptops = conn.execute("SELECT count(DISTINCT laptop_id) FROM ratings WHERE lower(trim("
                           "tagger)) = 'ana'").fetchone()[0]
    conn.close()
    assert in_panel == 30 and laptops == 2

    for source in (panel, folder):
        results = analyse(AnalysisSource(source), QUICK).results
        assert results.n_ratings == 20  # a pair one tagger rated twice in a round: once
        assert results.answered_again == 10
        assert results.n_ratings + results.answered_again == in_panel
        assert sorted(results.taggers) == ["ana", "ben"]
        assert results.taggers["ana"].n == 10

    out = tmp_path / "dataset"
    assert main(["export", str(panel), "--out", str(out)]) == 0
    with (out / "ratings.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    data = [r for r in rows if r["phase"] in ("game", "retest")]
    assert len(data) == in_panel  # every answer kept, each with its laptop
    assert sum(r["counted"] == "TRUE" for r in data) == 20
    again = [r for r in data if r["counted"] == "FALSE"]
    assert {r["tagger"] for r in again} == {"ana"} and len({r["laptop"] for r in again}) == 1
    assert {r["laptop"] for r in data if r["tagger"] == "ana"} == {"lab-1", "lab-2"}
    capsys.readouterr()

    assert main(["analyze", "--ratings-csv", str(out / "ratings.csv"), "--levels", "1-5",
                 "--reps", "5", "--bootstrap", "20"]) == 0  # the dataset reads back alike
    printed = capsys.readouterr()
    assert "20 ratings" in printed.out.replace(",", "") and "Traceback" not in printed.err


def test_a_second_laptop_is_said_in_the_summary_and_makes_no_retest(make_project_folder,
                                                                    capsys) -> None:
    folder = two_laptops(make_project_folder)
    assert not analyse(AnalysisSource(folder), QUICK).results.retest  # one round only
    assert main(["analyze", str(folder), "--reps", "5", "--bootstrap", "20"]) == 0
    out = capsys.readouterr().out
    assert "10 answers were given again by the same tagger" in out


# --- names that become file names -----------------------------------------------------------


def long_named_project(make_project_folder) -> tuple[Path, str, str]:
    """Two taggers whose 300-character names differ only at the end and in case, rated in
    two rounds (a chart each), and a metric with a 300-character name: what an older app
    or a lead's metrics.csv may hold."""
    folder = make_project_folder(6)
    long_tagger, long_metric = "Rater " + "x" * 294, "BLEU-" + "n" * 295
    one, two = session(folder, "lab-1"), session(folder, "lab-2")
    for n in range(6):
        for store, name, shift in ((one, long_tagger, 0), (two, long_tagger.upper() + "2", 1),
                                   (one, "ben", 2)):
            rate(store, name, f"item{n:03d}", 1 + (n + shift) % 5, points=1)
            rate(store, name, f"item{n:03d}", 1 + (n + shift + 1) % 5, rnd=2,
                 phase=Phase.RETEST)
    one.close(), two.close()
    (folder / "metrics.csv").write_text(
        "item_id,metric,score\n" + "".join(f"item{n:03d},{long_metric},{n / 10}\n"
                                           f"item{n:03d},{long_metric.lower()},{n / 7}\n"
                                           for n in range(6)), encoding="utf-8")
    return folder, long_tagger, long_metric


def test_300_character_names_go_through_export_everything(make_project_folder,
                                                          tmp_path: Path) -> None:
    from annotator.reporting.build import prepare_pane
    from annotator.reporting.exports import REPORT_FILE, export_content

    folder, long_tagger, long_metric = long_named_project(make_project_folder)
    analysis, content = prepare_pane(folder)
    assert long_tagger in analysis.results.taggers and long_metric in analysis.results.metrics \
        .by_metric  # type: ignore[union-attr]
    out = tmp_path / "export"
    written = export_content(content, out, generated_at="2030-01-01 00:00 UTC")
    assert (out / REPORT_FILE).is_file() and written[-1] == out / REPORT_FILE
    names = [path.name for path in written]
    assert max(len(name.encode()) for name in names) <= 100
    assert len({name.casefold() for name in names}) == len(names)  # unique on any disk
    per_name = [name for name in names if "xxxx" in name.casefold() or "nnnn" in name.casefold()]
    assert len([n for n in per_name if n.endswith(".svg")]) >= 4  # 2 taggers, 2 metrics


def test_a_ratings_csv_names_one_tagger_one_way_and_refuses_a_name_too_long(
        tmp_path: Path, capsys) -> None:
    ratings = tmp_path / "ratings.csv"
    rows = [f"i{n},{who},1,{1 + (n + k) % 5}" for n in range(4)
            for k, who in enumerate((NFC if n % 2 else NFD, "Ben", "ben " if n else "BEN"))]
    ratings.write_text("item_id,tagger,round,rating\n" + "\n".join(rows) + "\n",
                       encoding="utf-8")
    report = tmp_path / "report.json"
    assert main(["analyze", "--ratings-csv", str(ratings), "--levels", "1-5", "--json",
                 str(report), "--reps", "5", "--bootstrap", "20"]) == 2  # ben twice: refused
    assert "twice in round 1" in capsys.readouterr().err
    rows = [f"i{n},{NFC if n % 2 else NFD},1,{1 + n % 5}" for n in range(4)]
    rows += [f"i{n},Ben,1,{1 + (n + 1) % 5}" for n in range(4)]
    ratings.write_text("item_id,tagger,round,rating\n" + "\n".join(rows) + "\n",
                       encoding="utf-8")
    assert main(["analyze", "--ratings-csv", str(ratings), "--levels", "1-5", "--json",
                 str(report), "--reps", "5", "--bootstrap", "20"]) == 0
    import json

    assert sorted(json.loads(report.read_text(encoding="utf-8"))["taggers"]) == ["Ben", NFC]
    capsys.readouterr()
    ratings.write_text("item_id,tagger,round,rating\ni0,ana,1,1\ni0," + "q" * 300 + ",1,2\n",
                       encoding="utf-8")
    assert main(["analyze", "--ratings-csv", str(ratings), "--levels", "1-5"]) == 2
    err = capsys.readouterr().err
    assert f"{ratings}:3" in err and f"at most {MAX_NAME}" in err and "Traceback" not in err


def test_the_start_screen_refuses_a_name_too_long_and_knows_any_spelling(
        qtbot, make_project_folder, make_main_window, capture_message_box) -> None:
    from tests.ui.conftest import by_description, by_name, started

    folder = make_project_folder(3)
    make_main_window(folder, tagger=NFC).close()
    window = make_main_window(folder)
    name = by_name(window, "Your name")
    texts = capture_message_box()
    name.setText("x" * 300)
    name.returnPressed.emit()  # Enter, as the tagger presses it
    qtbot.waitUntil(lambda: bool(texts))
    assert f"at most {MAX_NAME}" in texts[0] and window.rating_screen is None
    name.setText(NFD.upper() + "\u200b ")  # another Unicode form, case, an invisible space
    name.returnPressed.emit()
    started(qtbot, window)
    assert window.rating_screen is not None
    assert by_description(window, "Progress").text().endswith(f"rating as {NFC}")


def test_an_item_id_of_300_characters_gives_a_plain_file_name(make_project_folder) -> None:
    """The item's ratings table is saved under its name (the pane's Save offers it)."""
    import re

    from annotator.reporting.sections.items import item_detail

    folder = make_project_folder(2)
    long_id = "a/b:" + "i" * 300
    items = folder / "items.csv"
    items.write_text(items.read_text(encoding="utf-8").replace("item000", long_id, 1),
                     encoding="utf-8")
    store = session(folder, "lab-1")
    rate(store, "ana", long_id, 3)
    rate(store, "ben", long_id, 4)
    store.close()
    detail = item_detail(analyse(AnalysisSource(folder), QUICK), long_id)
    assert len(detail.ratings.name) <= 80
    assert re.fullmatch(r"item_[A-Za-z0-9_-]+", detail.ratings.name)


def test_validate_names_a_session_files_tagger_name_too_long(make_project_folder,
                                                             capsys) -> None:
    """An older app took any name: validate says so, and the ratings are still used."""
    folder = make_project_folder(2)
    store = session(folder, "lab-1")
    rate(store, "w" * 300, "item000", 3)
    store.close()
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "lab-1.sqlite: The tagger's name 'www" in out and f"at most {MAX_NAME}" in out
    assert analyse(AnalysisSource(folder), QUICK).results.n_ratings == 1


def test_import_ratings_writes_clean_names_and_refuses_one_too_long(tmp_path: Path,
                                                                    capsys) -> None:
    """Prodigy answers of a sample project: the annotator's name as another tool gives it."""
    import json
    import shutil

    root = Path(__file__).resolve().parents[2]
    folder = tmp_path / "vicr-demo"
    shutil.copytree(root / "sample_projects" / "vicr-demo", folder)
    fixture = root / "tests" / "project" / "fixtures" / "interop" / "prodigy.jsonl"
    tasks = [json.loads(line) for line in fixture.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    for task in tasks[:3]:  # ana's answers, her name as another keyboard gives it
        task["_annotator_id"] = NFD + "\u200b"
    answers, out = tmp_path / "answers.jsonl", tmp_path / "ratings.csv"
    answers.write_text("".join(json.dumps(task) + "\n" for task in tasks), encoding="utf-8")
    assert main(["import-ratings", "prodigy", str(answers), "--project", str(folder),
                 "--out", str(out)]) == 0
    with out.open(encoding="utf-8", newline="") as handle:
        names = {row["tagger"] for row in csv.DictReader(handle)}
    assert NFC in names and not any("\u0308" in name or "\u200b" in name for name in names)
    tasks[3]["_annotator_id"] = "v" * 300  # ben's accepted answer
    answers.write_text("".join(json.dumps(task) + "\n" for task in tasks), encoding="utf-8")
    out.unlink()
    capsys.readouterr()
    assert main(["import-ratings", "prodigy", str(answers), "--project", str(folder),
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{answers}:4" in err and f"at most {MAX_NAME}" in err
    assert "Traceback" not in err and not out.exists()
