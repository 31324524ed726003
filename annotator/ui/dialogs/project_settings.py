"""File ▸ Project settings… in the lead's window: the ``project.toml`` settings a lead
changes between studies, edited with their comments kept (:mod:`annotator.project.settings_edit`).

Save writes only when the readers ``validate`` runs accept the result; otherwise the
refusal is shown under its field, which takes the focus, and the file stays as it was.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from annotator.errors import AnnotatorError
from annotator.project.new_project_checks import UNKNOWN_LICENCE_WARNING
from annotator.project.settings_edit import (
    SETTINGS,
    Setting,
    SettingRefusedError,
    Value,
    read_settings,
    save_settings,
)
from annotator.ui.named import named
from annotator.ui.screen_fit import fit_to_screen
from annotator.ui.wizard.fields import (
    REFUSED_STYLE,
    FindingsLabel,
    labelled,
    plain,
    scrolling,
)

TABLE_TITLES = {"flow": "The Rating Game ([flow])", "rounds": "Rounds ([rounds])",
                "checks": "Attention checks ([checks])", "dataset": "Dataset ([dataset])",
                "images": "Images ([images])"}
Field = QCheckBox | QSpinBox | QDoubleSpinBox | QLineEdit


class ProjectSettingsDialog(QDialog):
    """Opened on a project folder; :meth:`save` is what the Save button does."""

    def __init__(self, folder: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("projectSettingsDialog")
        self.setWindowTitle(f"Project settings — {folder.name}")
        self.setAccessibleName("Project settings")
        self._folder = folder
        values = read_settings(folder)
        self.fields: dict[str, Field] = {}
        self.messages: dict[str, QLabel] = {}
        body = QWidget(self)
        self.licence_warning = FindingsLabel("licenceWarning", body)
        column = QVBoxLayout(body)
        for table, title in TABLE_TITLES.items():
            box = QGroupBox(title, body)
            form = QFormLayout(box)
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
            for setting in (s for s in SETTINGS if s.table == table):
                self._add_row(form, box, setting, values[setting.name])
            column.addWidget(box)
        self.general = named(QLabel(body), "settingsRefused")
        self.general.setWordWrap(True)
        self.general.setStyleSheet(REFUSED_STYLE)
        self.general.hide()
        column.addWidget(self.general)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        for button in buttons.buttons():
            button.setAccessibleName(plain(button.text()))
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        self._scroll = scrolling(body, self)
        layout.addWidget(self._scroll, 1)
        layout.addWidget(buttons)
        licence = self.fields["dataset.licence"]
        assert isinstance(licence, QLineEdit)
        licence.textChanged.connect(self._warn_licence)
        self._warn_licence(licence.text())
        fit_to_screen(self, QSize(760, 720))

    def _add_row(self, form: QFormLayout, box: QWidget, setting: Setting, value: Value) -> None:
        field = _field(setting, value, box)
        field.setObjectName(setting.name.replace(".", "_"))
        message = named(QLabel(box), f"{field.objectName()}_refused")
        message.setWordWrap(True)
        message.setStyleSheet(REFUSED_STYLE)
        message.hide()
        if isinstance(field, QCheckBox):
            field.setAccessibleName(setting.label)
            form.addRow(field)
        else:
            form.addRow(labelled(f"{setting.label}:", field, box), field)
        form.addRow(message)
        if setting.name == "dataset.licence":
            assert isinstance(field, QLineEdit)
            field.setPlaceholderText("unknown")
            form.addRow(self.licence_warning)
        self.fields[setting.name] = field
        self.messages[setting.name] = message

    def values(self) -> dict[str, Value]:
        return {name: _value(field) for name, field in self.fields.items()}

    def save(self) -> None:
        for label in (*self.messages.values(), self.general):
            label.hide()
        try:
            save_settings(self._folder, self.values())
        except SettingRefusedError as refused:
            self._show_refusal(refused.setting, refused.message)
            return
        except AnnotatorError as error:
            self._show_refusal(None, str(error))
            return
        self.accept()

    def _show_refusal(self, setting: str | None, message: str) -> None:
        label = self.messages.get(setting or "", self.general)
        label.setText(f"Not saved: {message}")
        label.show()
        field = self.fields.get(setting or "")
        if field is not None:
            field.setFocus()
            self._scroll.ensureWidgetVisible(label)

    def _warn_licence(self, text: str) -> None:
        unknown = text.strip() in ("", "unknown")
        self.licence_warning.show_findings((UNKNOWN_LICENCE_WARNING,) if unknown else (),
                                           refused=False)


def _field(setting: Setting, value: Value, parent: QWidget) -> Field:
    if setting.kind is bool:
        box = QCheckBox(setting.label, parent)
        box.setChecked(bool(value))
        return box
    if setting.kind is int:
        spin = QSpinBox(parent)
        spin.setRange(0, 100_000)
        spin.setValue(int(value))
        return spin
    if setting.kind is float:
        number = QDoubleSpinBox(parent)
        number.setRange(0.0, 1_000_000.0)
        number.setDecimals(2)
        number.setValue(float(value))
        return number
    return QLineEdit(str(value), parent)


def _value(field: Field) -> Value:
    match field:
        case QCheckBox():
            return field.isChecked()
        case QSpinBox() | QDoubleSpinBox():
            return field.value()
        case QLineEdit():
            return field.text()
