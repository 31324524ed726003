"""What validate tells the lead taggers will get: skipped steps, no consensus, no checks."""

from __future__ import annotations

from annotator.project.briefing import briefing
from annotator.project.folder import open_project
from tests.project.conftest import MANIFEST

HEAD = MANIFEST.split("[flow]")[0]
ITEMS = [{"item_id": f"i{n}", "image": "images/cat.jpg", "caption": f"Cat {n}."}
         for n in range(3)]


def _notes(folder, snapshots: int = 0) -> list[str]:
    return [note.message for note in briefing(open_project(folder), snapshots=snapshots)]


def test_no_gold_with_the_tutorial_and_probation_on_says_both_are_skipped(make_project) -> None:
    notes = _notes(make_project(ITEMS, manifest=HEAD))
    assert any("There is no gold.csv, so taggers get no tutorial and no probation" in note
               for note in notes)


def test_gold_without_probation_pairs_names_only_probation(make_project) -> None:
    gold = [{"item_id": "g1", "image": "images/cat.jpg", "caption": "A cat.", "rating": "3",
             "purpose": "tutorial"}]
    notes = _notes(make_project(ITEMS, gold=gold, manifest=HEAD))
    (skipped,) = [note for note in notes if "taggers get no" in note]
    assert "has no pairs marked 'probation'" in skipped
    assert "taggers get no probation:" in skipped and "no tutorial" not in skipped


def test_the_game_without_priors_or_snapshots_is_said_to_show_no_consensus(make_project) -> None:
    folder = make_project(ITEMS, manifest=MANIFEST)
    (consensus,) = [note for note in _notes(folder) if "consensus" in note]
    assert "none of the pairs have that many priors" in consensus
    assert "no consensus yet\" on every pair" in consensus
    assert not [note for note in _notes(folder, snapshots=1) if "consensus" in note]
    (folder / "priors.csv").write_text(
        "item_id,rating\n" + "".join(f"i{n},3\ni{n},4\n" for n in range(2)), encoding="utf-8")
    (partly,) = [note for note in _notes(folder) if "consensus" in note]
    assert "2 of 3 of the pairs" in partly and "on the other pairs" in partly
    (folder / "priors.csv").write_text(
        "item_id,rating\n" + "".join(f"i{n},3\ni{n},4\n" for n in range(3)), encoding="utf-8")
    assert not [note for note in _notes(folder) if "consensus" in note]


def test_feedback_off_needs_no_consensus_and_a_project_with_checks_is_not_told(
    make_project,
) -> None:
    gold = [{"item_id": "c1", "image": "images/cat.jpg", "caption": "A cat.", "rating": "5",
             "purpose": "check"}]
    folder = make_project(ITEMS, gold=gold, manifest=MANIFEST + "feedback = false\n")
    assert _notes(folder) == []
