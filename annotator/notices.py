"""The third-party notices and the LGPL source offer, shared by Help → About and the build.

The bundle's ``resources/licenses/THIRD-PARTY-NOTICES.txt`` is written at build time from
what the bundle holds (``build_scripts/third_party_notices.py``); a source checkout has only
the summary ``THIRD-PARTY.md``. Qt and Qt for Python are LGPL-3.0: whoever hands out the app
must say where the source of exactly the bundled versions can be had.
"""

from __future__ import annotations

NOTICES_FILE = "THIRD-PARTY-NOTICES.txt"


def qt_source_offer(qt_version: str, pyside_version: str) -> tuple[str, str]:
    """Where the source of this Qt and this Qt for Python (PySide6, shiboken6) can be
    downloaded, each exactly at the given version."""
    major_minor = ".".join(qt_version.split(".")[:2])
    return (f"https://download.qt.io/archive/qt/{major_minor}/{qt_version}/single/",
            f"https://download.qt.io/official_releases/QtForPython/pyside6/"
            f"PySide6-{pyside_version}-src/")
