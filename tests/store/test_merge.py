"""Merging session files into the panel: idempotent, order-independent, all-or-nothing."""

from __future__ import annotations

import itertools
import shutil
import sqlite3
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from annotator.analysis.loading import counted_rows
from annotator.errors import AnnotatorError
from annotator.store.incoming import FileImage, read_incoming
from annotator.store.merge import MergeStatus, merge_session_files
from annotator.store.panel import Panel
from annotator.store.panel_reading import PanelError, read_panel_rows
from annotator.store.panel_schema import PANEL_MIGRATIONS
from annotator.store.records import Rating
from annotator.store.schema import SCHEMA_VERSION
from annotator.store.session_file import SessionStore
from annotator.store.sqlite_db import database
from annotator.store.validation import RowRules
from tests.store.sessionfiles import (
    OTHER_PROJECT,
    PROJECT,
    content_hash,
    edit,
    ratings_for,
    write_schema_1_file,
    write_session_file,
)


@pytest.fixture
def three(tmp_path: Path) -> list[Path]:
    """Three laptops: ana on two of them (different rounds), ben and cy."""
    folder = tmp_path / "returned"
    folder.mkdir()
    return [
        write_session_file(folder / "lap-1.sqlite",
                           ratings_for("ana", 30, seed=1) + ratings_for("ben", 20, seed=1)),
        write_session_file(folder / "lap-2.sqlite", ratings_for("cy", 40, seed=2)),
        write_session_file(folder / "lap-3.sqlite", ratings_for("ana", 25, seed=3, rnd=2)),
    ]


def test_merging_adds_every_rating_with_its_provenance(tmp_path: Path, three) -> None:
    report = merge_session_files(tmp_path / "panel.sqlite", three)
    assert [(f.status, f.new, f.present) for f in report.files] == [
        (MergeStatus.MERGED, 50, 0), (MergeStatus.MERGED, 40, 0), (MergeStatus.MERGED, 25, 0)]
    assert report.total_ratings == 115
    conn = sqlite3.connect(tmp_path / "panel.sqlite")
    by_laptop = dict(conn.execute(
        "SELECT s.laptop_name, count(*) FROM rating_sources rs JOIN sources s "
        "USING (source_id) GROUP BY s.laptop_name"))
    assert by_laptop == {"lap-1": 50, "lap-2": 40, "lap-3": 25}
    assert conn.execute("SELECT count(*) FROM merges").fetchone()[0] == 3


def test_merging_the_same_files_again_adds_nothing(tmp_path: Path, three) -> None:
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, three)
    first = content_hash(panel)
    again = merge_session_files(panel, three)
    assert content_hash(panel) == first
    assert [(f.status, f.new, f.present) for f in again.files] == [
        (MergeStatus.NOTHING_NEW, 0, 50), (MergeStatus.NOTHING_NEW, 0, 40),
        (MergeStatus.NOTHING_NEW, 0, 25)]


def test_any_order_gives_the_same_panel(tmp_path: Path, three) -> None:
    hashes = set()
    for number, order in enumerate(itertools.permutations(three)):
        panel = tmp_path / f"panel-{number}.sqlite"
        for path in order:  # one file per merge, as files come back one by one
            merge_session_files(panel, [path])
        hashes.add(content_hash(panel))
    assert number == 5 and len(hashes) == 1


def test_a_copy_of_a_file_adds_its_ratings_once_and_a_grown_file_only_what_is_new(
        tmp_path: Path, three) -> None:
    panel = tmp_path / "panel.sqlite"
    copy = tmp_path / "usb" / "lap-2.sqlite"
    copy.parent.mkdir()
    shutil.copyfile(three[1], copy)
    merge_session_files(panel, [three[1]])
    grown = ratings_for("cy", 45, seed=2)[40:]  # the same tagger went on rating
    write_session_file(three[1], grown)
    report = merge_session_files(panel, [copy, three[1]])
    assert [(f.new, f.present) for f in report.files] == [(0, 40), (5, 40)]
    assert report.total_ratings == 45


def test_a_folder_is_merged_file_by_file(tmp_path: Path, three) -> None:
    report = merge_session_files(tmp_path / "panel.sqlite", [three[0].parent])
    assert [f.path for f in report.files] == sorted(three)
    assert report.new == 115


def test_preview_reports_exactly_what_merging_does_and_changes_nothing(
        tmp_path: Path, three) -> None:
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, three[:1])
    before = content_hash(panel)
    preview = merge_session_files(panel, three, preview=True)
    assert content_hash(panel) == before
    done = merge_session_files(panel, three)
    assert [(f.new, f.present) for f in preview.files] == [(f.new, f.present) for f in done.files]
    assert preview.files[1].status == MergeStatus.WILL_MERGE
    fresh = tmp_path / "not-yet.sqlite"
    assert merge_session_files(fresh, three, preview=True).new == 115
    assert not fresh.exists()


def _truncate(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.truncate(size // 2)


def _flip_bytes(path: Path) -> None:
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    for offset in range(middle, middle + 64):
        data[offset] ^= 0xFF
    path.write_bytes(bytes(data))


def _flip_a_stored_value(path: Path) -> None:
    """One byte of a rating's tagger name changed on disk, the page still well-formed (a
    row of the table, where the tagger's name runs into the item id, not an index entry)."""
    data = bytearray(path.read_bytes())
    at = data.index(b"anaitem", len(data) // 4)
    data[at] = ord("x")
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("damage", "expected"),
    [(_truncate, "damaged"), (_flip_bytes, "damaged"),
     (_flip_a_stored_value, "was changed after it was saved"),
     (lambda p: p.write_text("item_id,rating\n"), "not an SQLite database")],
    ids=["truncated", "bytes-flipped", "value-flipped", "not-sqlite"],
)
def test_a_damaged_file_is_refused_and_the_panel_is_unchanged(
        tmp_path: Path, three, damage, expected: str) -> None:
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, three[1:])
    before = content_hash(panel)
    big = write_session_file(tmp_path / "big.sqlite", ratings_for("ana", 2000, seed=9))
    damage(big)
    report = merge_session_files(panel, [big, *three[1:]])
    refused = report.files[0]
    assert refused.status == MergeStatus.REFUSED and refused.new == 0
    assert expected in refused.reason
    assert str(big) in refused.text()
    assert content_hash(panel) == before


def test_a_file_of_another_project_is_refused_by_name(tmp_path: Path, three) -> None:
    panel = tmp_path / "panel.sqlite"
    foreign = write_session_file(tmp_path / "foreign.sqlite", ratings_for("dan", 5, seed=5),
                                 project_id=OTHER_PROJECT)
    merge_session_files(panel, three)
    report = merge_session_files(panel, [foreign])
    assert report.files[0].status == MergeStatus.REFUSED
    assert report.files[0].refused == 5
    assert "belongs to another project" in report.files[0].reason
    assert report.total_ratings == 115


def test_a_new_panel_will_not_guess_between_two_projects(tmp_path: Path, three) -> None:
    foreign = write_session_file(tmp_path / "foreign.sqlite", ratings_for("dan", 5, seed=5),
                                 project_id=OTHER_PROJECT)
    panel = tmp_path / "panel.sqlite"
    with pytest.raises(PanelError, match="different projects"):
        merge_session_files(panel, [foreign, *three])
    chosen = merge_session_files(panel, [foreign, *three], project_id=PROJECT)
    assert [f.status for f in chosen.files] == [MergeStatus.REFUSED] + [MergeStatus.MERGED] * 3


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [("UPDATE ratings SET value = 1 WHERE seq = 7", "was changed after it was saved"),
     ("DELETE FROM ratings WHERE seq = 7", "removed before it")],
    ids=["edited", "deleted"],
)
def test_a_hand_edited_file_is_refused_whole(tmp_path: Path, three, tamper, expected) -> None:
    edit(three[1], tamper)
    report = merge_session_files(tmp_path / "panel.sqlite", three)
    assert report.files[1].status == MergeStatus.REFUSED
    assert expected in report.files[1].reason
    assert report.total_ratings == 75


def test_a_file_failing_half_way_leaves_the_panel_as_it_was(tmp_path: Path, three) -> None:
    """Its first 39 ratings are new, its last collides with one in the panel."""
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, three)
    before = content_hash(panel)
    clash = [*ratings_for("dan", 39, seed=7), _changed(ratings_for("ana", 30, seed=1)[-1])]
    bad = write_session_file(tmp_path / "clash.sqlite", clash)
    report = merge_session_files(panel, [bad])
    assert report.files[0].status == MergeStatus.REFUSED
    assert "already in the panel with different content" in report.files[0].reason
    assert content_hash(panel) == before


def _changed(rating: Rating) -> Rating:
    return replace(rating, value=1.0 if rating.value != 1.0 else 2.0)


def test_an_error_inside_the_transaction_rolls_the_whole_file_back(
        tmp_path: Path, three) -> None:
    """SQLite interrupted mid-insert (as by a crash) leaves no rating of the file behind."""
    panel_path = tmp_path / "panel.sqlite"
    merge_session_files(panel_path, three[:1])
    before = content_hash(panel_path)
    incoming = read_incoming(write_session_file(tmp_path / "big.sqlite",
                                                ratings_for("eve", 3000, seed=8)))
    panel = Panel.open(panel_path)
    calls = []
    panel._conn.set_progress_handler(lambda: calls.append(1) or len(calls) > 50, 1000)
    with pytest.raises(PanelError, match="interrupted"):  # SQLite's error, named by file
        panel.merge(incoming)
    panel._conn.set_progress_handler(None, 0)
    panel.close()
    assert calls, "the merge must have been interrupted part-way"
    assert content_hash(panel_path) == before


def test_a_file_from_before_the_hash_chain_merges_flagged_unverified(
        tmp_path: Path, three) -> None:
    old = write_schema_1_file(tmp_path / "old.sqlite", ratings_for("fay", 6, seed=6),
                              laptop="old")
    report = merge_session_files(tmp_path / "panel.sqlite", [old])
    assert report.files[0].new == 6 and report.files[0].verified is False
    assert "Not checked for hand edits" in report.files[0].text()


def test_a_newer_session_file_is_refused(tmp_path: Path, three) -> None:
    edit(three[0], f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    report = merge_session_files(tmp_path / "panel.sqlite", three)
    assert "newer version of the app" in report.files[0].reason


def test_a_session_file_named_as_the_panel_is_refused_untouched(tmp_path: Path, three) -> None:
    before = three[1].read_bytes()
    with pytest.raises(PanelError, match="session file, not a panel"):
        merge_session_files(three[1], [three[0]])
    assert three[1].read_bytes() == before


def test_nothing_to_merge_says_so(tmp_path: Path) -> None:
    with pytest.raises(AnnotatorError, match="No session files"):
        merge_session_files(tmp_path / "panel.sqlite", [tmp_path])


def test_the_same_pair_rated_twice_by_one_tagger_is_kept_and_counted_once(
        tmp_path: Path) -> None:
    """ana rated the same pairs in round 1 on two laptops: both kept, the earlier analysed."""
    first = ratings_for("ana", 3, seed=1)
    second = ratings_for("ana", 3, seed=2)
    a = write_session_file(tmp_path / "a.sqlite", second)
    b = write_session_file(tmp_path / "b.sqlite", first)
    panel_path = tmp_path / "panel.sqlite"
    report = merge_session_files(panel_path, [a, b])
    assert report.files[1].repeats == 3
    rows = read_panel_rows(panel_path)
    assert len(rows) == 6 and set(rows.laptop_id) == {"id-a", "id-b"}  # both kept
    counted = counted_rows(rows)
    same_time = [(x, y) for x, y in zip(first, second, strict=True)]
    assert all(x.submitted_at == y.submitted_at for x, y in same_time)  # tie: the smaller id
    assert {rows.rating_id[i] for i in counted} == {min(x.rating_id, y.rating_id)
                                                    for x, y in same_time}


def test_the_panel_merges_the_file_as_it_was_checked(tmp_path: Path, three) -> None:
    """A file edited on disk after its checks (between reading and merging) cannot slip the
    edit in: the panel copies the image that was checked."""
    incoming = read_incoming(three[1])
    edit(three[1], "UPDATE ratings SET value = 99 WHERE seq = 1")
    panel = Panel.open(tmp_path / "panel.sqlite")
    panel.merge(incoming)
    panel.close()
    values = {row["value"] for row in incoming.rows()}
    merged = sqlite3.connect(tmp_path / "panel.sqlite")
    assert {value for (value,) in merged.execute("SELECT value FROM ratings")} == values
    assert 99.0 not in values
    merged.close()


def test_a_file_still_open_on_its_laptop_merges_with_what_its_wal_holds(tmp_path: Path) -> None:
    """The image merged is the file as SQLite reads it: ratings not yet checkpointed from
    the -wal into the file itself are merged too."""
    path = tmp_path / "open.sqlite"
    store = SessionStore.open(path, project_id=PROJECT, laptop_id="id-open",
                              laptop_name="open")
    for rating in ratings_for("dee", 12, seed=12):
        store.record_rating(rating)
    try:
        assert path.with_name("open.sqlite-wal").stat().st_size > 0
        report = merge_session_files(tmp_path / "panel.sqlite", [path])
    finally:
        store.close()
    assert report.files[0].new == 12 and not report.refused_files
    assert len(read_panel_rows(tmp_path / "panel.sqlite")) == 12


def _provenance_key(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    (index,) = [name for _, name, *_ in conn.execute("PRAGMA index_list(rating_sources)")]
    key = [column for _, _, column in conn.execute(f"PRAGMA index_info({index})")]
    conn.close()
    return key


def test_a_panel_keyed_by_rating_is_keyed_by_file_when_opened_with_its_content_kept(
        tmp_path: Path, three) -> None:
    """Panels written before provenance was keyed by file (migration 0003) get the new key
    when next opened, every row kept; the schema number stays what older apps can open."""
    merged = tmp_path / "merged.sqlite"
    merge_session_files(merged, three)
    assert _provenance_key(merged) == ["source_id", "rating_id"]
    older = tmp_path / "older.sqlite"
    conn = sqlite3.connect(older, isolation_level=None)
    PANEL_MIGRATIONS.apply(database(conn), stop_before="0003_sources_by_file")
    conn.execute("ATTACH ? AS merged", [str(merged)])
    before_answer_types = ("rating_id, tagger, item_id, round, phase, value, shown_at, "
                           "submitted_at, ms_on_screen, consensus, consensus_n, points, "
                           "laptop_id, seq, chain, question, stage")
    for table, columns in (("panel_info", "*"), ("ratings", before_answer_types),
                           ("rating_sources", "*"), (
            "sources", "source_id, source_key, project_id, laptop_id, laptop_name, created_at")):
        conn.execute(f"INSERT INTO {table} SELECT {columns} FROM merged.{table}")
    conn.close()
    assert _provenance_key(older) == ["rating_id", "source_id"]
    assert content_hash(older) == content_hash(merged)
    assert _provenance_key(older) == ["source_id", "rating_id"]
    conn = sqlite3.connect(older)
    # 0003 keeps the number older apps open; only 0007 (answer types) raises it, to 3.
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    assert conn.execute("SELECT count(*) FROM rating_sources").fetchone()[0] == 115
    conn.close()


def test_a_new_panel_has_large_pages_and_an_older_one_keeps_its_own(tmp_path: Path,
                                                                     three) -> None:
    new, old = tmp_path / "new.sqlite", tmp_path / "old.sqlite"
    conn = sqlite3.connect(old, isolation_level=None)
    conn.execute("PRAGMA page_size = 4096")
    conn.execute("PRAGMA journal_mode = WAL")
    PANEL_MIGRATIONS.apply(database(conn))
    conn.execute("INSERT INTO panel_info VALUES ('kind', 'panel')")
    conn.close()
    for panel in (new, old):
        merge_session_files(panel, three)
    assert content_hash(new) == content_hash(old)
    sizes = []
    for path in (new, old):
        conn = sqlite3.connect(path)
        sizes.append(conn.execute("PRAGMA page_size").fetchone()[0])
        conn.close()
    assert sizes == [16384, 4096]


def _a_merge_of_every_kind(tmp_path: Path, three: list[Path]) -> list[Path]:
    """Good files, one damaged, one edited by hand, a copy, one from before the chain and
    one not SQLite at all, in an order that puts each between good ones."""
    torn = write_session_file(tmp_path / "torn.sqlite", ratings_for("eve", 2000, seed=9))
    _truncate(torn)
    edited = tmp_path / "edited.sqlite"
    shutil.copy(three[1], edited)
    edit(edited, "UPDATE ratings SET value = 1 WHERE seq = 7")
    copy = tmp_path / "copy-of-lap-1.sqlite"
    shutil.copy(three[0], copy)
    old = write_schema_1_file(tmp_path / "old.sqlite", ratings_for("fay", 6, seed=6),
                              laptop="old")
    csv = tmp_path / "ratings.sqlite"
    csv.write_text("item_id,rating\n")
    return [three[0], torn, three[1], edited, copy, old, three[2], csv]


def test_merging_while_checking_reports_and_merges_as_merging_file_by_file(
        tmp_path: Path, three) -> None:
    """Files are checked in worker threads while the panel merges the ones before; the
    report, refusals included, and the panel are those of merging each file on its own,
    in the same order (each merge then has only that file to check)."""
    files = _a_merge_of_every_kind(tmp_path, three)
    together = merge_session_files(tmp_path / "together.sqlite", files)
    one_by_one = tmp_path / "one-by-one.sqlite"
    alone = [merge_session_files(one_by_one, [path]).files[0] for path in files]
    assert together.files == tuple(alone)
    assert [f.status for f in together.files] == [
        MergeStatus.MERGED, MergeStatus.REFUSED, MergeStatus.MERGED, MergeStatus.REFUSED,
        MergeStatus.NOTHING_NEW, MergeStatus.MERGED, MergeStatus.MERGED, MergeStatus.REFUSED]
    assert content_hash(tmp_path / "together.sqlite") == content_hash(one_by_one)
    preview = merge_session_files(tmp_path / "preview.sqlite", files, preview=True)
    assert [(f.status, f.new, f.reason) for f in preview.files] == [
        (MergeStatus.WILL_MERGE if f.status == MergeStatus.MERGED else f.status, f.new,
         f.reason) for f in together.files]
    assert not (tmp_path / "preview.sqlite").exists()


def test_an_unexpected_error_while_checking_leaves_the_panel_as_it_was(
        tmp_path: Path, three, monkeypatch) -> None:
    """A failure that is no refusal (here a bug, put in by hand) in a worker thread reaches
    the caller, after the files before it were merged: the whole merge is rolled back and
    no worker is left running."""
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, three[:1])
    before = content_hash(panel)
    import annotator.store.merge as merge_module

    real = merge_module.read_image

    def failing(path: Path, rules: RowRules | None = None) -> FileImage:
        if path.name == "lap-3.sqlite":
            raise RuntimeError("a bug")
        return real(path, rules)

    monkeypatch.setattr(merge_module, "read_image", failing)
    with pytest.raises(RuntimeError, match="a bug"):
        merge_session_files(panel, three)
    assert content_hash(panel) == before
    assert not [t for t in threading.enumerate() if t.name.startswith("merge-")]


def test_a_panel_of_another_project_takes_none_of_the_files(tmp_path: Path, three) -> None:
    panel = tmp_path / "panel.sqlite"
    merge_session_files(panel, three[:1])
    before = content_hash(panel)
    with pytest.raises(PanelError, match="panel belongs to another project"):
        merge_session_files(panel, three[1:], project_id=OTHER_PROJECT)
    assert content_hash(panel) == before


def _ratings_in_the_file_alone(path: Path) -> int:
    """The ratings in ``path`` itself, its -wal ignored."""
    conn = sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True)
    try:
        return conn.execute("SELECT count(*) FROM ratings").fetchone()[0]
    except sqlite3.OperationalError:  # not even the table is in the file yet
        return 0
    finally:
        conn.close()


def _companions(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(("-wal", "-shm")))


def test_merging_closed_files_leaves_nothing_beside_them(tmp_path: Path, three) -> None:
    """A returned file closed on its laptop is read as it lies: SQLite's read-only mode
    would leave an empty -wal and -shm beside each, which the lead then finds there."""
    folder = three[0].parent
    assert _companions(folder) == []
    report = merge_session_files(tmp_path / "panel.sqlite", [folder], preview=True)
    assert report.new == 115
    report = merge_session_files(tmp_path / "panel.sqlite", [folder])
    assert report.new == 115 and not report.refused_files
    assert _companions(folder) == [], "no -wal or -shm left beside the returned files"


def test_a_file_copied_with_ratings_only_in_its_wal_merges_them_all(tmp_path: Path) -> None:
    """A file copied from a laptop whose app was still running: its last ratings are only
    in the -wal (no -shm came along). Every one is merged, and the -wal is left as it was."""
    writer = tmp_path / "laptop" / "open.sqlite"
    writer.parent.mkdir()
    store = SessionStore.open(writer, project_id=PROJECT, laptop_id="id-open",
                              laptop_name="open")
    for rating in ratings_for("dee", 12, seed=12):
        store.record_rating(rating)
    returned = tmp_path / "returned"
    returned.mkdir()
    for suffix in ("", "-wal"):  # the file and its -wal, as a lead copies them
        shutil.copyfile(f"{writer}{suffix}", returned / f"open.sqlite{suffix}")
    store.close()
    wal = returned / "open.sqlite-wal"
    held = wal.read_bytes()
    assert len(held) > 0 and _ratings_in_the_file_alone(returned / "open.sqlite") == 0
    report = merge_session_files(tmp_path / "panel.sqlite", [returned])
    assert report.files[0].new == 12 and not report.refused_files
    assert len(read_panel_rows(tmp_path / "panel.sqlite")) == 12
    assert wal.read_bytes() == held, "the -wal holding the ratings is kept, unchanged"
    assert _companions(returned) == ["open.sqlite-wal"]
