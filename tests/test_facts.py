"""The facts the coach's sentences rest on (hearts_core.facts): each one true where it should be, false where not.

The positions are whole scripted deals, so each fact can be read against every seat's cards.
The older facts are re-derived from seeded deals by the claims audit (tests/test_coach_claims.py);
the ones here were added for issue 35's sentences about the position rather than the search.
"""

from __future__ import annotations

from hearts_core import HandState
from hearts_core.cards import Suit
from hearts_core.facts import (
    AnyCardLegal,
    CanDuckLater,
    CanWinLater,
    LastOfSuit,
    NoVoidShown,
    OthersTookNoPoints,
    Situation,
    TopHearts,
)
from tests.support import SUIT_PER_SEAT_DEAL, TWO_CLUB_DEAL, cards

# You hold six hearts above all of the others' and win the first trick with ♣A: nobody has points.
MOON_DEAL = (
    "♣A ♦A ♦K ♦Q ♠A ♠K ♠Q ♥A ♥K ♥Q ♥J ♥10 ♥9",
    "♣2 ♣3 ♣4 ♣5 ♣6 ♦2 ♦3 ♦4 ♠2 ♠3 ♥2 ♥3 ♥4",
    "♣7 ♣8 ♣9 ♣10 ♦5 ♦6 ♦7 ♦8 ♠4 ♠5 ♠6 ♥5 ♥6",
    "♣J ♣Q ♣K ♦9 ♦10 ♦J ♠7 ♠8 ♠9 ♠10 ♠J ♥7 ♥8",
)
MOON_PLAYS = ("♣2", "♣7", "♣J", "♣A")
# CPU3 has no clubs and throws ♦9 on the first trick, which your ♣A takes; you lead next.
VOID_DEAL = (
    "♣A ♣K ♦A ♦K ♦Q ♠A ♠K ♠Q ♥A ♥K ♥Q ♥J ♥10",
    "♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♦2 ♦3 ♦4 ♠2 ♠3 ♥2 ♥3",
    "♣8 ♣9 ♣10 ♣J ♣Q ♦5 ♦6 ♦7 ♦8 ♠4 ♠5 ♥4 ♥5",
    "♦9 ♦10 ♦J ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♥6 ♥7 ♥8 ♥9",
)
VOID_PLAYS = ("♣2", "♣8", "♦9", "♣A")
# CPU3 takes the first trick and leads ♦5; you hold ♦K and ♦3, nine diamonds above ♦3 are out.
DUCK_DEAL = (
    "♣2 ♦K ♦3 ♠2 ♠3 ♠4 ♠5 ♠6 ♥2 ♥3 ♥4 ♥5 ♥6",
    "♣3 ♣5 ♣6 ♣7 ♦2 ♦4 ♦6 ♠7 ♠8 ♠9 ♥7 ♥8 ♥9",
    "♣4 ♣8 ♣9 ♣10 ♦7 ♦8 ♦9 ♠10 ♠J ♠Q ♥10 ♥J ♥Q",
    "♣A ♣J ♣Q ♣K ♦5 ♦10 ♦J ♦Q ♦A ♠K ♠A ♥K ♥A",
)
# The same, but you hold ♦K ♦Q: only ♦A is above ♦Q, and two players still play to the trick.
NO_DUCK_DEAL = (
    "♣2 ♦K ♦Q ♠2 ♠3 ♠4 ♠5 ♠6 ♥2 ♥3 ♥4 ♥5 ♥6",
    DUCK_DEAL[1],
    DUCK_DEAL[2],
    "♣A ♣J ♣Q ♣K ♦5 ♦10 ♦J ♦3 ♦A ♠K ♠A ♥K ♥A",
)
DUCK_PLAYS = ("♣2", "♣3", "♣4", "♣A", "♦5")
# CPU3 takes the first trick and leads ♣K; you have no clubs left, one diamond (♦2) and spades ♠2 to ♠8.
DISCARD_DEAL = (
    "♣2 ♦2 ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♥2 ♥3 ♥4 ♥5",
    "♣3 ♣5 ♣6 ♦3 ♦4 ♦5 ♦6 ♠9 ♠10 ♠J ♥6 ♥7 ♥8",
    "♣4 ♣7 ♣8 ♣9 ♦7 ♦8 ♦9 ♦10 ♠Q ♥9 ♥10 ♥J ♥Q",
    "♣A ♣K ♣Q ♣J ♣10 ♦J ♦Q ♦K ♦A ♠K ♠A ♥K ♥A",
)
DISCARD_PLAYS = ("♣2", "♣3", "♣4", "♣A", "♣K")
# The same, but your ♠8 is CPU1's and its ♠J yours.
HIGH_DISCARD_DEAL = (
    "♣2 ♦2 ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠J ♥2 ♥3 ♥4 ♥5",
    "♣3 ♣5 ♣6 ♦3 ♦4 ♦5 ♦6 ♠8 ♠9 ♠10 ♥6 ♥7 ♥8",
    DISCARD_DEAL[2],
    DISCARD_DEAL[3],
)


def situation(deal: tuple[str, ...], plays: tuple[str, ...], seat: int = 0) -> Situation:
    """The position ``seat`` sees once ``plays`` are made in the (held) deal."""
    return Situation(played(deal, plays).view(seat))


def played(deal: tuple[str, ...], plays: tuple[str, ...]) -> HandState:
    state = HandState.new(deal, "hold")
    for card in plays:
        state.play(card)
    return state


def test_every_card_may_be_thrown_away_only_when_the_rules_refuse_none() -> None:
    assert AnyCardLegal().holds(situation(DISCARD_DEAL, DISCARD_PLAYS))
    # On the first trick, with no clubs, CPU2 may not throw ♠Q while it holds other spades.
    assert not AnyCardLegal().holds(situation(TWO_CLUB_DEAL, ("♣2", "♣4"), seat=2))


def test_the_last_card_of_a_suit_is_the_only_one_held() -> None:
    position = situation(DISCARD_DEAL, DISCARD_PLAYS)
    assert LastOfSuit(cards("♦2")[0]).holds(position)
    assert not LastOfSuit(cards("♠8")[0]).holds(position)  # six more spades
    assert not LastOfSuit(cards("♦K")[0]).holds(position)  # not the seat's


def test_a_card_could_win_later_when_it_is_the_seats_highest_and_a_lower_one_is_out() -> None:
    # You hold every diamond but ♦9, which CPU1 holds: ♦A could win a diamond trick, ♦K never before ♦A.
    position = situation(SUIT_PER_SEAT_DEAL, ("♣2", "♣3", "♥2", "♠2", "♣4"))
    assert CanWinLater(cards("♦A")[0]).holds(position)
    assert not CanWinLater(cards("♦K")[0]).holds(position)
    # ♠8 is the highest of ♠2..♠8, but every spade out is higher; with ♠J instead, CPU1's ♠8 is lower.
    assert not CanWinLater(cards("♠8")[0]).holds(situation(DISCARD_DEAL, DISCARD_PLAYS))
    assert CanWinLater(cards("♠J")[0]).holds(situation(HIGH_DISCARD_DEAL, DISCARD_PLAYS))


def test_a_card_can_duck_later_when_more_higher_ones_are_out_than_can_fall_now() -> None:
    assert CanDuckLater(cards("♦3")).holds(situation(DUCK_DEAL, DUCK_PLAYS))
    # Only ♦A is above ♦Q, and CPU1 or CPU2 may play it to this very trick.
    assert not CanDuckLater(cards("♦Q")).holds(situation(NO_DUCK_DEAL, DUCK_PLAYS))
    assert not CanDuckLater(()).holds(situation(DUCK_DEAL, DUCK_PLAYS))


def test_no_void_is_shown_until_someone_fails_to_follow() -> None:
    assert NoVoidShown(Suit.DIAMONDS).holds(situation(MOON_DEAL, MOON_PLAYS))
    assert not NoVoidShown(Suit.CLUBS).holds(situation(VOID_DEAL, VOID_PLAYS))  # CPU3 threw ♦9 on clubs
    assert NoVoidShown(Suit.DIAMONDS).holds(situation(VOID_DEAL, VOID_PLAYS))


def test_top_hearts_are_at_least_three_above_every_heart_out() -> None:
    position = situation(MOON_DEAL, MOON_PLAYS)
    assert TopHearts(cards("♥A ♥K ♥Q ♥J ♥10 ♥9")).holds(position)
    assert TopHearts(cards("♥A ♥K ♥Q")).holds(position)
    assert not TopHearts(cards("♥A ♥K")).holds(position)  # too few to call a hand strong
    # ♥2..♥6: hearts above them are out.
    assert not TopHearts(cards("♥6 ♥5 ♥4")).holds(situation(DUCK_DEAL, DUCK_PLAYS))


def test_others_took_no_points_until_a_heart_goes_to_another_seat() -> None:
    assert OthersTookNoPoints().holds(situation(MOON_DEAL, MOON_PLAYS))
    # CPU3's ♣K takes the heart you throw on it.
    assert not OthersTookNoPoints().holds(situation(DISCARD_DEAL, (*DISCARD_PLAYS, "♥2", "♣5", "♣7")))
