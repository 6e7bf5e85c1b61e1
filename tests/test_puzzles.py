"""Puzzles: the filters, reproducibility from the seed, and every shipped puzzle sound and seat-view only."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import cast

import pytest

from hearts_core import HandState, InvalidCardError, Rules, Suit, deal_hands
from hearts_core.cards import Card, cards_from_mask, to_card
from hearts_core.errors import InvalidPositionError, InvalidRecordError
from hearts_core.facts import (
    AboutAsGood,
    Expected,
)
from hearts_core.knowledge import Knowledge
from hearts_core.match_words import OVERTAKEN_MORE, MatchChances, OvertakenMoreOften, PointsShift, SharedWins
from hearts_core.mining import (
    FORMAT,
    MAX_TWO_CARD_SHARE,
    MIN_BEST_SHARE,
    MIN_MARGIN,
    choose_set,
    deal_game,
    evaluate,
    evaluate_view,
    mine_game,
    passes_filter,
    rate_set,
)
from hearts_core.parting_facts import CostlierBy, MoonsApart, NoOneTrick, StoredPartsAt, TakesLater
from hearts_core.puzzle_difficulty import ONE_STEP, SHIPPED_LADDER, SHIPPED_SPREAD, ladder_order
from hearts_core.puzzle_records import (
    CardFigures,
    CardParting,
    Evaluation,
    FilterCounts,
    MinedGame,
    MinedPuzzle,
    MistakePuzzle,
    PositionRecord,
    SetCounts,
)
from hearts_core.puzzle_themes import THEME_TESTS, tag
from hearts_core.puzzles import (
    THEMES,
    Puzzle,
    load_puzzles,
    mistake_puzzle,
    puzzle_from_data,
    read_set,
    replay,
    theme_counts,
)
from hearts_core.review import Mistake, review_hand
from tests.support import cards, cited_puzzle, second_opinion_agrees, shipped_answers
from tests.test_review import OPENING, QUEEN_CATCH, finish, scripted

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\bSuit\.|\bCard\(|\bNone\b")


@pytest.fixture(scope="module")
def puzzles() -> tuple[Puzzle, ...]:
    return load_puzzles()


def shipped() -> dict[str, object]:
    text = resources.files("hearts_core").joinpath("puzzles.json").read_text(encoding="utf-8")
    data: dict[str, object] = json.loads(text)
    return data


# ------------------------------------------------------------- the filters


@pytest.mark.parametrize(("margin", "share", "kept"), [
    (MIN_MARGIN, MIN_BEST_SHARE, True),
    (MIN_MARGIN - 0.01, 0.95, False),  # a narrow margin
    (4.0, MIN_BEST_SHARE - 0.01, False),  # best in too few of the sampled deals
])
def test_the_first_filter_needs_a_clear_margin_and_a_card_best_in_most_deals(
        margin: float, share: float, kept: bool) -> None:
    evaluation: Evaluation = {"cards": [], "margin": margin, "error": 0.1, "best_share": share, "worlds": 400}
    assert passes_filter(evaluation) is kept


def test_a_choice_between_equivalent_cards_is_refused() -> None:
    # Trick one: you follow ♣2 holding ♣3 and ♣4 (nothing between them): no card is better.
    deal = ["♣3 ♣4 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q",
            "♣2 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦K ♦A",
            "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A",
            "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A"]
    candidate: PositionRecord = {"id": "test", "deal": [hand.split() for hand in deal], "direction": "hold",
                                 "passes": None, "plays": ["♣2", "♠2", "♥2"], "seat": 0}
    evaluation = evaluate(candidate)
    assert {item["card"] for item in evaluation["cards"]} == {"♣3", "♣4"}
    assert abs(evaluation["margin"]) < MIN_MARGIN and not passes_filter(evaluation)


def test_mining_is_reproducible_from_the_seed_bit_for_bit() -> None:
    first = deal_game(3, 99)
    assert first == deal_game(3, 99)
    assert first != deal_game(3, 100)
    candidate = first[len(first) // 2]
    assert evaluate(candidate) == evaluate(candidate)
    # Each candidate replays to its position with its seat to move.
    for item in first:
        state = replay(item)
        assert state.to_move == item["seat"] and len(state.legal_plays()) > 1


def test_the_shipped_set_is_what_its_seed_gives(puzzles: tuple[Puzzle, ...]) -> None:
    data = shipped()
    assert data["format"] == FORMAT and "./dev puzzles" in str(data["command"])
    seed = int(data["seed"])  # type: ignore[call-overload]
    # Game 0 comes first, so the set takes what the two-card cap lets through of it alone, less the puzzles the
    # outside judge refuted (IS-MCTS does not replay across processes: the file names them).
    refuted = set(data["outside_judge"]["refuted"])  # type: ignore[index]
    game = mine_game(0, seed)
    mined = choose_set([{**game, "puzzles": [item for item in game["puzzles"] if item["id"] not in refuted]}]).puzzles
    # Everything but the rating, which the whole set's fit gives (next test); a game's own is provisional.
    ours = sorted(json.dumps({**item, "rating": None}, sort_keys=True) for item in mined)
    stored = sorted(json.dumps({**puzzle.data, "rating": None}, sort_keys=True)
                    for puzzle in puzzles if puzzle.data["game"] == 0)
    assert ours == stored


def test_the_shipped_ratings_are_the_fit_of_the_whole_sets_ladder_answers(puzzles: tuple[Puzzle, ...]) -> None:
    records = [cast(MinedPuzzle, dict(puzzle.data)) for puzzle in puzzles]
    fit = rate_set(records)
    assert [puzzle.rating for puzzle in puzzles] == [record["rating"] for record in records]
    assert shipped()["ladder"] == fit.solver_ratings
    # A puzzle rated alone (a learner's own mistake) is rated against the abilities this fit measured.
    for name, (ability, slope) in SHIPPED_LADDER.items():
        assert abs(fit.abilities[name] - ability) < 0.01 and abs(fit.slopes[name] - slope) < 0.01, name
    assert abs(fit.spread - SHIPPED_SPREAD) < 0.01


# -------------------------------------------------------- the shipped set


def test_at_least_a_thousand_puzzles_with_ten_themes_of_thirty(puzzles: tuple[Puzzle, ...]) -> None:
    assert len(puzzles) >= 1000
    assert len({puzzle.id for puzzle in puzzles}) == len(puzzles)
    counts = theme_counts(puzzles)
    assert sum(1 for count in counts.values() if count >= 30) >= 10, counts
    ratings = [puzzle.rating for puzzle in puzzles]
    assert max(ratings) - min(ratings) >= 400  # spread over several hundred points


def test_a_set_worth_practising_few_coin_tosses(puzzles: tuple[Puzzle, ...]) -> None:
    # Issue 34: at least 1,200 puzzles, at most a third of them with only two legal cards.
    assert len(puzzles) >= 1200
    two_card = sum(1 for puzzle in puzzles if len(puzzle.data["evaluation"]["cards"]) == 2)
    assert two_card <= MAX_TWO_CARD_SHARE * len(puzzles), two_card
    data = shipped()
    assert data["counts"]["shipped"] == len(puzzles)  # type: ignore[index]
    # The outside judge (IS-MCTS before the endgame judge's reach) refuted these, and none of them ships.
    outside = data["outside_judge"]
    assert outside["judged"] >= outside["agreed"] > 0  # type: ignore[index,operator]
    assert len(outside["refuted"]) == outside["judged"] - outside["agreed"]  # type: ignore[index,operator,arg-type]
    assert not set(outside["refuted"]) & {puzzle.id for puzzle in puzzles}  # type: ignore[index,arg-type]


def test_every_puzzle_replays_and_its_solution_is_legal_and_clearly_best(puzzles: tuple[Puzzle, ...]) -> None:
    for puzzle in puzzles:
        state = puzzle.state()
        assert isinstance(state, HandState) and state.to_move == puzzle.seat
        assert puzzle.solution in state.legal_plays()
        assert isinstance(puzzle.solution, Card)
        assert puzzle.margin >= MIN_MARGIN
        assert all(isinstance(theme, str) and theme in THEMES.values() for theme in puzzle.themes)
        assert 0 < puzzle.rating < 3000


def test_check_says_right_or_wrong_and_why_in_words(puzzles: tuple[Puzzle, ...]) -> None:
    for puzzle in puzzles[::50]:
        right = puzzle.check(puzzle.solution)
        assert right.correct and str(puzzle.solution) in right.why
        assert not IDENTIFIER.search(right.why), right.why
        for card in puzzle.state().legal_plays():
            if card is puzzle.solution:
                continue
            wrong = puzzle.check(card)
            assert not wrong.correct and str(puzzle.solution) in wrong.why and str(card) in wrong.why
            assert "would save you" in wrong.why or "was the card" in wrong.why
            assert not IDENTIFIER.search(wrong.why), wrong.why


def test_the_answer_names_who_alone_can_beat_the_solution_with_cards_the_seat_passed(
        puzzles: tuple[Puzzle, ...]) -> None:
    """Issue 35 (lesson 19): where every higher card out is one the seat passed, its receiver still to play, the
    answer says so, whichever card was chosen; and nowhere else."""
    by_id = {puzzle.id: puzzle for puzzle in puzzles}
    # You passed ♠K and ♠A right, to CPU3; CPU1 and CPU2 have shown they hold no spades: CPU3 has to play one.
    both = by_id["2026-485-36"]
    words = ("CPU3 must beat ♠9: the 2 cards of its suit still out, ♠K and ♠A, are all ones you passed to them, so "
             "they have to play one.")
    assert all(words in both.check(card).why for card in both.view().legal_plays())
    # ♣A, passed to CPU3, is the one club out above ♣K, but lower clubs are out too: CPU3 may play one of those.
    one = by_id["2026-505-24"]
    assert ("Only CPU3 can beat ♣K: the one higher card of its suit still out, ♣A, is one you passed to them."
            in one.check("♣K").why)
    # Not of a card already beaten (♥10 under CPU3's ♥K, though only ♥Q and ♥A, passed left, are out above it), nor
    # where the receiver has already played to the trick (CPU2's ♠10 before your ♠J; CPU3 led ♦8 before ♦K).
    for puzzle in (cited_puzzle("2026-200020-37"), by_id["2026-234-22"], by_id["2026-321-5"]):
        assert not any("beat" in puzzle.check(card).why for card in puzzle.view().legal_plays()), puzzle.id
    # Nor on a hold hand, where nobody passed anything.
    held = next(puzzle for puzzle in puzzles if puzzle.view().passed is None)
    assert not any("you passed" in held.check(card).why for card in held.view().legal_plays())


def test_the_answer_counts_the_hearts_gone_above_a_heart_that_is_now_the_highest_left(
        puzzles: tuple[Puzzle, ...]) -> None:
    """Issue 35 (lesson 20): where every heart above the solution has been played, the answer names them and says
    the solution is the highest heart left, whichever card was chosen; and not where the seat holds a higher one."""
    by_id = {puzzle.id: puzzle for puzzle in puzzles}
    thrown = by_id["2026-311-33"]
    words = ("The 2 hearts above ♥Q, ♥K and ♥A, have all been played, so ♥Q is now the highest heart left, yours "
             "included: it would take any heart trick it is played to.")
    assert all(words in thrown.check(card).why for card in thrown.view().legal_plays())
    six = by_id["2026-520-45"]
    assert ("The 8 hearts above ♥6, ♥7, ♥8, ♥9, ♥10, ♥J, ♥Q, ♥K and ♥A, have all been played, so ♥6 is now the "
            "highest heart left" in six.check("♥6").why)
    # Every hearts-count puzzle says it of its solution; a puzzle whose solution is not a heart never does.
    counted = [puzzle for puzzle in puzzles if "count_hearts" in puzzle.theme_keys]
    assert counted and all("is now the highest heart left" in puzzle.check(puzzle.solution).why for puzzle in counted)
    other = next(puzzle for puzzle in puzzles if puzzle.solution.suit is not Suit.HEARTS)
    assert not any("highest heart left" in other.check(card).why for card in other.view().legal_plays())


def as_good_as_the_solution(puzzle: Puzzle, gain: float, error: float) -> Puzzle:
    """``puzzle`` with its runner-up's figures changed: ``gain`` points worse than the solution, ``error`` its error."""
    data = json.loads(json.dumps(puzzle.data))
    best, runner = data["evaluation"]["cards"][:2]
    runner.update(gain=gain, error=error, points=best["points"] + gain)
    return puzzle_from_data(data)


@pytest.mark.parametrize(("gain", "error"), [(0.3, 0.05), (1.2, 0.7)], ids=["too small", "within the noise"])
def test_a_card_the_play_outs_cannot_tell_from_the_solution_is_right_and_said_equally_good(
        puzzles: tuple[Puzzle, ...], gain: float, error: float) -> None:
    # Issue 35: a card as good as the solution, as far as the play-outs can tell, was marked wrong.
    shipped_puzzle = cited_puzzle("2026-0-40")  # ♥8, then ♦A, ♠J
    puzzle = as_good_as_the_solution(shipped_puzzle, gain, error)
    runner, third = (to_card(item["card"]) for item in puzzle.data["evaluation"]["cards"][1:3])
    for chosen, other in ((runner, puzzle.solution), (puzzle.solution, runner)):
        answer = puzzle.check(chosen)
        assert answer.correct and answer.verdict.startswith(f"Right: {chosen}")
        assert f"{chosen} and {other} are about equally good: with " in answer.reason, answer.why
        assert "smaller than the deals played out can tell apart" in answer.reason
        assert "search" not in answer.why and not IDENTIFIER.search(answer.why), answer.why
    # A card clearly worse is still wrong, and says by how much.
    wrong = puzzle.check(third)
    assert not wrong.correct and f"{puzzle.solution} would save you" in wrong.why
    assert not shipped_puzzle.check(runner).correct  # the shipped figures: a clear difference


def test_check_refuses_an_illegal_card_in_words_and_a_malformed_one_by_error(puzzles: tuple[Puzzle, ...]) -> None:
    puzzle = next(p for p in puzzles if len(p.state().hand(p.seat)) > len(p.state().legal_plays()))
    illegal = next(card for card in puzzle.state().hand(puzzle.seat) if card not in puzzle.state().legal_plays())
    answer = puzzle.check(illegal)
    assert not answer.correct and answer.why == puzzle.view().explain(illegal).message
    with pytest.raises(InvalidCardError):
        puzzle.check("♠1")


def test_the_answer_depends_only_on_the_seats_view(puzzles: tuple[Puzzle, ...]) -> None:
    # Deal the hidden cards again, consistently with everything the seat has seen: the view
    # is the same, and so is the evaluation, card for card.
    held = [puzzle for puzzle in puzzles if puzzle.data["direction"] == "hold"][:3]
    assert held
    for puzzle in held:
        state = puzzle.state()
        view = state.view(puzzle.seat)
        hands = Knowledge.from_view(view).sample(random.Random(1))
        played = {seat: [card for player, card in state.plays if player == seat] for seat in range(4)}
        deal = [sorted([*played[seat], *cards_from_mask(hands[seat])]) for seat in range(4)]
        other = HandState.new(deal, "hold")
        for _, card in state.plays:
            other.play(card)
        assert other.view(puzzle.seat) == view
        assert deal != [state.dealt(seat) for seat in range(4)] or len(view.hand) <= 1
        again = evaluate_view(other.view(puzzle.seat), random.Random(5), 0.05, 400)
        assert again == evaluate_view(view, random.Random(5), 0.05, 400)


def test_a_corrupt_set_is_refused_by_name() -> None:
    with pytest.raises(InvalidRecordError, match="not a puzzle set"):
        read_set("{")
    with pytest.raises(InvalidRecordError, match=FORMAT):
        read_set('{"format": "other"}')
    good = json.loads(json.dumps(shipped()))
    good["puzzles"] = good["puzzles"][:1]
    good["puzzles"][0]["themes"] = ["no_such_theme"]
    with pytest.raises(InvalidRecordError, match="unknown themes"):
        read_set(json.dumps(good))


def test_ratings_measure_difficulty_over_the_shipped_set(puzzles: tuple[Puzzle, ...]) -> None:
    # Issue 34's bar: ratings spread finely, and a puzzle a one-step habit solves rates below the set's middle.
    ratings = sorted(puzzle.rating for puzzle in puzzles)
    assert len(set(ratings)) >= 200
    median = ratings[len(ratings) // 2]
    one_step = sorted(puzzle.rating for puzzle in puzzles
                      if any(puzzle.data["ladder"][name] == 1.0 for name in ONE_STEP))
    assert one_step and one_step[len(one_step) // 2] < median


def test_the_shipped_ladders_order_holds_on_puzzles_held_out_of_the_fit(puzzles: tuple[Puzzle, ...],
                                                                        request: pytest.FixtureRequest) -> None:
    # One held-out draw in every run (a fit of the set takes about 8 CPU-seconds); three under --thorough.
    answers = [puzzle.data["ladder"] for puzzle in puzzles]
    for seed in range(3 if request.config.getoption("thorough") else 1):
        check = ladder_order(answers, seed=seed)
        assert check.recovered, (check.discordant, check.separated)


# ------------------------------------------------------ a learner's own mistakes


@cache
def own_hand(seed: int, seat: int) -> tuple[HandState, tuple[Mistake, ...]]:
    """A hand with passes, played at random (so it has mistakes to find), and ``seat``'s review of it.

    Kept for the module (a review takes a second); no test changes the hand.
    """
    rng = random.Random(seed)
    state = HandState.new(deal_hands(seed, 1), "left")
    for player in range(4):
        state.pass_cards(player, rng.sample(state.view(player).hand, 3))
    while not state.is_over:
        state.play(rng.choice(state.legal_plays()))
    return state, review_hand(state, seat, outside=second_opinion_agrees).mistakes


STORED = {"id", "deal", "direction", "passes", "plays", "seat", "evaluation", "themes", "rating"}
"""What every shipped puzzle holds, and so every puzzle made from a mistake."""


def test_a_costly_play_becomes_a_puzzle_whose_solution_is_the_reviews_better_card(
        puzzles: tuple[Puzzle, ...]) -> None:
    state = finish(scripted(QUEEN_CATCH, [*OPENING, "♠A"]))
    (mistake,) = [item for item in review_hand(state, 0, outside=second_opinion_agrees).mistakes if item.trick == 2]
    data = json.loads(json.dumps(mistake_puzzle(state, 0, mistake, ident="match:m1:1:7")))  # stored as JSON
    assert set(data) >= STORED and set(puzzles[0].data) >= STORED
    assert [set(item) for item in data["evaluation"]["cards"]] == [set(puzzles[0].data["evaluation"]["cards"][0])] * 2
    assert set(data["evaluation"]) == set(puzzles[0].data["evaluation"])
    puzzle = puzzle_from_data(data)
    assert puzzle.id == "match:m1:1:7" and data["played"] == "♠A"
    assert puzzle.solution is mistake.better  # the review's better card is the answer
    position = puzzle.state()
    assert [card for _, card in position.plays] == [card for _, card in state.plays[:mistake.play]]
    assert puzzle.view().hand == replay(data).view(0).hand
    assert puzzle.solution in position.legal_plays() and mistake.played in position.legal_plays()
    assert set(puzzle.theme_keys) <= set(THEMES) and "duck" in puzzle.theme_keys
    assert 0 < puzzle.rating < 3000
    right, wrong = puzzle.check(mistake.better), puzzle.check(mistake.played)
    assert right.correct and not wrong.correct
    assert "♠3 was the card" in wrong.why and "13 points" in wrong.why
    for answer in (right, wrong):
        assert not IDENTIFIER.search(answer.why), answer.why


def test_every_mistake_of_a_hand_with_passes_replays_from_the_seats_chair() -> None:
    state, mistakes = own_hand(5, 0)
    assert mistakes
    for mistake in mistakes:
        data = mistake_puzzle(state, 0, mistake, ident=f"match:m:1:{mistake.play}")
        assert data["passes"] is not None and "rules" not in data
        puzzle = puzzle_from_data(json.loads(json.dumps(data)))
        assert puzzle.solution is mistake.better and puzzle.solution in puzzle.state().legal_plays()
        assert mistake.played not in puzzle.accept and puzzle.solution not in puzzle.accept
        assert not puzzle.check(mistake.played).correct
        for card in puzzle.accept:  # cards the review would let pass count as right, in words
            answer = puzzle.check(card)
            assert answer.correct and "sound play" in answer.why and str(mistake.better) in answer.why
            assert not IDENTIFIER.search(answer.why), answer.why
            assert "search" not in answer.why, answer.why  # words about the cards, not about what a search believes


def test_a_mistake_at_another_seat_is_turned_to_the_solvers_chair() -> None:
    seat = 1
    state, mistakes = own_hand(4, seat)
    mistake = mistakes[0]
    puzzle = puzzle_from_data(mistake_puzzle(state, seat, mistake, ident="match:m:1:x"))
    assert puzzle.seat == 0 and puzzle.solution is mistake.better
    assert puzzle.view().hand == replay(cast(PositionRecord, puzzle.data)).view(seat).hand


def test_house_rules_are_recorded_and_replayed() -> None:
    rules = Rules(target=1, tie_rule="play_on")
    deal = QUEEN_CATCH
    state = HandState.new(deal, "hold", rules)
    for card in [*OPENING, "♠A"]:
        state.play(card)
    state = finish(state)
    (mistake,) = [item for item in review_hand(state, 0, outside=second_opinion_agrees).mistakes if item.trick == 2]
    data = mistake_puzzle(state, 0, mistake, ident="match:r:1:7")
    assert data["rules"] == rules.to_dict()
    puzzle = puzzle_from_data(json.loads(json.dumps(data)))
    assert puzzle.state().rules == rules and puzzle.solution is mistake.better


def test_a_mistake_without_its_play_index_is_found_by_its_trick() -> None:
    state, mistakes = own_hand(5, 0)
    mistake = mistakes[0]
    assert mistake.play is not None
    assert mistake_puzzle(state, 0, replace(mistake, play=None), ident="x") == mistake_puzzle(state, 0, mistake,
                                                                                              ident="x")


def test_a_mistake_that_is_not_of_this_hand_is_refused_by_name_and_changes_nothing() -> None:
    state, mistakes = own_hand(5, 0)
    mistake = mistakes[0]
    plays = state.plays
    assert mistake.play is not None
    with pytest.raises(InvalidPositionError, match="did not play"):
        mistake_puzzle(state, 1, mistake, ident="x")
    with pytest.raises(InvalidPositionError, match="did not play"):
        mistake_puzzle(state, 0, replace(mistake, play=mistake.play + 1), ident="x")
    other = next(card for card in puzzle_from_data(mistake_puzzle(state, 0, mistake, ident="x")).view().legal_plays()
                 if card not in (mistake.better, mistake.played))
    with pytest.raises(InvalidPositionError, match="better card"):  # another seed's review, say
        mistake_puzzle(state, 0, replace(mistake, better=other), ident="x")
    with pytest.raises(InvalidPositionError, match="seat"):
        mistake_puzzle(state, 4, mistake, ident="x")
    with pytest.raises(InvalidPositionError, match="id"):
        mistake_puzzle(state, 0, mistake, ident="")
    assert state.plays == plays


def test_a_puzzle_that_accepts_a_card_it_does_not_evaluate_is_refused() -> None:
    state, mistakes = own_hand(5, 0)
    data = mistake_puzzle(state, 0, mistakes[0], ident="x")
    for accept in (["♠1"], "♦5", [str(next(card for card in state.dealt(1)))]):
        with pytest.raises(InvalidRecordError):
            puzzle_from_data({**data, "accept": accept})


# ------------------------------------------------ typed records and themes


def test_the_shipped_records_have_exactly_the_typed_keys(puzzles: tuple[Puzzle, ...]) -> None:
    # The TypedDicts are the stages' contract: the shipped file holds exactly their keys.
    header = shipped()
    assert set(cast(dict[str, int], header["counts"])) == SetCounts.__required_keys__
    assert FilterCounts.__required_keys__ < SetCounts.__required_keys__
    for puzzle in puzzles:
        data = puzzle.data
        # A match puzzle (lesson 21) adds the totals before its hand and each card's match figures, and has no
        # partings in points: its answer says who takes the points after each card instead.
        match = "totals" in data
        extra, judged, figures = ({"totals"}, {"objective"}, {"wins", "draws", "seat_points", "lowest"}) if match \
            else (set(), set(), set())
        assert set(data) == MinedPuzzle.__required_keys__ | extra, set(data) ^ MinedPuzzle.__required_keys__
        assert set(data["evaluation"]) == Evaluation.__required_keys__ | judged
        assert extra <= PositionRecord.__optional_keys__ and judged <= Evaluation.__optional_keys__
        assert figures <= CardFigures.__optional_keys__
        assert all(set(item) == CardFigures.__required_keys__ | figures for item in data["evaluation"]["cards"])
        if match:
            assert data["partings"] == {}
            continue
        # Where each card but the solution parts from it (issue 35), every one of them.
        assert set(data["partings"]) == {item["card"] for item in data["evaluation"]["cards"][1:]}
        assert all(set(item) == CardParting.__required_keys__ for item in data["partings"].values())
        assert set(data["solved"]) == {"random", "easy", "normal", "hard"}
    assert "rules" in PositionRecord.__optional_keys__ and "cpu_seconds" in MinedGame.__optional_keys__


def test_a_mistake_puzzle_has_exactly_its_typed_keys() -> None:
    state, mistakes = own_hand(5, 0)
    data = mistake_puzzle(state, 0, mistakes[0], ident="x")
    assert set(data) == MistakePuzzle.__required_keys__


def test_every_shipped_puzzles_themes_are_what_the_tagger_finds(puzzles: tuple[Puzzle, ...]) -> None:
    # One predicate per theme, asked in THEME_TESTS's order: the stored keys, in their stored order.
    assert {key for key, _ in THEME_TESTS} == set(THEMES)
    for puzzle in puzzles:
        data = cast(MinedPuzzle, puzzle.data)
        assert tag(data, data["evaluation"]) == data["themes"], data["id"]


def test_themes_spread_over_the_set(puzzles: tuple[Puzzle, ...]) -> None:
    # Issue 34: "count the suit" held 527 of 1,005 puzzles, many of them ducks. A theme names the idea the answer
    # rests on: at least 12 themes with 30 puzzles or more, none on more than a quarter of the set.
    counts = theme_counts(puzzles)
    assert sum(1 for count in counts.values() if count >= 30) >= 12, counts
    assert max(counts.values()) <= len(puzzles) / 4, counts


def test_an_answer_keeps_its_verdict_apart_from_its_reason(puzzles: tuple[Puzzle, ...]) -> None:
    # A page announces the verdict alone and shows the reason under it: the two make the whole answer.
    for puzzle in puzzles[::50]:
        for card in puzzle.view().legal_plays():
            answer = puzzle.check(card)
            opening = f"Right: {card}." if answer.correct else f"Not this time: {puzzle.solution} was the card."
            assert answer.verdict.startswith(opening.rstrip("."))
            assert answer.why == (f"{answer.verdict} {answer.reason}" if answer.reason else answer.verdict)
            assert answer.verdict not in answer.reason
            # The facts say whether the reason quotes the points to end the hand with.
            quoted = "you should end the hand with" in answer.reason
            assert quoted == any(isinstance(fact, Expected) for fact in answer.facts), answer.why


# ------------------------------------------------ what separates the cards (issue 35)


def test_a_wrong_answer_names_what_separates_the_solution_from_it(puzzles: tuple[Puzzle, ...]) -> None:
    # Puzzle 2026-463-27: ♥Q, ♥5 and ♥2 under CPU3's ♥A. "♥Q stays under it" is as true of ♥5: the idea is that ♥5
    # played now leaves ♥Q to take a heart trick later, at trick 10 in some deals and 11 or 12 in others.
    puzzle = next(puzzle for puzzle in puzzles if puzzle.id == "2026-463-27")
    assert puzzle.solution == to_card("♥Q") and set(puzzle.view().legal_plays()) == set(cards("♥Q ♥5 ♥2"))
    answer = puzzle.check("♥5")
    assert ("Play ♥Q now and keep ♥5 for later: in 65 of 100 deals played out, playing ♥5 now leaves ♥Q to take a "
            "later trick and its points, which playing ♥Q now avoids.") in answer.reason
    assert any(isinstance(fact, TakesLater) for fact in answer.facts)
    # The right answer names the same idea against the runner-up.
    assert "keep ♥5 for later" in puzzle.check("♥Q").reason


def test_a_puzzle_stored_without_partings_finds_its_idea_when_answered() -> None:
    # The issue's own example, as it shipped before partings were stored (a learner's mistake puzzle saved then has
    # none either): ♥7 is to be shed while it is safe, ♥3 kept to duck a later heart trick.
    puzzle = cited_puzzle("2026-300-39")
    assert "partings" not in puzzle.data
    answer = puzzle.check("♥3")
    assert "Play ♥7 now and keep ♥3 for later: in 43 of 100 deals played out, playing ♥3 now leaves ♥7 to take " \
           "trick 11 and its points, which playing ♥7 now avoids." in answer.reason
    assert any(isinstance(fact, StoredPartsAt) for fact in answer.facts)


def test_every_answer_of_every_shipped_puzzle_says_what_separates_the_cards() -> None:
    # A reason of figures alone teaches nothing: each answer says where the two cards part, that the difference comes
    # from many deals rather than one trick, or that the two cannot be told apart.
    # A match puzzle's: who takes the points after each card, who ends the match below the seat, or a tie.
    ideas = (StoredPartsAt, CostlierBy, TakesLater, MoonsApart, NoOneTrick, AboutAsGood, PointsShift,
             OvertakenMoreOften)

    def parts_by_draws(fact: object) -> bool:
        # Between a shared win and a loss: how often each card ties for the lowest total is the difference itself.
        return isinstance(fact, SharedWins) and abs(fact.count - fact.other_count) >= OVERTAKEN_MORE

    answers = shipped_answers()
    bare = [f"{puzzle.id}, {card}: {answer.why}" for puzzle, _, card, answer in answers
            if not any(isinstance(fact, ideas) or (isinstance(fact, MatchChances) and not fact.better)
                       or parts_by_draws(fact) for fact in answer.facts)]
    assert len(answers) > 4000 and not bare, f"{len(bare)} answers: " + "\n".join(bare[:10])
