"""With a plan, each tagger rates their share in their own seeded order; gold, attention
checks, retest subsets, top-ups and late joiners keep working."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from annotator.cli import main
from annotator.project.folder import open_project
from annotator.project.plan_file import plan_csv_text, write_top_up
from annotator.project.round_start import start_round
from annotator.session.flow import RatingSession
from annotator.store.records import Phase
from tests.session.helpers import FakeClock, start


def plan(folder: Path, *who: str, k: int = 2) -> Path:
    assert main(["plan", str(folder), "--ratings-per-item", str(k), "--seed", "1", *who]) == 0
    return folder


def looked_at(folder: Path, tagger: str, **kwargs):
    """The session a tagger would start, its store closed again at once: one window at a
    time holds a laptop's session file, so the next tagger can open it."""
    _, store, session = start(folder, tagger, **kwargs)
    store.close()
    return session


def rate_all(session) -> list[str]:
    rated = []
    while (pair := session.pair_shown()) is not None:
        feedback = session.submit(3)
        if feedback.rating.phase.is_data:
            rated.append(pair.item.item_id)
    return rated


def test_each_tagger_rates_their_share_in_their_own_order(make_project_folder) -> None:
    folder = plan(make_project_folder(12), "--taggers", "Ana,Ben,Chen")
    share = open_project(folder).plan.items_of("Ana", seed=0)
    _, store, ana = start(folder, "ana", seed=1)
    assert set(ana.order) == share and len(share) == 8 and ana.total == 8
    store.close()
    again = looked_at(folder, "ana", seed=2)  # restarted on the same laptop: same order
    assert again.order == ana.order
    typed = looked_at(folder, "ANA", seed=2)  # the same share, in its own order
    assert set(typed.order) == share and typed.order != ana.order
    _, store, ana = start(folder, "ana", seed=1)
    assert rate_all(ana) == ana.order
    store.close()
    ben = looked_at(folder, "ben", seed=1)
    assert set(ben.order) == open_project(folder).plan.items_of("Ben", seed=0)


def test_a_late_joiner_gets_the_least_planned_items(make_project_folder) -> None:
    folder = make_project_folder(30)
    assert main(["plan", str(folder), "--ratings-per-item", "2", "--taggers", "A,B,C,D",
                 "--pairs-per-tagger", "6", "--seed", "2"]) == 0
    planned = set(open_project(folder).plan.planned)
    zoe = looked_at(folder, "Zoe", seed=9)
    assert len(zoe.order) == 6 and not set(zoe.order) & planned
    yan = looked_at(folder, "Yan", seed=10)
    assert set(yan.order) != set(zoe.order)


def test_attention_checks_and_gold_still_come(make_project_folder) -> None:
    folder = plan(make_project_folder(20, checks=[1, 1], check_rule={"every": 5},
                                      tutorial=[3, 4]), "--taggers", "Ana,Ben")
    _, _, ana = start(folder, "Ana", seed=3)
    phases = []
    while ana.pair_shown() is not None:
        phases.append(ana.submit(3).rating.phase)
    assert phases[:2] == [Phase.TUTORIAL, Phase.TUTORIAL]
    assert phases.count(Phase.CHECK) == 2 and phases.count(Phase.GAME) == 20


def test_a_retest_round_keeps_to_the_share(make_project_folder, tmp_path) -> None:
    folder = plan(make_project_folder(12), "--taggers", "Ana,Ben,Chen")
    share = open_project(folder).plan.items_of("Ana", seed=0)
    subset = tmp_path / "subset.csv"
    subset.write_text("item_id\n" + "\n".join(f"item{i:03d}" for i in range(6)) + "\n",
                      encoding="utf-8")
    start_round(folder, now=datetime(2027, 1, 1, tzinfo=UTC), subset=subset)
    _, _, ana = start(folder, "Ana", seed=4, round_number=2)
    assert set(ana.order) == share & {f"item{i:03d}" for i in range(6)}


def test_a_top_up_joins_a_finished_taggers_order(make_project_folder) -> None:
    folder = plan(make_project_folder(12), "--taggers", "Ana,Ben,Chen")
    clock = FakeClock()
    _, store, ana = start(folder, "Ana", clock=clock, seed=5)
    first = rate_all(ana)
    store.close()
    extra = sorted(set(open_project(folder).plan.planned) - set(first))[:2]
    write_top_up(folder, number=1, settings={"to": 3},
                 text=plan_csv_text("tagger", [("Ana", item) for item in extra]))
    _, _, again = start(folder, "Ana", clock=clock)
    assert again.order[: len(first)] == first and set(again.order[len(first):]) == set(extra)
    assert again.done_count == len(first) and again.total == len(first) + 2
    assert sorted(rate_all(again)) == extra


def test_a_laptop_rates_its_seats_share_and_a_laptop_without_a_seat_the_least_planned(
        make_project_folder) -> None:
    folder = plan(make_project_folder(12), "--laptops", "4")
    project = open_project(folder)
    seated = looked_at(folder, "Ana", seed=6, seat="laptop-03")
    assert set(seated.order) == project.plan.items_of("laptop-03", seed=0)
    unseated = looked_at(folder, "Ben", seed=6)
    assert len(unseated.order) == project.plan.largest_share


def test_pairs_rated_on_another_laptop_are_not_shown_again(make_project_folder) -> None:
    folder = plan(make_project_folder(12), "--taggers", "Ana,Ben,Chen")
    first = looked_at(folder, "Ana", seed=7)
    elsewhere = set(first.order[:3])
    ana = looked_at(folder, "Dora", seed=7)
    _, _, moved = start(folder, "Ana", seed=7, rated_elsewhere=elsewhere)
    assert moved.done_count == 3 and set(rate_all(moved)) == set(first.order) - elsewhere
    assert ana.total == 8


def test_the_start_screen_says_the_pairs_are_shared_out(make_project_folder) -> None:
    from annotator.session.messages import round_line

    folder = make_project_folder(12)
    assert round_line(open_project(folder)) == "Round 1: 12 pairs."
    plan(folder, "--taggers", "Ana,Ben,Chen")
    assert round_line(open_project(folder)) == ("Round 1: 12 pairs, each tagger rating their "
                                                "share.")


def test_a_round_reopened_after_an_error_keeps_the_seat_s_share_and_what_was_rated_elsewhere(
        make_project_folder) -> None:
    """Skipping a pair after an unexpected error reopens the round from the file: a seated
    laptop still rates its seat's share (not a late joiner's), its recorded order is not
    extended, and pairs rated on another laptop stay done."""
    folder = plan(make_project_folder(12), "--laptops", "4")
    _, store, seated = start(folder, "Ana", seed=6, seat="laptop-03")
    again = seated.reopened()
    assert again.order == seated.order and store.order("Ana", 1) == seated.order
    elsewhere = set(seated.order[:2])
    moved = RatingSession.open(seated.project, store, "Ana", seat="laptop-03",
                               rated_elsewhere=elsewhere)
    assert moved.done_count == 2 and moved.reopened().done_count == 2
    store.close()
