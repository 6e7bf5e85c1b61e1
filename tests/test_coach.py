"""The coach: deductions from public play, exact figures on small endgames, and its advice.

The endgame checks enumerate every deal of the hidden cards that fits what the learner
has seen (voids worked out here, independently of hearts_core.knowledge), play the rest
of the trick with the documented opponent model (the sound player), and compare the
averages with the coach's figures, which must be exact at that size.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

from hearts_core import HandState, Suit, deal_hands
from hearts_core.bots import HardBot, heuristic_pass
from hearts_core.cards import DECK, Card, mask_of
from hearts_core.coach import analyse, card_outlooks, read_table, recommend
from hearts_core.errors import InvalidPositionError
from hearts_core.fastsim import Sim
from hearts_core.kernel import Allowance, Reason
from hearts_core.legality import PENALTY_MASK
from hearts_core.policy import heuristic_play
from hearts_core.rules import QUEEN_OF_SPADES
from hearts_core.wording import about_points
from tests.support import SUIT_PER_SEAT_DEAL, TWO_CLUB_DEAL, after_plays, cards


def play_until(seed: int, cards_left: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.new(deal_hands(seed, 4), "hold")
    while len(state.plays) < 52 - 4 * cards_left:
        state.play(rng.choice(state.legal_plays()))
    return state


def shown_voids(state: HandState) -> dict[int, int]:
    """Mask of cards each seat cannot hold, from failures to follow (independent of Knowledge)."""
    barred = {seat: 0 for seat in range(4)}
    heart_mask = sum(1 << card.index for card in DECK if card.suit is Suit.HEARTS)
    broken = False
    for number, trick in enumerate(state.tricks):
        led = trick.cards[0].suit
        for position, card in enumerate(trick.cards):
            seat = (trick.leader + position) % 4
            if position and card.suit is not led:
                barred[seat] |= sum(1 << c.index for c in DECK if c.suit is led)
                if number == 0 and card.bit & PENALTY_MASK:
                    barred[seat] |= ~PENALTY_MASK
            if not position and card.suit is Suit.HEARTS and not broken:
                barred[seat] |= ~heart_mask
            broken = broken or card.suit is Suit.HEARTS
    return barred


def exact_outlook(state: HandState, card: Card) -> tuple[float, float]:
    """Average (win, points) over every consistent deal, opponents playing the sound player."""
    me = state.to_move
    assert me is not None
    others = [seat for seat in range(4) if seat != me]
    unseen = [c for seat in others for c in state.hand(seat)]
    sizes = [len(state.hand(seat)) for seat in others]
    barred = shown_voids(state)
    wins = points = deals = 0
    for order in itertools.permutations(unseen):
        hands = [0, 0, 0, 0]
        hands[me] = mask_of(state.hand(me))
        start = 0
        for seat, size in zip(others, sizes, strict=True):
            hands[seat] = mask_of(sorted(order[start:start + size]))
            start += size
        if any(hands[seat] & barred[seat] for seat in others):
            continue
        deals += 1
        sim = Sim(hands, [c.index for c in state.current_trick], state.trick_leader or 0, len(state.tricks),
                  state.hearts_broken, list(state.points_taken), state.rules,
                  played=mask_of(c for _, c in state.plays))
        before = list(sim.points)
        sim.play(card.index)
        while sim.trick:
            sim.play(heuristic_play(sim, sim.legal()))
        if sim.leader == me:
            wins += 1
            points += sim.points[me] - before[me]
    # Permutations count each deal once per ordering within hands; the ratio is unaffected.
    return wins / deals, points / deals


@pytest.mark.parametrize("seed", range(6))
def test_last_trick_figures_are_exact(seed: int) -> None:
    state = play_until(seed, cards_left=1)
    outlooks, exact = card_outlooks(state.view(state.to_move or 0))
    assert exact
    for outlook in outlooks:
        assert (outlook.win_chance, outlook.expected_points) == pytest.approx(exact_outlook(state, outlook.card))


@pytest.mark.parametrize("seed", range(6))
def test_last_two_tricks_figures_are_exact(seed: int) -> None:
    state = play_until(seed + 100, cards_left=2)
    for _ in range(seed % 4):  # vary the seat's place in the trick
        state.play(state.legal_plays()[0])
    outlooks, exact = card_outlooks(state.view(state.to_move or 0))
    assert exact and outlooks
    for outlook in outlooks:
        assert (outlook.win_chance, outlook.expected_points) == pytest.approx(exact_outlook(state, outlook.card))


def test_when_last_to_play_the_figures_are_certain() -> None:
    state = after_plays(SUIT_PER_SEAT_DEAL, ("♣2", "♣A", "♥2", "♠2", "♣K", "♥3", "♠Q"))
    # You (void in clubs) are last on a trick CPU1 wins with ♣K, holding ♥3 and ♠Q.
    outlooks = {str(o.card): o for o in card_outlooks(state.view(0))[0]}
    assert all(o.win_chance == 0 and o.expected_points == 0 for o in outlooks.values())


def test_reading_the_table() -> None:
    state = after_plays(TWO_CLUB_DEAL, ("♣2", "♣A", "♠2", "♥2"))
    reading = read_table(state.view(0))
    assert reading.voids[2] == (Suit.CLUBS,)
    assert reading.voids[3] == (Suit.CLUBS, Suit.DIAMONDS)
    assert reading.queen_of_spades == (1, 2, 3) and not reading.queen_played
    assert len(reading.unseen) == 52 - 13 - 3


QUEEN_OUT_DEAL = [
    "♣2 ♠A ♠4 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J",
    "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♠9",
    "♠2 ♠3 ♠5 ♠6 ♠7 ♠8 ♠10 ♠J ♠Q ♠K ♦Q ♦K ♦A",
    "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A",
]
QUEEN_OUT_PLAYS = ("♣2", "♣A", "♦K", "♥2", "♠9", "♠2", "♥3")


def test_outlooks_mark_the_card_that_may_catch_the_queen() -> None:
    report = analyse(after_plays(QUEEN_OUT_DEAL, QUEEN_OUT_PLAYS).view(0))
    figures = {str(o.card): (o.win_chance, o.expected_points, o.dangerous) for o in report.outlooks}
    assert figures == {"♠4": (0.0, 0.0, False), "♠A": (1.0, 1.0, True)}


def test_a_card_that_costs_more_but_leaves_the_others_more_is_explained_as_such() -> None:
    # CPU3 holds every heart: ducking with ♠4 costs the learner more over the hand than ♠A
    # does, yet leaves the others more still, and the search weighs both. The reason must
    # not call the recommended card the cheaper one, and rounds its figures for a learner.
    advice = recommend(after_plays(QUEEN_OUT_DEAL, QUEEN_OUT_PLAYS).view(0), time_budget=0.05)
    chosen, other = advice.alternatives[0], advice.alternatives[1]
    assert str(advice.card) == "♠4" and chosen.rest_points > other.rest_points  # CPU3's moon costs you 26
    assert advice.reason.startswith("♠Q is still out and ♠A could catch it, so stay under ♠9 with ♠4.")
    extra = about_points(chosen.rest_points - other.rest_points)
    gain = about_points(other.score - chosen.score)
    assert (f"♠4 should cost you {extra} more than ♠A by the end of the hand, but it leaves the others "
            f"with more: against their average you come out {gain} better.") in advice.reason
    assert_reasoned(advice.reason, max_sentences=3)


def test_when_every_card_costs_points_the_coach_names_the_cheapest_by_its_figures() -> None:
    # CPU1 holds only clubs and ♦9 and must lead into hearts and ♠Q discards.
    view = after_plays(SUIT_PER_SEAT_DEAL, ("♣2", "♣A", "♥2", "♠2")).view(1)
    report = analyse(view)
    assert report.outlooks and all(outlook.dangerous for outlook in report.outlooks)
    advice = recommend(view, time_budget=0.05)
    assert "Every lead here risks taking points" not in advice.reason
    assert advice.alternatives[0].score == min(item.score for item in advice.alternatives)
    assert str(advice.card) in advice.reason and "end the hand with" in advice.reason


def test_a_forced_card_has_one_outlook_and_out_of_turn_there_is_nothing_to_advise() -> None:
    state = HandState.new(deal_hands(3, 4), "hold")
    leader = state.to_move or 0
    assert [str(outlook.card) for outlook in analyse(state.view(leader)).outlooks] == ["♣2"]
    waiting = state.view((leader + 1) % 4)
    assert analyse(waiting).outlooks == ()
    with pytest.raises(InvalidPositionError):
        recommend(waiting)


def test_same_position_same_advice() -> None:
    state = play_until(11, cards_left=9)
    view = state.view(state.to_move or 0)
    assert analyse(view) == analyse(view)


# ------------------------------------------------------------------ recommend

SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\bSuit\.|\bCard\(|\bPhase\.|\bNone\b")
CODES = {member.value for member in (*Reason, *Allowance)}
# You lead ♣2 and CPU1 takes trick 1 with ♣A, then leads ♠K; CPU3's only spade is ♠Q.
QUEEN_CATCH = (
    "♣2 ♠A ♠3 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♥2 ♥3 ♥4",
    "♣A ♠K ♠4 ♠5 ♠6 ♠7 ♦9 ♦10 ♦J ♥5 ♥6 ♥7 ♥8",
    "♣3 ♠2 ♠8 ♠9 ♠10 ♠J ♦Q ♦K ♦A ♥9 ♥10 ♥J ♥Q",
    "♣4 ♠Q ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♥K ♥A",
)
# CPU3 takes trick 1 with ♣A and leads ♠5; you hold ♠A and ♠3, and ♠Q is still out.
QUEEN_OUT = (
    "♣3 ♠A ♠3 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♥2 ♥3 ♥4",
    "♣2 ♣5 ♠K ♠4 ♠6 ♠7 ♦9 ♦10 ♦J ♥5 ♥6 ♥7 ♥8",
    "♣4 ♠2 ♠8 ♠9 ♠10 ♠J ♦Q ♦K ♦A ♥9 ♥10 ♥J ♥Q",
    "♣A ♠Q ♠5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♥K ♥A",
)


def assert_reasoned(reason: str, *, max_sentences: int) -> None:
    assert reason and not reason[0].islower() and reason.endswith("."), reason
    assert 1 <= len(SENTENCE_END.findall(reason)) <= max_sentences, reason
    assert not IDENTIFIER.search(reason), reason
    assert not any(re.search(rf"\b{code}\b", reason) for code in CODES if "_" in code), reason


@pytest.mark.parametrize("seed", range(6))
def test_recommend_is_the_hard_players_legal_card_with_a_reason(seed: int) -> None:
    rng = random.Random(seed)
    state = HandState.new(deal_hands(seed, 4), "hold")
    target = rng.randrange(4, 44)
    while len(state.plays) < target or len(state.legal_plays()) < 2:
        state.play(rng.choice(state.legal_plays()))
    view = state.view(state.to_move or 0)
    advice = recommend(view, seed=seed, time_budget=0.02)
    assert advice.card in view.legal_plays()
    assert advice.card == HardBot(random.Random(seed), 0.02).choose_play(view)
    assert {item.card for item in advice.alternatives} == set(view.legal_plays())
    assert advice.alternatives[0].card == advice.card
    scores = [item.score for item in advice.alternatives]
    assert scores == sorted(scores)
    assert_reasoned(advice.reason, max_sentences=3)  # a fact, the idea that separates the cards, the figures
    assert str(advice.card) in advice.reason
    # The figures in the words are the search's, for the chosen card and the next best, rounded.
    assert about_points(advice.alternatives[0].expected_points) in advice.reason or "about the same" in advice.reason
    assert str(advice.alternatives[1].card) in advice.reason
    assert not re.search(r"\d\.\d", advice.reason)
    assert recommend(view, seed=seed, time_budget=0.02) == advice


def test_trick_one_is_the_moment_to_discard_a_high_card() -> None:
    # You hold every club; CPU1 holds no club and two high diamonds.
    you = cards("♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A")
    cpu1 = cards("♦A ♦K ♦3 ♦2 ♠2 ♠3 ♠4 ♠5 ♥2 ♥3 ♥4 ♥5 ♥6")
    rest = [card for card in DECK if card not in you and card not in cpu1]
    state = after_plays([you, cpu1, rest[:13], rest[13:]], ["♣2"])
    advice = recommend(state.view(1), time_budget=0.05)
    assert str(advice.card) in ("♦A", "♦K")
    assert advice.reason.startswith("You have no clubs, and nobody may throw points on the first trick unless "
                                    f"they hold nothing else: a cheap moment to get rid of {advice.card}.")
    spades_only = recommend(after_plays(TWO_CLUB_DEAL, ["♣2", "♣4"]).view(2), time_budget=0.02)
    assert spades_only.card is not None and spades_only.card.suit is Suit.SPADES
    assert spades_only.reason.startswith("You have no clubs")


def test_ducking_under_a_trick_that_holds_the_queen() -> None:
    state = after_plays(QUEEN_CATCH, ["♣2", "♣A", "♣3", "♣4", "♠K", "♠2", "♠Q"])
    advice = recommend(state.view(0), time_budget=0.05)
    assert str(advice.card) == "♠3"
    assert "CPU1's ♠K is winning this trick with 13 points in it" in advice.reason
    assert "♠A" in advice.reason
    assert_reasoned(advice.reason, max_sentences=3)  # a fact, the idea that separates the cards, the figures


def test_the_queen_still_out_keeps_the_ace_back() -> None:
    state = after_plays(QUEEN_OUT, ["♣2", "♣4", "♣A", "♣3", "♠5"])
    advice = recommend(state.view(0), time_budget=0.05)
    assert str(advice.card) == "♠3"
    assert advice.reason.startswith("♠Q is still out")
    assert "♠A could catch it" in advice.reason


def test_a_forced_card_is_recommended_without_search() -> None:
    state = HandState.new(TWO_CLUB_DEAL, "hold")
    advice = recommend(state.view(0))
    assert str(advice.card) == "♣2" and advice.alternatives == ()
    assert_reasoned(advice.reason, max_sentences=1)


def test_pass_recommendation_names_its_reasons() -> None:
    state = HandState.new(QUEEN_CATCH, "left")
    mine = recommend(state.view(0))
    assert mine.card is None and mine.cards == heuristic_pass(state.hand(0))
    assert set(mine.cards) == set(cards("♠A ♣2 ♦8"))
    assert "With only 1 spade below ♠Q, ♠A could be forced to win a spade trick that catches ♠Q" in mine.reason
    assert "Passing ♣2 empties your clubs: unless the cards you receive include one" in mine.reason
    assert "♦8 is neither a high diamond nor a low one" in mine.reason  # ♦8 is no high card, and is not called one
    assert_reasoned(mine.reason, max_sentences=4)
    queen = recommend(state.view(3))
    assert QUEEN_OF_SPADES in queen.cards
    assert "With no spades below ♠Q to hide behind, ♠Q (13 points)" in queen.reason
    guarded = HandState.new(SUIT_PER_SEAT_DEAL, "left")
    spades = recommend(guarded.view(3))
    assert QUEEN_OF_SPADES not in spades.cards and "Keep ♠Q" in spades.reason


def test_recommend_refuses_when_there_is_nothing_to_decide() -> None:
    state = HandState.new(TWO_CLUB_DEAL, "hold")
    with pytest.raises(InvalidPositionError, match="not seat 1's turn"):
        recommend(state.view(1))
    passing = HandState.new(TWO_CLUB_DEAL, "left")
    passing.pass_cards(0, "♦2 ♦3 ♦4")
    with pytest.raises(InvalidPositionError, match="already passed"):
        recommend(passing.view(0))
