"""The mining driver (tools/mine_puzzles.py): Dask runs the games, the set is the same however they finish.

The games here are stand-ins (``fake_game``: cheap, seeded, with a moon puzzle now and
then and many two-card puzzles) so that these tests check the driver's own work: order,
the target, resuming, the two-card cap and the moon hunt.  ``mine_game`` itself is tested
in ``tests/test_puzzles.py``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any, cast

import pytest
from distributed import Client, LocalCluster

from hearts_core.hunts import (
    HEARTS_HUNT_FIRST_GAME,
    HUNTS,
    MOON_HUNT_FIRST_GAME,
    PASSED_HUNT_FIRST_GAME,
    Hunt,
    hearts_count_position,
    hunt_of,
    moon_hunt_position,
)
from hearts_core.independent_judge import endgame_in_reach
from hearts_core.mining import (
    MAX_TWO_CARD_SHARE,
    SetChoice,
    choose_set,
    deal_game,
    mine_game,
    set_text,
)
from hearts_core.puzzle_records import Candidate, MinedGame, MinedPuzzle, replay
from hearts_core.puzzles import load_puzzles
from tools import mine_puzzles

CALLS: list[int] = []
ROOT = Path(__file__).resolve().parents[1]
JUDGE = mine_puzzles.judge_timed
"""The real IS-MCTS judge (the tests below put a stand-in in its place)."""


def fake_game(game: int, seed: int) -> MinedGame:
    """A stand-in for mine_game: 0-3 puzzles, half of them with two legal cards, a moon theme one time in five."""
    CALLS.append(game)
    rng = random.Random(f"{seed}:{game}")
    time.sleep(rng.random() * 0.02)  # finish out of order
    puzzles = [{"id": f"{seed}-{game}-{index}", "game": game,
                "evaluation": {"cards": [{"card": "♣2"}, {"card": "♣3"}] + [{"card": "♣4"}] * rng.randrange(2)},
                "themes": ["stop_moon"] if rng.random() < 0.2 else ["duck"]}
               for index in range(rng.randrange(4))]
    for puzzle in puzzles:  # as mine_game stores them (part_cards)
        puzzle["partings"] = fake_parts(puzzle, puzzle["evaluation"])
    return cast(MinedGame, {"game": game, "seed": seed, "counts": {}, "puzzles": puzzles})


PARTED: list[str] = []


def fake_parts(puzzle: Any, evaluation: Any) -> dict[str, Any]:
    """A stand-in for part_cards: one made-up parting per card but the first."""
    return {item["card"]: {"trick": 9, "taker": item["card"], "of": puzzle["id"]} for item in evaluation["cards"][1:]}


def counted_parts(puzzle: Any, evaluation: Any) -> dict[str, Any]:
    PARTED.append(puzzle["id"])
    return fake_parts(puzzle, evaluation)


def game_before_parting(game: int, seed: int) -> MinedGame:
    """A game as mined before the parting stage existed: its puzzles carry no partings."""
    mined = fake_game(game, seed)
    for puzzle in mined["puzzles"]:
        del puzzle["partings"]  # type: ignore[misc]
    return mined


JUDGED: list[int] = []


def fake_judge(mined: MinedGame, sims: int) -> tuple[dict[str, dict[str, Any]], float]:
    """A stand-in for the IS-MCTS judge: it refutes every puzzle numbered 1 in its game."""
    JUDGED.append(mined["game"])
    return {puzzle["id"]: {"id": puzzle["id"], "agrees": not puzzle["id"].endswith("-1"), "cpu_seconds": 0.01}
            for puzzle in mined["puzzles"]}, 0.01


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0") as local, \
            Client(local) as connected:
        yield connected


@pytest.fixture(autouse=True)
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mine_puzzles, "mine_any", fake_game)
    monkeypatch.setattr(mine_puzzles, "judge_timed", fake_judge)
    CALLS.clear()
    JUDGED.clear()


def as_mined(puzzle: MinedPuzzle) -> list[str]:
    """The stand-ins' themes as they made them (they hold no position for the tagger to read)."""
    return puzzle["themes"]


def mine(client: Client, folder: Path, target: int) -> tuple[list[MinedGame], SetChoice]:
    """The games taken to reach ``target`` puzzles (as the judge left them) and the choice made of them."""
    choice = SetChoice(as_mined)
    taken = mine_puzzles.mine_until(client, count(0), 7, folder, choice, lambda chosen: len(chosen.puzzles), target,
                                    "test")
    return [mine_puzzles.outside_judged(record, verdicts) for record, verdicts in taken], choice


def test_the_set_is_the_smallest_prefix_of_games_that_reaches_the_target(client: Client, tmp_path: Path) -> None:
    taken, choice = mine(client, tmp_path, 25)
    assert [game["game"] for game in taken] == list(range(len(taken)))
    assert len(choice.puzzles) >= 25
    assert len(choose_set(taken[:-1], as_mined).puzzles) < 25  # one game fewer would not do
    # The same games, in the same order, whatever order the workers finished them in.
    again, _ = mine(client, tmp_path / "again", 25)
    assert [records(game) for game in again] == [records(game) for game in taken]


def records(game: MinedGame) -> str:
    """A game's file less the CPU seconds it took (a measurement, not a result)."""
    return json.dumps({key: value for key, value in game.items() if key != "cpu_seconds"}, sort_keys=True)


def test_a_stopped_run_resumes_from_the_games_it_wrote(client: Client, tmp_path: Path) -> None:
    first, _ = mine(client, tmp_path, 10)
    written = {int(path.stem.split("-")[1]) for path in tmp_path.glob("game-*.json")}
    assert {game["game"] for game in first} <= written
    CALLS.clear()
    JUDGED.clear()
    more, choice = mine(client, tmp_path, 30)
    assert not set(CALLS) & {game["game"] for game in first}  # read again, not mined again
    assert not set(JUDGED) & {game["game"] for game in first}  # nor judged again
    assert [game["game"] for game in more[:len(first)]] == [game["game"] for game in first]
    assert len(choice.puzzles) >= 30
    assert not list(tmp_path.glob("*.tmp"))


def test_games_mined_before_the_parting_stage_are_parted_by_a_task_of_their_own(
        client: Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mine_puzzles, "mine_any", game_before_parting)
    monkeypatch.setattr(mine_puzzles, "part_cards", counted_parts)
    PARTED.clear()
    older, _ = mine(client, tmp_path, 10)  # an older run: its game files, and no partings
    assert not PARTED and not list(tmp_path.glob("parting-*.json"))
    with pytest.raises(ValueError, match="no partings"):
        set_text(older, seed=7, command="test", themes=as_mined)
    CALLS.clear()
    JUDGED.clear()
    again, _ = mine(client, tmp_path, 10)  # run again: only the new stage runs, one task per game
    ids = [puzzle["id"] for game in again for puzzle in game["puzzles"]]
    # (The judge's refuted puzzles are parted too, and games looked at ahead of the target.)
    assert set(ids) <= set(PARTED) and len(PARTED) == len(set(PARTED))
    older_games = {game["game"] for game in older}
    assert not (set(CALLS) | set(JUDGED)) & older_games  # read again, not mined or judged again
    taken: list[mine_puzzles.Judged] = [(game, {}) for game in again]
    partings = mine_puzzles.read_partings(tmp_path, taken)
    assert all(partings[puzzle["id"]] == fake_parts(puzzle, puzzle["evaluation"]) for game in again
               for puzzle in game["puzzles"])
    PARTED.clear()
    mine(client, tmp_path, 10)  # and once written, never again
    assert not PARTED


def test_the_set_keeps_at_most_a_third_of_two_card_puzzles(client: Client, tmp_path: Path) -> None:
    taken, choice = mine(client, tmp_path, 40)
    offered = [puzzle for game in taken for puzzle in game["puzzles"]]
    two_card = sum(1 for puzzle in choice.puzzles if len(puzzle["evaluation"]["cards"]) == 2)
    assert two_card <= MAX_TWO_CARD_SHARE * len(choice.puzzles)
    assert choice.capped == len(offered) - len(choice.puzzles) > 0  # the stand-ins offer about half
    # Every three-card puzzle is taken, in order.
    assert [puzzle for puzzle in choice.puzzles if len(puzzle["evaluation"]["cards"]) > 2] == \
        [puzzle for puzzle in offered if len(puzzle["evaluation"]["cards"]) > 2]


def test_a_puzzle_the_outside_judge_refutes_is_left_out_and_named(client: Client, tmp_path: Path) -> None:
    choice = SetChoice(as_mined)
    taken = mine_puzzles.mine_until(client, count(0), 7, tmp_path, choice, lambda chosen: len(chosen.puzzles), 20,
                                    "test")
    refuted = {puzzle["id"] for record, _ in taken for puzzle in record["puzzles"] if puzzle["id"].endswith("-1")}
    assert refuted and not refuted & {puzzle["id"] for puzzle in choice.puzzles}
    summary = mine_puzzles.outside_summary(taken, 10)
    assert set(summary["refuted"]) == refuted
    assert summary["judged"] == sum(len(record["puzzles"]) for record, _ in taken)
    assert summary["agreed"] == summary["judged"] - len(refuted)


def test_the_outside_judge_asks_is_mcts_only_before_the_endgame_judges_reach() -> None:
    # Three shipped puzzles of one game stand for a mined game: two before the endgame judge's reach, one in it.
    shipped = json.loads((ROOT / "hearts_core" / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]
    early = [puzzle for puzzle in shipped if len(puzzle["plays"]) < 16][:2]
    late = [puzzle for puzzle in shipped if len(puzzle["plays"]) > 44][:1]
    mined = cast(MinedGame, {"game": 0, "seed": 2026, "counts": {}, "puzzles": early + late})
    verdicts, _ = JUDGE(mined, 200)
    ids = {puzzle["id"] for puzzle in mined["puzzles"]
           if not endgame_in_reach(replay(puzzle).view(puzzle["seat"]))}
    assert ids and set(verdicts) == ids
    for verdict in verdicts.values():
        assert verdict["kind"] == "ismcts" and verdict["seeds"] == 3
        assert verdict["agrees"] == (verdict["solution"] in verdict["judged"])


def test_the_moon_hunt_mines_its_own_games_until_the_moon_target(client: Client, tmp_path: Path) -> None:
    _, choice = mine(client, tmp_path, 10)
    moon = HUNTS[0]
    before = choice.hunted(moon)
    hunt = mine_puzzles.mine_until(client, count(MOON_HUNT_FIRST_GAME), 7, tmp_path, choice,
                                   lambda chosen: chosen.hunted(moon), before + 5, "moon")
    assert hunt and all(record["game"] >= MOON_HUNT_FIRST_GAME for record, _ in hunt)
    assert choice.hunted(moon) >= before + 5


def test_a_scheduler_address_is_used_as_given(tmp_path: Path) -> None:
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as local, \
            mine_puzzles.cluster(local.scheduler_address, jobs=5) as connected:
        assert connected.scheduler.address == local.scheduler_address
        assert len(connected.scheduler_info()["workers"]) == 1  # the cluster's own, not --jobs local ones
        taken, choice = mine(connected, tmp_path, 5)
        assert len(choice.puzzles) >= 5 and taken


@pytest.mark.parametrize(("hunt", "offset"), [(HUNTS[0], 2), (HUNTS[1], 4), (HUNTS[2], 13)],
                         ids=lambda value: getattr(value, "key", ""))
def test_a_hunt_game_looks_only_at_its_positions_and_keeps_only_its_puzzles(hunt: Hunt, offset: int) -> None:
    game = hunt.first_game + offset
    mined = mine_game(game, 2026)
    assert mined["puzzles"], f"this seeded game of the {hunt.key} hunt has a puzzle of its own"
    for puzzle in mined["puzzles"]:
        assert set(puzzle["themes"]) & set(hunt.themes) and hunt.looks_at(puzzle), puzzle["id"]
    everything = deal_game(game, 2026)
    looked_at = [candidate for candidate in everything if hunt.looks_at(candidate)]
    assert 0 < len(looked_at) < len(everything) and mined["counts"]["candidates"] == len(looked_at)


def test_what_the_passed_card_and_hearts_count_hunts_never_look_at() -> None:
    # A hold hand passes nothing: the passed-card hunt finds nothing to look at in it.
    hold = PASSED_HUNT_FIRST_GAME + 3
    assert deal_game(hold, 2026)[0]["passes"] is None and not mine_game(hold, 2026)["counts"]["candidates"]
    # Before any heart is played no heart is the highest left by a count (♥A is left to the ace's own ideas).
    dealt = deal_game(HEARTS_HUNT_FIRST_GAME + 13, 2026)
    assert not any(hearts_count_position(candidate) for candidate in dealt
                   if not any(card.startswith("♥") for card in candidate["plays"]))


def test_the_set_takes_todays_themes_not_those_a_game_was_mined_with() -> None:
    # A plain game mined before the passed-card theme existed: the set reads its puzzle with today's tagger.
    shipped = next(puzzle for puzzle in load_puzzles()
                   if puzzle.theme_keys[:1] == ("passed_card",) and hunt_of(puzzle.data["game"]) is None)
    stale = cast(MinedPuzzle, {**shipped.data, "themes": ["duck"]})
    choice = choose_set([cast(MinedGame, {"game": stale["game"], "seed": 2026, "counts": {}, "puzzles": [stale]})])
    assert choice.puzzles[0]["themes"] == list(shipped.theme_keys) and stale["themes"] == ["duck"]
    assert [choice.hunted(hunt) for hunt in HUNTS] == [0, 1, 0, 0]


def test_a_live_moon_is_one_seat_with_every_point_taken() -> None:
    deal = [["♣2", "♣3", "♣4", "♣5", "♣6", "♣7", "♣8", "♣9", "♣10", "♣J", "♣Q", "♣K", "♣A"],
            ["♦2", "♦3", "♦4", "♦5", "♦6", "♦7", "♦8", "♦9", "♦10", "♦J", "♦Q", "♦K", "♦A"],
            ["♠2", "♠3", "♠4", "♠5", "♠6", "♠7", "♠8", "♠9", "♠10", "♠J", "♠Q", "♠K", "♠A"],
            ["♥2", "♥3", "♥4", "♥5", "♥6", "♥7", "♥8", "♥9", "♥10", "♥J", "♥Q", "♥K", "♥A"]]

    def position(plays: list[str]) -> Candidate:
        return cast(Candidate, {"id": "t", "deal": deal, "direction": "hold", "passes": None, "plays": plays,
                                "seat": 0})

    clean = ["♣2", "♦2", "♠2", "♥2"]  # the first trick: seat 3 discards a heart, seat 0 takes it
    assert not moon_hunt_position(position(clean))  # 1 point only
    four_hearts = [*clean, "♣3", "♦3", "♠3", "♥3", "♣4", "♦4", "♠4", "♥4", "♣5", "♦5", "♠5", "♥5"]
    assert moon_hunt_position(position(four_hearts))  # seat 0 has all 4 points taken
