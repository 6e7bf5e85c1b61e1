"""A position as one seat sees it, in the words both the analysis board and the puzzle board show.

Both boards draw the same parts of a position: which trick it is, hearts broken or not, where
♠Q is, each player's points and the voids play has shown, and the trick so far (slots for the
front end, one sentence for a screen reader). The sentences and their builders are here once;
each board decides only which seats it lists first and what it says to an empty trick. Nothing
here decides a rule: the engine's view and :class:`~hearts_core.knowledge.Knowledge` say it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from hearts_core.cards import Card
from hearts_core.knowledge import Knowledge
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES, TRICKS_PER_HAND
from hearts_core.state import SeatView
from hearts_core.wording import and_list, marked, say, seat_name, suit_name
from widgets._base import card_data, spoken_plays

__all__ = ["player_rows", "spoken_trick", "table_facts", "trick_slots", "which_trick"]

TRICK_NUMBER: Final = marked("Trick {number} of {total}")
HEARTS_BROKEN: Final = marked("Hearts are broken.")
HEARTS_UNBROKEN: Final = marked("Hearts are not broken yet.")
QUEEN_GONE: Final = marked("♠Q has been played, by {seat}.")
QUEEN_OUT: Final = marked("♠Q has not been played yet.")
NO_VOIDS: Final = marked("none shown")


def which_trick(view: SeatView) -> str:
    """Which trick is being played: "Trick 5 of 13"."""
    return say(TRICK_NUMBER, number=len(view.tricks) + 1, total=TRICKS_PER_HAND)


def table_facts(view: SeatView) -> list[str]:
    """Hearts broken or not, and whether ♠Q has been played and by whom."""
    queen = next((seat for seat, card in view.plays if card is QUEEN_OF_SPADES), None)
    return [say(HEARTS_BROKEN if view.hearts_broken else HEARTS_UNBROKEN),
            say(QUEEN_OUT) if queen is None else say(QUEEN_GONE, seat=seat_name(queen))]


def player_rows(view: SeatView, first: int, you: int) -> list[dict[str, Any]]:
    """Each player from seat ``first`` on: ``seat`` (a name), ``points`` taken, ``voids`` shown, ``you``."""
    voids = Knowledge.from_view(view).voids()
    rows = []
    for offset in range(NUM_SEATS):
        seat = (first + offset) % NUM_SEATS
        missing = voids.get(seat, ())
        rows.append({"seat": seat_name(seat), "points": str(view.points_taken[seat]),
                     "voids": and_list(suit_name(suit) for suit in missing) if missing else say(NO_VOIDS),
                     "you": seat == you})
    return rows


def trick_slots(leader: int, played: Sequence[Card], count: int, you: int) -> list[dict[str, Any]]:
    """The first ``count`` seats of the trick from ``leader`` on: ``seat``, ``card`` (none yet past
    ``played``) and ``you``."""
    return [{"seat": seat_name((leader + offset) % NUM_SEATS),
             "card": card_data(played[offset]) if offset < len(played) else None,
             "you": (leader + offset) % NUM_SEATS == you} for offset in range(count)]


def spoken_trick(leader: int, played: Sequence[Card], nobody: str) -> str:
    """The trick so far for a screen reader, or the ``nobody`` pattern when no card is down."""
    seats = [(leader + offset) % NUM_SEATS for offset in range(len(played))]
    return " ".join(spoken_plays(seats, played) or [say(nobody)])
