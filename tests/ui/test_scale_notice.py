"""The enlargement notice speaks only of enlargement, and stays inside the image's area."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from annotator.ui.widgets.scale_notice import ScaleNotice, enlargement_notice


@pytest.mark.parametrize(("percent", "shown"), [(100, None), (60, None), (101, "101 %"),
                                                (200, "200 %")])
def test_the_notice_speaks_only_of_enlargement(percent: int, shown: str | None) -> None:
    notice = enlargement_notice(percent, (600, 400))
    if shown is None:
        assert notice is None
    else:
        assert notice is not None
        line, sentence = notice
        assert f"Shown at {shown}" in line and "600 × 400" in line
        assert f"Shown at {shown}" in sentence and "fine detail is missing" in sentence


def test_the_notice_sits_inside_the_area_and_hides_at_100_percent(qtbot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(300, 200)
    host.show()
    notice = ScaleNotice(host)
    area = QRect(10, 10, 280, 180)
    spoken = notice.show_for(250, (120, 80), area)
    assert notice.isVisible() and "Shown at 250 %" in notice.text()
    assert "smaller than it is shown" in spoken and notice.toolTip() == spoken
    assert area.contains(notice.geometry())  # wrapped to the area, not cut off
    assert notice.show_for(100, (120, 80), area) == "" and not notice.isVisible()
