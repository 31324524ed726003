"""The wizard's gold page: none, pairs checked in the list of items (each with the experts'
level and its purpose), or a gold file; the pair looked at previewed as the tagger sees it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from annotator.project.create import Row
from annotator.project.model import GoldPurpose, Rubric
from annotator.project.new_project import GoldChoice
from annotator.project.new_project_checks import GOLD, Findings
from annotator.ui.named import named
from annotator.ui.widgets.choice_box import ChoiceBox
from annotator.ui.wizard.fields import FindingsLabel, PathField, labelled, page_layout, plain
from annotator.ui.wizard.pair_preview import PairPreview

ID_ROLE = Qt.ItemDataRole.UserRole


class GoldPage(QWizardPage):
    """``chosen()`` is the gold pairs checked, ``gold_file()`` the file given (never both)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("goldPage")
        self.setTitle("Gold pairs")
        self.setSubTitle("Pairs the experts have rated: the tutorial and probation teach "
                         "with them, attention checks test with them.")
        self._rows: dict[str, Row] = {}
        self._images = Path()
        self._chosen: dict[str, GoldChoice] = {}
        self._rubric: Rubric | None = None
        body = QWidget(self)
        self.none = named(QRadioButton("No &gold pairs", body), "goldNone")
        self.from_items = named(QRadioButton("C&hoose gold pairs from the items", body),
                                "goldFromItems")
        self.from_file = named(QRadioButton("Use a gold fi&le:", body), "goldFromFile")
        for button in (self.none, self.from_items, self.from_file):
            button.setAccessibleName(plain(button.text()))
        self.none.setChecked(True)
        group = QButtonGroup(self)
        for button in (self.none, self.from_items, self.from_file):
            group.addButton(button)
        self.file = PathField("goldFile", "Ch&oose gold file…", folder=False,
                              filter_text="CSV (*.csv);;All files (*)", parent=body)
        self.file.edit.setAccessibleName("Gold file")
        self.items = named(QListWidget(body), "goldItems")
        self.level = named(ChoiceBox(body), "goldLevel")
        self.purpose = named(ChoiceBox(body), "goldPurpose")
        self.purpose.addItems([purpose.value for purpose in GoldPurpose])
        self.explanation = named(QLineEdit(body), "goldExplanation")
        self.count = named(QLabel(body), "goldCount")
        self.preview = PairPreview(body)
        self.found = FindingsLabel("goldFindings", body)
        self._lay_out(body)
        page_layout(self, body)
        group.buttonToggled.connect(lambda *_: self._mode_changed())
        self.file.changed.connect(self.changed)
        self.items.itemChanged.connect(self._item_checked)
        self.items.currentItemChanged.connect(lambda *_: self._current_changed())
        for combo in (self.level, self.purpose):
            combo.currentIndexChanged.connect(lambda *_: self._edit_current())
        self.explanation.editingFinished.connect(self._edit_current)
        self._mode_changed()

    def _lay_out(self, body: QWidget) -> None:
        editor = QFormLayout()
        editor.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        editor.addRow(labelled("Experts' le&vel:", self.level, body), self.level)
        editor.addRow(labelled("&Purpose:", self.purpose, body), self.purpose)
        editor.addRow(labelled("E&xplanation:", self.explanation, body), self.explanation)
        left = QVBoxLayout()
        left.addWidget(labelled("&Items (check a pair to make it gold):", self.items, body))
        left.addWidget(self.items, 1)
        left.addLayout(editor)
        left.addWidget(self.count)
        pick = QHBoxLayout()
        pick.addLayout(left, 2)
        pick.addWidget(self.preview, 3)
        layout = QVBoxLayout(body)
        for widget in (self.none, self.from_items):
            layout.addWidget(widget)
        layout.addLayout(pick, 1)
        layout.addWidget(self.from_file)
        layout.addWidget(self.file)
        layout.addWidget(self.found)

    def set_items(self, rows: tuple[Row, ...], images: Path, rubric: Rubric) -> None:
        """The items ``init`` will make (choices kept for ids still there) and the rubric
        whose levels the experts' ratings are on."""
        self._rows, self._images = {row.item_id: row for row in rows}, images
        if rubric != self._rubric:
            self._rubric = rubric
            self._chosen.clear()
            self.level.blockSignals(True)
            self.level.clear()
            for level in rubric.levels:
                self.level.addItem(f"{level.value:g} — {level.label}", float(level.value))
            self.level.blockSignals(False)
            self.preview.set_rubric(rubric)
        self._chosen = {key: value for key, value in self._chosen.items() if key in self._rows}
        self.items.blockSignals(True)
        self.items.clear()
        for row in rows:
            entry = QListWidgetItem(self._entry_text(row.item_id), self.items)
            entry.setData(ID_ROLE, row.item_id)
            entry.setToolTip(row.pair.caption)
            entry.setCheckState(Qt.CheckState.Checked if row.item_id in self._chosen
                                else Qt.CheckState.Unchecked)
        self.items.blockSignals(False)
        self._show_count()

    def chosen(self) -> tuple[GoldChoice, ...]:
        if not self.from_items.isChecked():
            return ()
        order = list(self._rows)
        return tuple(sorted(self._chosen.values(), key=lambda c: order.index(c.item_id)))

    def gold_file(self) -> Path | None:
        return self.file.path() if self.from_file.isChecked() else None

    def show_findings(self, findings: Findings) -> None:
        self.found.show_findings(findings.of(GOLD), refused=GOLD in findings.blocking)

    def _entry_text(self, item_id: str) -> str:
        row = self._rows[item_id]
        choice = self._chosen.get(item_id)
        mark = f"  [{choice.purpose.value}, {choice.rating:g}]" if choice else ""
        return f"{item_id} — {row.pair.caption}{mark}"

    def _mode_changed(self) -> None:
        picking = self.from_items.isChecked()
        for widget in (self.items, self.level, self.purpose, self.explanation):
            widget.setEnabled(picking)
        self.file.setEnabled(self.from_file.isChecked())
        self.changed.emit()

    def _choice_from_editor(self, item_id: str) -> GoldChoice:
        return GoldChoice(item_id, float(self.level.currentData() or 0.0),
                          GoldPurpose(self.purpose.currentText()),
                          self.explanation.text().strip())

    def _item_checked(self, entry: QListWidgetItem) -> None:
        item_id = str(entry.data(ID_ROLE))
        if entry.checkState() == Qt.CheckState.Checked:
            self._chosen[item_id] = self._choice_from_editor(item_id)
        else:
            self._chosen.pop(item_id, None)
        self._relabel(entry)

    def _edit_current(self) -> None:
        entry = self.items.currentItem()
        if entry is None or entry.checkState() != Qt.CheckState.Checked:
            return
        item_id = str(entry.data(ID_ROLE))
        self._chosen[item_id] = self._choice_from_editor(item_id)
        self._relabel(entry)

    def _relabel(self, entry: QListWidgetItem) -> None:
        self.items.blockSignals(True)
        entry.setText(self._entry_text(str(entry.data(ID_ROLE))))
        self.items.blockSignals(False)
        self._show_count()
        self.changed.emit()

    def _current_changed(self) -> None:
        entry = self.items.currentItem()
        if entry is None:
            return
        item_id = str(entry.data(ID_ROLE))
        choice = self._chosen.get(item_id)
        if choice is not None:  # the editor shows the pair's own choice, changing nothing
            for widget in (self.level, self.purpose, self.explanation):
                widget.blockSignals(True)
            self.level.setCurrentIndex(self.level.findData(choice.rating))
            self.purpose.setCurrentText(choice.purpose.value)
            self.explanation.setText(choice.explanation)
            for widget in (self.level, self.purpose, self.explanation):
                widget.blockSignals(False)
        pair = self._rows[item_id].pair
        self.preview.show_pair(self._images / pair.image, pair.caption, pair.context)

    def _show_count(self) -> None:
        by_purpose = {p: sum(1 for c in self._chosen.values() if c.purpose is p)
                      for p in GoldPurpose}
        self.count.setText(f"{len(self._chosen)} chosen: " + ", ".join(
            f"{count} {purpose.value}" for purpose, count in by_purpose.items()))

