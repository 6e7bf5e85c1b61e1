"""hearts_core: the pure rules engine behind Hearts Lessons.

Everything a lesson, a widget or a computer player needs comes from this one namespace:
cards and their notation, the one legality function (with reasons a learner can read),
hand and match state, scoring, records and the checker, and the position notation
(``docs/notation.md``).  Nothing here imports Jupyter or widget libraries.

>>> from hearts_core import parse_cards, check_play
>>> verdict = check_play(parse_cards("♣3 ♣A ♠Q ♦7 ♥9"), parse_cards("♣10 ♣K ♥5"), "♠Q",
...                      first_trick=False, hearts_broken=True)
>>> verdict.legal, verdict.reason.value
(False, 'must_follow_suit')
"""

# First, before anything imports the kernel: it chooses the kernel's build (a compiled one
# older than kernel.py must not run; see the module).
import hearts_core._kernel_build  # noqa: F401
from hearts_core.bots import LEVELS, make_bot
from hearts_core.cards import (
    ACE,
    DECK,
    JACK,
    KING,
    QUEEN,
    Card,
    Hand,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    to_card,
)
from hearts_core.errors import (
    HeartsError,
    InvalidCardError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
)
from hearts_core.legality import (
    ActionReason,
    Allowance,
    IllegalMove,
    Reason,
    Verdict,
    check_play,
    legal_plays,
    trick_winner,
)
from hearts_core.match import Match, deal_hands
from hearts_core.notation import format_position, parse_position
from hearts_core.pass_judge import PassJudgement, PassVerdict, judge_pass
from hearts_core.records import (
    RECORD_FORMAT,
    CheckReport,
    IllegalAction,
    check_record,
    load_record,
    position_before,
)
from hearts_core.rules import (
    CARDS_IN_PASS,
    CARDS_PER_SEAT,
    HEART_POINTS,
    MATCH_TARGET,
    NUM_SEATS,
    POINTS_PER_HAND,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_POINTS,
    SEAT_NAMES,
    SEATS,
    TRICKS_PER_HAND,
    TWO_OF_CLUBS,
    Rules,
)
from hearts_core.scoring import Outcome, card_points, hand_scores, match_outcome, match_winners, penalty_points
from hearts_core.state import HandState, PassDirection, Phase, SeatView, Trick, seat_name

__all__ = [
    "ACE",
    "CARDS_IN_PASS",
    "CARDS_PER_SEAT",
    "DECK",
    "HEART_POINTS",
    "JACK",
    "KING",
    "LEVELS",
    "MATCH_TARGET",
    "NUM_SEATS",
    "POINTS_PER_HAND",
    "QUEEN",
    "QUEEN_OF_SPADES",
    "QUEEN_OF_SPADES_POINTS",
    "RECORD_FORMAT",
    "SEATS",
    "SEAT_NAMES",
    "TRICKS_PER_HAND",
    "TWO_OF_CLUBS",
    "ActionReason",
    "Allowance",
    "Card",
    "CheckReport",
    "Hand",
    "HandState",
    "HeartsError",
    "IllegalAction",
    "IllegalMove",
    "InvalidCardError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "Match",
    "Outcome",
    "PassDirection",
    "PassJudgement",
    "PassVerdict",
    "Phase",
    "Reason",
    "Rules",
    "SeatView",
    "Suit",
    "Trick",
    "Verdict",
    "card_points",
    "check_play",
    "check_record",
    "deal_hands",
    "format_cards",
    "format_position",
    "hand_scores",
    "judge_pass",
    "legal_plays",
    "load_record",
    "make_bot",
    "match_outcome",
    "match_winners",
    "parse_card",
    "parse_cards",
    "parse_position",
    "penalty_points",
    "position_before",
    "seat_name",
    "to_card",
    "trick_winner",
]
