"""A :class:`ChoiceBox` is read by what it chooses, its current text being its value,
where Qt's own combo box (on Linux, as here) gives its current text as its name."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from annotator.ui.widgets.choice_box import ChoiceBox

Text = QAccessible.Text


def shown_boxes(qtbot) -> tuple[QWidget, QComboBox, ChoiceBox]:
    """Qt's combo box and a choice box, each with a label, in a shown window (returned too:
    it holds them)."""
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    boxes = (QComboBox(window), ChoiceBox(window))
    for box in boxes:
        box.addItems(["likert-5", "binary"])
        box.setAccessibleName("Rubric")
        label = QLabel("&Rubric:", window)
        label.setBuddy(box)
        layout.addWidget(label)
        layout.addWidget(box)
    window.show()
    qtbot.waitExposed(window)
    return window, *boxes


def test_qts_combo_box_is_named_by_its_value_a_choice_box_by_what_it_chooses(qtbot) -> None:
    _window, plain, choice = shown_boxes(qtbot)
    assert QAccessible.queryAccessibleInterface(plain).text(Text.Name) == "likert-5"
    spoken = QAccessible.queryAccessibleInterface(choice)
    assert (spoken.text(Text.Name), spoken.text(Text.Value)) == ("Rubric", "likert-5")
    assert spoken.role() == QAccessible.Role.ComboBox
    choice.setCurrentIndex(1)
    assert spoken.text(Text.Value) == "binary"
    assert [relation.text(Text.Name) for relation, _ in spoken.relations()] == ["Rubric:"]


def test_a_choice_box_offers_its_list_and_opens_it(qtbot) -> None:
    _window, _, choice = shown_boxes(qtbot)
    spoken = QAccessible.queryAccessibleInterface(choice)
    listed = spoken.child(0)
    assert listed.role() == QAccessible.Role.List and listed.childCount() == 2
    assert spoken.indexOfChild(listed) == 0
    spoken.doAction(spoken.showMenuAction())
    qtbot.waitUntil(choice.view().isVisible)
    spoken.doAction(spoken.pressAction())
    qtbot.waitUntil(lambda: not choice.view().isVisible())
    choice.setEditable(True)
    field = spoken.child(1)
    assert field.role() == QAccessible.Role.EditableText and spoken.childCount() == 2
    assert spoken.indexOfChild(field) == 1
