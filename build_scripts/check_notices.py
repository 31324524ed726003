"""Check a finished bundle's THIRD-PARTY-NOTICES.txt against what the bundle holds.

    python build_scripts/check_notices.py dist/annotator          # Linux, Windows
    python build_scripts/check_notices.py "dist/Caption Rating Annotator.app"

Run with the Python that built the bundle (its installed distributions are the ones the
bundle was made from). It looks at the bundle itself, not at what the generator saw:

* every Python distribution whose modules (in the executable's archive) or files (in the
  bundle folder) are in the bundle has a section with its installed version, its licence
  and a licence text; so have Python, PyInstaller (whose bootloader starts the app) and Qt;
* every shared library in the bundle, apart from Python extension modules (covered by
  their distribution), is listed under some section; a library a wheel vendors
  (``numpy.libs/``, ``pillow.libs/``, ``.dylibs/``) is also named in its distribution's
  licence texts (OpenBLAS, libgfortran, each image codec…); libraries copied from the
  build machine are allowed only on Linux, whose bundle is not handed out;
* the Qt section names the bundled Qt version and the source offer of exactly it; ICU has
  a section exactly when its libraries are bundled.

Prints each problem and exits 1, or prints a summary and exits 0.
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import platform
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from third_party_notices import (
    EXTENSION_MODULE,
    ICU_LIBRARY,
    OWN_DISTRIBUTION,
    RULE,
    SHARED_LIBRARY,
    TEXT_RULE,
)

HEADING = re.compile(r"^(?P<name>.+) (?P<version>\S+) — (?P<licence>.+)$")
VENDORED = re.compile(r"(^|/)[^/]*\.(libs|dylibs)/|/\.dylibs/")
BUILD_MACHINE = "Libraries from the build machine"
ALIASES = {
    "scipy_openblas64_": "openblas", "scipy_openblas32": "openblas", "openblas64_": "openblas",
    "openjp2": "openjpeg", "sharpyuv": "webp", "webpdemux": "webp", "webpmux": "webp",
    "brotlicommon": "brotli", "brotlidec": "brotli", "brotlienc": "brotli", "png16": "png",
    "lcms2": "lcms", "gcc_s": "gcc", "xcb": "xcb", "xau": "xau", "jpeg": "jpeg",
}
"""A vendored library's file name stem and the word its licence text uses for it."""


@dataclass(frozen=True)
class Section:
    name: str
    version: str
    licence: str
    libraries: frozenset[str]
    text: str
    """Everything under the heading: remarks, the library list and the licence texts."""

    @property
    def licence_texts(self) -> str:
        return "\n".join(self.text.split(TEXT_RULE)[1:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle", type=Path, help="dist/annotator, or the macOS .app")
    args = parser.parse_args(argv)
    internal, executables = layout(args.bundle)
    notices_file = internal / "resources" / "licenses" / "THIRD-PARTY-NOTICES.txt"
    if not notices_file.is_file():
        print(f"{notices_file}: missing")
        return 1
    sections = parse(notices_file.read_text(encoding="utf-8"))
    libraries = sorted(shared_libraries(internal))
    problems = check(sections, bundled_distributions(internal, executables), libraries,
                     linux=sys.platform.startswith("linux"))
    for problem in problems:
        print(f"{notices_file}: {problem}")
    if problems:
        return 1
    print(f"{notices_file.name}: {len(sections)} components, each with its licence text; "
          f"all {len(libraries)} shared libraries of the bundle accounted for.")
    return 0


def layout(bundle: Path) -> tuple[Path, list[Path]]:
    """The folder the bundled files are in, and the executables (whose archive holds the
    Python modules)."""
    if bundle.suffix == ".app":
        return bundle / "Contents" / "Frameworks", sorted((bundle / "Contents" / "MacOS").glob("*"))
    executables = [path for path in bundle.iterdir() if path.is_file()
                   and (path.suffix.lower() == ".exe" or path.name == "annotator")]
    return bundle / "_internal", executables


def parse(text: str) -> dict[str, Section]:
    parts = text.split(f"\n{RULE}\n")
    sections: dict[str, Section] = {}
    for heading, body in zip(parts[1::2], parts[2::2], strict=False):
        match = HEADING.match(heading)
        if match is None:
            continue
        listed = body.split("Libraries in this copy:\n", 1)
        libraries = frozenset(
            line.strip().split(" (from ")[0] for line in
            (listed[1].split("\n\n", 1)[0].splitlines() if len(listed) == 2 else []))
        sections[match["name"]] = Section(match["name"], match["version"], match["licence"],
                                          libraries, body)
    return sections


def shared_libraries(internal: Path) -> Iterator[str]:
    """Bundle paths (with /) of the shared libraries that are files, not links to one."""
    for path in internal.rglob("*"):
        relative = path.relative_to(internal).as_posix()
        if (path.is_file() and not path.is_symlink() and SHARED_LIBRARY.search(relative)
                and not EXTENSION_MODULE.search(relative)
                and not any(parent.is_symlink() for parent in path.parents
                            if parent.is_relative_to(internal))):
            yield relative


def bundled_distributions(internal: Path, executables: list[Path]) -> dict[str, str]:
    """Installed distributions that own a module or a top-level file of the bundle."""
    names = {entry.name.split(".")[0] if entry.suffix in (".py", ".pyc") else entry.name
             for entry in internal.iterdir()}
    names |= {module.split(".")[0] for module in archive_modules(executables)}
    owners: dict[str, set[metadata.Distribution]] = {}
    for dist in metadata.distributions():
        for file in dist.files or ():
            top = file.parts[0] if file.parts else ""
            if top and top != ".." and not top.endswith(".dist-info"):
                owners.setdefault(top.removesuffix(".py"), set()).add(dist)
    found: dict[str, str] = {}
    for name in names - set(sys.stdlib_module_names):
        for dist in owners.get(name, ()):
            if _canonical(dist.metadata["Name"]) != OWN_DISTRIBUTION:
                found[dist.metadata["Name"]] = dist.version
    return found


def archive_modules(executables: list[Path]) -> set[str]:
    from PyInstaller.archive.readers import CArchiveReader

    modules: set[str] = set()
    for executable in executables:
        archive = CArchiveReader(str(executable))
        for name, entry in archive.toc.items():
            if entry[-1] in ("z", "Z"):  # the PYZ: every bundled Python module
                modules |= set(archive.open_embedded_archive(name).toc)
    return modules


def check(sections: dict[str, Section], distributions: dict[str, str], libraries: list[str],
          *, linux: bool) -> list[str]:
    problems: list[str] = []
    by_name = {_canonical(name): section for name, section in sections.items()}
    wanted = {**distributions, "pyinstaller": metadata.version("pyinstaller")}
    for name, version in sorted(wanted.items()):
        section = by_name.get(_canonical(name))
        if section is None:
            problems.append(f"{name} {version} is in the bundle but has no section")
        elif section.version != version:
            problems.append(f"{name}: the section says {section.version}, the bundle has "
                            f"{version}")
    python = sections.get("Python")
    if python is None or python.version != platform.python_version():
        problems.append(f"no section for Python {platform.python_version()}")
    elif "PYTHON SOFTWARE FOUNDATION LICENSE" not in python.licence_texts:
        problems.append("the Python section lacks the PSF licence text")
    problems += _check_qt(sections.get("Qt"))
    for section in sections.values():
        if section.name != BUILD_MACHINE and len(section.licence_texts.strip()) < 100:
            problems.append(f"{section.name}: no licence text")
    return problems + _check_libraries(sections, libraries, linux=linux)


def _check_libraries(sections: dict[str, Section], libraries: list[str], *,
                     linux: bool) -> list[str]:
    """Each bundled library under a component whose licence texts name it; ICU's section
    exactly when ICU is bundled."""
    problems: list[str] = []
    listed = {library: section for section in sections.values()
              for library in section.libraries}
    for library in libraries:
        section = listed.get(library)
        if section is None:
            problems.append(f"{library} is in the bundle but listed under no component")
        elif section.name == BUILD_MACHINE and not linux:
            problems.append(f"{library} comes from the build machine: only the Linux test "
                            "bundle may hold such libraries")
        elif VENDORED.search(library) and not _named_in(library, section.licence_texts):
            problems.append(f"{library}: {section.name}'s licence texts never name it (if "
                            "they do under another name, add it to ALIASES)")
    icu = [library for library in libraries if ICU_LIBRARY.search(Path(library).name)]
    if bool(icu) != ("ICU" in sections):
        problems.append("ICU is bundled without its section" if icu else
                        "an ICU section, but no ICU library in the bundle")
    return problems


def _check_qt(section: Section | None) -> list[str]:
    # the Qt the bundle was made from (this build script's Python is the build's)
    from PySide6 import __version__ as pyside_version  # noqa: TID251
    from PySide6.QtCore import qVersion  # noqa: TID251

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from annotator.notices import qt_source_offer

    if section is None or section.version != qVersion():
        return [f"no section for the bundled Qt {qVersion()}"]
    return [f"the Qt section does not offer the source at {url}"
            for url in qt_source_offer(qVersion(), pyside_version) if url not in section.text]


def _named_in(library: str, text: str) -> bool:
    stem = re.split(r"[-.]", Path(library).name.removeprefix("lib"), maxsplit=1)[0]
    words = {stem.lower(), ALIASES.get(stem.lower(), stem.lower())}
    lowered = text.lower()
    return any(word in lowered for word in words)


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


if __name__ == "__main__":
    sys.exit(main())
