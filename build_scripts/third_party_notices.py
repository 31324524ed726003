"""Write the bundle's THIRD-PARTY-NOTICES.txt from what PyInstaller actually collected.

``annotator.spec`` calls :func:`write_notices` with the bundle's table of contents (every
Python module, extension, shared library and data file, with the path it was copied from)
once the unused Qt parts are dropped. Each file is traced back to where it came from:

* an installed distribution (found by the files its RECORD lists): its name, version,
  licence, and the full text of every licence file in its ``.dist-info`` (PEP 639
  ``License-File`` entries, else LICENSE/COPYING/NOTICE/AUTHORS files). These texts also
  cover what a wheel vendors: NumPy's names OpenBLAS, LAPACK and the GCC runtime
  (libgfortran, libquadmath), Pillow's every image codec it bundles. A distribution with
  no licence file gets the text its licence names from ``resources/licenses`` (PySide6 and
  shiboken6: LGPL-3.0); with none the build stops;
* the Python runtime (under ``sys.base_prefix``): its LICENSE and the libraries it brings;
* Qt: the exact version, the modules and plugins in the bundle, the LGPL text, the source
  offer, and where Qt lists the third-party code inside it for exactly that version; ICU's
  licence when its libraries are bundled (the Linux wheels ship them);
* anything else is a library copied from the build machine: named with its origin
  (and Debian package, where ``dpkg`` knows it). Only the Linux bundle, which is not handed
  out, has these; ``build_scripts/check_notices.py`` refuses them anywhere else.

The file is plain text: a contents list, then one section per component, headed
``NAME VERSION — LICENCE`` between lines of ``=``, which check_notices.py reads back.
"""

from __future__ import annotations

import email.message
import importlib.metadata as metadata
import os
import platform
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

RULE = "=" * 78
TEXT_RULE = "-" * 78
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)
SHARED_LIBRARY = re.compile(r"\.(so(\.[\d.]+)?|dylib|dll)$|\.framework/", re.IGNORECASE)
EXTENSION_MODULE = re.compile(r"\.(cpython-[^./]+|abi3)\.so$|\.pyd$", re.IGNORECASE)
"""A distribution's own compiled code, covered by its licence: not listed file by file."""
QT_LIBRARY = re.compile(r"(^|/)(lib)?Qt6\w*\.(so|dll|dylib)|(^|/)Qt\w+\.framework/"
                        r"|^PySide6/(Qt/)?plugins/")
"""Qt's own libraries and plugins (not PySide6's bindings, QtCore.abi3.so / QtCore.pyd),
matched on the bundle path with / separators."""
ICU_LIBRARY = re.compile(r"^(lib)?icu(data|uc|i18n|dt|in)\w*\.", re.IGNORECASE)
OWN_DISTRIBUTION = "caption-rating-annotator"
HERE = Path(__file__).resolve().parent

# Libraries the Python runtime (or the build machine, for a Python that uses them) brings,
# by file name: what they are and their licence (SPDX).
RUNTIME_PARTS: tuple[tuple[str, str, str], ...] = (
    (r"(lib)?(ssl|crypto)\b", "OpenSSL", "Apache-2.0"),
    (r"(lib)?ffi\b", "libffi", "MIT"),
    (r"(lib)?sqlite3\b", "SQLite", "blessing (public domain)"),
    (r"(lib)?z\.|zlib", "zlib", "Zlib"),
    (r"(lib)?bz2\b", "bzip2", "bzip2-1.0.6"),
    (r"(lib)?lzma\b", "XZ Utils (liblzma)", "0BSD"),
    (r"(lib)?mpdec\b", "mpdecimal", "BSD-2-Clause"),
    (r"(lib)?expat\b", "Expat", "MIT"),
    (r"(lib)?uuid\b", "libuuid", "BSD-3-Clause"),
    (r"vcruntime|msvcp|concrt", "Microsoft Visual C++ runtime",
     "Microsoft Visual C++ Redistributable licence (redistribution permitted)"),
)

# The third-party code Qt's own attribution lists name in the modules this app bundles
# (QtCore, QtGui, QtWidgets, QtSvg and their platform plugins). Qt's list for exactly the
# bundled version, with every text, is on the page QT_ATTRIBUTIONS names and in the source.
QT_THIRD_PARTY: tuple[tuple[str, str], ...] = (
    ("zlib (QtCore)", "Zlib"),
    ("double-conversion (QtCore)", "BSD-3-Clause"),
    ("PCRE2 (QtCore, regular expressions)", "BSD-3-Clause WITH PCRE2-exception"),
    ("BLAKE2, SHA-3/Keccak, SipHash (QtCore, hashing)", "CC0-1.0 OR Apache-2.0; CC0-1.0"),
    ("SHA-1, MD4, MD5 (QtCore)", "public domain"),
    ("RFC 6234 SHA-2 code (QtCore)", "BSD-3-Clause"),
    ("TinyCBOR (QtCore)", "MIT"),
    ("forkfd (QtCore, Unix)", "MIT"),
    ("Easing equations by Robert Penner (QtCore)", "BSD-3-Clause"),
    ("Unicode Character Database and CLDR data (QtCore)", "Unicode-3.0"),
    ("Apache Tika MIME type definitions (QtCore)", "Apache-2.0"),
    ("FreeType and its anti-aliasing rasterizer (QtGui)", "FTL OR GPL-2.0-only"),
    ("HarfBuzz (QtGui, text shaping)", "MIT"),
    ("libpng (QtGui)", "libpng-2.0"),
    ("md4c (QtGui, Markdown)", "MIT"),
    ("Pixman (QtGui, drawing)", "MIT"),
    ("Smooth scaling from Imlib2 (QtGui)", "BSD-2-Clause AND Imlib2"),
    ("WebGradients (QtGui)", "MIT"),
)
QT_ATTRIBUTIONS = "https://doc.qt.io/qt-{major_minor}/licenses-used-in-qt.html"


@dataclass
class Notice:
    """One component of the bundle, as the notices file lists it."""

    name: str
    version: str
    licence: str
    texts: list[tuple[str, str]] = field(default_factory=list)
    """(title, full text) of each licence file."""
    files: set[str] = field(default_factory=set)
    """Shared libraries it brings, by their path in the bundle."""
    remarks: list[str] = field(default_factory=list)


def write_notices(toc: Iterable[tuple[str, str | None, str]], out: Path, *, repo: Path,
                  app_version: str, qt_version: str, pyside_version: str) -> Path:
    """Trace every ``(bundle path, source path, kind)`` of ``toc`` and write the notices."""
    notices = collect(toc, repo=repo, qt_version=qt_version, pyside_version=pyside_version)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(notices, app_version=app_version), encoding="utf-8")
    return out


def collect(toc: Iterable[tuple[str, str | None, str]], *, repo: Path, qt_version: str,
            pyside_version: str) -> list[Notice]:
    owners = _distribution_files()
    runtime_roots = {_real(sys.base_prefix), _real(sys.base_exec_prefix)}
    repo_root = _real(repo)
    dists: dict[str, Notice] = {}
    runtime = Notice("Python", platform.python_version(), "PSF-2.0",
                     texts=[("LICENSE", _python_licence())])
    qt = Notice("Qt", qt_version, "LGPL-3.0-only")
    icu: set[str] = set()
    system: dict[str, str] = {}
    # Every frozen program starts in PyInstaller's bootloader and its bootstrap modules.
    _add_distribution(dists, metadata.distribution("pyinstaller")).remarks.append(
        "Its bootloader starts this program (the licence's exception allows that).")
    for dest, source, kind in toc:
        if not source or source == "-" or kind == "SYMLINK":
            continue
        dest = dest.replace("\\", "/")
        real = _real(source)
        library = bool(SHARED_LIBRARY.search(dest)) and not EXTENSION_MODULE.search(dest)
        in_qt = library and bool(QT_LIBRARY.search(dest))
        if in_qt:
            qt.files.add(dest)
        if library and ICU_LIBRARY.search(Path(dest).name):
            icu.add(dest)
        dist = owners.get(real)
        if dist is not None:
            _add_distribution_file(dists, dist, dest if library and not in_qt else None)
        elif any(real.startswith(root + os.sep) for root in runtime_roots):
            if library:
                runtime.files.add(dest)
        elif not real.startswith(repo_root + os.sep) and library:
            system[dest] = source
    _python_parts(runtime)
    notices = [runtime, *sorted(dists.values(), key=lambda n: n.name.lower())]
    for notice in notices:
        _fill_missing_texts(notice, repo)
    return [*notices, _qt_notice(qt, repo, pyside_version), *_found_apart(icu, system)]


def _found_apart(icu: set[str], system: dict[str, str]) -> list[Notice]:
    """ICU's notice if Qt brought its libraries, and one for the build machine's own
    libraries (``system``: bundle path → source) if any were bundled."""
    notices = []
    if icu:
        notices.append(Notice("ICU", _icu_version(icu), "Unicode-3.0", files=icu,
                              texts=[("ICU licence", (HERE / "notices" / "ICU.txt").read_text(
                                  encoding="utf-8"))]))
    if system:
        notices.append(_system_notice(system))
    return notices


def _add_distribution_file(dists: dict[str, Notice], dist: metadata.Distribution,
                           library: str | None) -> None:
    """``dist``'s notice (none for this app's own distribution), with ``library`` (a shared
    library it ships outside Qt) among its files."""
    if _canonical(dist.metadata["Name"]) == OWN_DISTRIBUTION:
        return
    notice = _add_distribution(dists, dist)
    if library is not None:
        notice.files.add(library)


def render(notices: list[Notice], *, app_version: str) -> str:
    lines = [
        f"Third-party software in Caption Rating Annotator {app_version}",
        "",
        _wrap(f"Written when this copy was built ({platform.system()} {platform.machine()}), "
              "from the files it holds. The app itself is under the MIT licence (MIT.txt "
              "beside this file). Each component below keeps its own licence; its full text "
              "follows its name."),
        "",
        "Contents:",
        *(f"  {n.name} {n.version} — {n.licence}" for n in notices),
    ]
    for notice in notices:
        lines += ["", RULE, f"{notice.name} {notice.version} — {notice.licence}", RULE]
        lines += [_wrap(remark) for remark in notice.remarks]
        if notice.files:
            lines += ["", "Libraries in this copy:", *(f"  {f}" for f in sorted(notice.files))]
        for title, text in notice.texts:
            lines += ["", TEXT_RULE, title, TEXT_RULE, text.strip()]
    return "\n".join(lines) + "\n"


def _wrap(paragraph: str) -> str:
    """A long line folded at 78 columns, keeping its indent (list items)."""
    indent = paragraph[:len(paragraph) - len(paragraph.lstrip())]
    return textwrap.fill(paragraph, 78, subsequent_indent=indent + "  ",
                         break_on_hyphens=False, break_long_words=False)


# distributions ------------------------------------------------------------------------

def _distribution_files() -> dict[str, metadata.Distribution]:
    """Each installed file (real path) and the distribution whose RECORD lists it."""
    owners: dict[str, metadata.Distribution] = {}
    for dist in metadata.distributions():
        for file in dist.files or ():
            owners.setdefault(_real(str(dist.locate_file(file))), dist)
    return owners


def _add_distribution(dists: dict[str, Notice], dist: metadata.Distribution) -> Notice:
    name = dist.metadata["Name"]
    if name not in dists:
        dists[name] = Notice(name, dist.version, _licence_name(dist.metadata),
                             texts=_licence_texts(dist))
    return dists[name]


def _licence_name(meta: email.message.Message) -> str:
    """The SPDX expression if declared, else the one-line licence field, else classifiers."""
    expression = meta.get("License-Expression")
    if expression:
        return expression.strip()
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) <= 160:
        return text
    classifiers = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or []
                   if c.startswith("License ::")]
    return " AND ".join(classifiers) or "see the licence text"


def _licence_texts(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """The full text of every licence file the distribution's metadata folder holds."""
    texts = []
    for file in dist.files or ():
        parts = file.parts
        if parts and parts[0].endswith(".dist-info") and LICENCE_FILE.search(file.name):
            path = Path(str(dist.locate_file(file)))
            title = "/".join(parts[2:] if len(parts) > 2 and parts[1] == "licenses"
                             else parts[1:])
            texts.append((title, path.read_text(encoding="utf-8", errors="replace")))
    return texts


def _fill_missing_texts(notice: Notice, repo: Path) -> None:
    """A distribution without licence files gets the text its licence names, or the build
    stops: a component may not ship without its licence."""
    if notice.texts:
        return
    if "LGPL-3.0" in notice.licence or "LGPL" in notice.licence.upper():
        notice.texts = _lgpl_texts(repo)
        notice.remarks.append("Used under LGPL-3.0-only (the option this app takes).")
        return
    raise SystemExit(f"third_party_notices: {notice.name} {notice.version} ships no licence "
                     f"file and its licence ({notice.licence}) has no text in "
                     "resources/licenses; add one before building.")


def _lgpl_texts(repo: Path) -> list[tuple[str, str]]:
    folder = repo / "resources" / "licenses"
    return [(name, (folder / name).read_text(encoding="utf-8"))
            for name in ("LGPL-3.0.txt", "GPL-3.0.txt")]


# Python, Qt, ICU, the build machine --------------------------------------------------

def _python_licence() -> str:
    """CPython's LICENSE (on Windows it also holds the licences of the DLLs it ships)."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for root in {sys.base_prefix, sys.base_exec_prefix}:
        for candidate in (Path(root) / "LICENSE.txt", Path(root) / "lib" / version / "LICENSE.txt"):
            if candidate.is_file():
                return candidate.read_text(encoding="utf-8", errors="replace")
    raise SystemExit(f"third_party_notices: no LICENSE.txt in this Python ({sys.base_prefix})")


def _python_parts(runtime: Notice) -> None:
    names = sorted({Path(f).name for f in runtime.files})
    found = [f"  {part}: {licence}" for pattern, part, licence in RUNTIME_PARTS
             if any(re.match(pattern, name, re.IGNORECASE) for name in names)]
    if found:
        runtime.remarks += ["Python brings these libraries with it:", *found]


def _qt_notice(qt: Notice, repo: Path, pyside_version: str) -> Notice:
    sys.path.insert(0, str(repo))  # the spec runs outside the package
    from annotator.notices import qt_source_offer

    qt_source, pyside_source = qt_source_offer(qt.version, pyside_version)
    major_minor = ".".join(qt.version.split(".")[:2])
    qt.texts = _lgpl_texts(repo)
    qt.remarks += [
        "The Qt libraries are unmodified and kept as separate files of this copy, so they can "
        "be replaced by a compatible build, as the LGPL requires.",
        f"Source code of exactly this Qt: {qt_source}",
        f"Source code of exactly this Qt for Python (PySide6, shiboken6) {pyside_version}: "
        f"{pyside_source}",
        "",
        "Qt contains third-party code under its own licences. Qt lists it, with every text, "
        f"for exactly this version at {QT_ATTRIBUTIONS.format(major_minor=major_minor)} and "
        "in the source above (qt_attribution.json and LICENSE files under src/3rdparty). In "
        "the modules this copy holds:",
        *(f"  {part}: {licence}" for part, licence in QT_THIRD_PARTY),
    ]
    return qt


def _icu_version(files: set[str]) -> str:
    versions = {m.group(1) for f in files if (m := re.search(r"\.(\d+)(\.\d+)*$", f))}
    return "/".join(sorted(versions)) or "(bundled)"


def _system_notice(system: dict[str, str]) -> Notice:
    packages = _debian_packages(list(system.values()))
    notice = Notice("Libraries from the build machine", platform.system(),
                    "each its package's licence")
    notice.remarks += [
        "Libraries copied from the machine that built this copy (Linux only; the Linux "
        "bundle is a test build and is not handed out). Their licences are those of their "
        "packages (on Debian and Ubuntu: /usr/share/doc/PACKAGE/copyright).",
    ]
    notice.files = {f"{dest} (from {source}"
                    f"{', package ' + packages[source] if source in packages else ''})"
                    for dest, source in system.items()}
    notice.texts = [("Where the licences are", "See the package named beside each library.")]
    return notice


def _debian_packages(paths: list[str]) -> dict[str, str]:
    """The Debian package of each path, where dpkg knows it (one dpkg call for all; a
    library is known by its own path or, on merged-/usr systems, the /usr one)."""
    if not paths or shutil.which("dpkg") is None:
        return {}
    aliases: dict[str, str] = {}
    for path in paths:
        for alias in (path, os.path.realpath(path), "/usr" + path, path.removeprefix("/usr")):
            aliases.setdefault(alias, path)
    result = subprocess.run(["dpkg", "-S", *aliases], capture_output=True, text=True,
                            check=False)
    found: dict[str, str] = {}
    for line in result.stdout.splitlines():
        packages, _, owned = line.rpartition(": ")
        if owned in aliases:
            found.setdefault(aliases[owned], packages.split(":")[0])
    return found


def _real(path: str) -> str:
    return os.path.normcase(os.path.realpath(path))


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()
