"""The HTML report as a browser shows it: headless Chromium parses and draws it.

Chromium comes from ``build_scripts/install_chromium.sh``. Without it these tests skip on a
developer's machine, but fail under CI (``CI=true``): a report no browser has opened is not
known to display.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from annotator.reporting.build import prepare_pane
from annotator.reporting.html_report import render_html
from tests import requirements
from tests.reporting.dom import parse
from tests.reporting.panes import sample_content

pytestmark = [pytest.mark.slow, pytest.mark.needs_chromium]  # a browser start each

WINDOW = (1280, 2000)
TIMEOUT = 90  # seconds; a first start on a cold disk takes a few


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium with a private profile and nothing reaching the network."""
    command = [requirements.command("chromium"), "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-quic", "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=True)


@pytest.fixture
def report(tmp_path: Path) -> Path:
    path = tmp_path / "report.html"
    path.write_text(render_html(sample_content(item_rows=250),
                                generated_at="2026-11-22 09:30 UTC"), encoding="utf-8")
    return path


def test_chromium_draws_the_report(report: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    chromium(tmp_path, f"--screenshot={shot}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
             report.as_uri())
    with Image.open(shot) as image:
        assert image.size == WINDOW
        gray = image.convert("L")
    low, high = gray.getextrema()
    assert high - low > 128, "the screenshot is one flat colour"
    dark = sum(gray.histogram()[:100]) / (WINDOW[0] * WINDOW[1])
    assert 0.005 < dark < 0.5, f"{dark:.1%} of the page is dark: text missing or page black"
    assert ImageStat.Stat(gray.crop((0, 0, WINDOW[0], 120))).stddev[0] > 10, "no title drawn"


def test_chromium_parses_the_tables_and_figures(report: Path, tmp_path: Path) -> None:
    dom = parse(chromium(tmp_path, "--dump-dom", report.as_uri()).stdout)
    tables = {t.attrs["id"]: t for t in dom.iter("table")}
    assert sorted(tables) == ["table-items", "table-taggers"]
    assert len(list(tables["table-items"].find("tbody").iter("tr"))) == 200
    assert tables["table-taggers"].find("caption").children[0] == "Taggers against the panel"
    figure = dom.find("figure")
    assert figure.find("svg").find("rect") is not None
    assert figure.find("figcaption").find("span").text() == "Histogram of item means"


def test_chromium_opens_the_report_of_a_simulated_panel(simulated_project: Path,
                                                       tmp_path: Path) -> None:
    _, content = prepare_pane(simulated_project)
    report = tmp_path / "report.html"
    report.write_text(render_html(content, generated_at="now"), encoding="utf-8")
    dom = parse(chromium(tmp_path, "--dump-dom", report.as_uri()).stdout)
    charts = [c for s in content.sections for c in s.charts]
    tables = [t for s in content.sections for t in s.tables]
    figures = list(dom.iter("figure"))
    assert len(figures) == len(charts)
    assert all(f.find("svg") is not None for f in figures)
    assert len(list(dom.iter("table"))) == len(tables)
    shot = tmp_path / "report.png"
    chromium(tmp_path, f"--screenshot={shot}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
             report.as_uri())
    with Image.open(shot) as image:
        assert image.size == WINDOW and image.convert("L").getextrema()[0] < 64
