"""A combo box a screen reader names by what it chooses ("Rubric"), not by its current text.

On Linux and macOS Qt's own accessible combo box ignores the accessible name and gives the
current text ("likert-5") as the name too, so a screen reader announces a value without
saying what it is the value of. :class:`ChoiceBox` is a QComboBox whose accessible
interface, :class:`_ChoiceAccessible`, names it by its accessible name (set by its label
or by hand) and keeps the current text as its value; like Qt's, it offers its list as a
child and "show menu" / "press" open the list. Qt asks the factory about each class of a
widget in turn and its own factory knows only "QComboBox", so the subclass's name is
what selects this interface.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QComboBox, QWidget


class ChoiceBox(QComboBox):
    """A QComboBox read by its accessible name; its current text is its value."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        _install_factory()


class _ChoiceAccessible(QAccessibleWidget):
    """What a screen reader gets of a :class:`ChoiceBox`: Qt's accessible combo box, but
    named by the box's accessible name."""

    def __init__(self, box: ChoiceBox):
        super().__init__(box, QAccessible.Role.ComboBox)
        self._box = box

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Value:
            return self._box.currentText()
        return super().text(kind)

    def childCount(self) -> int:
        return super().childCount() + 1

    def child(self, index: int) -> QAccessibleInterface:
        """The list first (as in Qt's combo box), then the editable box's text field."""
        if index == 0:
            return QAccessible.queryAccessibleInterface(self._box.view())
        return super().child(index - 1)

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if child.object() is self._box.view():
            return 0
        index = super().indexOfChild(child)
        return index + 1 if index >= 0 else -1

    def actionNames(self) -> list[str]:
        return [self.showMenuAction(), self.pressAction(), self.setFocusAction()]

    def doAction(self, action: str) -> None:
        if action in (self.showMenuAction(), self.pressAction()):
            if self._box.view().isVisible():
                self._box.hidePopup()
            else:
                self._box.showPopup()
        else:
            super().doAction(action)


def _choice_interface(class_name: str, qt_object: QObject) -> QAccessibleInterface | None:
    if class_name == ChoiceBox.__name__ and isinstance(qt_object, ChoiceBox):
        return _ChoiceAccessible(qt_object)
    return None


@cache
def _install_factory() -> None:
    """Hand Qt the factory once per process (Qt keeps every factory given to it)."""
    QAccessible.installFactory(_choice_interface)
