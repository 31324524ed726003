"""File ▸ New project… and File ▸ Project settings… driven as a lead would, by keyboard
where practical: the wizard's project equals init's plus a hand-written gold.csv and
[dataset] licence; settings keep the file's comments and refuse what validate refuses."""

from __future__ import annotations

import tomllib
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QLabel,
    QListWidget,
    QScrollBar,
    QWidget,
    QWizard,
)

from annotator.project.create import init_project
from annotator.project.folder import open_project
from tests.conftest import write_jpeg
from tests.ui.conftest import by_name, tab_chain

CAPTIONS = ("image,caption\n"
            "cat.jpg,A cat on a mat.\n"
            "dog.jpg,A dog running.\n"
            "bird.jpg,A bird.\n")


def _inputs(tmp_path: Path) -> tuple[Path, Path]:
    photos = tmp_path / "photos"
    for name in ("cat.jpg", "dog.jpg", "bird.jpg"):
        write_jpeg(photos / name)
    captions = tmp_path / "captions.csv"
    captions.write_text(CAPTIONS, encoding="utf-8")
    return photos, captions


def _tables(folder: Path) -> dict:
    toml = tomllib.loads((folder / "project.toml").read_text("utf-8"))
    for key in ("id", "created"):
        toml["project"].pop(key)
    return toml


def _type(qtbot, widget, text: str) -> None:
    widget.setFocus()
    qtbot.keyClicks(widget, text)


def _fill_source_page(qtbot, wizard, folder: Path, photos: Path, captions: Path) -> None:
    _type(qtbot, by_name(wizard, "New project folder"), str(folder))
    _type(qtbot, by_name(wizard, "Images folder"), str(photos))
    _type(qtbot, by_name(wizard, "Captions file"), str(captions))
    qtbot.waitUntil(lambda: wizard.currentPage().isComplete(), timeout=5000)
    qtbot.keyClick(by_name(wizard, "Captions file"), Qt.Key.Key_Return)  # Next
    assert wizard.currentPage() is wizard.gold


def _choose_gold(qtbot, wizard):
    """Cat as a tutorial pair at 5, bird as a check at 2, by keyboard; the list."""
    from_items = by_name(wizard, "Choose gold pairs from the items")
    from_items.setFocus()
    qtbot.keyClick(from_items, Qt.Key.Key_Space)
    assert wizard.gold.from_items.isChecked()
    items = by_name(wizard, "Items (check a pair to make it gold)")
    assert [items.item(i).text() for i in range(items.count())] == [
        "cat — A cat on a mat.", "dog — A dog running.", "bird — A bird."]
    for row, level, purpose in ((0, "5 — ", "tutorial"), (2, "2 — ", "check")):
        items.setCurrentRow(row)
        level_box = by_name(wizard, "Experts' level")
        level_box.setCurrentIndex(next(i for i in range(level_box.count())
                                       if level_box.itemText(i).startswith(level)))
        by_name(wizard, "Purpose").setCurrentText(purpose)
        items.setFocus()
        qtbot.keyClick(items, Qt.Key.Key_Space)  # checks the current pair
    return items


def test_the_wizard_makes_what_init_and_a_hand_written_gold_csv_make(
        qtbot, make_lead_window, tmp_path):
    photos, captions = _inputs(tmp_path)
    window = make_lead_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    wizard = window.new_project_wizard
    assert wizard is not None and wizard.isVisible()
    folder = tmp_path / "study"
    _fill_source_page(qtbot, wizard, folder, photos, captions)
    assert "no tutorial and no probation" in wizard.gold.found.text()  # validate's, live
    items = _choose_gold(qtbot, wizard)
    assert items.item(0).text() == "cat — A cat on a mat.  [tutorial, 5]"
    items.setCurrentRow(0)  # back on a chosen pair, the editor shows its choice
    assert by_name(wizard, "Experts' level").currentText().startswith("5 — ")
    assert by_name(wizard, "Purpose").currentText() == "tutorial"
    items.setCurrentRow(2)
    assert wizard.gold.preview.pair is not None
    assert wizard.gold.preview.pair.caption.text() == "A bird."  # the pair looked at
    wizard.check_now()
    assert "tutorial needs 10 gold pairs" in wizard.gold.found.text()
    wizard.next()
    wizard.next()
    assert wizard.currentPage() is wizard.dataset
    wizard.check_now()
    assert "licence is unknown" in wizard.dataset.found.text()
    assert wizard.dataset.found.isVisible()
    _type(qtbot, wizard.dataset.licence, "cc-by-4.0")  # its line edit has the same name
    wizard.check_now()
    assert not wizard.dataset.found.isVisible()
    with qtbot.waitSignal(wizard.created, timeout=10_000):
        qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton),
                         Qt.MouseButton.LeftButton)
    assert window.pane.source == folder.resolve()

    by_hand = init_project(tmp_path / "by-hand", images=photos, captions=captions,
                           name="study").project.root
    (by_hand / "gold.csv").write_text("image,caption,rating,explanation,purpose\n"
                                      "images/cat.jpg,A cat on a mat.,5,,tutorial\n"
                                      "images/bird.jpg,A bird.,2,,check\n", encoding="utf-8")
    with (by_hand / "project.toml").open("a", encoding="utf-8") as manifest:
        manifest.write('\n[dataset]\nlicence = "cc-by-4.0"\n')
    made = folder.resolve()
    for name in ("items.csv", "gold.csv"):
        assert (made / name).read_bytes() == (by_hand / name).read_bytes()
    assert _tables(made) == _tables(by_hand)
    assert sorted(p.relative_to(made).as_posix() for p in (made / "images").rglob("*")) == \
        sorted(p.relative_to(by_hand).as_posix() for p in (by_hand / "images").rglob("*"))
    assert len(open_project(made).gold) == 2


COMMENT = "# settings agreed with the panel on 3 March\n"


def test_settings_keep_comments_and_refuse_a_pass_mark_by_its_field(
        qtbot, make_lead_window, tmp_path):
    photos, captions = _inputs(tmp_path)
    folder = init_project(tmp_path / "study", images=photos, captions=captions).project.root
    manifest = folder / "project.toml"
    manifest.write_text(COMMENT + manifest.read_text("utf-8")
                        + "\n[flow]\ntutorial_pairs = 8  # our eight curated pairs\n",
                        encoding="utf-8")
    window = make_lead_window(folder)
    window.actions_by_name["projectSettings"].trigger()
    dialog = window.settings_dialog
    assert dialog is not None and dialog.isVisible()
    assert "licence is unknown" in dialog.licence_warning.text()
    assert dialog.licence_warning.isVisible()
    passing = by_name(dialog, "Tutorial pass mark (points)")
    assert passing.value() == 8
    before = manifest.read_bytes()
    passing.setFocus()
    passing.selectAll()
    qtbot.keyClicks(passing, "17")
    qtbot.keyClick(passing, Qt.Key.Key_Return)  # Save
    refusal = dialog.messages["flow.tutorial_pass"]
    assert refusal.isVisible()
    assert "tutorial_pass must be between 0 and 16" in refusal.text()
    assert dialog.focusWidget() is passing
    assert manifest.read_bytes() == before and dialog.isVisible()
    passing.setValue(8)
    by_name(dialog, "Feedback: consensus and points after each rating").setChecked(False)
    by_name(dialog, "Licence").setText("cc0-1.0")
    with qtbot.waitSignal(dialog.accepted):
        qtbot.keyClick(by_name(dialog, "Licence"), Qt.Key.Key_Return)
    text = manifest.read_text("utf-8")
    assert text.startswith(COMMENT) and "# our eight curated pairs" in text
    project = open_project(folder)
    assert project.flow.base.feedback is False and project.dataset.licence == "cc0-1.0"
    assert "tutorial_pass" not in text


def _controls(page) -> list:
    """The page's enabled controls (labels are read by their text)."""
    return [w for w in page.findChildren(QWidget) if w.isVisibleTo(page) and w.isEnabled()
            and (isinstance(w, QListWidget) or (w.focusPolicy() & Qt.FocusPolicy.TabFocus and
                 not isinstance(w, QScrollBar | QAbstractScrollArea | QLabel)))]


def test_every_wizard_control_is_named_as_labelled_and_reached_by_tab(
        qtbot, make_lead_window, tmp_path):
    window = make_lead_window()
    window.actions_by_name["newProject"].trigger()
    wizard = window.new_project_wizard
    qtbot.waitUntil(wizard.isActiveWindow)
    for page in (wizard.source, wizard.gold, wizard.priors, wizard.dataset):
        preview = page.findChild(QWidget, "pairPreview")
        own = [label for label in page.findChildren(QLabel)  # the rating screen's: i33's
               if preview is None or not preview.isAncestorOf(label)]
        for label in own:
            assert label.accessibleName() in ("", label.text()), label.objectName()
        controls = _controls(page)
        assert all(w.accessibleName() for w in controls), [
            (type(w).__name__, w.objectName(), page.objectName()) for w in controls
            if not w.accessibleName()]
    first = by_name(wizard, "New project folder")
    first.setFocus()
    visited = set(tab_chain(qtbot, wizard))
    assert {"New project folder", "Choose where", "Project name", "Images folder",
            "Choose images folder", "Captions file", "Choose captions file",
            "Captions format", "Rubric", "Cancel"} <= visited
    qtbot.keyClicks(first, str(tmp_path / "never"))
    qtbot.keyClick(first, Qt.Key.Key_Escape)
    assert not wizard.isVisible() and not (tmp_path / "never").exists()
