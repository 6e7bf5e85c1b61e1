"""The coach's sentences (hearts_core.coach_words) say what the cards show, never what the search believes.

Issue 35: "The search finds your cards strong enough to try for the moon" was said of hands
with no high hearts; "the search finds that keeping ♠Q for later saves more" and "♦7 is the
one the search would rather not keep" named no reason at all; "No one else holds a heart
above ♥A, so it takes this trick" offered taking a trick as the aim.  Each sentence that
replaced them is tested on a position where it is said and one where it must not be, and
the last test reads every shipped puzzle's answers for them, checking what the words say
against the whole deal with no help from the facts.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from hearts_core import HandState, Suit, to_card
from hearts_core.bots import Appraisal
from hearts_core.cards import Card
from hearts_core.coach import position_seed, recommend
from hearts_core.coach_words import counted_claims, first_true, passed_claims, situation_claims
from hearts_core.facts import AllOutPassed, HeartsAboveGone, PassedAbove, Situation
from hearts_core.puzzles import load_puzzles
from tests.support import SUIT_PER_SEAT_DEAL, cited_puzzle
from tests.test_facts import (
    DISCARD_DEAL,
    DISCARD_PLAYS,
    DUCK_DEAL,
    DUCK_PLAYS,
    HIGH_DISCARD_DEAL,
    MOON_DEAL,
    MOON_PLAYS,
    NO_DUCK_DEAL,
    VOID_DEAL,
    VOID_PLAYS,
    played,
)

WORDS = Path(__file__).resolve().parents[1] / "hearts_core" / "coach_words.py"
CARD = r"[♣♦♠♥](?:10|[2-9JQKA])"


def said(deal: tuple[str, ...], plays: tuple[str, ...], card: str, *, seat: int = 0, take: float = 0.0,
         shooting: bool = False) -> str:
    """What the table shows about playing ``card`` there: the situation sentence a reason begins with."""
    position = Situation(played(deal, plays).view(seat))
    figures = Appraisal(to_card(card), 0.0, 0.0, take, 0.0, shooting, 1)
    chosen = first_true(position, situation_claims(position, figures))
    return chosen.text() if chosen is not None else ""


def test_no_pattern_of_the_coach_speaks_of_the_search() -> None:
    patterns = [argument.value for node in ast.walk(ast.parse(WORDS.read_text(encoding="utf-8")))
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("marked", "say", "say_n")
                for argument in node.args if isinstance(argument, ast.Constant) and isinstance(argument.value, str)]
    assert len(patterns) > 30
    assert not [pattern for pattern in patterns if "search" in pattern.lower()]


# ------------------------------------------------------------------ the moon


def test_a_moon_bid_is_said_with_the_hearts_that_make_it() -> None:
    text = said(MOON_DEAL, MOON_PLAYS, "♦A", shooting=True)
    assert text == ("No one else has taken a point yet and your ♥A, ♥K, ♥Q, ♥J, ♥10 and ♥9 are above every heart "
                    "the others hold: your cards are strong enough to try for the moon, so play ♦A and aim to take "
                    "every heart and ♠Q.")


def test_no_moon_is_said_of_a_hand_without_high_hearts() -> None:
    # Puzzle 2026-15-22: ♣J ♣K ♦Q ♠10 ♠K ♥7 ♥10 ♥K, and the search's line with ♠K is a moon
    # bid; "The search finds your cards strong enough to try for the moon" was said of it.
    puzzle = cited_puzzle("2026-15-22")
    assert next(item for item in puzzle.data["evaluation"]["cards"] if item["card"] == "♠K")["shooting"]
    for card in puzzle.view().legal_plays():
        assert "moon" not in puzzle.check(card).why
    # Nor once another seat has taken a point, whatever the hearts.
    hearts_to_cpu3 = (*DISCARD_PLAYS, "♥2", "♣5", "♣7")
    assert "moon" not in said(DISCARD_DEAL, hearts_to_cpu3, "♣A", seat=3, shooting=True)


# --------------------------------------------------------------- the lead


def test_a_sure_winner_is_led_while_no_void_has_shown() -> None:
    assert said(MOON_DEAL, MOON_PLAYS, "♦A") == (
        "No one else holds a diamond above ♦A, so it takes the trick whenever you lead it, and no one has shown a "
        "void in diamonds yet: lead it now, before the others run out of diamonds and can throw points on it.")


def test_after_a_void_shows_a_sure_winner_is_said_to_take_the_trick_and_its_points() -> None:
    text = said(VOID_DEAL, VOID_PLAYS, "♣K")
    assert text == ("No one else holds a club above ♣K, so it takes this trick, with any points played to it, "
                    "and you lead the next one.")
    assert "lead it now" not in text


def test_a_top_heart_is_never_urged_as_a_clean_trick() -> None:
    text = said(MOON_DEAL, MOON_PLAYS, "♥A")
    assert text.startswith("No one else holds a heart above ♥A, so it takes this trick, with any points")


# ----------------------------------------------------- keeping a lower card


def test_keeping_a_lower_card_is_said_to_duck_a_later_trick() -> None:
    assert said(DUCK_DEAL, DUCK_PLAYS, "♦K", take=0.8) == (
        "♦K is above ♦5 and will probably take this trick, so take it with ♦K and keep ♦3: the others hold more "
        "diamonds above ♦3 than can fall on this trick, so you can duck a later diamond trick.")


def test_keeping_a_lower_card_is_not_said_when_the_cards_above_it_may_all_fall_now() -> None:
    # Only ♦A is above ♦Q, and CPU1 or CPU2 may play it to this trick.
    text = said(NO_DUCK_DEAL, DUCK_PLAYS, "♦K", take=0.8)
    assert "keep" not in text and "search" not in text


# ------------------------------------------------------------ the discard


def test_a_discard_names_the_highest_card_that_could_win_later() -> None:
    # Your spades are ♠2 to ♠7 and ♠J; CPU1 holds ♠8, below ♠J.
    assert said(HIGH_DISCARD_DEAL, DISCARD_PLAYS, "♠J") == (
        "You have no clubs, so throw away ♠J, your highest spade: someone else holds a lower spade, so if you "
        "kept it, it could win a later spade trick.")


def test_a_discard_names_the_last_card_of_a_suit_and_not_a_highest_that_cannot_win() -> None:
    assert said(DISCARD_DEAL, DISCARD_PLAYS, "♦2") == (
        "You have no clubs, so throw away ♦2, your last diamond: with none left, you may throw away a card on "
        "diamond tricks too.")
    # ♠8 is the seat's highest spade, but no lower spade is out: it could never win a spade trick.
    assert said(DISCARD_DEAL, DISCARD_PLAYS, "♠8") == "You have no clubs, so you may throw away any card."


def test_any_card_is_not_promised_on_the_first_trick() -> None:
    # CPU3 has no clubs on trick one: its hearts may not be thrown, so not "any card".
    assert said(VOID_DEAL, VOID_PLAYS[:2], "♦9", seat=3) == (
        "You have no clubs, so you may throw away a card of another suit.")


# ----------------------------------------- the words read against the deal


def _cards(text: str) -> list[Card]:
    return [to_card(token) for token in re.findall(CARD, text)]


SUIT_WORDS = {"club": Suit.CLUBS, "diamond": Suit.DIAMONDS, "spade": Suit.SPADES, "heart": Suit.HEARTS,
              "clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "spades": Suit.SPADES, "hearts": Suit.HEARTS}


def _failed_to_follow(state: HandState, seat: int, suit: Suit) -> bool:
    plays = list(state.plays)
    return any(plays[start][1].suit is suit and who == seat and card.suit is not suit
               for start in range(0, len(plays), 4) for who, card in plays[start + 1:start + 4])


def _readings(state: HandState, seat: int, why: str) -> list[tuple[str, bool]]:
    """Each new sentence found in ``why``, and whether what it says is true of the whole deal."""
    hand = state.hand(seat)
    others = [card for other in range(4) if other != seat for card in state.hand(other)]
    found: list[tuple[str, bool]] = []
    moon = re.search(r"No one else has taken a point yet and your (.+?) are above every heart the others hold", why)
    if moon:
        hearts = _cards(moon.group(1))
        lowest = min(card.rank for card in hearts)
        found.append(("moon", all(state.points_taken[other] == 0 for other in range(4) if other != seat)
                      and all(card in hand and card.suit is Suit.HEARTS for card in hearts)
                      and not any(card.suit is Suit.HEARTS and card.rank > lowest for card in others)))
    lead = re.search(rf"No one else holds a (\w+) above ({CARD}), so it takes the trick whenever you lead it, and no "
                     r"one has shown a void in (\w+) yet", why)
    if lead:
        suit, card = SUIT_WORDS[lead.group(1)], to_card(lead.group(2))
        found.append(("lead", card.suit is suit is SUIT_WORDS[lead.group(3)] and card in hand
                      and not any(other.suit is suit and other.rank > card.rank for other in others)
                      and not any(_failed_to_follow(state, other, suit) for other in range(4) if other != seat)))
    keep = re.search(r"keep (.+?): the others hold more (\w+) above (.+?) than can fall on this trick", why)
    if keep:
        kept, suit = _cards(keep.group(1)), SUIT_WORDS[keep.group(2)]
        top = max(card.rank for card in kept)
        found.append(("keep", _cards(keep.group(3)) == kept and all(card in hand and card.suit is suit for card in kept)
                      and sum(1 for card in others if card.suit is suit and card.rank > top)
                      > 3 - len(state.current_trick)))
    highest = re.search(rf"throw away ({CARD}), your highest (\w+): someone else holds a lower (\w+)", why)
    if highest:
        card = to_card(highest.group(1))
        found.append(("highest", card in hand and card.suit is SUIT_WORDS[highest.group(2)]
                      and not any(mine.suit is card.suit and mine.rank > card.rank for mine in hand)
                      and any(other.suit is card.suit and other.rank < card.rank for other in others)))
    last = re.search(rf"throw away ({CARD}), your last (\w+):", why)
    if last:
        card = to_card(last.group(1))
        found.append(("last", card.suit is SUIT_WORDS[last.group(2)]
                      and [mine for mine in hand if mine.suit is card.suit] == [card]))
    if "so you may throw away any card." in why:
        found.append(("any card", set(state.legal_plays()) == set(hand)))
    return found


@pytest.mark.parametrize("planted", [
    "No one else has taken a point yet and your ♥2, ♥3 and ♥4 are above every heart the others hold",
    "No one else holds a diamond above ♦2, so it takes the trick whenever you lead it, and no one has shown a "
    "void in diamonds yet",
    "keep ♦2: the others hold more diamonds above ♦2 than can fall on this trick",
    "throw away ♦2, your highest diamond: someone else holds a lower diamond",
    "throw away ♦A, your last diamond:",
    "You have no clubs, so you may throw away any card.",
])
def test_the_reading_finds_a_false_sentence(planted: str) -> None:
    # At the start of the suit-per-seat deal: your ♣2 and twelve diamonds, CPU1 ♦9, on trick one.
    state = HandState.new(SUIT_PER_SEAT_DEAL, "hold")
    readings = _readings(state, 0, planted)
    assert readings and not any(true for _, true in readings), planted


def test_every_new_sentence_in_every_puzzle_answer_is_true_of_the_deal() -> None:
    counts: dict[str, int] = {}
    for puzzle in load_puzzles():
        state = puzzle.state()
        for card in puzzle.view().legal_plays():
            why = puzzle.check(card).why
            assert "search finds" not in why and "search would" not in why, (puzzle.id, why)
            for name, true in _readings(state, puzzle.seat, why):
                counts[name] = counts.get(name, 0) + 1
                assert true, (puzzle.id, str(card), why)
    # The shipped answers say them (the moon bid, on a strong hand only, and "any card", which a discard now says
    # only when nothing more telling is true, are tested above on built positions).
    assert all(counts.get(name, 0) > 0 for name in ("lead", "keep", "highest", "last")), counts


def test_the_coach_names_who_alone_can_beat_its_card_with_the_cards_you_passed() -> None:
    """Lesson 19's sentence in a match's advice too: the seat passed ♠K and ♠A right, to CPU3, the only spades out."""
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    view = puzzles["2026-485-36"].view()
    advice = recommend(view, seed=position_seed(view))
    words = ("CPU3 must beat ♠9: the 2 cards of its suit still out, ♠K and ♠A, are all ones you passed to them, so "
             "they have to play one.")
    assert advice.card == to_card("♠9") and words in advice.reason
    spades = (to_card("♠K"), to_card("♠A"))
    assert {PassedAbove(3, to_card("♠9"), spades), AllOutPassed(3, Suit.SPADES, spades)} <= set(advice.facts)
    # Where lower clubs are out as well, CPU3 may duck under ♣K: only that it alone can beat it is said.
    view = puzzles["2026-505-24"].view()
    advice = recommend(view, seed=position_seed(view))
    assert advice.card == to_card("♣K") and "must beat" not in advice.reason
    assert "Only CPU3 can beat ♣K: the one higher card of its suit still out, ♣A, is one you passed to them." in (
        advice.reason)


def test_the_passed_card_fact_holds_only_of_the_receiver_still_to_play_and_every_card_above() -> None:
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    position = Situation(puzzles["2026-485-36"].view())
    nine, king, ace = to_card("♠9"), to_card("♠K"), to_card("♠A")
    assert PassedAbove(3, nine, (king, ace)).holds(position)
    assert not PassedAbove(1, nine, (king, ace)).holds(position)  # CPU1 received nothing from the seat
    assert not PassedAbove(3, nine, (ace,)).holds(position)  # ♠K is above ♠9 too
    assert not PassedAbove(3, to_card("♣8"), ()).holds(position)  # ♣9 is out above ♣8, and not passed
    assert AllOutPassed(3, Suit.SPADES, (king, ace)).holds(position)
    assert not AllOutPassed(3, Suit.CLUBS, ()).holds(position)  # ♣6, ♣7 and ♣9 are out, none passed
    # CPU2 has played ♠10 to this trick already: it cannot beat ♠J now, though it holds the passed cards above it.
    later = Situation(puzzles["2026-234-22"].view())
    above = tuple(later.unseen_above(to_card("♠J")))
    assert above and not PassedAbove(2, to_card("♠J"), above).holds(later)
    # ♥10 under CPU3's ♥K is beaten already, whoever holds the hearts above it.
    beaten = Situation(cited_puzzle("2026-200020-37").view())
    assert not PassedAbove(1, to_card("♥10"), tuple(beaten.unseen_above(to_card("♥10")))).holds(beaten)
    # A hold hand passes nothing: no card of it is ever said to be beaten only with a passed card.
    held = next(puzzle for puzzle in load_puzzles() if puzzle.view().passed is None).view()
    assert not any(first_true(Situation(held), passed_claims(Situation(held), card)) for card in held.hand)


COUNTED = ("The 2 hearts above ♥Q, ♥K and ♥A, have all been played, so ♥Q is now the highest heart left, yours "
           "included: it would take any heart trick it is played to.")


def test_the_coach_counts_the_hearts_above_a_heart_that_is_now_the_highest_left() -> None:
    """Lesson 20's sentence in a match's advice too: ♥K and ♥A have gone, in tricks 6 and 8, so the ♥Q the seat
    throws on a diamond lead is the highest heart left."""
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    view = puzzles["2026-311-33"].view()
    advice = recommend(view, seed=position_seed(view))
    assert advice.card == to_card("♥Q") and COUNTED in advice.reason
    assert HeartsAboveGone(to_card("♥Q"), (to_card("♥K"), to_card("♥A"))) in advice.facts


def test_the_hearts_count_is_said_only_of_a_heart_with_every_higher_heart_played() -> None:
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    position = Situation(puzzles["2026-311-33"].view())
    queen, king, ace = to_card("♥Q"), to_card("♥K"), to_card("♥A")
    assert HeartsAboveGone(queen, (king, ace)).holds(position)
    assert not HeartsAboveGone(queen, (ace,)).holds(position)  # ♥K is above ♥Q too
    assert not HeartsAboveGone(queen, (king, ace), beaten=True).holds(position)  # a diamond trick beats no heart
    # ♥Q and ♥K have gone, but the seat's own ♥A is above its ♥J: "left" counts the seat's hand, so nothing is said.
    held = Situation(puzzles["2026-37-32"].view())
    jack = to_card("♥J")
    assert not HeartsAboveGone(jack, (to_card("♥Q"), to_card("♥K"), ace)).holds(held)
    assert not any(first_true(held, counted_claims(held, card)) for card in held.view.hand)
    # Under CPU3's ♥A in this heart trick, ♥Q takes only later heart tricks, and the words say so.
    under = Situation(puzzles["2026-463-27"].view())
    said = first_true(under, counted_claims(under, queen))
    later = COUNTED.replace("it would take", "once this trick is over, it would take")
    assert said is not None and said.text() == later
