"""A downgraded header does not bypass the chain, and a merge outcome never depends on the
order of the files (issue 17, item 2 of the report): every order of a forged and a genuine
copy, in one merge and in two."""

from __future__ import annotations

import itertools
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from annotator.project.folder import open_project
from annotator.store.merge import MergeStatus, merge_session_files
from annotator.store.validation import RowRules
from tests.store.sessionfiles import (
    PROJECT,
    content_hash,
    edit,
    ratings_for,
    write_session_file,
)


@pytest.fixture
def rules(make_project_folder) -> RowRules:
    return RowRules.of(open_project(make_project_folder(2, project_id=PROJECT)))


@pytest.fixture
def genuine(tmp_path: Path) -> Path:
    folder = tmp_path / "returned"
    folder.mkdir()
    return write_session_file(folder / "lab-1.sqlite", ratings_for("ana", 12, seed=4))


def downgraded(genuine: Path) -> Path:
    """The issue's attack: a value edited by hand, then ``PRAGMA user_version = 1`` so the
    file looks older than the chain (its seq and chain columns are still there)."""
    forged = genuine.with_name("lab-1 (edited).sqlite")
    shutil.copy(genuine, forged)
    edit(forged, "UPDATE ratings SET value = 6 - value WHERE seq = 5")
    edit(forged, "PRAGMA user_version = 1")
    return forged


def chain_removed(genuine: Path) -> Path:
    """The same, with the chain's columns dropped too: its other traces remain."""
    forged = genuine.with_name("lab-1 (no chain).sqlite")
    shutil.copy(genuine, forged)
    for statement in ("UPDATE ratings SET value = 6 - value WHERE seq = 5",
                      "DROP INDEX ratings_by_seq", "ALTER TABLE ratings DROP COLUMN seq",
                      "ALTER TABLE ratings DROP COLUMN chain", "PRAGMA user_version = 1"):
        edit(forged, statement)
    return forged


def recomputed(genuine: Path, value: float) -> Path:
    """A forger who knows the format: the same ratings with one value changed, the chain
    written anew so that it fits."""
    from annotator.store.reading import read_session_file
    from annotator.store.session_file import SessionStore

    ratings = SessionStore.open(genuine, project_id=PROJECT, laptop_id="id-lab-1")
    try:
        rows = ratings.ratings()
    finally:
        ratings.close()
    rows[4] = replace(rows[4], value=value)
    forged = genuine.with_name(f"lab-1 (recomputed {value:g}).sqlite")
    write_session_file(forged, rows, laptop="lab-1")
    assert read_session_file(forged).ratings.value[4] == value
    return forged


def outcome(panel: Path, files: list[Path], rules: RowRules, *, one_merge: bool
            ) -> tuple[str, dict[str, str]]:
    """The panel's content hash and each file's last status, merging ``files`` in order in
    one merge or one merge each."""
    statuses: dict[str, str] = {}
    for batch in ([files] if one_merge else [[path] for path in files]):
        report = merge_session_files(panel, batch, rules=rules)
        statuses.update({f.path.name: f.status for f in report.files})
        assert all("Traceback" not in f.reason for f in report.files)
    return content_hash(panel), statuses


@pytest.mark.parametrize("attack", [downgraded, chain_removed], ids=["header", "columns"])
@pytest.mark.parametrize("one_merge", [True, False], ids=["one-merge", "two-merges"])
def test_a_hand_edit_behind_a_downgraded_header_is_refused_in_every_order(
        tmp_path: Path, genuine: Path, rules: RowRules, attack, one_merge: bool) -> None:
    forged = attack(genuine)
    alone = tmp_path / "alone.sqlite"
    merge_session_files(alone, [genuine], rules=rules)
    results = []
    for n, order in enumerate(itertools.permutations([genuine, forged])):
        panel = tmp_path / f"panel-{n}.sqlite"
        results.append(outcome(panel, list(order), rules, one_merge=one_merge))
        report = merge_session_files(panel, [forged], rules=rules, preview=True)
        (refusal,) = report.files
        assert refusal.status == MergeStatus.REFUSED
        assert "edited by hand" in refusal.reason and "not checked" not in refusal.text()
    assert {hash_ for hash_, _ in results} == {content_hash(alone)}
    assert all(statuses == {genuine.name: statuses[genuine.name],
                            forged.name: MergeStatus.REFUSED} for _, statuses in results)
    assert all(statuses[genuine.name] in (MergeStatus.MERGED, MergeStatus.NOTHING_NEW)
               for _, statuses in results)


def test_a_value_off_the_rubric_with_a_fitting_chain_is_refused_in_every_order(
        tmp_path: Path, genuine: Path, rules: RowRules) -> None:
    forged = recomputed(genuine, 99.0)
    alone = tmp_path / "alone.sqlite"
    merge_session_files(alone, [genuine], rules=rules)
    for n, order in enumerate(itertools.permutations([genuine, forged])):
        for one_merge in (True, False):
            panel = tmp_path / f"panel-{n}-{one_merge}.sqlite"
            digest, statuses = outcome(panel, list(order), rules, one_merge=one_merge)
            assert digest == content_hash(alone)
            assert statuses[forged.name] == MergeStatus.REFUSED


def test_two_copies_that_disagree_in_one_merge_are_both_refused_in_every_order(
        tmp_path: Path, genuine: Path, rules: RowRules) -> None:
    """A plausible value with a recomputed chain cannot be told from the original by any
    check; within one merge neither wins by being named first: both wait for the lead."""
    forged = recomputed(genuine, 1.0 if ratings_for("ana", 12, seed=4)[4].value != 1 else 2.0)
    copy = genuine.with_name("lab-1 (copy).sqlite")
    shutil.copy(genuine, copy)
    digests = set()
    for n, order in enumerate(itertools.permutations([genuine, forged, copy])):
        panel = tmp_path / f"panel-{n}.sqlite"
        report = merge_session_files(panel, list(order), rules=rules)
        assert {f.path.name: f.status for f in report.files} == dict.fromkeys(
            (genuine.name, forged.name, copy.name), MergeStatus.REFUSED)
        reason = report.files[0].reason
        assert "different content" in reason and forged.name in reason
        digests.add(content_hash(panel))
    assert len(digests) == 1
