"""The statistics' edge cases of issue 17 (item 8), each through ``annotator analyze`` as a
lab lead runs it: the scale of a ratings CSV, α of one item and of one tagger, the ratio
level, the leave-one-out line, the binary protocol's dropped items and the before/after
figures of a multi-question protocol."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.alpha import ONE_ITEM
from annotator.analysis.kappa import gwet_ac1
from annotator.analysis.report import ONE_TAGGER
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.store.records import Phase
from tests.analysis.pinned.inputs import _copy_sample, _Laptops

SAMPLES = Path(__file__).resolve().parents[2] / "sample_projects"


def ratings(folder: Path, rows: list[tuple], name: str = "ratings.csv") -> Path:
    path = folder / name
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "tagger", "round", "rating"])
        writer.writerows(rows)
    return path


def analyze(folder: Path, *args: str) -> dict:
    out = folder / "out.json"
    assert main(["analyze", *args, "--reps", "10", "--bootstrap", "50", "--json", str(out)]
                ) == ExitCode.DONE
    return json.loads(out.read_text(encoding="utf-8"))


# Ratings 2–5 only: nobody chose level 1 of a 1–5 scale.
UNUSED_ONE = [(f"i{i}", t, 1, 2 + (i + (t == "c") * (i % 2)) % 4)
              for i in range(12) for t in ("a", "b", "c")]


def test_an_unused_level_keeps_its_place_in_gwets_ac1(tmp_path: Path) -> None:
    path = ratings(tmp_path, UNUSED_ONE)
    given = analyze(tmp_path, "--ratings-csv", str(path), "--levels", "1-5")
    inferred = analyze(tmp_path, "--ratings-csv", str(path))
    counts = np.zeros((12, 5), dtype=int)
    for item, _, _, value in UNUSED_ONE:
        counts[int(item[1:]), value - 1] += 1
    assert given["levels"] == [1.0, 2.0, 3.0, 4.0, 5.0] and inferred["levels"] == [2, 3, 4, 5]
    assert given["gwet_ac1"] == pytest.approx(gwet_ac1(counts))  # q = 5
    assert inferred["gwet_ac1"] == pytest.approx(gwet_ac1(counts[:, 1:]))  # q = 4
    assert given["gwet_ac1"] != pytest.approx(inferred["gwet_ac1"])
    assert given["alpha"]["value"] == pytest.approx(inferred["alpha"]["value"])


def test_off_scale_ratings_are_refused_by_line(tmp_path: Path, capsys) -> None:
    path = ratings(tmp_path, [("a", "x", 1, 3), ("a", "y", 1, 7), ("b", "x", 1, 0),
                              ("b", "y", 1, -3), ("c", "x", 1, "skip")])
    project = tmp_path / "vicr"
    project.mkdir()
    for options in (["--levels", "1-5"], ["--project", str(_copy_sample("vicr-demo", project)[0])]):
        code = main(["analyze", "--ratings-csv", str(path), *options])
        err = capsys.readouterr().err
        assert code == ExitCode.REFUSED
        assert "3 problems, so nothing was read from this file" in err
        for line, value in ((3, "7"), (4, "0"), (5, "-3")):
            assert f"{path}:{line}: rating {value!r} is not on the scale (1, 2, 3, 4, 5)." in err
        assert "Traceback" not in err


def test_without_levels_the_inferred_scale_is_said(tmp_path: Path, capsys) -> None:
    path = ratings(tmp_path, UNUSED_ONE)
    analyze(tmp_path, "--ratings-csv", str(path))
    err = capsys.readouterr().err
    assert "The scale was taken from the values rated: 2, 3, 4, 5." in err
    analyze(tmp_path, "--ratings-csv", str(path), "--levels", "1,2,3,4,5")
    assert "taken from the values rated" not in capsys.readouterr().err


def test_alpha_of_one_item_is_undefined_with_a_reason(tmp_path: Path) -> None:
    # Item a has three ratings, b one: the old report gave α = 0.000 for item a alone.
    path = ratings(tmp_path, [("a", "ana", 1, 2), ("a", "ben", 1, 4), ("a", "cy", 1, 2),
                              ("b", "ana", 1, 3)])
    report = analyze(tmp_path, "--ratings-csv", str(path))
    assert report["alpha"]["value"] is None and report["alpha"]["ci95"] is None
    assert report["reasons"]["/alpha/value"] == ONE_ITEM
    assert report["reasons"]["/alpha_by_round/1"] == ONE_ITEM


def test_the_ratio_level_refuses_negative_values(tmp_path: Path, capsys) -> None:
    path = ratings(tmp_path, [(f"i{i}", t, 1, (i + (t == "b")) % 3 - 1)
                              for i in range(6) for t in ("a", "b")])
    assert main(["analyze", "--ratings-csv", str(path), "--level", "ratio"]) == ExitCode.REFUSED
    err = capsys.readouterr().err
    assert "The ratio level needs a scale whose zero means none" in err and "-1" in err
    assert analyze(tmp_path, "--ratings-csv", str(path), "--level", "interval")["alpha"]


def test_the_leave_one_out_line_says_raises_only_when_alpha_rises(tmp_path: Path,
                                                                  capsys) -> None:
    agreeing = [(f"i{i}", t, 1, 1 + i % 5) for i in range(10) for t in ("a", "b", "c")]
    analyze(tmp_path, "--ratings-csv", str(ratings(tmp_path, agreeing)))
    out = capsys.readouterr().out
    assert "raises alpha" not in out
    assert "Leaving out any one tagger does not raise alpha (highest without a: 1.000)" in out
    odd = [*agreeing, *((f"i{i}", "odd", 1, 5 - i % 5) for i in range(10))]
    report = analyze(tmp_path, "--ratings-csv", str(ratings(tmp_path, odd, "odd.csv")))
    out = capsys.readouterr().out
    assert report["alpha_leave_one_out"]["odd"] > report["alpha"]["value"]
    assert "Leaving one tagger out raises alpha most without odd: 1.000" in out


def test_dropped_items_count_items_not_item_rounds(tmp_path: Path) -> None:
    # Item "s" is set aside in both rounds (3 skips each): one item, not two.
    rows = [(f"i{i}", f"t{t}", r, (i + t) % 2) for i in range(8) for t in range(4)
            for r in (1, 2)]
    rows += [("s", f"t{t}", r, "skip") for t in range(3) for r in (1, 2)]
    rows += [("s", "t3", r, 1) for r in (1, 2)]
    report = analyze(tmp_path, "--ratings-csv", str(ratings(tmp_path, rows)))
    assert report["binary"]["dropped_items"] == 1


def test_before_and_after_use_the_same_answers_and_say_how_many(tmp_path: Path,
                                                                capsys) -> None:
    # The case: ana answers item 1 before (3) and with the image (3); ben answers
    # item 2 before only (4). Per stage the means are 3.5 and 3.0 on different items; on
    # the one pair answered both ways nothing changed.
    root, project_id, items = _copy_sample("contextref-demo", tmp_path)
    laptops = _Laptops(root, project_id)
    for tagger, item, stage, value in (("ana", items[0], "pre", 3), ("ana", items[0], "post", 3),
                                       ("ben", items[1], "pre", 4)):
        laptops.rate("lap", tagger, item, value, phase=Phase.GAME, question="overall",
                     stage=stage)
    laptops.close()
    report = analyze(tmp_path, str(root))
    change = report["questions"]["overall"]["change"]
    assert (change["n_pairs"], change["mean_before"], change["mean_after"]) == (1, 3.0, 3.0)
    assert report["questions"]["overall"]["pre"]["mean"] == 3.5
    out = capsys.readouterr().out
    assert ("Question overall: mean 3.00 before → 3.00 with the image on the 1 answers given "
            "both ways (100% unchanged)") in out


def test_a_single_tagger_panel_has_no_panel_alpha(tmp_path: Path) -> None:
    # One tagger in two rounds: the old "Krippendorff's α" was this tagger's retest α.
    rows = [(f"i{i}", "solo", r, 1 + (i + (r == 2) * (i % 3 == 0)) % 5)
            for i in range(20) for r in (1, 2)]
    report = analyze(tmp_path, "--ratings-csv", str(ratings(tmp_path, rows)))
    assert report["n_taggers"] == 1 and report["alpha"]["value"] is None
    assert report["reasons"]["/alpha/value"] == ONE_TAGGER
    assert report["reasons"]["/alpha_leave_one_out/solo"] == ONE_TAGGER
    assert isinstance(report["retest"]["solo"]["alpha"], float)
