"""CITATION.cff: valid Citation File Format 1.2.0, and in step with the package and docs."""

from __future__ import annotations

import datetime as dt
import json
import tomllib
from pathlib import Path

import jsonschema
import yaml

from annotator import __version__

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = Path(__file__).parent / "fixtures" / "citation-file-format-1.2.0.schema.json"


def citation() -> dict:
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


def test_the_citation_file_is_valid_cff_1_2_0() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(citation()), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


def test_a_wrong_entry_is_caught_by_the_schema() -> None:
    """The check can fail: a CFF version this file does not follow."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    broken = {**citation(), "cff-version": "1.1.0"}
    assert list(jsonschema.Draft7Validator(schema).iter_errors(broken))


def test_version_licence_and_references_match_the_package_and_docs() -> None:
    cff = citation()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert cff["version"] == __version__
    assert cff["license"] == project["license"]
    references = " ".join((ROOT / "docs" / "statistics.md").read_text(encoding="utf-8").split())
    for reference in cff["references"]:
        title = reference["title"]
        assert title.split(":")[0] in references, title
        for author in reference["authors"]:
            assert author["family-names"] in references, (title, author)


def test_a_citation_made_from_it_has_a_year_and_a_version() -> None:
    """BibTeX and APA made from the file (cffconvert, GitHub's "Cite this repository") take
    the year from ``date-released``; without it the citation has none."""
    cff = citation()
    released = dt.date.fromisoformat(str(cff["date-released"]))
    assert 2026 <= released.year <= dt.date.today().year
    assert cff["version"] == __version__
