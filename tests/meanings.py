"""A second checker of the coach's and the puzzles' words: what each sentence *says*, checked against the cards.

Design choices:

* Written from ``docs/meanings.md`` (each sentence pattern's written meaning: what a reader
  takes it to assert about the whole deal and the play so far), never from the facts that
  license the sentences.  It shares no code with :mod:`hearts_core.facts` or
  :mod:`hearts_core.coach_words` and imports neither (``tests/test_meanings.py`` asserts that
  with :mod:`ast`): a sentence whose fact is narrower than its words is caught here, where a
  re-derivation of the same fact would agree with it.
* Each pattern is recognised by its own regular expression over the rendered English text,
  one sentence at a time, and its meaning checked by counting cards in the real deal: who
  holds what now, what has been played (and to which trick), who is still to play to this
  trick, who has shown a void by play.  Only the rules engine's state and card types are used.
* Words that say "may" or "could" are read as a reader reads them: a possibility the seat
  can see (a higher card it does not hold and nobody has played, a seat that has not shown a
  void); words that say "takes", "holds", "is" are read as certainties of the deal.
* A sentence no pattern recognises is reported as such, not as false: the tests count how
  many they recognise, so a new pattern without a written meaning shows up there.

Kept whole: it is one catalogue, a pattern and its meaning after another, grouped as docs/meanings.md
groups them, read by finding a pattern's name; split, a reader would look for a meaning in two places.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from hearts_core.cards import Card, Suit, to_card
from hearts_core.state import HandState

SEATS: Final = 4
QUEEN: Final = 12
KING: Final = 13
SPADE_QUEEN: Final = to_card("QS")
MOON_TOTAL: Final = 26

CARD: Final = r"[♠♥♦♣](?:10|[2-9JQKA])"
CARDS: Final = rf"{CARD}(?:(?:, | and ){CARD})*"
SEAT: Final = r"You|CPU[123]"
SEATS_LIST: Final = rf"(?:{SEAT})(?:(?:, | and )(?:{SEAT}))*"
SUIT_WORDS: Final = {"club": Suit.CLUBS, "diamond": Suit.DIAMONDS, "spade": Suit.SPADES, "heart": Suit.HEARTS}
SUIT: Final = r"club|diamond|spade|heart"
POINTS: Final = r"no points|1 point|\d+ points"
ABOUT: Final = r"less than a point|about 1 point|about \d+ points"


def card_value(card: Card) -> int:
    """A card's points under the table rules, written out here."""
    return 13 if card == SPADE_QUEEN else 1 if card.suit is Suit.HEARTS else 0


def cards_in(text: str) -> tuple[Card, ...]:
    return tuple(to_card(item) for item in re.findall(CARD, text))


def points_in(text: str) -> int:
    return 0 if text == "no points" else int(text.split(maxsplit=1)[0])


def about_in(text: str) -> int:
    """The figure an "about N points" phrase rounds to (0 for "less than a point")."""
    return 0 if text == "less than a point" else int(text.split()[1])


class Position:
    """A seat to move in a real deal, read as a reader of the words would check them."""

    def __init__(self, state: HandState, seat: int, later: HandState | None = None,
                 passing: tuple[Card, ...] = (), left_out: int = 0, totals: tuple[int, ...] | None = None) -> None:
        self.state = state
        self.totals = totals
        """The match totals before this hand, when the words are a match puzzle's (seat by seat, as the deal)."""
        self.seat = seat
        self.left_out = left_out
        """Plays the text says it left out unchecked ("3 earlier plays could not be checked..."): a summary's
        count of plays with a choice is read with them added back."""
        self.passing = frozenset(passing)
        """The three cards the seat passes, when the words are a pass's reason (the hand is then the dealt one)."""
        self.later = later
        """The hand as it was played on from here, when the words speak of what happened (a review)."""
        self.hand = frozenset(state.hand(seat))
        self.trick = tuple(state.current_trick)
        leader = state.trick_leader
        self.leader = seat if leader is None else leader
        self.trick_seats = tuple((self.leader + step) % SEATS for step in range(len(self.trick)))
        self.after = tuple((seat + step) % SEATS for step in range(1, SEATS - len(self.trick)))
        self.finished = tuple(card for done in state.tricks for card in done.cards)
        self.played = frozenset(card for _, card in state.plays)

    def named(self, name: str) -> int:
        """The seat a name means, as the seat sees the table ("You" itself, "CPU1" the next to play)."""
        return self.seat if name == "You" else (self.seat + int(name[-1])) % SEATS

    def others_hold(self, card: Card) -> bool:
        return any(card in self.state.hand(other) for other in range(SEATS) if other != self.seat)

    def others_above(self, card: Card) -> list[Card]:
        """Cards of ``card``'s suit above it in the other seats' hands now."""
        return [item for other in range(SEATS) if other != self.seat for item in self.state.hand(other)
                if item.suit is card.suit and item.rank > card.rank]

    def winning(self) -> tuple[int, Card] | None:
        if not self.trick:
            return None
        led = self.trick[0].suit
        best = max((card for card in self.trick if card.suit is led), key=lambda card: card.rank)
        return self.trick_seats[self.trick.index(best)], best

    def trick_points(self) -> int:
        return sum(card_value(card) for card in self.trick)

    def leads(self) -> bool:
        return not self.trick and self.state.to_move == self.seat

    def plays_last(self) -> bool:
        return len(self.trick) == SEATS - 1

    def void(self, suit: Suit) -> bool:
        return all(card.suit is not suit for card in self.hand)

    def shown_void(self, who: int, suit: Suit) -> bool:
        """Whether ``who`` has played off ``suit`` to a trick led in it (this trick included)."""
        plays = list(self.state.plays)
        return any(plays[start][1].suit is suit and later == who and card.suit is not suit
                   for start in range(0, len(plays), SEATS) for later, card in plays[start + 1:start + SEATS])

    def surely_takes(self, card: Card) -> bool:
        """Playing ``card`` now wins this trick whatever the seats still to play hold."""
        winning = self.winning()
        if card not in self.hand:
            return False
        if winning is None:
            return not self.others_above(card)
        top = winning[1]
        if card.suit is not top.suit or card.rank < top.rank:
            return False
        return not any(item.suit is card.suit and item.rank > card.rank
                       for other in self.after for item in self.state.hand(other))

    def may_be_overtaken(self, card: Card) -> bool:
        """As the seat can see it: a seat still to play has not shown a void, and a higher card is not in sight."""
        return bool(self.after) and bool(self.others_above(card)) and any(
            not self.shown_void(other, card.suit) for other in self.after)

    def follows_under(self, card: Card, top: Card) -> bool:
        winning = self.winning()
        return (winning is not None and winning[1] == top and card in self.hand and card.suit is top.suit
                and card.rank < top.rank)

    def follows_over(self, card: Card, top: Card) -> bool:
        winning = self.winning()
        return (winning is not None and winning[1] == top and card in self.hand and card.suit is top.suit
                and card.rank > top.rank)

    def alone_with_points(self, who: int) -> bool:
        taken = self.state.points_taken
        return taken[who] > 0 and all(taken[other] == 0 for other in range(SEATS) if other != who)

    def points_to_come(self) -> int:
        return sum(card_value(card) for other in range(SEATS) for card in self.state.hand(other)) + self.trick_points()

    def possible_end(self, figure: int) -> bool:
        """A score the seat can still end the hand with, rounded to ``figure`` ("less than a point" is 0).

        The least is what it has taken, or 0 while nobody else has a point (it may still shoot the
        moon); the most is that plus every point still to come, or 26 while it has none and one
        other seat alone has points, or nobody has (another seat may still shoot the moon).
        """
        taken = self.state.points_taken
        mine = taken[self.seat]
        others = [taken[other] for other in range(SEATS) if other != self.seat]
        least = 0 if not any(others) else mine
        most = mine + self.points_to_come()
        if mine == 0 and sum(1 for points in others if points) <= 1:
            most = MOON_TOTAL
        return figure - 0.5 <= most and figure + (1 if figure == 0 else 0.5) >= least


Check = Callable[[Position, "re.Match[str]"], bool]


@dataclass(frozen=True)
class Meaning:
    """One sentence pattern: its name (as in docs/meanings.md), its regex, and its meaning checked on the cards."""

    name: str
    regex: re.Pattern[str]
    holds: Check


MEANINGS: list[Meaning] = []
_C = TypeVar("_C", bound=Callable[..., bool])


def registrar(into: list[Any], kind: Callable[[str, re.Pattern[str], Any], Any],
              name: str, pattern: str) -> Callable[[_C], _C]:
    """A decorator that files its check, under ``name`` and ``pattern``, as a ``kind`` in ``into``."""
    def register(check: _C) -> _C:
        into.append(kind(name, re.compile(pattern), check))
        return check
    return register


def meaning(name: str, pattern: str) -> Callable[[Check], Check]:
    return registrar(MEANINGS, Meaning, name, pattern)


def g(match: re.Match[str], name: str) -> str:
    return match.group(name)


def c(match: re.Match[str], name: str) -> Card:
    return to_card(match.group(name))


# ------------------------------------------------------------ verdicts and the only card


@meaning("only legal", rf"(?P<card>{CARD}) is your only legal card, so play it\.")
def _only(position: Position, match: re.Match[str]) -> bool:
    return position.state.legal_plays() == (c(match, "card"),)


@meaning("verdict right", rf"Right: (?P<card>{CARD})\.")
def _right(position: Position, match: re.Match[str]) -> bool:
    return c(match, "card") in position.state.legal_plays()


@meaning("verdict not this time", rf"Not this time: (?P<card>{CARD}) was the card\.")
def _not_this_time(position: Position, match: re.Match[str]) -> bool:
    return c(match, "card") in position.state.legal_plays()


@meaning("verdict sound play", rf"Right: (?P<card>{CARD}) is a sound play here\.")
def _sound_play(position: Position, match: re.Match[str]) -> bool:
    return c(match, "card") in position.state.legal_plays()


# ------------------------------------------------------------ figures


def _legal(position: Position, *cards: Card) -> bool:
    return all(card in position.state.legal_plays() for card in cards)


@meaning("figure next best", rf"With (?P<card>{CARD}) you should end the hand with (?P<points>{ABOUT}); "
                             rf"(?P<other>{CARD}), the next best, would cost you (?P<gain>{ABOUT}) more\.")
def _next_best(position: Position, match: re.Match[str]) -> bool:
    return (_legal(position, c(match, "card"), c(match, "other")) and c(match, "card") != c(match, "other")
            and position.possible_end(about_in(g(match, "points"))) and about_in(g(match, "gain")) <= MOON_TOTAL)


@meaning("figure would save", rf"With (?P<card>{CARD}) you should end the hand with (?P<points>{ABOUT}); "
                              rf"(?P<other>{CARD}) would save you (?P<gain>{ABOUT})\.")
def _would_save(position: Position, match: re.Match[str]) -> bool:
    return _next_best(position, match)


@meaning("figure would cost more", rf"With (?P<card>{CARD}) you should end the hand with (?P<points>{ABOUT}); "
                                   rf"(?P<other>{CARD}) would cost you (?P<gain>{ABOUT}) more\.")
def _cost_more(position: Position, match: re.Match[str]) -> bool:
    return _next_best(position, match)


@meaning("figure about as good, either", rf"(?P<card>{CARD}) and (?P<other>{CARD}) are about as good: with either you "
                                         rf"should end the hand with (?P<points>{ABOUT})\.")
def _as_good_either(position: Position, match: re.Match[str]) -> bool:
    return (_legal(position, c(match, "card"), c(match, "other")) and c(match, "card") != c(match, "other")
            and position.possible_end(about_in(g(match, "points"))))


@meaning("figure about as good, both", rf"(?P<other>{CARD}) is about as good: with (?P<card>{CARD}) you should end "
                                       rf"the hand with (?P<points>{ABOUT}), with (?P=other) (?P<more>{ABOUT})\.")
def _as_good_both(position: Position, match: re.Match[str]) -> bool:
    return (_legal(position, c(match, "card"), c(match, "other")) and c(match, "card") != c(match, "other")
            and position.possible_end(about_in(g(match, "points")))
            and position.possible_end(about_in(g(match, "more"))))


@meaning("figure relative", rf"(?P<card>{CARD}) should cost you (?P<extra>{ABOUT}) more than (?P<other>{CARD}) by the "
                            rf"end of the hand, but it leaves the others with more: against their average you come out "
                            rf"(?P<gain>{ABOUT}) better\.")
def _relative(position: Position, match: re.Match[str]) -> bool:
    return (_legal(position, c(match, "card"), c(match, "other")) and c(match, "card") != c(match, "other")
            and about_in(g(match, "extra")) <= MOON_TOTAL and about_in(g(match, "gain")) <= MOON_TOTAL)


@meaning("figure same cost", rf"(?P<card>{CARD}) and (?P<other>{CARD}) should cost you about the same, but (?P=card) "
                             rf"leaves the others with more: against their average you come out (?P<gain>{ABOUT}) "
                             rf"better\.")
def _same_cost(position: Position, match: re.Match[str]) -> bool:
    return (_legal(position, c(match, "card"), c(match, "other")) and c(match, "card") != c(match, "other")
            and about_in(g(match, "gain")) <= MOON_TOTAL)


@meaning("figure tie, both", rf"(?P<card>{CARD}) and (?P<other>{CARD}) are about equally good: with (?P=card) you "
                             rf"should end the hand with (?P<points>{ABOUT}) and with (?P=other) (?P<more>{ABOUT}), "
                             rf"but the difference is smaller than the deals played out can tell apart\.")
def _tie_both(position: Position, match: re.Match[str]) -> bool:
    return _as_good_both(position, match)


@meaning("figure tie, either", rf"(?P<card>{CARD}) and (?P<other>{CARD}) are about equally good: with either you "
                               rf"should end the hand with (?P<points>{ABOUT}), and the difference is smaller than "
                               rf"the deals played out can tell apart\.")
def _tie_either(position: Position, match: re.Match[str]) -> bool:
    return (_legal(position, c(match, "card"), c(match, "other")) and c(match, "card") != c(match, "other")
            and position.possible_end(about_in(g(match, "points"))))


# ------------------------------------------------------------ where the two cards part
# The counts are of the deals played out and are recounted by the claims audit
# (tests/test_coach_claims.py, PartsAt); a reader can check the cards: both are the seat's to
# play now, the count is a part of the deals, and the trick named is one still to come.


def _counted(match: re.Match[str]) -> bool:
    return 1 <= int(g(match, "count")) <= int(g(match, "deals"))


def _later_trick(position: Position, match: re.Match[str]) -> bool:
    now = len(position.finished) // SEATS + 1
    return now < int(g(match, "trick")) <= 13


@meaning("parts at this trick", rf"Play (?P<best>{CARD}) rather than (?P<runner>{CARD}): in (?P<count>\d+) of "
                                rf"(?P<deals>\d+) deals played out, (?P=runner) takes this trick and its points, which "
                                rf"playing (?P=best) now avoids\.")
def _parts_now(position: Position, match: re.Match[str]) -> bool:
    best, runner = c(match, "best"), c(match, "runner")
    winning = position.winning()
    runner_can_take = winning is None or (runner.suit is winning[1].suit and runner.rank > winning[1].rank)
    return (_legal(position, best, runner) and best != runner and _counted(match) and runner_can_take
            and not position.surely_takes(best))


@meaning("keep the lower card for later",
         rf"Play (?P<best>{CARD}) now and keep (?P<runner>{CARD}) for later: in (?P<count>\d+) of (?P<deals>\d+) "
         rf"deals played out, playing (?P=runner) now leaves (?P=best) to take trick (?P<trick>\d+) and its points, "
         rf"which playing (?P=best) now avoids\.")
def _keep_lower(position: Position, match: re.Match[str]) -> bool:
    best, runner = c(match, "best"), c(match, "runner")
    return (_legal(position, best, runner) and runner.suit is best.suit and runner.rank < best.rank
            and _counted(match) and _later_trick(position, match))


@meaning("another card takes later", rf"Play (?P<best>{CARD}) rather than (?P<runner>{CARD}): in (?P<count>\d+) of "
                                     rf"(?P<deals>\d+) deals played out, playing (?P=runner) now leaves your "
                                     rf"(?P<taker>{CARD}) to take trick (?P<trick>\d+) and its points, which playing "
                                     rf"(?P=best) now avoids\.")
def _another_takes(position: Position, match: re.Match[str]) -> bool:
    best, runner, taker = c(match, "best"), c(match, "runner"), c(match, "taker")
    return (_legal(position, best, runner) and best != runner and taker in position.hand and taker != runner
            and _counted(match) and _later_trick(position, match))


def _later_to_come(position: Position) -> bool:
    """A trick after the one in progress is still to come: the seat holds more than the card it plays now."""
    return len(position.hand) >= 2


@meaning("keep the lower card, a later trick",
         rf"Play (?P<best>{CARD}) now and keep (?P<runner>{CARD}) for later: in (?P<count>\d+) of (?P<deals>\d+) "
         rf"deals played out, playing (?P=runner) now leaves (?P=best) to take a later trick and its points, which "
         rf"playing (?P=best) now avoids\.")
def _keep_lower_later(position: Position, match: re.Match[str]) -> bool:
    best, runner = c(match, "best"), c(match, "runner")
    return (_legal(position, best, runner) and runner.suit is best.suit and runner.rank < best.rank
            and _counted(match) and _later_to_come(position))


@meaning("another card takes a later trick",
         rf"Play (?P<best>{CARD}) rather than (?P<runner>{CARD}): in (?P<count>\d+) of (?P<deals>\d+) deals played "
         rf"out, playing (?P=runner) now leaves your (?P<taker>{CARD}) to take a later trick and its points, which "
         rf"playing (?P=best) now avoids\.")
def _another_takes_later(position: Position, match: re.Match[str]) -> bool:
    best, runner, taker = c(match, "best"), c(match, "runner"), c(match, "taker")
    return (_legal(position, best, runner) and best != runner and taker in position.hand and taker != runner
            and _counted(match) and _later_to_come(position))


@meaning("no one trick", rf"No one trick separates (?P<best>{CARD}) from (?P<other>{CARD}): in (?P<worse>\d+) of "
                         rf"(?P<deals>\d+) deals played out, (?P=other) leaves you with more points by the end of the "
                         rf"hand \(and with fewer in (?P<fewer>\d+)\), but the points it costs come at different "
                         rf"tricks in different deals\.")
def _no_one_trick(position: Position, match: re.Match[str]) -> bool:
    best, other = c(match, "best"), c(match, "other")
    worse, fewer, deals = int(g(match, "worse")), int(g(match, "fewer")), int(g(match, "deals"))
    return (_legal(position, best, other) and best != other and fewer < worse and worse + fewer <= deals
            and _later_to_come(position))


@meaning("costlier by a trick", rf"Play (?P<best>{CARD}) rather than (?P<runner>{CARD}): in (?P<count>\d+) of "
                                rf"(?P<deals>\d+) deals played out, playing (?P=runner) now has cost you more points "
                                rf"than playing (?P=best) by the end of trick (?P<trick>\d+), which your "
                                rf"(?P<taker>{CARD}) takes\.")
def _costlier_by(position: Position, match: re.Match[str]) -> bool:
    best, runner, taker = c(match, "best"), c(match, "runner"), c(match, "taker")
    now = len(position.finished) // SEATS + 1
    trick = int(g(match, "trick"))
    return (_legal(position, best, runner) and best != runner and taker in position.hand and _counted(match)
            and (now < trick <= 13 or (trick == now and taker == runner)))


@meaning("the moon, yours", rf"The moon separates (?P<best>{CARD}) from (?P<other>{CARD}): in the deals played out, "
                            rf"you shoot it in (?P<count>\d+) of (?P<deals>\d+) after (?P=best) and in "
                            rf"(?P<other_count>\d+) after (?P=other)\.")
def _moon_yours(position: Position, match: re.Match[str]) -> bool:
    best, other = c(match, "best"), c(match, "other")
    taken = position.state.points_taken
    return (_legal(position, best, other) and best != other
            and int(g(match, "other_count")) < int(g(match, "count")) <= int(g(match, "deals"))
            and all(taken[seat] == 0 for seat in range(SEATS) if seat != position.seat))


@meaning("the moon, another's", rf"The moon separates (?P<best>{CARD}) from (?P<other>{CARD}): in the deals played "
                                rf"out, another player shoots it in (?P<count>\d+) of (?P<deals>\d+) after (?P=other) "
                                rf"and in (?P<best_count>\d+) after (?P=best)\.")
def _moon_another(position: Position, match: re.Match[str]) -> bool:
    best, other = c(match, "best"), c(match, "other")
    taken = position.state.points_taken
    return (_legal(position, best, other) and best != other
            and int(g(match, "best_count")) < int(g(match, "count")) <= int(g(match, "deals"))
            and taken[position.seat] == 0 and sum(1 for points in taken if points) <= 1)


# ------------------------------------------------------------ the moon


@meaning("try for the moon", rf"No one else has taken a point yet and your (?P<hearts>{CARDS}) (?:is|are) above every "
                             rf"heart the others hold: your cards are strong enough to try for the moon, so play "
                             rf"(?P<card>{CARD}) and aim to take every heart and ♠Q\.")
def _moon(position: Position, match: re.Match[str]) -> bool:
    hearts = cards_in(g(match, "hearts"))
    taken = position.state.points_taken
    return (all(taken[other] == 0 for other in range(SEATS) if other != position.seat)
            and all(card.suit is Suit.HEARTS and card in position.hand and not position.others_above(card)
                    for card in hearts)
            and c(match, "card") in position.hand)


@meaning("stop the moon by taking", rf"(?P<seat>{SEAT}) alone has taken points so far and may be shooting the moon; "
                                    rf"taking this trick and its (?P<points>{POINTS}) with (?P<card>{CARD}) stops "
                                    rf"that\.")
def _stop_moon(position: Position, match: re.Match[str]) -> bool:
    who = position.named(g(match, "seat"))
    return (who != position.seat and position.alone_with_points(who)
            and position.trick_points() == points_in(g(match, "points")) and position.surely_takes(c(match, "card")))


@meaning("give the shooter no points", rf"(?P<seat>{SEAT}) alone has taken points so far, may be shooting the moon "
                                       rf"and is winning this trick, so give it no points: throw away "
                                       rf"(?P<card>{CARD})\.")
def _no_points_to_shooter(position: Position, match: re.Match[str]) -> bool:
    who, card = position.named(g(match, "seat")), c(match, "card")
    winning = position.winning()
    return (who != position.seat and position.alone_with_points(who) and winning is not None and winning[0] == who
            and position.void(position.trick[0].suit) and card in position.hand and card_value(card) == 0)


# ------------------------------------------------------------ leads


@meaning("lead a low spade", rf"♠Q is still out and you hold no spade above it, so leading (?P<card>{CARD}) may force "
                             rf"♠Q out onto someone else's trick\.")
def _low_spade(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (position.leads() and position.others_hold(SPADE_QUEEN)
            and not any(item.suit is Suit.SPADES and item.rank > QUEEN for item in position.hand)
            and card in position.hand and card.suit is Suit.SPADES and card.rank < QUEEN)


@meaning("lead a sure winner now", rf"No one else holds a (?P<suit>{SUIT}) above (?P<card>{CARD}), so it takes the "
                                   rf"trick whenever you lead it, and no one has shown a void in (?P<suits>\w+) "
                                   rf"yet: lead it now, before the others run out of (?P=suits) and can throw points "
                                   rf"on it\.")
def _sure_winner_now(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (position.leads() and card in position.hand and card.suit is SUIT_WORDS[g(match, "suit")]
            and not position.others_above(card)
            and not any(position.shown_void(other, card.suit) for other in range(SEATS)))


@meaning("lead a sure winner", rf"No one else holds a (?P<suit>{SUIT}) above (?P<card>{CARD}), so it takes this trick, "
                               rf"with any points played to it, and you lead the next one\.")
def _sure_winner(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (position.leads() and card.suit is SUIT_WORDS[g(match, "suit")] and position.surely_takes(card))


@meaning("lead under a higher card", rf"Leading (?P<card>{CARD}) should leave the trick to someone else, since "
                                     rf"(?:a higher (?P<suit>{SUIT})|(?P<count>\d+) higher (?P<suits>\w+)s) "
                                     rf"(?:is|are) still out(?:, although (?P<seats>{SEATS_LIST}) cannot follow suit "
                                     rf"and may throw points on it)?\.")
def _lead_under(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    suit = SUIT_WORDS[g(match, "suit") or g(match, "suits")]
    count = int(g(match, "count")) if g(match, "count") else 1
    named = g(match, "seats")
    voids = [position.named(name) for name in re.findall(SEAT, named)] if named else []
    return (position.leads() and card in position.hand and card.suit is suit
            and len(position.others_above(card)) == count
            and all(who != position.seat and not any(item.suit is suit for item in position.state.hand(who))
                    for who in voids))


# ------------------------------------------------------------ following suit


@meaning("stay under to keep the catchers", rf"♠Q is still out and (?P<catchers>{CARDS}) could catch it, so stay under "
                                            rf"(?P<top>{CARD}) with (?P<card>{CARD})\.")
def _catchers(position: Position, match: re.Match[str]) -> bool:
    catchers = cards_in(g(match, "catchers"))
    return (position.others_hold(SPADE_QUEEN) and bool(catchers)
            and all(item in position.hand and item.suit is Suit.SPADES and item.rank > QUEEN for item in catchers)
            and position.follows_under(c(match, "card"), c(match, "top")))


@meaning("stay under the winner", rf"(?P<seat>{SEAT})'s (?P<top>{CARD}) is winning this trick(?: with "
                                  rf"(?P<points>{POINTS}) in it)?, so play (?P<card>{CARD}), which stays under it\.")
def _stay_under(position: Position, match: re.Match[str]) -> bool:
    winning = position.winning()
    points = g(match, "points")
    return (winning == (position.named(g(match, "seat")), c(match, "top"))
            and (points is None or position.trick_points() == points_in(points))
            and position.follows_under(c(match, "card"), c(match, "top")))


@meaning("take the first trick cheaply", rf"Nobody may throw points on the first trick unless they hold nothing else, "
                                         rf"so (?P<card>{CARD}) can take it cheaply(?: and you keep (?P<lower>{CARDS}) "
                                         rf"for later)?\.")
def _first_trick(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    winning = position.winning()
    lower = cards_in(g(match, "lower") or "")
    return (not position.state.tricks and winning is not None and position.trick_points() == 0
            and position.follows_over(card, winning[1])
            and all(item in position.hand and item.suit is card.suit and item.rank < card.rank for item in lower))


@meaning("all above, take it high", rf"All your (?P<suits>\w+) are above (?P<top>{CARD}) and you play last, so you "
                                    rf"take this trick whatever you play: take it with (?P<card>{CARD}) and keep "
                                    rf"(?P<lower>{CARDS}) for later\.")
def _all_above_last(position: Position, match: re.Match[str]) -> bool:
    top, card = c(match, "top"), c(match, "card")
    mine = [item for item in position.hand if item.suit is top.suit]
    return (position.plays_last() and bool(mine) and all(item.rank > top.rank for item in mine)
            and position.follows_over(card, top)
            and all(item in mine and item.rank < card.rank for item in cards_in(g(match, "lower"))))


@meaning("clean last trick", rf"The trick holds no points and you play last, so (?P<card>{CARD}) takes it safely\.")
def _clean_last(position: Position, match: re.Match[str]) -> bool:
    winning = position.winning()
    return (position.plays_last() and position.trick_points() == 0 and winning is not None
            and position.follows_over(c(match, "card"), winning[1]))


@meaning("all above, play the lowest", rf"All your (?P<suits>\w+) are above (?P<top>{CARD}), so play (?P<card>{CARD}), "
                                       rf"your lowest: a player after you may still go higher and take the trick\.")
def _all_above_lowest(position: Position, match: re.Match[str]) -> bool:
    top, card = c(match, "top"), c(match, "card")
    mine = [item for item in position.hand if item.suit is top.suit]
    return (bool(mine) and all(item.rank > top.rank for item in mine) and position.follows_over(card, top)
            and card.rank == min(item.rank for item in mine) and position.may_be_overtaken(card))


@meaning("queen gone, take the spade", rf"♠Q has already been played, so (?P<card>{CARD}) can take this spade trick "
                                       rf"without catching it\.")
def _queen_gone(position: Position, match: re.Match[str]) -> bool:
    winning = position.winning()
    return (SPADE_QUEEN in position.finished and winning is not None and winning[1].suit is Suit.SPADES
            and position.follows_over(c(match, "card"), winning[1]))


@meaning("take it and keep the duckers", rf"(?P<card>{CARD}) is above (?P<top>{CARD}) and will probably take this "
                                         rf"trick, so take it with (?P=card) and keep (?P<lower>{CARDS}): the others "
                                         rf"hold more (?P<suits>\w+) above (?P=lower) than can fall on this trick, so "
                                         rf"you can duck a later (?P<suit>{SUIT}) trick\.")
def _keep_duckers(position: Position, match: re.Match[str]) -> bool:
    card, top = c(match, "card"), c(match, "top")
    lower = cards_in(g(match, "lower"))
    if not lower or not position.follows_over(card, top):
        return False
    highest = max(lower, key=lambda item: item.rank)
    return (all(item in position.hand and item.suit is card.suit and item.rank < card.rank for item in lower)
            and len(position.others_above(highest)) > len(position.after))


# ------------------------------------------------------------ discards


SUIT_NAMES: Final = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.SPADES: "spades", Suit.HEARTS: "hearts"}


def _void_of(position: Position, suits: str) -> bool:
    """"You have no {suits}": the trick is led in that suit and the seat holds none of it."""
    if not position.trick:
        return False
    led = position.trick[0].suit
    return suits == SUIT_NAMES[led] and position.void(led)


@meaning("first trick discard", rf"You have no (?P<suits>\w+), and nobody may throw points on the first trick unless "
                                rf"they hold nothing else: a cheap moment to get rid of (?P<card>{CARD})\.")
def _first_discard(position: Position, match: re.Match[str]) -> bool:
    return (_void_of(position, g(match, "suits")) and not position.state.tricks
            and position.trick_points() == 0 and c(match, "card") in position.hand)


@meaning("drop the queen, playing last", rf"You have no (?P<suits>\w+), so drop ♠Q now: (?P<seat>{SEAT}) takes this "
                                         rf"trick and its 13 points\.")
def _queen_last(position: Position, match: re.Match[str]) -> bool:
    winning = position.winning()
    return (_void_of(position, g(match, "suits")) and SPADE_QUEEN in position.hand and position.plays_last()
            and winning is not None and winning[0] == position.named(g(match, "seat"))
            and winning[0] != position.seat)


@meaning("drop the queen", r"You have no (?P<suits>\w+), so drop ♠Q now: a card off the led suit never takes the "
                           r"trick, so its 13 points go to someone else\.")
def _queen_off(position: Position, match: re.Match[str]) -> bool:
    return _void_of(position, g(match, "suits")) and SPADE_QUEEN in position.hand


@meaning("throw a heart", rf"You have no (?P<suits>\w+), so throw away (?P<card>{CARD}): a card off the led suit never "
                          rf"takes the trick, so its point goes to someone else\.")
def _throw_heart(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return _void_of(position, g(match, "suits")) and card in position.hand and card_value(card) == 1


@meaning("throw a spade catcher", rf"You have no (?P<suits>\w+): throw away (?P<card>{CARD}) now, while ♠Q is "
                                  rf"still out and (?P=card) could otherwise be made to catch it\.")
def _throw_catcher(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (_void_of(position, g(match, "suits")) and card in position.hand and position.others_hold(SPADE_QUEEN)
            and card.suit is Suit.SPADES and card.rank > QUEEN)


@meaning("throw a sure winner", rf"You have no (?P<suits>\w+), so throw away (?P<card>{CARD}): no one else holds a "
                                rf"(?P<suit>{SUIT}) above it, so it would take any (?P=suit) trick it is played to\.")
def _throw_top(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (_void_of(position, g(match, "suits")) and card in position.hand
            and card.suit is SUIT_WORDS[g(match, "suit")] and not position.others_above(card))


@meaning("throw the highest", rf"You have no (?P<suits>\w+), so throw away (?P<card>{CARD}), your highest "
                              rf"(?P<suit>{SUIT}): someone else holds a lower (?P=suit), so if you kept it, it could "
                              rf"win a later (?P=suit) trick\.")
def _throw_highest(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    mine = [item for item in position.hand if item.suit is card.suit]
    lower_elsewhere = any(item.suit is card.suit and item.rank < card.rank
                          for other in range(SEATS) if other != position.seat for item in position.state.hand(other))
    return (_void_of(position, g(match, "suits")) and card in position.hand
            and card.suit is SUIT_WORDS[g(match, "suit")] and card.rank == max(item.rank for item in mine)
            and lower_elsewhere)


@meaning("throw the last of a suit", rf"You have no (?P<suits>\w+), so throw away (?P<card>{CARD}), your last "
                                     rf"(?P<suit>{SUIT}): with none left, you may throw away a card on (?P=suit) "
                                     rf"tricks too\.")
def _throw_last(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (_void_of(position, g(match, "suits")) and card.suit is SUIT_WORDS[g(match, "suit")]
            and [item for item in position.hand if item.suit is card.suit] == [card])


@meaning("any card", r"You have no (?P<suits>\w+), so you may throw away any card\.")
def _any_card(position: Position, match: re.Match[str]) -> bool:
    return (_void_of(position, g(match, "suits"))
            and set(position.state.legal_plays()) == set(position.hand))


@meaning("another suit", r"You have no (?P<suits>\w+), so you may throw away a card of another suit\.")
def _another_suit(position: Position, match: re.Match[str]) -> bool:
    return _void_of(position, g(match, "suits"))


# ------------------------------------------------------------ the cards you passed

PASS_STEPS: Final = {"left": 1, "across": 2, "right": 3}
"""Seats clockwise from a passer to the seat that receives its cards, as docs/rules.md sets them."""


@meaning("only the receiver can beat it", rf"Only (?P<seat>{SEAT}) can beat (?P<card>{CARD}): the (?:one higher card|"
                                          rf"(?P<count>\d+) higher cards) of its suit still out, (?P<cards>{CARDS}), "
                                          rf"(?:is one|are ones) you passed to them\.")
def _only_receiver(position: Position, match: re.Match[str]) -> bool:
    card, named = c(match, "card"), cards_in(g(match, "cards"))
    who = position.named(g(match, "seat"))
    count = int(g(match, "count")) if g(match, "count") else 1
    passed = position.state.passed(position.seat) or ()
    step = PASS_STEPS.get(position.state.pass_direction.value)
    winning = position.winning()
    return (card in position.hand and who in position.after and len(named) == count
            and (winning is None or position.follows_over(card, winning[1]))
            # Every card above it in another hand is one of those named, and the named are all the receiver's ...
            and set(position.others_above(card)) == set(named)
            and all(item in position.state.hand(who) for item in named)
            # ... because the seat gave them to that very player in this hand's pass.
            and step is not None and who == (position.seat + step) % SEATS and set(named) <= set(passed))


@meaning("the receiver must beat it", rf"(?P<seat>{SEAT}) must beat (?P<card>{CARD}): the (?:one card|(?P<count>\d+) "
                                      rf"cards) of its suit still out, (?P<cards>{CARDS}), (?:is one|are all ones) you "
                                      rf"passed to them, so they have to play (?:it|one)\.")
def _receiver_must(position: Position, match: re.Match[str]) -> bool:
    card, named = c(match, "card"), cards_in(g(match, "cards"))
    others = {item for other in range(SEATS) if other != position.seat for item in position.state.hand(other)
              if item.suit is card.suit}
    # Holding every card of the suit in other hands, all above the card, that player has to follow with one and win.
    return (_only_receiver(position, match) and others == set(named)
            and all(item.rank > card.rank for item in named))


# ------------------------------------------------------------ the match score (lesson 21)

TARGET: Final = 100
"""The total that ends the match (docs/rules.md, "The match")."""


def taken_this_hand(position: Position) -> list[int]:
    """Each seat's points from the tricks it has taken so far, counted here from the cards and who took them."""
    taken = [0] * SEATS
    for trick in position.state.tricks:
        led = trick.cards[0].suit
        top = max((card for card in trick.cards if card.suit is led), key=lambda card: card.rank)
        taker = (trick.leader + trick.cards.index(top)) % SEATS
        taken[taker] += sum(card_value(card) for card in trick.cards)
    return taken


def running(position: Position) -> list[int] | None:
    """Each seat's total before the hand plus what it has taken in it; ``None`` without totals."""
    if position.totals is None:
        return None
    return [total + taken for total, taken in zip(position.totals, taken_this_hand(position), strict=True)]


def ends_the_match(position: Position) -> bool:
    """Whatever happens from here, the match ends with this hand: a running total has reached the target, and two
    seats have points, so nobody can take all 26 and hand the points back."""
    totals = running(position)
    return (totals is not None and max(totals) >= TARGET
            and sum(1 for points in taken_this_hand(position) if points) >= 2)


def lowest_other(position: Position, who: int) -> bool:
    """``who`` is another seat whose running total is no higher than any other seat's but the seat's own."""
    totals = running(position)
    return (totals is not None and who != position.seat
            and all(totals[who] <= totals[other] for other in range(SEATS) if other != position.seat))


@meaning("the match ends", r"This hand ends the match: (?P<seat>CPU[123]) had (?P<before>\d+) before it and has "
                           r"taken (?P<taken>\d+) in it, (?P<total>\d+) in all, so only the order of the totals at "
                           r"the end counts now\.")
def _match_ends(position: Position, match: re.Match[str]) -> bool:
    who = position.named(g(match, "seat"))
    before, taken, total = int(g(match, "before")), int(g(match, "taken")), int(g(match, "total"))
    return (position.totals is not None and position.totals[who] == before
            and taken_this_hand(position)[who] == taken and total == before + taken and total >= TARGET
            and ends_the_match(position))


@meaning("behind the leader", rf"Counting this hand's points so far, you have (?P<mine>\d+) and (?P<seat>{SEAT}) "
                              rf"(?P<theirs>\d+), the lowest: to win, you must end the match below (?P=seat), so "
                              rf"every point on (?P=seat) counts for you and every point on you against you\.")
def _behind(position: Position, match: re.Match[str]) -> bool:
    totals, who = running(position), position.named(g(match, "seat"))
    return (totals is not None and ends_the_match(position) and lowest_other(position, who)
            and totals[position.seat] == int(g(match, "mine")) and totals[who] == int(g(match, "theirs"))
            and totals[who] < totals[position.seat])


@meaning("leading the match", rf"Counting this hand's points so far, you lead with (?P<mine>\d+) and "
                              rf"(?P<seat>{SEAT}) is closest behind with (?P<theirs>\d+): your own points matter only "
                              rf"as far as they let someone end below you\.")
def _leading(position: Position, match: re.Match[str]) -> bool:
    totals, who = running(position), position.named(g(match, "seat"))
    return (totals is not None and ends_the_match(position) and lowest_other(position, who)
            and totals[position.seat] == int(g(match, "mine")) and totals[who] == int(g(match, "theirs"))
            and totals[position.seat] < totals[who])


@meaning("level at the top", rf"Counting this hand's points so far, you and (?P<seat>{SEAT}) both have (?P<mine>\d+), "
                             rf"the lowest: whoever of you takes fewer points from here ends the match below the "
                             rf"other\.")
def _level(position: Position, match: re.Match[str]) -> bool:
    totals, who = running(position), position.named(g(match, "seat"))
    return (totals is not None and ends_the_match(position) and lowest_other(position, who)
            and totals[position.seat] == totals[who] == int(g(match, "mine")))


def _can_win(position: Position) -> bool:
    """Some way the rest of the hand can go leaves the seat alone with the lowest total: it takes nothing more and
    every other seat ends above it when all the points still to come go to others."""
    totals = running(position)
    assert totals is not None
    return all(totals[position.seat] < totals[other] + position.points_to_come()
               for other in range(SEATS) if other != position.seat)


def _can_be_caught(position: Position, who: int) -> bool:
    """Some way the rest of the hand can go leaves ``who`` at or below the seat."""
    totals = running(position)
    assert totals is not None
    return totals[who] <= totals[position.seat] + position.points_to_come()


def _figures_fit(position: Position, card: Card, other: Card, *counts: int) -> bool:
    """Two different legal cards, a hand that ends the match, and per-hundred counts that are counts."""
    return (_legal(position, card, other) and card != other and ends_the_match(position)
            and all(0 <= count <= 100 for count in counts))


@meaning("more on the rival", rf"In the deals played out, (?P<card>{CARD}) puts about (?P<count>\d+) points? more on "
                              rf"(?P<seat>{SEAT}) than (?P<other>{CARD}) does, and (?:about (?P<own>\d+) more on you: "
                              rf"the gap between you is what decides the match, and it moves your way|about "
                              rf"(?P<fewer>\d+) fewer on you|no more on you)\.")
def _more_on_rival(position: Position, match: re.Match[str]) -> bool:
    card, other, who = c(match, "card"), c(match, "other"), position.named(g(match, "seat"))
    count, own = int(g(match, "count")), int(g(match, "own") or 0)
    # The seat named is the one the standing sentence names, and nobody can take more points than are still to come.
    return (_figures_fit(position, card, other) and lowest_other(position, who) and count >= 1
            and count <= position.points_to_come() and own <= position.points_to_come() and count > own)


@meaning("overtaken more often", rf"After (?P<other>{CARD}), (?P<seat>{SEAT}) ends the match with a total below yours "
                                 rf"or level with it in about (?P<count>\d+) of 100 deals played out; after "
                                 rf"(?P<card>{CARD}), in about (?P<card_count>\d+)\.")
def _overtaken(position: Position, match: re.Match[str]) -> bool:
    card, other, who = c(match, "card"), c(match, "other"), position.named(g(match, "seat"))
    count, card_count = int(g(match, "count")), int(g(match, "card_count"))
    return (_figures_fit(position, card, other, count, card_count) and who != position.seat and count > card_count
            and _can_be_caught(position, who))


def _chances_fit(position: Position, card: Card, other: Card, wins: int, other_wins: int) -> bool:
    """Win counts the position allows: a win is possible if either card wins at all, a loss if either loses."""
    return (_figures_fit(position, card, other, wins, other_wins)
            and (max(wins, other_wins) == 0 or _can_win(position))
            and (min(wins, other_wins) == 100 or any(_can_be_caught(position, who) for who in range(SEATS)
                                                     if who != position.seat)))


@meaning("match figure, next best", rf"With (?P<card>{CARD}) you win the match in about (?P<wins>\d+) of 100 "
                                    rf"deals played out; with (?P<other>{CARD}), the next best, in about "
                                    rf"(?P<other_wins>\d+)\.")
def _match_next_best(position: Position, match: re.Match[str]) -> bool:
    wins, other_wins = int(g(match, "wins")), int(g(match, "other_wins"))
    return _chances_fit(position, c(match, "card"), c(match, "other"), wins, other_wins) and wins > other_wins


@meaning("match figure, the card was", rf"With (?P<card>{CARD}) you win the match in about (?P<wins>\d+) of 100 deals "
                                       rf"played out; (?P<other>{CARD}) wins it in about (?P<other_wins>\d+)\.")
def _match_was(position: Position, match: re.Match[str]) -> bool:
    wins, other_wins = int(g(match, "wins")), int(g(match, "other_wins"))
    return _chances_fit(position, c(match, "card"), c(match, "other"), wins, other_wins) and other_wins > wins


@meaning("match figure, equally good", rf"(?P<card>{CARD}) and (?P<other>{CARD}) are about equally good for the match: "
                                       rf"you win it in about (?P<wins>\d+) of 100 deals played out with (?P=card) and "
                                       rf"in about (?P<other_wins>\d+) with (?P=other), a difference the deals cannot "
                                       rf"tell apart\.")
def _match_equal(position: Position, match: re.Match[str]) -> bool:
    return _chances_fit(position, c(match, "card"), c(match, "other"), int(g(match, "wins")),
                        int(g(match, "other_wins")))


@meaning("shared wins", rf"You tie for the lowest total, and share the win, in about (?P<count>\d+) of 100 deals "
                        rf"played out with (?P<card>{CARD}) and in about (?P<other_count>\d+) with (?P<other>{CARD})\.")
def _shared(position: Position, match: re.Match[str]) -> bool:
    count, other_count = int(g(match, "count")), int(g(match, "other_count"))
    totals = running(position)
    return (_figures_fit(position, c(match, "card"), c(match, "other"), count, other_count) and totals is not None
            and max(count, other_count) > 0
            # A tie is possible: some other seat can end level with the seat.
            and any(abs(totals[who] - totals[position.seat]) <= position.points_to_come()
                    for who in range(SEATS) if who != position.seat))


# ------------------------------------------------------------ counting the hearts

HEARTS_ABOVE: Final = (rf"The (?:one heart above (?P<card>{CARD}), (?P<one>{CARD}), has been played|(?P<count>\d+) "
                       rf"hearts above (?P<card2>{CARD}), (?P<cards>{CARDS}), have all been played), so "
                       rf"(?P<top>{CARD}) is now the highest heart left, yours included: ")


def _hearts_above_played(position: Position, match: re.Match[str]) -> Card | None:
    """The card named, if every heart above it is named, all played, and the seat holds it: else ``None``."""
    card = c(match, "card") if g(match, "card") else c(match, "card2")
    named = cards_in(g(match, "one") or g(match, "cards"))
    count = int(g(match, "count")) if g(match, "count") else 1
    above = {item for item in map(to_card, (f"{rank}H" for rank in "23456789TJQKA")) if item.rank > card.rank}
    held_anywhere = {item for seat in range(SEATS) for item in position.state.hand(seat)}
    fine = (card.suit is Suit.HEARTS and card in position.hand and c(match, "top") == card
            and len(named) == count and set(named) == above and above <= position.played
            # "left, yours included": no hand at all, the seat's own too, holds a heart above it.
            and not any(item in held_anywhere for item in above))
    return card if fine else None


def _heart_trick_over(position: Position, card: Card) -> bool:
    """A heart already in this heart trick beats ``card``."""
    return bool(position.trick) and position.trick[0].suit is Suit.HEARTS and any(
        item.suit is Suit.HEARTS and item.rank > card.rank for item in position.trick)


@meaning("the highest heart left", HEARTS_ABOVE + r"it would take any heart trick it is played to\.")
def _highest_heart(position: Position, match: re.Match[str]) -> bool:
    card = _hearts_above_played(position, match)
    return card is not None and not _heart_trick_over(position, card)


@meaning("the highest heart left, after this trick",
         HEARTS_ABOVE + r"once this trick is over, it would take any heart trick it is played to\.")
def _highest_heart_later(position: Position, match: re.Match[str]) -> bool:
    card = _hearts_above_played(position, match)
    return card is not None and _heart_trick_over(position, card) and len(position.hand) >= 2


# ------------------------------------------------------------ what a played card did


@meaning("played takes with points", rf"(?P<played>{CARD}) is above (?P<top>{CARD}), so it takes this trick and the "
                                     rf"(?P<points>{POINTS}) already in it\.")
def _takes_points(position: Position, match: re.Match[str]) -> bool:
    played = c(match, "played")
    return (position.follows_over(played, c(match, "top")) and position.trick_points() == points_in(g(match, "points"))
            and position.surely_takes(played))


@meaning("played takes", rf"(?P<played>{CARD}) is above (?P<top>{CARD}), so it takes this trick, and whatever points "
                         rf"are thrown on it\.")
def _takes(position: Position, match: re.Match[str]) -> bool:
    played = c(match, "played")
    return position.follows_over(played, c(match, "top")) and position.surely_takes(played)


@meaning("played takes unless", rf"(?P<played>{CARD}) is above (?P<top>{CARD}), so it takes this trick unless someone "
                                rf"after you plays higher\.")
def _takes_unless(position: Position, match: re.Match[str]) -> bool:
    return position.follows_over(c(match, "played"), c(match, "top"))


@meaning("lead a catcher", rf"Leading (?P<played>{CARD}) while ♠Q is still out can catch it: whoever holds ♠Q may have "
                           rf"to play it under your card\.")
def _lead_catcher(position: Position, match: re.Match[str]) -> bool:
    played = c(match, "played")
    return (position.leads() and played in position.hand and played.suit is Suit.SPADES and played.rank > QUEEN
            and position.others_hold(SPADE_QUEEN))


@meaning("played leads a sure winner", rf"No one else holds a (?P<suit>{SUIT}) above (?P<played>{CARD}), so it takes "
                                       rf"the trick, and any points thrown on it\.")
def _led_winner(position: Position, match: re.Match[str]) -> bool:
    played = c(match, "played")
    return position.leads() and played.suit is SUIT_WORDS[g(match, "suit")] and position.surely_takes(played)


# ------------------------------------------------------------ a pass's reasons
# Read before the pass: the hand is the one dealt, ``passing`` the three cards given, "kept" the rest.

COUNT_BELOW: Final = r"(?:only (?P<count>\d+)|no|(?P<plain>\d+))"


def kept(position: Position) -> frozenset[Card]:
    return position.hand - position.passing


def kept_below_queen(position: Position) -> int:
    return sum(1 for card in kept(position) if card.suit is Suit.SPADES and card.rank < QUEEN)


def below_count(match: re.Match[str]) -> int:
    number = match.group("count") or match.group("plain")
    return int(number) if number else 0


def lower_elsewhere(position: Position, card: Card) -> bool:
    return any(item.suit is card.suit and item.rank < card.rank
               for other in range(SEATS) if other != position.seat for item in position.state.hand(other))


@meaning("pass empties a suit", rf"Passing (?P<cards>{CARDS}) empties your (?P<suits>\w+): unless the cards you "
                                rf"receive include one, you can throw away points whenever (?P=suits) are led after "
                                rf"the first trick\.")
def _empties(position: Position, match: re.Match[str]) -> bool:
    named = set(cards_in(g(match, "cards")))
    suits = {card.suit for card in named}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    return (SUIT_NAMES[suit] == g(match, "suits") and named <= position.passing
            and named == {card for card in position.hand if card.suit is suit})


@meaning("pass high cards that could win", rf"(?P<cards>{CARDS}) (?:is a high (?:heart|card) that could win a trick|"
                                           rf"are high (?:hearts|cards) that could win tricks) (?:full of points|you "
                                           rf"would rather not take)\.")
def _high_pass(position: Position, match: re.Match[str]) -> bool:
    named = cards_in(g(match, "cards"))
    hearts = "heart" in match.group()
    return all(card in position.hand and lower_elsewhere(position, card)
               and (card.suit is Suit.HEARTS or not hearts) for card in named)


@meaning("pass the lowest, keep the high", rf"Passing (?P<card>{CARD}), your lowest (?P<suit>{SUIT}), keeps your "
                                           rf"(?P<high>{CARDS}) that could win a trick you do not want, and gives away "
                                           rf"a card you could play under others\.")
def _pass_lowest(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    mine = [item for item in position.hand if item.suit is card.suit]
    return (card in position.passing and card.suit is SUIT_WORDS[g(match, "suit")]
            and card.rank == min(item.rank for item in mine)
            and all(item in kept(position) and item.suit is card.suit and item.rank > card.rank
                    for item in cards_in(g(match, "high")))
            and bool(position.others_above(card)))


@meaning("pass a low card", rf"(?P<card>{CARD}) is a low (?P<suit>{SUIT}), one you can usually play under a higher "
                            rf"card, so passing it gains little\.")
def _low_pass(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (card in position.hand and card.suit is SUIT_WORDS[g(match, "suit")]
            and bool(position.others_above(card)))


@meaning("pass a middle card", rf"(?P<card>{CARD}) is neither a high (?P<suit>{SUIT}) nor a low one: passing it helps "
                               rf"less than passing a high card would\.")
def _middle_pass(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (card in position.hand and card.suit is SUIT_WORDS[g(match, "suit")]
            and bool(position.others_above(card)) and lower_elsewhere(position, card))


@meaning("pass the queen", rf"With {COUNT_BELOW} spades? below ♠Q to hide behind, ♠Q \(13 points\) is likely to be "
                           rf"forced on you: pass it\.")
def _pass_queen(position: Position, match: re.Match[str]) -> bool:
    return SPADE_QUEEN in position.hand and kept_below_queen(position) == below_count(match)


@meaning("queen passed, could have kept", rf"With {COUNT_BELOW} lower spades to hide behind, you could have kept ♠Q "
                                          rf"and dropped it on someone else later; passing it is safe, but it uses one "
                                          rf"of your three cards\.")
def _queen_could_keep(position: Position, match: re.Match[str]) -> bool:
    return SPADE_QUEEN in position.passing and kept_below_queen(position) == below_count(match)


@meaning("pass a spade catcher", rf"With {COUNT_BELOW} spades? below ♠Q, (?P<cards>{CARDS}) could be forced to win a "
                                 rf"spade trick that catches ♠Q\.")
def _pass_catcher(position: Position, match: re.Match[str]) -> bool:
    return (all(card in position.hand and card.suit is Suit.SPADES and card.rank > QUEEN
                for card in cards_in(g(match, "cards")))
            and SPADE_QUEEN not in kept(position) and kept_below_queen(position) == below_count(match))


@meaning("pass a spade catcher anyway", rf"(?P<card>{CARD}) could win a spade trick that catches ♠Q; with "
                                        rf"{COUNT_BELOW} spades below ♠Q it is less of a risk, but passing it is "
                                        rf"safe\.")
def _pass_catcher_anyway(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (card in position.passing and card.suit is Suit.SPADES and card.rank > QUEEN
            and SPADE_QUEEN not in kept(position) and kept_below_queen(position) == below_count(match))


@meaning("queen kept, exposed", rf"You kept ♠Q with {COUNT_BELOW} lower spades? to hide behind: it is likely to be "
                                rf"forced on you\.")
def _queen_kept_exposed(position: Position, match: re.Match[str]) -> bool:
    return SPADE_QUEEN in kept(position) and kept_below_queen(position) == below_count(match)


@meaning("keep the queen", rf"Keep ♠Q: with {COUNT_BELOW} spades? below it you can hide it and drop it on someone "
                           rf"else later\.")
def _keep_queen(position: Position, match: re.Match[str]) -> bool:
    return SPADE_QUEEN in kept(position) and kept_below_queen(position) == below_count(match)


@meaning("catcher kept", rf"You kept (?P<card>{CARD}) with {COUNT_BELOW} spades? below ♠Q: it could be forced to win "
                         rf"a spade trick that catches ♠Q\.")
def _catcher_kept(position: Position, match: re.Match[str]) -> bool:
    card = c(match, "card")
    return (card in kept(position) and card.suit is Suit.SPADES and card.rank > QUEEN
            and SPADE_QUEEN not in kept(position) and kept_below_queen(position) == below_count(match))


@meaning("high cards kept", rf"You kept (?P<cards>{CARDS}), (?:a high card that could win a trick|high cards that "
                            rf"could win tricks) you do not want\.")
def _high_kept(position: Position, match: re.Match[str]) -> bool:
    return all(card in kept(position) and lower_elsewhere(position, card) for card in cards_in(g(match, "cards")))


# ------------------------------------------------------------ the review's entries


@meaning("review entry", rf"Trick (?P<trick>\d+): played (?P<played>{CARD}), better (?P<better>{CARD}) \(expected to "
                         rf"save (?P<cost>{ABOUT})\)\.")
def _review_entry(position: Position, match: re.Match[str]) -> bool:
    played, better = c(match, "played"), c(match, "better")
    legal = position.state.legal_plays()
    return (int(g(match, "trick")) == len(position.state.tricks) + 1 and played in legal and better in legal
            and played != better and about_in(g(match, "cost")) <= MOON_TOTAL
            and (position.later is None or (position.seat, played) in position.later.plays))


@meaning("review entry, repeated", rf"Tricks (?P<tricks>\d+(?:(?:, | and )\d+)+): played (?P<played>{CARDS}), better "
                                   rf"(?P<better>{CARD}) each time \(one mistake, repeated: expected to save "
                                   rf"(?P<cost>{ABOUT}), counted once\)\.")
def _review_repeated(position: Position, match: re.Match[str]) -> bool:
    tricks = [int(number) for number in re.findall(r"\d+", g(match, "tricks"))]
    played = cards_in(g(match, "played"))
    later = position.later
    if later is None or len(tricks) != len(played):
        return False
    return (len(position.state.tricks) + 1 in tricks and c(match, "better") in position.state.legal_plays()
            and about_in(g(match, "cost")) <= MOON_TOTAL
            and all(number <= len(later.tricks) and _seat_card(later.tricks[number - 1], position.seat) == card
                    for number, card in zip(tricks, played, strict=True)))


def _seat_card(trick: tuple[int, tuple[Card, ...], int, int], seat: int) -> Card:
    """The card ``seat`` played to a finished trick, counted round the table from its leader.

    (A card the seat played may be one passed to it: "played" means played by the seat, whatever
    it was dealt.)
    """
    leader, cards, _, _ = trick
    return cards[(seat - leader) % SEATS]


@meaning("review outcome", rf"In the game, (?P<played>{CARD}) took the trick and (?P<points>{POINTS})\.")
def _review_outcome(position: Position, match: re.Match[str]) -> bool:
    later = position.later
    if later is None:
        return False
    trick = later.tricks[len(position.state.tricks)] if len(later.tricks) > len(position.state.tricks) else None
    return (trick is not None and c(match, "played") in trick.cards and trick.winner == position.seat
            and sum(card_value(card) for card in trick.cards) == points_in(g(match, "points")))


# ------------------------------------------------------------ the review's summary of a hand
# Read at the end of the hand: the position is the finished hand, ``later`` the same.

PLAYS: Final = r"1 play|\d+ plays"
MISTAKES: Final = r"1 costly mistake|\d+ costly mistakes"


def choices_in(hand: HandState, seat: int, *, before_trick: int = 14) -> int:
    """How many of ``seat``'s plays in the hand had more than one legal card, the hand replayed by the rules
    (only those in tricks numbered below ``before_trick``, when given)."""
    state = HandState.new([hand.dealt(other) for other in range(SEATS)], hand.pass_direction, hand.rules)
    passes = [hand.passed(other) for other in range(SEATS)]
    if all(passes):
        for other, cards in enumerate(passes):
            state.pass_cards(other, cards or ())
    count = 0
    for number, (who, card) in enumerate(hand.plays):
        count += who == seat and len(state.legal_plays()) > 1 and number // SEATS + 1 < before_trick
        state.play(card)
    return count


def _summary(position: Position, match: re.Match[str]) -> bool:
    """The counts a summary gives: the plays with a choice, the mistakes among them, the points taken."""
    groups = match.groupdict()
    later = position.later
    if later is None or not later.is_over:
        return False
    choices = int(groups["choices"].split()[0])
    mistakes = int(groups["mistakes"].split()[0]) if groups.get("mistakes") else 0
    taken = groups.get("taken")
    lost = groups.get("lost")
    return (choices + position.left_out == choices_in(later, position.seat) and mistakes <= choices
            and (taken is None or later.points_taken[position.seat] == points_in(taken))
            and (lost is None or about_in(lost) <= MOON_TOTAL * max(mistakes + 1, 1)))


for _name, _pattern in (
    ("summary, no mistake", rf"The review found no costly mistake among your (?P<choices>{PLAYS}) with a "
                            rf"choice(?:; you took (?P<taken>{POINTS}) in this hand)?\."),
    ("summary, mistakes", rf"(?P<mistakes>{MISTAKES}) among your (?P<choices>{PLAYS}) with a choice (?:was|were) "
                          rf"expected to cost you (?P<lost>{ABOUT})(?:; you took (?P<taken>{POINTS}) in this hand)?\."),
    ("summary, costly pass", rf"Your pass was expected to cost you (?P<lost>{ABOUT}), and the review found no "
                             rf"costly mistake among your (?P<choices>{PLAYS}) with a choice\."),
    ("summary, pass and mistakes", rf"Your pass and (?P<mistakes>{MISTAKES}) among your (?P<choices>{PLAYS}) with a "
                                   rf"choice were expected to cost you (?P<lost>{ABOUT}) together\."),
):
    meaning(_name, _pattern)(_summary)


LEFT_OUT: Final = re.compile(r"(?P<count>\d+) earlier plays? could not be checked by a second engine here, so "
                             r"(?:it is|they are) left out\.")


@meaning("summary, left out", LEFT_OUT.pattern)
def _left_out(position: Position, match: re.Match[str]) -> bool:
    """Plays with a choice before the last four tricks, as many as it says at most: only those need a second engine."""
    later = position.later
    count = int(g(match, "count"))
    return later is not None and later.is_over and 1 <= count <= choices_in(later, position.seat, before_trick=10)


@meaning("summary, points taken", rf"You took (?P<taken>{POINTS}) in this hand\.")
def _took(position: Position, match: re.Match[str]) -> bool:
    later = position.later
    return later is not None and later.is_over and later.points_taken[position.seat] == points_in(g(match, "taken"))


@meaning("summary, moon", rf"(?P<seat>{SEAT}) shot the moon: (?:everyone else takes 26|26 come off (?:your|their) "
                          rf"total)\.")
def _moon_summary(position: Position, match: re.Match[str]) -> bool:
    later = position.later
    return (later is not None and later.is_over
            and later.points_taken[position.named(g(match, "seat"))] == MOON_TOTAL)


@meaning("review pass entry", rf"Pass: passed (?P<passed>{CARDS}), better (?P<better>{CARDS}) \(expected to save "
                              rf"(?P<cost>{ABOUT})\)\.")
def _pass_entry(position: Position, match: re.Match[str]) -> bool:
    later = position.later
    if later is None:
        return False
    passed, better = cards_in(g(match, "passed")), cards_in(g(match, "better"))
    dealt = set(later.dealt(position.seat))
    return (set(passed) == set(later.passed(position.seat) or ()) and len(better) == len(set(better)) == len(passed)
            and set(better) <= dealt and set(better) != set(passed) and about_in(g(match, "cost")) <= MOON_TOTAL)


# ------------------------------------------------------------ retired patterns
# Still read, so that none comes back unnoticed.


@meaning("retired: highest left, lead", rf"(?P<card>{CARD}) is the highest (?P<suit>{SUIT}) left, so it takes this "
                                        rf"trick: nobody can play above it\.")
def _highest_left_lead(position: Position, match: re.Match[str]) -> bool:
    return _highest_left(position, c(match, "card")) and position.leads()


@meaning("retired: highest left, discard", rf"You have no (?P<suits>\w+), so throw away (?P<card>{CARD}): it is the "
                                           rf"highest (?P<suit>{SUIT}) left and would take any (?P=suit) trick it is "
                                           rf"played to\.")
def _highest_left_discard(position: Position, match: re.Match[str]) -> bool:
    return _void_of(position, g(match, "suits")) and _highest_left(position, c(match, "card"))


@meaning("retired: highest left, played", rf"(?P<card>{CARD}) is the highest (?P<suit>{SUIT}) left, so it takes the "
                                          rf"trick, and any points thrown on it\.")
def _highest_left_played(position: Position, match: re.Match[str]) -> bool:
    return _highest_left(position, c(match, "card")) and position.leads()


def _highest_left(position: Position, card: Card) -> bool:
    """No card of the suit not yet played, the seat's own included, outranks ``card``."""
    return card in position.hand and not any(
        item.suit is card.suit and item.rank > card.rank
        for other in range(SEATS) for item in position.state.hand(other))


@meaning("speaks of the search", r".*\bsearch(?:'s)?\b.*")
def _of_the_search(position: Position, match: re.Match[str]) -> bool:
    """A reason that speaks of what the search believes claims nothing about the cards a reader can check."""
    return False


# ------------------------------------------------------------ reading a text


SENTENCE_END: Final = re.compile(r"(?<=\.)\s+")


@dataclass
class Reading:
    """What the checker made of some texts: sentences recognised (by pattern), false ones, unrecognised ones."""

    texts: int = 0
    recognised: int = 0
    by_pattern: dict[str, int] = field(default_factory=dict)
    false: list[str] = field(default_factory=list)
    unrecognised: list[str] = field(default_factory=list)


def split_sentences(text: str) -> list[str]:
    return [part for part in SENTENCE_END.split(text.strip()) if part]


def recognise(sentence: str) -> tuple[Meaning, re.Match[str]] | None:
    for item in MEANINGS:
        found = item.regex.fullmatch(sentence)
        if found is not None:
            return item, found
    return None


def false_claims(text: str, state: HandState, seat: int, totals: tuple[int, ...] | None = None) -> list[str]:
    """The sentences of ``text`` whose meaning is false of ``seat``'s position in ``state`` (before it plays)."""
    reading = Reading()
    read(text, state, seat, reading, totals=totals)
    return reading.false


def read(text: str, state: HandState, seat: int, reading: Reading, *, where: str = "",
         later: HandState | None = None, passing: tuple[Card, ...] = (), totals: tuple[int, ...] | None = None) -> None:
    """Read every sentence of ``text`` at the position, adding to ``reading``.

    ``later`` is the hand as it was played on from the position, for words that say what happened;
    ``passing`` the cards the seat passes, for a pass's reason; ``totals`` the match totals before the hand, for a
    match puzzle's words.
    """
    said_left_out = LEFT_OUT.search(text)
    position = Position(state, seat, later, passing, int(said_left_out["count"]) if said_left_out else 0, totals)
    reading.texts += 1
    for sentence in split_sentences(text):
        found = recognise(sentence)
        if found is None:
            reading.unrecognised.append(sentence)
            continue
        item, match = found
        reading.recognised += 1
        reading.by_pattern[item.name] = reading.by_pattern.get(item.name, 0) + 1
        if not item.holds(position, match):
            reading.false.append(f"{where}: [{item.name}] {sentence}" if where else sentence)


def pattern_names() -> Iterable[str]:
    return (item.name for item in MEANINGS)


# ------------------------------------------------------------ "Show me": one deal played out for two cards
#
# Show me's sentences speak of one deal laid out whole, not of the position alone: the others' hands
# in that deal and, per line (the seat's card now, then everyone's cards to the last trick), who
# took each trick.  So they are read against the deal re-played here from its cards and the plays
# shown, through the rules engine's HandState (which refuses a card the rules forbid); who takes a
# trick, its points and the moon are counted here, as everywhere in this module.

SHOW_TRICK: Final = re.compile(r"Trick (?P<number>\d+) of 13")
HAND_LINE: Final = re.compile(rf"(?P<seat>{SEAT}): (?P<cards>{CARD}(?: {CARD})*)")


def trick_winner(leader: int, cards: tuple[Card, ...]) -> int:
    """Who takes a whole trick: the highest card of the suit led."""
    led = cards[0].suit
    best = max((card for card in cards if card.suit is led), key=lambda card: card.rank)
    return (leader + cards.index(best)) % SEATS


@dataclass(frozen=True)
class ShownTrickRead:
    number: int
    leader: int
    cards: tuple[Card, ...]

    @property
    def winner(self) -> int:
        return trick_winner(self.leader, self.cards)

    @property
    def points(self) -> int:
        return sum(card_value(card) for card in self.cards)

    def played_by(self, seat: int) -> Card:
        return self.cards[(seat - self.leader) % SEATS]


class ShownDeal:
    """A Show me deal re-played from its cards: per line (keyed by the seat's card now) every trick to the end.

    ``hands`` are the four seats' cards at the position in the deal shown; ``plays`` per line the cards
    played from the position on, each with the seat that played it.  Each line is played on a fresh
    HandState dealt those cards (with the cards already played before the position given back to their
    players), so every card shown must be one the rules allow; :class:`ValueError` when a card is played
    out of turn.
    """

    def __init__(self, state: HandState, seat: int, hands: dict[int, tuple[Card, ...]],
                 plays: dict[Card, list[tuple[int, Card]]], totals: tuple[int, ...] | None = None) -> None:
        self.seat = seat
        self.totals = totals
        """The match totals before the hand, for a match puzzle's Show me (seat by seat, as the deal)."""
        self.start = len(state.tricks) + 1
        before = list(state.plays)
        deal = [tuple(hands[who]) + tuple(card for player, card in before if player == who) for who in range(SEATS)]
        self.tricks: dict[Card, list[ShownTrickRead]] = {}
        self.taken: dict[Card, list[int]] = {}
        for card, line in plays.items():
            replay = HandState.new(deal, "hold")
            for _, played in before:
                replay.play(played)
            for who, played in line:
                if replay.to_move != who:
                    raise ValueError(f"{played} is shown played by seat {who}, but seat {replay.to_move} is to play")
                replay.play(played)
            everything = list(replay.plays)
            tricks = [ShownTrickRead(start // SEATS + 1, everything[start][0],
                                     tuple(card for _, card in everything[start:start + SEATS]))
                      for start in range(0, len(everything), SEATS)]
            if len(tricks) != 13 or any(len(trick.cards) != SEATS for trick in tricks):
                raise ValueError(f"the line of {card} is not played to the end of the hand")
            self.tricks[card] = tricks
            self.taken[card] = [sum(trick.points for trick in tricks if trick.winner == who) for who in range(SEATS)]

    def named(self, name: str) -> int:
        return self.seat if name == "You" else (self.seat + int(name[-1])) % SEATS

    def trick(self, line: Card, number: int) -> ShownTrickRead:
        return self.tricks[line][number - 1]

    def mine_upto(self, line: Card, number: int) -> int:
        """Points the seat takes in the line's tricks from the position's trick to trick ``number``."""
        return sum(trick.points for trick in self.tricks[line][self.start - 1:number] if trick.winner == self.seat)

    def never_more(self, other: Card, best: Card) -> bool:
        """After each trick from the position on, the seat has taken no more points in ``other``'s line than in
        ``best``'s."""
        return all(self.mine_upto(other, number) <= self.mine_upto(best, number) for number in range(self.start, 14))

    def shooter(self, line: Card) -> int | None:
        """The seat that takes all 26 points in the line, if one does."""
        return next((who for who in range(SEATS) if self.taken[line][who] == MOON_TOTAL), None)

    def end(self, line: Card) -> int:
        """The seat's score for the hand in the line, the moon rule applied (26 to each other seat)."""
        shooter = self.shooter(line)
        if shooter is None:
            return self.taken[line][self.seat]
        return 0 if shooter == self.seat else MOON_TOTAL


ShowCheck = Callable[[ShownDeal, "re.Match[str]", int | None, Card | None], bool]
"""A Show me meaning: the deal, the sentence's match, the trick it is said at (if a step's), the line it is said of."""


@dataclass(frozen=True)
class ShowMeaning:
    name: str
    regex: re.Pattern[str]
    holds: ShowCheck


SHOW_MEANINGS: list[ShowMeaning] = []


def show_meaning(name: str, pattern: str) -> Callable[[ShowCheck], ShowCheck]:
    return registrar(SHOW_MEANINGS, ShowMeaning, name, pattern)


@show_meaning("show trick", rf"Trick (?P<number>\d+), led by (?P<leader>{SEAT}): (?P<cards>{CARD}(?: {CARD}){{3}})\. "
                            rf"(?P<seat>{SEAT}) took it with (?P<card>{CARD}): (?P<points>{POINTS})\.")
def _show_trick(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    number = int(g(match, "number"))
    if line is None or number != at:
        return False
    trick = deal.trick(line, number)
    winner = deal.named(g(match, "seat"))
    return (trick.leader == deal.named(g(match, "leader")) and trick.cards == cards_in(g(match, "cards"))
            and trick.winner == winner and trick.played_by(winner) == c(match, "card")
            and trick.points == points_in(g(match, "points")))


@show_meaning("show parts here", rf"Here the lines part: by the end of this trick, you have taken (?P<points>{POINTS}) "
                                 rf"more with (?P<other>{CARD}) than with (?P<best>{CARD})\.")
def _show_parts_here(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    other, best, more = c(match, "other"), c(match, "best"), points_in(g(match, "points"))
    if at is None or other not in deal.tricks or best not in deal.tricks:
        return False
    earlier = all(deal.mine_upto(other, number) <= deal.mine_upto(best, number) for number in range(deal.start, at))
    return more > 0 and earlier and deal.mine_upto(other, at) - deal.mine_upto(best, at) == more


@show_meaning("show parts named", rf"Here the lines part: with (?P<other>{CARD}) played at trick (?P<start>\d+), you "
                                  rf"take this trick with (?P<taker>{CARD}) and (?P<points>{POINTS}); with "
                                  rf"(?P<best>{CARD}) played then, you take no points in it\.")
def _show_parts_named(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    other, best = c(match, "other"), c(match, "best")
    if at is None or other not in deal.tricks or best not in deal.tricks or int(g(match, "start")) != deal.start:
        return False
    theirs, mine = deal.trick(other, at), deal.trick(best, at)
    points = points_in(g(match, "points"))
    return (theirs.winner == deal.seat and theirs.played_by(deal.seat) == c(match, "taker") and points > 0
            and theirs.points == points and (mine.winner != deal.seat or mine.points == 0))


@show_meaning("show never parts", rf"In this deal (?P<other>{CARD}) never costs you more than (?P<best>{CARD}): the "
                                  r"difference shows in other deals\.")
def _show_never(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    other, best = c(match, "other"), c(match, "best")
    return (other in deal.tricks and best in deal.tricks and deal.never_more(other, best)
            and deal.end(other) <= deal.end(best))


@show_meaning("show never parts but a moon", rf"Trick by trick, (?P<other>{CARD}) never costs you more points than "
                                             rf"(?P<best>{CARD}) in this deal, but a moon changes the end: you end the "
                                             rf"hand with (?P<other_points>{POINTS}) after (?P=other) and "
                                             rf"(?P<best_points>{POINTS}) after (?P=best)\.")
def _show_never_moon(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    other, best = c(match, "other"), c(match, "best")
    return (other in deal.tricks and best in deal.tricks and deal.never_more(other, best)
            and (deal.shooter(other) is not None or deal.shooter(best) is not None)
            and deal.end(other) == points_in(g(match, "other_points"))
            and deal.end(best) == points_in(g(match, "best_points")))


@show_meaning("show moon you", rf"With (?P<card>{CARD}), you shoot the moon\.")
def _show_moon_you(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    card = c(match, "card")
    return card in deal.tricks and deal.shooter(card) == deal.seat


@show_meaning("show moon seat", rf"With (?P<card>{CARD}), (?P<seat>CPU[123]) shoots the moon\.")
def _show_moon_seat(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    card = c(match, "card")
    return card in deal.tricks and deal.shooter(card) == deal.named(g(match, "seat"))


@show_meaning("show end", rf"With (?P<card>{CARD}) you end the hand with (?P<points>{POINTS})\.")
def _show_end(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    card = c(match, "card")
    return card in deal.tricks and deal.end(card) == points_in(g(match, "points"))


# A match puzzle's Show me (lesson 21): where the lines part is the first trick whose taker or points differ,
# and each line ends with the match's final totals and its result, read against the totals before the hand.

SEATS_NAMED: Final = rf"(?:{SEAT})(?:(?:, | and )(?:{SEAT}))*"


@show_meaning("show parts, match", rf"Here the lines part: with (?P<other>{CARD}) played at trick (?P<start>\d+), "
                                   rf"(?P<seat>{SEAT}) took this trick and (?P<points>{POINTS}); with (?P<best>{CARD}) "
                                   rf"played then, (?P<seat2>{SEAT}) took it and (?P<points2>{POINTS})\.")
def _show_parts_match(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    other, best = c(match, "other"), c(match, "best")
    if at is None or other not in deal.tricks or best not in deal.tricks or int(g(match, "start")) != deal.start:
        return False
    theirs, mine = deal.trick(other, at), deal.trick(best, at)
    said = ((deal.named(g(match, "seat")), points_in(g(match, "points"))),
            (deal.named(g(match, "seat2")), points_in(g(match, "points2"))))
    earlier = all((deal.trick(other, number).winner, deal.trick(other, number).points)
                  == (deal.trick(best, number).winner, deal.trick(best, number).points)
                  for number in range(deal.start, at))
    return (said == ((theirs.winner, theirs.points), (mine.winner, mine.points)) and said[0] != said[1]
            and earlier)


def _final_totals(deal: ShownDeal, line: Card) -> list[int] | None:
    """Each seat's total before the hand plus its score for the hand in the line (the moon rule applied)."""
    if deal.totals is None:
        return None
    shooter = deal.shooter(line)
    scores = [deal.taken[line][who] if shooter is None else (0 if who == shooter else MOON_TOTAL)
              for who in range(SEATS)]
    return [total + score for total, score in zip(deal.totals, scores, strict=True)]


@show_meaning("show match end", rf"After (?P<card>{CARD}) the match ends at You (?P<t0>\d+), CPU1 (?P<t1>\d+), CPU2 "
                                rf"(?P<t2>\d+), CPU3 (?P<t3>\d+): (?:(?P<won>you win the match)|you share the lowest "
                                rf"total with (?P<level>{SEATS_NAMED}), a draw|(?P<winner>{SEAT}) wins the match|"
                                rf"(?P<sharers>{SEATS_NAMED}) share the win)\.")
def _show_match_end(deal: ShownDeal, match: re.Match[str], at: int | None, line: Card | None) -> bool:
    card = c(match, "card")
    final = _final_totals(deal, card) if card in deal.tricks else None
    if final is None or max(final) < TARGET:
        return False
    said = [int(g(match, f"t{step}")) for step in range(SEATS)]
    if said != [final[deal.named(name)] for name in ("You", "CPU1", "CPU2", "CPU3")]:
        return False
    lowest = {who for who in range(SEATS) if final[who] == min(final)}
    if g(match, "won"):
        return lowest == {deal.seat}
    if g(match, "level"):
        return lowest == {deal.seat} | {deal.named(name) for name in re.findall(SEAT, g(match, "level"))}
    if g(match, "winner"):
        return lowest == {deal.named(g(match, "winner"))} and deal.seat not in lowest
    named = {deal.named(name) for name in re.findall(SEAT, g(match, "sharers"))}
    return lowest == named and deal.seat not in lowest and len(named) > 1


def shown_deal(payload: dict[str, object], state: HandState, seat: int,
               totals: tuple[int, ...] | None = None) -> ShownDeal:
    """The deal a Show me payload lays out, re-played from its cards: the others' hands as listed, the seat's own
    from the position, and per line the cards shown after the ones already on the table."""
    hands = {seat: tuple(state.hand(seat))}
    steps = payload["steps"]
    assert isinstance(steps, list)
    names = {"You": seat, **{f"CPU{step}": (seat + step) % SEATS for step in range(1, SEATS)}}
    for line in payload["hands"]:  # type: ignore[attr-defined]
        found = HAND_LINE.fullmatch(line)
        if found is None:
            raise ValueError(f"not a hand: {line!r}")
        hands[names[found.group("seat")]] = cards_in(found.group("cards"))
    plays: dict[Card, list[tuple[int, Card]]] = {}
    for at in range(len(steps[0]["lines"])):
        shown = [(names[item["seat"]], to_card(item["card"]["text"]))
                 for step in steps for item in step["lines"][at]["cards"] if not item["before"]]
        plays[shown[0][1]] = shown
    return ShownDeal(state, seat, hands, plays, totals)


def recognise_show(sentence: str) -> tuple[ShowMeaning, re.Match[str]] | None:
    for item in SHOW_MEANINGS:
        found = item.regex.fullmatch(sentence)
        if found is not None:
            return item, found
    return None


def read_show(payload: dict[str, object], state: HandState, seat: int, reading: Reading, *, where: str = "",
              totals: tuple[int, ...] | None = None) -> None:
    """Read every sentence of a Show me payload that speaks of its deal, adding to ``reading``.

    The sentences are each step's marker (said at that trick) and each line's trick (said of that line at
    that trick), the sentences said when the lines never part, and each line's end.  The heading, the intro
    and the hands listed are the deal itself and make no claim about it.
    """
    deal = shown_deal(payload, state, seat, totals)
    lines = [item["cards"] for item in payload["steps"][0]["lines"]]  # type: ignore[index]
    cards = [next(to_card(item["card"]["text"]) for item in line if item["you"]) for line in lines]
    said: list[tuple[str, int | None, Card | None]] = []
    for step in payload["steps"]:  # type: ignore[attr-defined]
        number = int(SHOW_TRICK.fullmatch(step["heading"]).group("number"))  # type: ignore[union-attr]
        said += [(sentence, number, None) for sentence in split_sentences(step["marker"])]
        said += [(line["said"], number, card) for line, card in zip(step["lines"], cards, strict=True)]
    said += [(sentence, None, None) for sentence in split_sentences(str(payload["never"]))]
    said += [(line["end"], None, card) for line, card in zip(payload["lines"], cards, strict=True)]  # type: ignore[call-overload]
    # A match puzzle's lines end with the match too (empty for any other puzzle).
    said += [(line["match"], None, card) for line, card in zip(payload["lines"], cards, strict=True)  # type: ignore[call-overload]
             if line.get("match")]
    reading.texts += 1
    for sentence, at, line in said:
        found = recognise_show(sentence)
        if found is None:
            reading.unrecognised.append(sentence)
            continue
        item, match = found
        reading.recognised += 1
        reading.by_pattern[item.name] = reading.by_pattern.get(item.name, 0) + 1
        if not item.holds(deal, match, at, line):
            reading.false.append(f"{where}: [{item.name}] {sentence}" if where else sentence)
