"""The consensus rests on every session file of the project on this laptop, read-only."""

from __future__ import annotations

import hashlib
import shutil

from annotator.project.folder import open_project
from annotator.session.opening import open_laptop_session, read_other_laptops, start_session
from annotator.store.merge import merge_session_files
from annotator.store.records import Phase
from annotator.store.snapshot import export_snapshot, import_snapshot
from annotator.userconfig import load_config
from tests.analysis.sessions import rate, session
from tests.store.sessionfiles import answers_for


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_other_laptops_files_feed_the_consensus_once_each(make_project_folder) -> None:
    folder = make_project_folder(3, flow={"dwell_seconds": 0, "tutorial": False})
    other = session(folder, "laptop-b")
    rate(other, "bea", "item000", 2)
    rate(other, "cem", "item000", 3)
    rate(other, "bea", "item001", 5, phase=Phase.TUTORIAL)  # never data
    rate(other, "ana", "item001", 1)  # ana's own rating on another laptop: never hers to see
    other.close()
    shutil.copy(folder / "sessions" / "laptop-b.sqlite", folder / "sessions" / "copy-of-b.sqlite")
    before = {p.name: digest(p) for p in (folder / "sessions").iterdir()}

    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    found = read_other_laptops(project, store)
    assert len(found.files) == 2 and len(found.ratings) == 3  # the copy adds nothing
    assert found.values_by_item(except_tagger="ana") == {"item000": [2.0, 3.0]}

    ana = start_session(project, store, "ana")
    while (pair := ana.pair_shown()).item.item_id not in ("item000", "item001"):
        ana.submit(4)
    feedback = ana.submit(4)
    expected = {"item000": (3.0, 2), "item001": None}[pair.item.item_id]
    got = (feedback.consensus.value, feedback.consensus.n) if feedback.consensus else None
    assert got == expected
    after = {p.name: digest(p) for p in (folder / "sessions").iterdir() if p.name in before}
    assert after == before, "other laptops' files are only read"


def test_a_file_of_another_project_is_left_out_and_listed(make_project_folder) -> None:
    folder = make_project_folder(2)
    stranger = make_project_folder(2)
    foreign = session(stranger, "elsewhere")
    rate(foreign, "bea", "item000", 5)
    foreign.close()
    (folder / "sessions").mkdir()
    shutil.copy(stranger / "sessions" / "elsewhere.sqlite", folder / "sessions" / "stray.sqlite")
    project = open_project(folder)
    found = read_other_laptops(project, open_laptop_session(project, load_config()))
    assert found.ratings == () and found.files == ()
    (error,) = found.unreadable
    assert error.file.name == "stray.sqlite" and "another project" in str(error)


def test_a_copy_of_this_laptops_own_file_adds_nothing(make_project_folder) -> None:
    folder = make_project_folder(2)
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    rate(store, "dan", "item000", 4)  # another tagger who used this laptop
    store.close()  # a backup made while the app was closed
    shutil.copy(store.path, folder / "sessions" / "backup-of-this-laptop.sqlite")
    store = open_laptop_session(project, load_config())
    found = read_other_laptops(project, store)
    assert len(found.files) == 1 and found.ratings == ()


def test_an_imported_snapshot_feeds_the_consensus_once(make_project_folder, tmp_path) -> None:
    """The lead merges laptops the tagger never saw; the snapshot brings their ratings."""
    folder = make_project_folder(2, flow={"dwell_seconds": 0, "tutorial": False})
    returned = session(folder, "laptop-b")
    rate(returned, "bea", "item000", 2)
    rate(returned, "cem", "item000", 3)
    rate(returned, "ana", "item001", 5)  # ana's own rating, merged from another laptop
    returned.close()
    moved = tmp_path / "returned.sqlite"
    shutil.move(folder / "sessions" / "laptop-b.sqlite", moved)
    merge_session_files(tmp_path / "panel.sqlite", [moved])
    snapshot = export_snapshot(tmp_path / "panel.sqlite", tmp_path / "panel.snapshot")

    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    assert read_other_laptops(project, store).ratings == ()
    for _ in range(2):  # importing twice changes nothing
        import_snapshot(snapshot.path, project)
        found = read_other_laptops(project, store)
        assert len(found.files) == 1 and len(found.ratings) == 3
        by_item = found.values_by_item(except_tagger="ana")
        assert {item: sorted(values) for item, values in by_item.items()} == {
            "item000": [2.0, 3.0]}

    ana = start_session(project, store, "ana")
    feedback = {}
    while (pair := ana.pair_shown()) is not None:
        feedback[pair.item.item_id] = ana.submit(4)
    assert (feedback["item000"].consensus.value, feedback["item000"].consensus.n) == (3.0, 2)
    assert feedback["item001"].consensus is None  # never scored against her own rating


def test_answers_to_questions_never_feed_the_consensus(make_project_folder) -> None:
    """A multi-question protocol (seeds/004) is played without consensus feedback."""
    folder = make_project_folder(2, flow={"dwell_seconds": 0, "tutorial": False})
    manifest = folder / "project.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        'rubric = "vicr5"', 'rubric = "contextref"'), encoding="utf-8")
    other = session(folder, "laptop-b")
    rate(other, "cem", "item000", 3)
    for rating in answers_for("bea", "item000", ["overall"], seed=1):
        other.record_rating(rating)
    other.close()
    project = open_project(folder)
    found = read_other_laptops(project, open_laptop_session(project, load_config()))
    assert found.values_by_item(except_tagger="ana") == {"item000": [3.0]}


def test_a_name_rated_under_on_another_laptop_is_continued_in_its_spelling(
        make_project_folder) -> None:
    """Bea rated only the tutorial on laptop B, Cem rated there too; 'bea ' typed on this
    laptop rates as 'Bea' (one tagger in the merged panel), a new name stays as typed."""
    folder = make_project_folder(3, flow={"dwell_seconds": 0, "tutorial": False})
    other = session(folder, "laptop-b")
    rate(other, "Bea", "item001", 5, phase=Phase.TUTORIAL)
    rate(other, "Cem", "item000", 3)
    other.close()
    project = open_project(folder)
    store = open_laptop_session(project, load_config())
    assert read_other_laptops(project, store).taggers == {"Bea", "Cem"}
    assert start_session(project, store, " bea ").tagger == "Bea"
    assert start_session(project, store, "Dana").tagger == "Dana"
    assert store.taggers() == ["Bea", "Dana"]
