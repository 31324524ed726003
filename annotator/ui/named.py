"""A Qt object given its object name in one expression, keeping its type.

PySide6 takes any Qt property as a constructor keyword (``QLabel(objectName="title")``),
but its type stubs list only each class's own properties, so mypy refuses the inherited
``objectName`` and would type the widget as ``Any``. ``named(QLabel(...), "title")`` does
the same and keeps ``QLabel``.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject

Q = TypeVar("Q", bound=QObject)


def named(qt_object: Q, name: str) -> Q:
    """``qt_object`` with its object name: what tests, style sheets and the self-test find
    it by."""
    qt_object.setObjectName(name)
    return qt_object
