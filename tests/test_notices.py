"""The bundle's third-party notices: written from the files a bundle holds, and the checker
that reads them back finds what is missing.

The real frozen bundle is checked by ``.ci/run`` after it is built (``check_notices.py``);
here both scripts run on a table of contents made of real installed files.
"""

from __future__ import annotations

import importlib.metadata as metadata
import sys
from pathlib import Path

import numpy
import PySide6  # noqa: TID251 (the files of the installed Qt, not Qt itself)
import pytest
import tomlkit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "build_scripts"))

import check_notices  # noqa: E402
import third_party_notices  # noqa: E402
from third_party_notices import Notice, collect, render  # noqa: E402

from annotator.notices import qt_source_offer  # noqa: E402

QT_LIB = Path(PySide6.__file__).parent / "Qt" / "lib"
NUMPY_LIBS = Path(numpy.__file__).parent.parent / "numpy.libs"
SYSTEM_LIB = Path("/lib/x86_64-linux-gnu/libz.so.1")


def toc() -> list[tuple[str, str, str]]:
    """What PyInstaller hands the spec: (bundle path, source path, kind)."""
    entries = [("tomlkit.api", str(Path(tomlkit.__file__).parent / "api.py"), "PYMODULE"),
               ("json", str(Path(sys.modules["json"].__file__)), "PYMODULE"),
               ("launcher", str(REPO / "build_scripts" / "launcher.py"), "PYSOURCE"),
               ("resources/rubrics/vicr5.toml", str(REPO / "resources/rubrics/vicr5.toml"),
                "DATA")]
    for library in sorted(NUMPY_LIBS.iterdir()):
        entries.append((f"numpy.libs/{library.name}", str(library), "BINARY"))
    for name in ("libQt6Core.so.6", "libicuuc.so.73"):
        entries.append((f"PySide6/Qt/lib/{name}", str(QT_LIB / name), "BINARY"))
    entries.append(("libz.so.1", str(SYSTEM_LIB), "BINARY"))
    entries.append(("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"))
    return entries


@pytest.fixture(scope="module")
def notices() -> list[Notice]:
    from PySide6.QtCore import qVersion  # noqa: TID251

    return collect(toc(), repo=REPO, qt_version=qVersion(), pyside_version=PySide6.__version__)


def by_name(notices: list[Notice]) -> dict[str, Notice]:
    return {notice.name: notice for notice in notices}


pytestmark = [
    pytest.mark.skipif(not (NUMPY_LIBS.is_dir() and SYSTEM_LIB.is_file()),
                       reason="needs a Linux numpy wheel and the system's zlib"),
    pytest.mark.needs_full_extra,  # PyInstaller's metadata: its bootloader is in the bundle
]


def test_each_distribution_gets_its_version_licence_and_full_texts(notices) -> None:
    found = by_name(notices)
    assert {"Python", "tomlkit", "numpy", "pyinstaller", "PySide6_Essentials", "Qt", "ICU",
            "Libraries from the build machine"} <= set(found)
    tom = found["tomlkit"]
    assert (tom.version, tom.licence) == (metadata.version("tomlkit"), "MIT")
    assert "Permission is hereby granted" in tom.texts[0][1]
    assert found["Python"].licence == "PSF-2.0"
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in found["Python"].texts[0][1]
    assert "caption-rating-annotator" not in {n.name.lower() for n in notices}  # ours


def test_what_numpy_vendors_is_listed_and_named_in_its_licence(notices) -> None:
    numpy_notice = by_name(notices)["numpy"]
    assert numpy_notice.files == {f"numpy.libs/{p.name}" for p in NUMPY_LIBS.iterdir()}
    texts = "\n".join(text for _, text in numpy_notice.texts)
    assert "OpenBLAS" in texts and "libgfortran" in texts.lower()


def test_qt_gets_the_lgpl_its_exact_source_and_its_libraries(notices) -> None:
    found = by_name(notices)
    qt = found["Qt"]
    assert qt.files == {"PySide6/Qt/lib/libQt6Core.so.6"}
    assert [title for title, _ in qt.texts] == ["LGPL-3.0.txt", "GPL-3.0.txt"]
    for url in qt_source_offer(qt.version, PySide6.__version__):
        assert any(url in remark for remark in qt.remarks)
    # the wheel ships no licence file: the LGPL texts stand in
    assert [t for t, _ in found["PySide6_Essentials"].texts] == ["LGPL-3.0.txt", "GPL-3.0.txt"]
    # ICU comes in the PySide6 wheel, under its own licence
    assert found["PySide6_Essentials"].files == {"PySide6/Qt/lib/libicuuc.so.73"}
    assert found["ICU"].files == {"PySide6/Qt/lib/libicuuc.so.73"}
    assert "UNICODE LICENSE V3" in found["ICU"].texts[0][1]


def test_a_library_from_the_build_machine_is_named_with_its_origin(notices) -> None:
    system = by_name(notices)["Libraries from the build machine"]
    assert len(system.files) == 1
    assert next(iter(system.files)).startswith(f"libz.so.1 (from {SYSTEM_LIB}")


def test_a_distribution_without_any_licence_text_stops_the_build() -> None:
    with pytest.raises(SystemExit, match="ships no licence file"):
        third_party_notices._fill_missing_texts(Notice("mystery", "1.0", "Proprietary"), REPO)


def rendered(notices: list[Notice]) -> dict[str, check_notices.Section]:
    return check_notices.parse(render(notices, app_version="9.9"))


def bundle_of(notices: list[Notice]) -> tuple[dict[str, str], list[str]]:
    """The distributions and libraries a bundle made of ``toc()`` holds."""
    distributions = {n.name: n.version for n in notices
                     if n.name in ("tomlkit", "numpy", "PySide6_Essentials")}
    libraries = sorted(f for n in notices for f in n.files if " (from " not in f)
    return distributions, [*libraries, "libz.so.1"]


def test_the_checker_accepts_what_the_generator_wrote(notices) -> None:
    sections = rendered(notices)
    assert sections["numpy"].libraries == by_name(notices)["numpy"].files
    distributions, libraries = bundle_of(notices)
    assert check_notices.check(sections, distributions, libraries, linux=True) == []


def test_the_checker_names_each_gap(notices) -> None:
    distributions, libraries = bundle_of(notices)
    sections = rendered([n for n in notices if n.name != "tomlkit"])
    sections["numpy"] = check_notices.Section("numpy", "0.1", "BSD", sections["numpy"].libraries,
                                              sections["numpy"].text)
    del sections["ICU"]
    extra = ["numpy.libs/libmystery-0123abcd.so.1", "elsewhere/libqux.so"]
    problems = check_notices.check(sections, distributions, [*libraries, *extra], linux=False)
    version = metadata.version("tomlkit")
    assert f"tomlkit {version} is in the bundle but has no section" in problems
    assert f"numpy: the section says 0.1, the bundle has {numpy.__version__}" in problems
    assert "ICU is bundled without its section" in problems
    assert "elsewhere/libqux.so is in the bundle but listed under no component" in problems
    assert ("libz.so.1 comes from the build machine: only the Linux test bundle may hold "
            "such libraries") in problems
    assert len(problems) == 6  # the unlisted vendored library counts once


def test_a_vendored_library_its_licence_never_names_is_caught(notices) -> None:
    renamed = [Notice(n.name, n.version, n.licence, n.texts, set(n.files), n.remarks)
               for n in notices]
    by_name(renamed)["numpy"].files.add("numpy.libs/libmystery-0123abcd.so.1")
    distributions, libraries = bundle_of(renamed)
    problems = check_notices.check(rendered(renamed), distributions, libraries, linux=True)
    assert problems == ["numpy.libs/libmystery-0123abcd.so.1: numpy's licence texts never "
                        "name it (if they do under another name, add it to ALIASES)"]
