"""No CSV the tool writes holds a cell a spreadsheet would run (issue 17, item 3): captions,
item ids, sources, context and tagger names that look like formulas go through every writer
(init's items.csv, a round's subset, import-ratings, analyze --csv-dir, the pane's tables,
an item's ratings, the dataset, the simulation's truth) and come out guarded."""

from __future__ import annotations

import csv
from pathlib import Path

from annotator.cli import main
from annotator.csvtext import FORMULA_START
from annotator.reporting.build import prepare_pane
from annotator.reporting.dataset.writer import DatasetOptions, export_dataset
from annotator.reporting.exports import export_content
from annotator.reporting.sections.items import item_detail
from annotator.store.records import Phase
from tests.analysis.sessions import rate, session
from tests.conftest import write_jpeg

ATTACKS = ('=HYPERLINK("http://evil.example","click")', "+cmd|' /C calc'!A0", "-2+3",
           "@SUM(A1:A9)", "\tindented", "=1+1")


def runs_in_a_spreadsheet(cell: str) -> bool:
    """What Excel, LibreOffice and Google Sheets would take for a formula: a text cell
    starting with = + - @ TAB or CR that is not a plain number."""
    if not cell.startswith(FORMULA_START):
        return False
    try:
        float(cell)
    except ValueError:
        return True
    return False


def cells(path: Path) -> list[str]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return [cell for row in csv.reader(handle) for cell in row]


def hostile_project(tmp_path: Path) -> Path:
    """A project made by init from captions, ids, sources and context that look like
    formulas, rated by taggers whose names do too."""
    images = tmp_path / "photos"
    rows = ["item_id,image,caption,source,page_title"]
    for n, attack in enumerate(ATTACKS):
        write_jpeg(images / f"p{n}.jpg", color=(n * 40, 90, 160))
        quoted = attack.replace('"', '""')
        rows.append(f'"{quoted} #{n}",p{n}.jpg,"{quoted} caption",'
                    f'"{quoted} source","{quoted} page"')
    captions = tmp_path / "captions.csv"
    captions.write_text("\n".join(rows) + "\n", encoding="utf-8")
    folder = tmp_path / "panel"
    assert main(["init", str(folder), "--images", str(images), "--captions",
                 str(captions)]) == 0
    ids = [f"{attack} #{n}" for n, attack in enumerate(ATTACKS)]
    for laptop, tagger in (("lab-1", "=evil()"), ("lab-2", "@ana"), ("lab-3", "-ben")):
        store = session(folder, laptop)
        for n, item_id in enumerate(ids):
            rate(store, tagger, item_id, 1 + (n + len(tagger)) % 5, points=1)
            rate(store, tagger, item_id, 1 + (n + 2) % 5, rnd=2, phase=Phase.RETEST)
        store.close()
    return folder


def test_every_csv_writer_guards_formula_cells(tmp_path: Path, capsys) -> None:
    folder = hostile_project(tmp_path)
    written: dict[str, Path] = {"init/items.csv": folder / "items.csv"}

    subset = tmp_path / "retest.csv"
    subset.write_text("item_id\n" + "".join(f'"{a.replace(chr(34), chr(34) * 2)} #{n}"\n'
                                            for n, a in enumerate(ATTACKS)), encoding="utf-8")
    assert main(["round", "start", str(folder), "--items", str(subset)]) == 0
    written["round/subset"] = folder / "rounds" / "round-2-items.csv"

    expert = tmp_path / "ExpertAnnotations.txt"
    expert.write_text("=cmd.jpg\t=cmd.jpg#0\t1\t2\t3\n@x.jpg\t=cmd.jpg#1\t4\t4\t4\n",
                      encoding="utf-8")
    assert main(["import-ratings", "flickr8k-expert", str(expert), "--out",
                 str(tmp_path / "imported.csv")]) == 0
    written["import-ratings"] = tmp_path / "imported.csv"

    assert main(["analyze", str(folder), "--csv-dir", str(tmp_path / "tables"),
                 "--reps", "3", "--bootstrap", "10"]) == 0
    written["analyze/items.csv"] = tmp_path / "tables" / "items.csv"
    written["analyze/taggers.csv"] = tmp_path / "tables" / "taggers.csv"

    analysed, content = prepare_pane(folder)
    for path in export_content(content, tmp_path / "pane", generated_at="now"):
        if path.suffix == ".csv":
            written[f"pane/{path.name}"] = path
    for path in export_dataset(analysed, tmp_path / "dataset").written:
        if path.suffix == ".csv":
            written[f"dataset/{path.name}"] = path
    key = export_dataset(analysed, tmp_path / "pseudonymised",
                         DatasetOptions(pseudonymise=True)).key_file
    assert key is not None
    written["dataset/tagger-key.csv"] = key
    detail = tmp_path / "item.csv"
    detail.write_text(item_detail(analysed, analysed.table.item_ids[0]).ratings.csv_text(),
                      encoding="utf-8")
    written["pane/item_<id>.csv"] = detail

    simulated = tmp_path / "simulated"
    assert main(["init", str(simulated), "--images", str(tmp_path / "photos"), "--captions",
                 str(tmp_path / "captions.csv")]) == 0
    assert main(["simulate", str(simulated), "--taggers", "2", "--seed", "3"]) == 0
    for path in (simulated / "simulation").glob("*.csv"):
        written[f"simulate/{path.name}"] = path
    assert "Traceback" not in capsys.readouterr().err

    everything = {name: cells(path) for name, path in written.items()}
    for name, found in everything.items():
        assert not [cell for cell in found if runs_in_a_spreadsheet(cell)], name
    guarded = {name for name, found in everything.items()
               if any(cell.startswith(("'=", "'+", "'-", "'@", "'\t")) for cell in found)}
    # each writer was given formula-looking text to write (the charts' tables of numbers
    # and the truth's tagger table have none)
    assert {"init/items.csv", "round/subset", "import-ratings", "analyze/items.csv",
            "analyze/taggers.csv", "dataset/ratings.csv", "dataset/items.csv",
            "dataset/tagger-key.csv",
            "pane/items.csv", "pane/taggers.csv", "pane/item_<id>.csv",
            "simulate/truth-3.csv"} <= guarded
