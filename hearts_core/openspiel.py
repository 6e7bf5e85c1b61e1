"""How OpenSpiel's ``hearts`` game spells what hearts_core models.

OpenSpiel is the independent referee of the differential test and the opponent in the
benchmarks; all of them translate through this one module, so a slip in the mapping can
be made (and caught) in one place. It holds data only and does not import ``pyspiel``:
the engine never depends on OpenSpiel.

- Cards: OpenSpiel's action for a card is ``rank_index * 4 + suit_index`` with suits in
  the order ♣ ♦ ♥ ♠ (ours sort ♣ ♦ ♠ ♥, hence a table rather than our own card order).
  The differential test checks the table against OpenSpiel's own card names.
- Pass direction: OpenSpiel's chance outcome is the receiver's offset from the passer,
  which is exactly :attr:`PassDirection.offset`; no table is needed.
- Rules: :data:`TABLE_RULES_OPTIONS` loads OpenSpiel with the table rules of docs/rules.md
  (♠Q does not break hearts); :data:`TABLE_RULES_PARAMETERS` is every option it must
  then report, so a release that changes a default fails loudly instead of showing up as
  a confusing legality mismatch.
"""

from __future__ import annotations

from typing import Final

from hearts_core.cards import DECK, RANKS, Card, Suit

__all__ = ["ACTION_TO_CARD", "CARD_TO_ACTION", "TABLE_RULES_OPTIONS", "TABLE_RULES_PARAMETERS"]

TABLE_RULES_OPTIONS: Final = {"qs_breaks_hearts": False}
TABLE_RULES_PARAMETERS: Final = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": False,
    "can_lead_hearts_instead_of_qs": False,
}

_SUIT_ORDER: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
# OpenSpiel numbers a card rank-major: action = (rank - 2) * 4 + its suit's place in _SUIT_ORDER.
ACTION_TO_CARD: Final = tuple(
    Card(_SUIT_ORDER[action % len(_SUIT_ORDER)], action // len(_SUIT_ORDER) + min(RANKS)) for action in range(len(DECK))
)
CARD_TO_ACTION: Final = {card: action for action, card in enumerate(ACTION_TO_CARD)}
