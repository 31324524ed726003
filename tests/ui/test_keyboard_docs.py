"""The guides' "Keyboard and screen reader" sections list every key of the actions table
(annotator/ui/actions.py) and nothing else, and the windows bind no shortcut the table
does not hold."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction

from annotator.ui.actions import (
    LEAD_ACTIONS,
    LEAD_KEYS,
    PANE_ACTIONS,
    TAGGER_ACTIONS,
    TAGGER_KEYS,
    ActionSpec,
    KeySpec,
    shortcut_text,
)
from tests.docs_tables import ROOT, documented

SECTION = "## Keyboard and screen reader"


def table_keys(specs: tuple[ActionSpec, ...], keys: tuple[KeySpec, ...]) -> set[str]:
    return {shortcut_text(spec) for spec in specs if shortcut_text(spec)} | {
        key.keys for key in keys}


GUIDES = {"tagger": "tagger-guide.md", "lead": "lead-guide.md"}


def window_keys(window: str) -> set[str]:
    """The keys of a window in the table (a QApplication must exist: the platform's
    standard keys are looked up)."""
    if window == "tagger":
        return table_keys(TAGGER_ACTIONS, TAGGER_KEYS)
    return table_keys(LEAD_ACTIONS + PANE_ACTIONS, LEAD_KEYS)


@pytest.mark.parametrize("window", GUIDES)
def test_the_guide_lists_exactly_the_windows_keys(qapp, window: str) -> None:
    guide, keys = GUIDES[window], window_keys(window)
    listed = documented("keys")[window]
    assert len(listed) == len(set(listed)), f"{guide}: a key listed twice"
    assert set(listed) == keys, (
        f"{guide}: not listed {sorted(keys - set(listed))}, "
        f"not the window's {sorted(set(listed) - keys)}")
    text = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    assert f"<!-- keys: {window} -->" in section.split("\n## ")[0], (
        f"{guide}: the keys' table is not in its '{SECTION[3:]}' section")


def test_the_windows_bind_no_shortcut_the_table_does_not_hold(
        qtbot, make_main_window, make_lead_window, simulated_project: Path) -> None:
    for window, name in ((make_main_window(), "tagger"),
                         (make_lead_window(simulated_project), "lead")):
        bound = {action.shortcut().toString() for action in window.findChildren(QAction)
                 if not action.shortcut().isEmpty()}
        keys = window_keys(name)
        assert bound <= keys, f"{name}: {sorted(bound - keys)}"
        for key in keys:  # Help ▸ Keyboard shortcuts lists them too
            assert f"{key}:" in window.keyboard_help, key
