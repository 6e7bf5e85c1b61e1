"""Reviewing a hand: scripted blunders are found, forced plays never are, and the why is in words.

The blunders are built so that the cost does not depend on sampling: the ♠Q catch
happens inside the trick being judged, and the needless hearts are taken at trick 12,
where every hidden card is known to the seat by elimination of the last three cards.

Before the last four tricks a costly play is said only when an outside judge confirms it
(OpenSpiel's IS-MCTS in a kernel). The tests of the review's findings and words give it a
second opinion that confirms every play (:data:`AGREES`, through the wrappers below), so they
do not wait on IS-MCTS; the tests at the end of the module check what the second opinion
decides, with a refuting stand-in, with none, and with IS-MCTS itself.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from hearts_core import DECK, HandState, deal_hands, judge_pass, to_card
from hearts_core import review as reviewing
from hearts_core.bots import heuristic_pass, make_bot
from hearts_core.cards import Card, parse_card
from hearts_core.coach import judge
from hearts_core.errors import InvalidPositionError
from hearts_core.facts import Situation
from hearts_core.independent_judge import ENDGAME_REACH_TRICKS, endgame_confirms, endgame_in_reach
from hearts_core.puzzle_records import PositionRecord, position_record, replay
from hearts_core.records import dump_record, load_record
from hearts_core.review import (
    COST_THRESHOLD,
    HandReview,
    Mistake,
    MistakeGroup,
    PassMistake,
    costly,
    group_mistakes,
    review_pass,
)
from hearts_core.wording import points_phrase
from tests.support import cards, careless_hand, second_opinion_agrees

# You lead ♣2 and CPU1 takes trick 1 with ♣A, then leads ♠K; CPU3's only spade is ♠Q.
# You hold ♠A and ♠3 (QUEEN_CATCH) or ♠A alone (FORCED_CATCH) when it is your turn.
QUEEN_CATCH = (
    "♣2 ♠A ♠3 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♥2 ♥3 ♥4",
    "♣A ♠K ♠4 ♠5 ♠6 ♠7 ♦9 ♦10 ♦J ♥5 ♥6 ♥7 ♥8",
    "♣3 ♠2 ♠8 ♠9 ♠10 ♠J ♦Q ♦K ♦A ♥9 ♥10 ♥J ♥Q",
    "♣4 ♠Q ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♥K ♥A",
)
FORCED_CATCH = (
    "♣2 ♠A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♥2 ♥3 ♥4",
    "♣A ♠K ♠3 ♠4 ♠5 ♠6 ♠7 ♦10 ♦J ♥5 ♥6 ♥7 ♥8",
    QUEEN_CATCH[2],
    QUEEN_CATCH[3],
)
OPENING = ["♣2", "♣A", "♣3", "♣4", "♠K", "♠2", "♠Q"]


AGREES = second_opinion_agrees
"""A second opinion that confirms every costly play: the review's own findings, unfiltered."""


def review_hand(*args: Any, **kwargs: Any) -> HandReview:
    return reviewing.review_hand(*args, outside=AGREES, **kwargs)


def review_match(*args: Any, **kwargs: Any) -> reviewing.MatchReview:
    return reviewing.review_match(*args, outside=AGREES, **kwargs)


def review_record(*args: Any, **kwargs: Any) -> reviewing.MatchReview:
    return reviewing.review_record(*args, outside=AGREES, **kwargs)


def review_record_hand(*args: Any, **kwargs: Any) -> HandReview:
    return reviewing.review_record_hand(*args, outside=AGREES, **kwargs)


def judge_play(*args: Any, **kwargs: Any) -> Mistake | None:
    return reviewing.judge_play(*args, outside=AGREES, **kwargs)
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\bSuit\.|\bCard\(|\bPhase\.|\bNone\b")


def finish(state: HandState, seed: int = 0, level: str = "normal") -> HandState:
    """Play the hand out with computer players (their choices are not under review)."""
    bots = [make_bot(level, seed=seed + seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.play(bots[seat].choose_play(state.view(seat)))
    return state


def scripted(deal: tuple[str, ...], plays: list[str]) -> HandState:
    state = HandState.new(deal, "hold")
    for card in plays:
        state.play(card)
    return state


def assert_words(text: str) -> None:
    assert text and not IDENTIFIER.search(text), text


def test_catching_the_queen_with_the_ace_while_holding_a_low_spade_is_flagged() -> None:
    state = finish(scripted(QUEEN_CATCH, [*OPENING, "♠A"]))
    review = review_hand(state, 0)
    catch = [mistake for mistake in review.mistakes if mistake.trick == 2]
    assert len(catch) == 1
    mistake = catch[0]
    assert (str(mistake.played), str(mistake.better)) == ("♠A", "♠3")
    assert mistake.cost > 8  # 13 points in the trick; later play can win back only a little
    assert "♠3" in mistake.why and "13 points" in mistake.why
    assert_words(mistake.why)


def test_ducking_under_the_king_is_not_flagged() -> None:
    state = finish(scripted(QUEEN_CATCH, [*OPENING, "♠3"]))
    assert all(mistake.trick != 2 for mistake in review_hand(state, 0).mistakes)


def test_a_forced_catch_is_never_a_mistake() -> None:
    state = finish(scripted(FORCED_CATCH, [*OPENING, "♠A"]))
    review = review_hand(state, 0)
    assert state.tricks[1].winner == 0 and state.tricks[1].points == 13
    assert all(mistake.trick not in (1, 2) for mistake in review.mistakes)
    assert review.points_taken >= 13


def twelfth_trick(high: bool) -> HandState:
    """Seed 946, easy players: at trick 12 you play last over ♥10 holding ♥6 and ♥Q."""
    state = HandState.new(deal_hands(946, 4), "hold")
    bots = [make_bot("easy", seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if seat == 0 and len(state.tricks) == 11:
            assert set(view.legal_plays()) == set(cards("♥6 ♥Q"))
            assert [str(card) for card in view.current_trick] == ["♥10", "♦K", "♦6"]
            state.play("♥Q" if high else "♥6")
        else:
            state.play(bots[seat].choose_play(view))
    return state


def test_taking_a_heart_needlessly_near_the_end_is_flagged() -> None:
    state = twelfth_trick(high=True)
    assert state.tricks[11].winner == 0
    late = [mistake for mistake in review_hand(state, 0).mistakes if mistake.trick == 12]
    assert len(late) == 1
    assert (str(late[0].played), str(late[0].better)) == ("♥Q", "♥6")
    assert late[0].cost >= COST_THRESHOLD
    assert "♥10" in late[0].why
    assert_words(late[0].why)


def test_ducking_the_heart_is_not_flagged() -> None:
    state = twelfth_trick(high=False)
    assert all(mistake.trick != 12 for mistake in review_hand(state, 0).mistakes)


@pytest.mark.parametrize("seed", [3, 17])
def test_mistakes_come_only_from_real_choices_in_play_order(seed: int) -> None:
    rng = random.Random(seed)
    state = HandState.new(deal_hands(seed, 4), "hold")
    choices_by_trick: dict[int, int] = {}
    while not state.is_over:
        legal = state.legal_plays()
        if state.to_move == 1:
            choices_by_trick[len(state.tricks) + 1] = len(legal)
        state.play(rng.choice(legal))
    review = review_hand(state, 1)
    assert review.choices == sum(1 for count in choices_by_trick.values() if count > 1)
    tricks = [mistake.trick for mistake in review.mistakes]
    assert tricks == sorted(tricks)
    for mistake in review.mistakes:
        assert choices_by_trick[mistake.trick] > 1
        assert mistake.played != mistake.better
        assert mistake.played == state.tricks[mistake.trick - 1].played_by(1)
        assert mistake.play is not None and state.plays[mistake.play] == (1, mistake.played)
        assert mistake.cost >= COST_THRESHOLD
        assert mistake.cost == pytest.approx(mistake.played_points - mistake.better_points)
        assert_words(mistake.why)
    # Each better card's mistakes count once, at their largest cost (re-derived here, not from the groups).
    betters = {mistake.better for mistake in review.mistakes}
    assert review.points_lost == pytest.approx(sum(max(mistake.cost for mistake in review.mistakes
                                                       if mistake.better is better) for better in betters))


def test_a_record_hand_gets_the_same_review_as_the_state() -> None:
    state = finish(scripted(QUEEN_CATCH, [*OPENING, "♠A"]))
    record = load_record(dump_record(state.rules, [state.to_record()]))
    assert review_record_hand(record, 1, 0) == review_hand(state, 0)
    with pytest.raises(InvalidPositionError, match="no hand 2"):
        review_record_hand(record, 2, 0)


def test_match_review_sums_the_points_lost_per_hand() -> None:
    first = finish(scripted(QUEEN_CATCH, [*OPENING, "♠A"]))
    second = finish(scripted(QUEEN_CATCH, [*OPENING, "♠3"]))
    match = review_match([first, second], 0)
    assert match.points_lost_per_hand == (review_hand(first, 0).points_lost, review_hand(second, 0).points_lost)
    assert match.points_lost == pytest.approx(sum(match.points_lost_per_hand))
    assert match.points_lost_per_hand[0] > 8
    text = match.describe()
    assert text.startswith("Hand 1:") and "Over the match" in text and "expected" in text
    assert "not the luck of the deal" in text.splitlines()[-1]
    assert_words(text)
    assert review_record(dump_record(first.rules, [first.to_record(), second.to_record()]), 0) == match


def test_bad_seat_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="seat"):
        review_hand(scripted(QUEEN_CATCH, OPENING), 4)


@pytest.mark.parametrize(("subtracts", "said"), [(False, "You shot the moon: everyone else takes 26."),
                                                 (True, "You shot the moon: 26 come off your total.")])
def test_a_moon_is_summed_up_as_a_moon_not_as_26_points_taken(subtracts: bool, said: str) -> None:
    # Issue 35: a hand where the learner shot the moon was summed up as "you took 26 points in this hand".
    from hearts_core.rules import Rules  # noqa: PLC0415
    from hearts_core.scenarios import MOON_DEAL, MOON_TRICKS  # noqa: PLC0415

    state = HandState.new(MOON_DEAL, "hold", Rules(moon_subtracts=subtracts))
    for trick in MOON_TRICKS:
        for card in cards(trick):
            state.play(card)
    assert state.moon_shooter == 0
    summary = review_hand(state, 0).summary()
    assert summary.endswith(said) and "26 points" not in summary, summary
    other = review_hand(state, 1).summary()  # a seat that took nothing is summed up as before
    assert "shot the moon" not in other and other.endswith("it took no points in this hand."), other


# ------------------------------------------------------------ one entry per idea


def test_a_repeated_mistake_is_one_entry_naming_its_tricks_and_its_cost_counts_once() -> None:
    # Issue 35: one idea (cash the lone club) was flagged at four tricks and its four costs added up.
    # Here the learner keeps its lone ♣K through tricks 2, 6, 7 and 8, and ducks the spade lead at trick 4.
    review = review_hand(careless_hand(2), 0)
    lone_king = [mistake for mistake in review.mistakes if str(mistake.better) == "♣K"]
    assert [mistake.trick for mistake in lone_king] == [2, 6, 7, 8]
    assert [(group.tricks, str(group.better)) for group in review.groups] == [((2, 6, 7, 8), "♣K"), ((4,), "♠K")]
    kept, ducked = review.groups
    assert kept.cost == max(mistake.cost for mistake in lone_king)
    assert review.points_lost == pytest.approx(kept.cost + ducked.cost)
    assert review.points_lost < sum(mistake.cost for mistake in review.mistakes) - 5  # the old, double-counted sum
    lines = review.describe().splitlines()
    assert len(lines) == 3  # the summary, then one line per idea
    assert lines[1].startswith("  Tricks 2, 6, 7 and 8: played ♠2, ♠4, ♠5 and ♦8, better ♣K each time (one mistake, "
                               "repeated: expected to save about 2 points, counted once). "), lines[1]
    assert lines[1].endswith(kept.why) and kept.why == max(lone_king, key=lambda mistake: mistake.cost).why
    assert lines[2].startswith("  Trick 4: played ♠3, better ♠K (expected to save about 17 points). ")
    assert review.summary().startswith("2 costly mistakes among your 11 plays with a choice were expected to cost you "
                                       "about 19 points;"), review.summary()
    assert_words(review.describe())


def test_mistakes_group_by_their_better_card_and_carry_the_largest_cost() -> None:
    def mistake(trick: int, played: str, better: str, cost: float) -> Mistake:
        return Mistake(trick, parse_card(played), parse_card(better), cost, f"Why at trick {trick}.", cost, 0.0)

    plays = [mistake(3, "♦3", "♣A", 2.0), mistake(4, "♠3", "♠K", 9.0), mistake(5, "♦7", "♣A", 4.5),
             mistake(9, "♥2", "♣A", 1.6)]
    first, second = group_mistakes(plays)
    assert first.tricks == (3, 5, 9) and first.played == tuple(cards("♦3 ♦7 ♥2")) and first.repeated
    assert first.cost == 4.5 and first.why == "Why at trick 5."
    assert second.tricks == (4,) and not second.repeated and second.cost == 9.0
    assert first.describe() == ("Tricks 3, 5 and 9: played ♦3, ♦7 and ♥2, better ♣A each time (one mistake, repeated: "
                                "expected to save about 4 points, counted once). Why at trick 5.")
    assert second.describe() == "Trick 4: played ♠3, better ♠K (expected to save about 9 points). Why at trick 4."
    with pytest.raises(ValueError, match="same better card"):
        MistakeGroup((plays[0], plays[1]))
    with pytest.raises(ValueError, match="same better card"):
        MistakeGroup(())


# ------------------------------------------------------------------- the pass

# Issue 35: a hand that passed ♠A ♣A ♥A and kept ♠Q with one low spade (♠3) got "no costly mistake".
ACES_PASSER = "♠A ♣A ♥A ♠Q ♠3 ♣9 ♣6 ♦K ♦8 ♦5 ♥9 ♥7 ♥4"
THREE_ACES = "♠A ♣A ♥A"


def passed_hand(direction: str, passed: str | None = THREE_ACES) -> HandState:
    """The issue's hand for the learner, the other seats passing as the sound player does, then played out."""
    mine = cards(ACES_PASSER)
    rest = [card for card in DECK if card not in mine]
    state = HandState.new([tuple(mine), *(tuple(rest[seat::3]) for seat in range(3))], direction)
    if direction != "hold":
        state.pass_cards(0, cards(passed) if passed else heuristic_pass(state.dealt(0)))
        for seat in range(1, 4):
            state.pass_cards(seat, heuristic_pass(state.dealt(seat)))
    return finish(state)


def test_passing_three_aces_and_keeping_the_queen_with_one_low_spade_is_the_reviews_first_entry() -> None:
    state = passed_hand("left")
    review = review_hand(state, 0)
    mistake = review.pass_mistake
    assert mistake is not None
    judged = judge_pass(state.dealt(0), cards(THREE_ACES), "left")  # the very judge of lesson 4 and the pass picker
    assert mistake.passed == judged.passed and mistake.better == judged.suggested
    assert parse_card("♠Q") in mistake.better and parse_card("♠Q") not in mistake.passed
    assert mistake.cost == pytest.approx(judged.play_out.difference) and mistake.cost >= COST_THRESHOLD
    assert mistake.cost > 2 * mistake.error
    # Why, in the judge's own words: the queen, with one low spade to hide behind, is the card to give.
    assert mistake.why == ("With only 1 spade below ♠Q to hide behind, ♠Q (13 points) is likely to be forced on you: "
                           "pass it.")
    lines = review.describe().splitlines()
    assert lines[1] == ("  Pass: passed ♣A, ♠A and ♥A, better ♠Q, ♠A and ♥A (expected to save about 2 points). "
                        + mistake.why), lines[1]
    assert len(lines) == 2 + len(review.groups)  # the pass is its own entry, never grouped with a play
    assert review.entries == len(review.groups) + 1
    summary = review.summary()
    assert summary.startswith(("Your pass and ", "Your pass was expected to cost you ")), summary
    assert summary.endswith(f"You took {points_phrase(state.points_taken[0])} in this hand."), summary
    assert_words(review.describe())


def test_the_pass_costs_once_in_the_hands_total_and_the_matchs() -> None:
    state = passed_hand("left")
    review = review_hand(state, 0)
    assert review.pass_mistake is not None
    plays = sum(group.cost for group in group_mistakes(review.mistakes))
    assert review.points_lost == pytest.approx(review.pass_mistake.cost + plays)
    hold = passed_hand("hold")
    match = review_match([state, hold], 0)
    assert match.points_lost_per_hand[0] == pytest.approx(review.points_lost)
    mistakes = 1 + len(review.groups) + len(review_hand(hold, 0).groups)  # the pass is one of the match's mistakes
    assert f"Over the match: {mistakes} costly mistakes expected to cost " in match.describe(), match.describe()
    # The record of the hand gets the same review, its pass included.
    assert review_record(dump_record(state.rules, [state.to_record()]), 0).hands[0] == review


def test_a_hold_hand_and_the_judges_own_pass_get_no_pass_entry() -> None:
    hold = passed_hand("hold")
    assert review_pass(hold, 0) is None and review_hand(hold, 0).pass_mistake is None
    coach = passed_hand("left", passed=None)  # the pass the judge itself suggests: nothing to say
    assert review_pass(coach, 0) is None and "pass" not in review_hand(coach, 0).describe().lower()
    with pytest.raises(InvalidPositionError, match="seat"):
        review_pass(hold, 4)


def test_a_costly_pass_is_said_in_a_sentence_naming_both_passes() -> None:
    mistake = PassMistake(tuple(cards("♣A ♠A ♥A")), tuple(cards("♠Q ♠A ♥A")), 4.2, 0.6, "Why in cards.")
    assert mistake.describe() == ("Pass: passed ♣A, ♠A and ♥A, better ♠Q, ♠A and ♥A (expected to save about 4 "
                                  "points). Why in cards.")
    alone = HandReview(0, (), 9, 13, pass_mistake=mistake)
    assert alone.points_lost == 4.2 and alone.entries == 1
    assert alone.summary() == ("Your pass was expected to cost you about 4 points, and the review found no "
                               "costly mistake among your 9 plays with a choice. You took 13 points in this hand.")
    play = Mistake(3, parse_card("♦3"), parse_card("♣A"), 2.0, "Why at trick 3.", 2.0, 0.0)
    both = HandReview(2, (play,), 9, 5, pass_mistake=mistake)
    assert both.points_lost == pytest.approx(6.2) and both.entries == 2
    assert both.summary() == ("CPU2's pass and 1 costly mistake among its 9 plays with a choice were expected to cost "
                              "it about 6 points together. CPU2 took 5 points in this hand.")


def test_a_mistake_says_where_the_card_played_and_the_better_one_part() -> None:
    # Issue 35: the why names the difference, in the review as in the coach's reason (hearts_core.difference).
    mistakes = {mistake.trick: mistake for mistake in review_hand(careless_hand(2), 0).mistakes}
    held_queen = mistakes[4]
    assert (held_queen.played, held_queen.better) == (to_card("♠3"), to_card("♠K"))
    idea = re.search(r"Play ♠K rather than ♠3: in (\d+) of (\d+) deals played out, playing ♠3 now leaves your ♠Q to "
                     r"take trick (\d+) and its points, which playing ♠K now avoids\.", held_queen.why)
    assert idea is not None, held_queen.why
    count, deals, trick = (int(group) for group in idea.groups())
    # The opponents no longer overtake a spade to stop a moon nobody is making, so ♠Q is caught in fewer deals
    # than under the old search (issue 34); the sentence says how many, and a tenth is still a costly habit.
    assert deals // 10 <= count <= deals and 4 < trick <= 13
    assert any(type(fact).__name__ == "PartsAt" for fact in held_queen.facts)


# ------------------------------------------------- a second opinion in the last tricks (issue 34)

# Two positions of the puzzle set mined in 2026 (seed 2026, games 202 and 19), kept here whole so the
# test does not depend on the set keeping them.
REFUTED_IN_THE_ENDGAME: PositionRecord = {
    "id": "2026-202-44", "seat": 3, "rules": None,
    "direction": "across",
    "deal": [["♣5", "♣9", "♣10", "♦9", "♦J", "♦Q", "♠3", "♠4", "♠8", "♠K", "♥4", "♥10", "♥J"],
             ["♣8", "♣Q", "♦7", "♦10", "♦K", "♠9", "♠10", "♥2", "♥3", "♥5", "♥7", "♥K", "♥A"],
             ["♣3", "♣6", "♣J", "♦2", "♦3", "♦5", "♠5", "♠7", "♠A", "♥6", "♥8", "♥9", "♥Q"],
             ["♣2", "♣4", "♣7", "♣K", "♣A", "♦4", "♦6", "♦8", "♦A", "♠2", "♠6", "♠J", "♠Q"]],
    "passes": [["♠K", "♦Q", "♥J"], ["♦K", "♣8", "♥A"], ["♠A", "♥Q", "♣J"], ["♣A", "♦A", "♣K"]],
    "plays": ["♣2", "♣5", "♣K", "♣6", "♦10", "♦5", "♦8", "♦9", "♠9", "♠7", "♠J", "♠3", "♦4", "♦J", "♦7", "♦3",
              "♠4", "♠10", "♠5", "♠2", "♣Q", "♣3", "♣7", "♣9", "♦A", "♦Q", "♦6", "♠A", "♣A", "♠K", "♣4", "♣10",
              "♥5", "♥6", "♥A", "♥4", "♠Q", "♠8", "♥7", "♥J", "♦K", "♥Q", "♥K", "♦2"],
}
CONFIRMED_IN_THE_ENDGAME: PositionRecord = {
    "id": "2026-19-40", "seat": 2, "rules": None,
    "direction": "hold",
    "deal": [["♣4", "♣6", "♣10", "♣J", "♦3", "♦J", "♦A", "♠2", "♠Q", "♠K", "♥2", "♥3", "♥A"],
             ["♣2", "♣5", "♣A", "♦2", "♠4", "♠7", "♠8", "♠9", "♠A", "♥5", "♥6", "♥7", "♥9"],
             ["♣8", "♣Q", "♦6", "♦8", "♦10", "♦Q", "♦K", "♠3", "♠J", "♥4", "♥J", "♥Q", "♥K"],
             ["♣3", "♣7", "♣9", "♣K", "♦4", "♦5", "♦7", "♦9", "♠5", "♠6", "♠10", "♥8", "♥10"]],
    "passes": None,
    "plays": ["♣2", "♣8", "♣3", "♣10", "♦A", "♦2", "♦K", "♦4", "♦J", "♠A", "♦10", "♦5", "♣4", "♣5", "♣Q", "♣7",
              "♠3", "♠5", "♠2", "♠4", "♠6", "♠K", "♠9", "♠J", "♦3", "♥9", "♦6", "♦7", "♥8", "♥2", "♥7", "♥4",
              "♣9", "♣6", "♣A", "♥K", "♥5", "♥J", "♥10", "♥3"],
}


def test_a_costly_play_the_endgame_judge_refutes_is_not_said() -> None:
    # Four tricks left (the judge's reach). The search calls ♣8 a mistake that costs about 21 points
    # against ♠6, but perfect play over the layouts of the hidden cards finds ♣8 the better card:
    # leading ♠6 lets the others throw their hearts on it. The review says nothing rather than be wrong.
    state = replay(REFUTED_IN_THE_ENDGAME)
    view = state.view(3)
    judgement = judge(view)
    assert judgement.ranked[0].card == to_card("♠6")
    assert costly(Situation(view), judgement, to_card("♣8")) is not None, "the search alone would say it"
    assert not endgame_confirms(view, to_card("♠6"), to_card("♣8"))
    assert judge_play(state, to_card("♣8")) is None


def test_a_costly_play_the_endgame_judge_confirms_is_said() -> None:
    state = replay(CONFIRMED_IN_THE_ENDGAME)
    view = state.view(2)
    assert endgame_in_reach(view) and endgame_confirms(view, to_card("♦8"), to_card("♦Q"))
    mistake = judge_play(state, to_card("♦Q"))
    assert mistake is not None and mistake.better == to_card("♦8")


def test_before_the_judges_reach_the_search_decides_alone() -> None:
    state = HandState.new(deal_hands(5), "hold")
    view = state.view(state.to_move or 0)
    assert not endgame_in_reach(view)
    assert endgame_confirms(view, view.legal_plays()[0], view.legal_plays()[-1])


# ------------------------------------------------------------------ the second opinion

LAST_TRICKS = 13 - ENDGAME_REACH_TRICKS
"""Tricks before the exact endgame judge's reach: a costly play there needs the outside judge."""


def REFUTES(record: PositionRecord, better: Card, played: Card) -> bool:
    """A second opinion that refutes every costly play."""
    return False


@pytest.mark.parametrize("seed", [1, 2])
def test_a_costly_play_is_said_before_the_last_tricks_only_when_the_second_opinion_confirms_it(seed: int) -> None:
    hand = careless_hand(seed)
    asked: list[tuple[PositionRecord, Card, Card]] = []

    def recording(record: PositionRecord, better: Card, played: Card) -> bool:
        asked.append((record, better, played))
        return True

    confirmed = reviewing.review_hand(hand, 0, outside=recording)
    early = [mistake for mistake in confirmed.mistakes if mistake.trick <= LAST_TRICKS]
    assert early, "a careless hand has costly plays before the last tricks"
    # Asked once per early costly play, at that play's own position: the seat to move, both cards legal.
    assert [(better, played) for _, better, played in asked] == [(item.better, item.played) for item in early]
    for (record, better, played), mistake in zip(asked, early, strict=True):
        view = replay(record).view(0)
        assert view.is_my_turn and {better, played} <= set(view.legal_plays())
        assert len(view.tricks) + 1 == mistake.trick and record["plays"] == [
            str(card) for _, card in hand.plays[:reviewing.play_index(hand, 0, mistake)]]
    refuted = reviewing.review_hand(hand, 0, outside=REFUTES)
    assert refuted.mistakes == tuple(item for item in confirmed.mistakes if item.trick > LAST_TRICKS)
    assert refuted.choices == confirmed.choices and refuted.unchecked == 0


def test_without_a_second_opinion_the_early_costly_plays_are_left_out_uncounted_and_said_so() -> None:
    hand = careless_hand(2)
    confirmed = reviewing.review_hand(hand, 0, outside=AGREES)
    alone = reviewing.review_hand(hand, 0)
    early = [mistake for mistake in confirmed.mistakes if mistake.trick <= LAST_TRICKS]
    assert len(early) >= 2
    assert alone.mistakes == tuple(item for item in confirmed.mistakes if item.trick > LAST_TRICKS)
    assert alone.unchecked == len(early) and alone.choices == confirmed.choices - len(early)
    assert alone.summary().endswith(f"{len(early)} earlier plays could not be checked by a second engine here, "
                                    "so they are left out.")
    assert f"among your {alone.choices} plays with a choice" in alone.summary()
    assert "could not be checked" not in confirmed.summary()


def test_openspiels_ismcts_confirms_one_costly_play_of_the_search_and_refutes_another() -> None:
    """Two costly plays the search finds in careless hands, judged by the puzzles' outside judge: at trick 9 of
    seed 1, ♠7 where ♠Q was better (IS-MCTS plays ♠Q in nearly every visit); at trick 6 of seed 11, ♠K where
    the search would play ♣10, and IS-MCTS plays ♠K itself, so the review does not call it costly."""
    ismcts = pytest.importorskip("hearts_referee.ismcts")
    for seed, plays, better, played, confirmed in ((1, 32, "♠Q", "♠7", True), (11, 23, "♣10", "♠K", False)):
        hand = careless_hand(seed)
        record = position_record(hand, 0, plays, ident=f"careless-{seed}")
        assert str(hand.plays[plays][1]) == played
        assert ismcts.confirms_costly(record, parse_card(better), parse_card(played)) is confirmed


def test_the_same_question_to_ismcts_is_asked_once_in_a_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """A resumed match reviews its finished hands again: the second opinion on a position is kept, not searched
    again (a search is most of a second)."""
    ismcts = pytest.importorskip("hearts_referee.ismcts")
    searched: list[str] = []

    def judged(record: PositionRecord, *, label: str) -> object:
        searched.append(label)
        return ismcts.IsmctsVerdict({("♠Q",): 0.9, ("♠7",): 0.1}, ("♠Q",), {("♠Q",): 3}, 3)

    monkeypatch.setattr(ismcts, "judge_ismcts", judged)
    hand = careless_hand(1)
    record = position_record(hand, 0, 32, ident="again")
    verdicts = [ismcts.confirms_costly(record, parse_card("♠Q"), parse_card("♠7")) for _ in range(3)]
    assert verdicts == [True, True, True] and len(searched) == 1
    assert not ismcts.confirms_costly(record, parse_card("♠7"), parse_card("♠Q"))  # another question: searched
    assert len(searched) == 2
