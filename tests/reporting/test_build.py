"""The pane's content on a simulated panel: every figure shown is the engine's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from annotator.analysis.results import Histogram
from annotator.cli import main
from annotator.reporting.analysed import LOW_RETEST_ALPHA
from annotator.reporting.build import prepare_pane
from annotator.reporting.sections.items import item_detail


@pytest.fixture(scope="module")
def pane(simulated_project: Path):
    steps: list[str] = []
    analysed, content = prepare_pane(simulated_project, progress=steps.append)
    return analysed, content, steps


def rows_by_first(table) -> dict:
    return {row[0]: row for row in table.rows}


def test_the_tabs_and_the_progress_words(pane) -> None:
    _, content, steps = pane
    assert [s.name for s in content.sections] == ["panel", "taggers", "retest", "items",
                                                  "sources", "metrics"]
    assert [s.split()[0] for s in steps] == ["Reading", "Computing", "Drawing"]
    names = [t.name for s in content.sections for t in s.tables]
    names += [c.name for s in content.sections for c in s.charts]
    assert len(names) == len(set(names))


def test_panel_tab_shows_the_engines_alpha_and_virtual_raters(pane) -> None:
    analysed, content, _ = pane
    report = analysed.results.to_json()
    panel = content.section("panel")
    table = panel.tables[0]
    assert [c.key for c in table.columns] == ["round", "left_out", "alpha", "ci95_low",
                                              "ci95_high"]
    alpha = {row[:2]: row[2:] for row in table.rows}  # tidy: (round, tagger left out)
    low, high = report["alpha"]["ci95"]
    assert alpha[None, None] == (report["alpha"]["value"], low, high)
    assert (table.display(0, 0), table.display(0, 1)) == ("all", "none")
    for rnd, value in report["alpha_by_round"].items():
        assert alpha[int(rnd), None] == (value, *report["alpha_by_round_ci95"][rnd])
    for tagger, value in report["alpha_leave_one_out"].items():
        assert alpha[None, tagger] == (value, None, None)
    assert len(alpha) == 1 + len(report["alpha_by_round"]) + len(report["alpha_leave_one_out"])
    virtual = panel.tables[1]
    assert [c.key for c in virtual.columns][1:] == [
        "real_mean_x100", "real_sd_x100", "chance_mean_x100", "chance_sd_x100"]
    first = virtual.rows[0]
    assert first[1] == pytest.approx(report["virtual_raters"]["tau_x_yz"]["mean"] * 100)
    assert first[3] == pytest.approx(report["virtual_raters_chance"]["tau_x_yz"]["mean"] * 100)
    assert virtual.display(0, 1) == f"{first[1]:.1f}"
    assert f"{report['alpha']['value']:.3f}" in panel.summary[1]
    assert {c.name for c in panel.charts} == {"alpha_leave_one_out", "distribution"}


def test_taggers_tab_rows_equal_the_engine_and_low_retest_is_in_words(pane) -> None:
    analysed, content, _ = pane
    report = analysed.results.to_json()
    taggers = content.section("taggers").tables[0]
    shown = rows_by_first(taggers)
    assert set(shown) == set(report["taggers"])
    keys = [c.key for c in taggers.columns]
    for name, entry in report["taggers"].items():
        row = dict(zip(keys, shown[name], strict=True))
        assert (row["ratings"], row["ea"], row["bias"], row["score"]) == (
            entry["n"], entry["ea"], entry["bias"], entry["score"])
        retest = report["retest"][name]
        assert (row["retest_alpha"], row["retest_tau"]) == (retest["alpha"], retest["tau"])
        low = retest["alpha"] is not None and retest["alpha"] < LOW_RETEST_ALPHA
        assert ("low retest" in row["note"]) == low


def test_retest_tab_one_heatmap_per_tagger_and_the_stability_histogram(pane) -> None:
    analysed, content, _ = pane
    retest = content.section("retest")
    heatmaps = [c for c in retest.charts if c.group == "Tagger"]
    assert len(heatmaps) == len(analysed.results.to_json()["retest"]) == 4
    assert retest.charts[0].name == "retest_stability"
    stability = analysed.results.to_json()["retest_stability"]
    assert f"{stability['n_items']:,} items" in retest.summary[1]


def test_items_tab_lists_every_rated_item_most_disputed_first(pane) -> None:
    analysed, content, _ = pane
    items = content.section("items").tables[0]
    assert len(items.rows) == analysed.results.to_json()["n_items"]
    sds = [row[5] if row[5] is not None else -1 for row in items.rows]
    assert sds == sorted(sds, reverse=True)
    summary = analysed.results.items.summary
    index = analysed.table.item_ids.index(items.rows[0][0])
    assert items.rows[0][3] == pytest.approx(summary.mean[index])
    assert items.rows[0][6]  # the caption, from the project folder


def test_one_items_detail_has_every_rating_and_the_image(pane) -> None:
    analysed, content, _ = pane
    item_id = content.section("items").tables[0].rows[0][0]
    detail = item_detail(analysed, item_id)
    table = analysed.table
    assert len(detail.ratings.rows) == int((table.item == table.item_ids.index(item_id)).sum())
    assert {row[0] for row in detail.ratings.rows} <= set(table.taggers)
    assert detail.image is not None and detail.image.is_file()


def test_sources_tab_equals_the_engine(pane) -> None:
    analysed, content, _ = pane
    sources = analysed.results.to_json()["sources"]
    table = content.section("sources").tables[0]
    assert {row[0]: (row[3], row[4]) for row in table.rows} == {
        name: (entry["mean"], entry["vote"]) for name, entry in sources.items()}


def test_without_its_project_folder_no_images_or_captions(simulated_project: Path,
                                                         tmp_path: Path) -> None:
    panel = tmp_path / "elsewhere" / "panel.sqlite"
    assert main(["merge", str(panel), str(simulated_project / "sessions")]) == 0
    away, content = prepare_pane(panel)
    assert away.input.project is None
    assert any("not shown" in line for line in content.section("items").summary)
    columns = [c.key for c in content.section("items").tables[0].columns]
    assert "caption" not in columns and "image" not in columns
    assert item_detail(away, away.table.item_ids[0]).image is None
    _, content = prepare_pane(simulated_project)
    assert not any("not shown" in line for line in content.section("items").summary)


def test_the_stability_histogram_is_cut_to_the_range_used() -> None:
    from annotator.reporting.sections.retest import _trimmed

    edges = [x / 4 for x in range(-16, 17)]  # −4 … 4 in quarters
    counts = [0] * 32
    counts[edges.index(-0.5)] = 3
    counts[edges.index(1.25)] = 2
    cut_edges, cut_counts = _trimmed(Histogram(tuple(edges), tuple(counts)), quarter=1.0)
    assert cut_edges[0] == -1.5 and cut_edges[-1] == 1.5
    assert sum(cut_counts) == 5 and len(cut_counts) == len(cut_edges) - 1
    quiet = _trimmed(Histogram(tuple(edges), (0,) * 15 + (4,) + (0,) * 16), quarter=1.0)
    assert quiet[0][0] == -1.0 and quiet[0][-1] == 1.0


def test_a_yes_no_project_shows_the_binary_protocol(tmp_path: Path) -> None:
    folder = tmp_path / "gbs"
    shutil.copytree(Path(__file__).parents[2] / "sample_projects" / "good-bad-skip-demo",
                    folder)
    assert main(["simulate", str(folder), "--taggers", "4", "--rounds", "2", "--seed", "3"]) == 0
    analysed, content = prepare_pane(folder)
    panel = content.section("panel")
    binary = analysed.results.to_json()["binary"]
    assert any(line.startswith("Yes/no protocol: 0 items set aside") for line in panel.summary)
    assert any("within 0.25 (as Figure 3 of Levinboim et al. 2021)" in line
               for line in panel.summary)
    chart = next(c for c in panel.charts if c.name == "p_hat")
    assert f"{sum(binary['p_hat_distribution'].values())} pairs" in chart.description


def test_metrics_tab_equals_the_engine_with_the_ceiling(pane) -> None:
    analysed, content, _ = pane
    metrics = analysed.results.to_json()["metrics"]
    section = content.section("metrics")
    shown = rows_by_first(section.tables[0])
    assert list(shown) == list(metrics["by_metric"]) == ["caption_words", "word_overlap"]
    keys = [c.key for c in section.tables[0].columns]
    for name, entry in metrics["by_metric"].items():
        row = dict(zip(keys, shown[name], strict=True))
        assert (row["tau_c"], row["tau_c_low"], row["tau_c_high"]) == (
            entry["tau_c"]["value"], *entry["tau_c"]["ci95"])
        assert (row["spearman"], row["ceiling_tau_c"]) == (entry["spearman"]["value"],
                                                           entry["ceiling"]["mean"])
    scatters = [c for c in section.charts if c.group == "Metric"]
    assert [c.name for c in scatters] == ["metric_caption_words", "metric_word_overlap"]
    n_scored = metrics["by_metric"]["word_overlap"]["n_items"]
    assert f"{n_scored} items" in scatters[1].description
    comparison = next(t for t in section.tables if t.name == "metric_comparisons")
    assert comparison.rows[0][:3] == ("caption_words", "word_overlap",
                                      metrics["comparisons"][0]["n_items"])


def test_without_metrics_the_tab_says_how_to_add_them(tmp_path: Path,
                                                      simulated_project: Path) -> None:
    folder = tmp_path / "p"
    shutil.copytree(simulated_project, folder)
    (folder / "metrics.csv").unlink()
    _, content = prepare_pane(folder)
    section = content.section("metrics")
    assert not section.tables and any("metrics.csv" in line for line in section.summary)


def test_a_multi_question_project_has_a_questions_tab(tmp_path: Path) -> None:
    folder = tmp_path / "ctx"
    shutil.copytree(Path(__file__).parents[2] / "sample_projects" / "contextref-demo", folder)
    assert main(["simulate", str(folder), "--taggers", "4", "--seed", "3"]) == 0
    analysed, content = prepare_pane(folder)
    assert [s.name for s in content.sections][:2] == ["panel", "questions"]
    figures = analysed.results.to_json()["questions"]
    stages, changes, *_ = content.section("questions").tables
    assert {(row[0], row[1]) for row in stages.rows} == {
        (name, {"pre": "before the image", "post": "with the image"}[stage])
        for name, entry in figures.items() for stage in ("pre", "post") if stage in entry}
    overall = next(row for row in changes.rows if row[0] == "overall")
    change = figures["overall"]["change"]
    assert overall[1:5] == (change["n_pairs"], change["mean_before"], change["mean_after"],
                            change["mean_change"])
    assert analysed.results.n_ratings == 4 * 10  # overall with the image, per tagger and item
