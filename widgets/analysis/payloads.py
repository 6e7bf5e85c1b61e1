"""What the analysis board's front end draws, built from the flow's state.

Design choices:

* One frozen dataclass per part of the page the board redraws together (:class:`SetupPayload`
  for the deck and the setup, :class:`ViewPayload` for a position as your seat sees it,
  :class:`PlayPayload` for the four hands of play on); the field names are the widget's
  trait names, which ``static/analysis_board.js`` reads, so the widget copies them with
  :func:`dataclasses.asdict`.  Cards inside them are the shared card dictionaries of
  :func:`widgets._base.card_data`.
* Builders are functions of an :class:`~widgets.analysis.flow.AnalysisFlow` (or of engine
  values) and nothing else: they decide no rule and keep no state.  Which cards may be
  played is the engine's verdict (``legal_plays``); the front end re-implements no rule.
* Every caption and spoken text is a whole pattern of :data:`~widgets.analysis.words.PATTERNS`
  said in the active language; a screen reader hears the table and each trick as
  :func:`~widgets._base.spoken_plays` says them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hearts_core.cards import DECK, Card, Suit, cards_from_mask, mask_of
from hearts_core.phrasing import by_seat
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, TRICKS_PER_HAND
from hearts_core.state import HandState, Phase, SeatView
from hearts_core.wording import about_points, and_list, card_name, points_phrase, say, seat_name, suit_name
from widgets._base import card_data, cards_data, spoken_plays
from widgets.analysis.flow import AnalysisFlow, CoachAnswer
from widgets.analysis.words import LABELS, PATTERNS, TARGETS
from widgets.seen_position import player_rows, spoken_trick, table_facts, trick_slots, which_trick

__all__ = [
    "PlayPayload", "SetupPayload", "ViewPayload", "coach_answer_payload", "labels", "play_payload", "setup_payload",
    "targets", "view_payload",
]


@dataclass(frozen=True)
class SetupPayload:
    """The setup: the deck (each card's place), your hand, the tricks begun, the leader chooser, the status."""

    deck: list[dict[str, Any]]
    """Four rows, one per suit: ``suit`` (its English key), ``label`` and ``cards`` (each with ``place``)."""
    setup_hand: list[dict[str, Any]]
    setup_tricks: list[dict[str, Any]]
    """Every trick begun: ``number``, ``leader``, ``plays`` (seat names and cards, in play order) and ``words``."""
    leaders: list[dict[str, Any]]
    """The first trick's leader chooser: ``seat`` (number), ``name`` and ``chosen``."""
    setup_status: list[str]


@dataclass(frozen=True)
class ViewPayload:
    """A position as your seat sees it: the facts, your hand with the engine's verdicts, the players, the table."""

    facts: list[str]
    hand: list[dict[str, Any]]
    """Your cards, each with ``legal`` (the engine's verdict)."""
    players: list[dict[str, Any]]
    table: list[dict[str, Any]]
    table_words: str


@dataclass(frozen=True)
class PlayPayload:
    """Play on at the step shown: every seat's hand and whose turn it is, and where the step is."""

    seats: list[dict[str, Any]]
    """Each seat's ``name``, ``label``, ``cards`` (with ``legal`` for the seat to move), ``to_move`` and ``you``."""
    steps: int
    step_text: str


def labels() -> dict[str, str]:
    """The page's fixed words (buttons, headings), in the active language."""
    return {name: say(PATTERNS[name]) for name in LABELS}


def targets() -> list[dict[str, str]]:
    """The choice of where tapped deck cards go: each ``key`` and its ``label``."""
    return [{"key": key, "label": say(PATTERNS[f"target_{key}"])} for key in TARGETS]


def setup_payload(flow: AnalysisFlow) -> SetupPayload:
    """The setup the flow is building, card by card."""
    tricks = flow.setup.tricks()
    player_of: dict[Card, int] = {}
    for leader, cards in tricks:
        for offset, card in enumerate(cards):
            player_of[card] = (leader + offset) % NUM_SEATS
    hand = set(flow.setup.hand)

    def place(card: Card) -> dict[str, Any]:
        data = card_data(card)
        if card in hand:
            return {**data, "place": "hand", "label": say(PATTERNS["in_hand"], name=card_name(card))}
        if card in player_of:
            return {**data, "place": "played",
                    "label": say(PATTERNS["played_by"], name=card_name(card), seat=seat_name(player_of[card]))}
        return {**data, "place": ""}

    # ``suit`` is the English key (a data attribute, never shown); ``label`` names the row.
    deck = [{"suit": suit.plural, "label": suit_name(suit),
             "cards": [place(card) for card in DECK if card.suit is suit]} for suit in Suit]
    setup_tricks = [{"number": number, "leader": seat_name(leader),
                     "plays": [{"seat": seat_name((leader + offset) % NUM_SEATS), "card": card_data(card)}
                               for offset, card in enumerate(cards)],
                     "words": " ".join(spoken_plays(((leader + offset) % NUM_SEATS
                                                     for offset in range(len(cards))), cards))}
                    for number, (leader, cards) in enumerate(tricks, start=1) if cards]
    leaders = [{"seat": seat, "name": seat_name(seat), "chosen": seat == flow.setup.first_leader}
               for seat in range(NUM_SEATS)]
    played = flow.setup.plays_of(0)
    needed = CARDS_PER_SEAT - played
    status = [say(PATTERNS["setup_ready" if len(flow.setup.hand) == needed else "setup_count"],
                  count=len(flow.setup.hand), needed=needed, played=played)]
    player = flow.setup.next_player()
    if player is None:
        status.append(say(PATTERNS["setup_over"], total=TRICKS_PER_HAND))
    else:
        status.append(say(PATTERNS["setup_next_you" if player == 0 else "setup_next"], seat=seat_name(player),
                          number=len(tricks), total=TRICKS_PER_HAND))
    if flow.setup.passed is not None:
        status.append(say(PATTERNS["setup_passed_received" if flow.setup.received is not None else "setup_passed"],
                          direction=say(PATTERNS[f"pass_{flow.setup.direction.value}"]),
                          cards=and_list(flow.setup.passed),
                          received=and_list(flow.setup.received or ())))
    return SetupPayload(deck=deck, setup_hand=cards_data(cards_from_mask(mask_of(flow.setup.hand))),
                        setup_tricks=setup_tricks, leaders=leaders, setup_status=status)


def view_payload(view: SeatView) -> ViewPayload:
    """``view`` as your seat sees it: what is known, which cards may be played, who took what, the trick so far."""
    legal = set(view.legal_plays())
    if view.phase is Phase.HAND_OVER:
        facts = [say(PATTERNS["over"], total=TRICKS_PER_HAND)]
    elif view.phase is Phase.PASSING:
        facts = [say(PATTERNS["passing"])]
    else:
        assert view.to_move is not None
        facts = [which_trick(view), say(PATTERNS["your_turn"]) if view.is_my_turn
                 else say(PATTERNS["their_turn"], seat=seat_name(view.to_move))]
    if view.tricks:
        last = view.tricks[-1]
        facts.append(by_seat(last.winner, PATTERNS["your_last_trick"], PATTERNS["last_trick"],
                             card=last.played_by(last.winner), points=points_phrase(last.points)))
    facts += table_facts(view)
    players = player_rows(view, first=0, you=0)
    slots: list[dict[str, Any]] = []
    table_words = ""
    if view.phase is Phase.PLAYING:
        leader = view.trick_leader
        assert leader is not None
        slots = trick_slots(leader, view.current_trick, len(view.current_trick) + 1, you=0)
        table_words = spoken_trick(leader, view.current_trick, PATTERNS["nobody_led"])
    return ViewPayload(facts=facts, hand=cards_data(view.hand, legal=lambda card: card in legal), players=players,
                       table=slots, table_words=table_words)


def play_payload(state: HandState, step: int, steps: int) -> PlayPayload:
    """Play on at ``step`` of ``steps`` kept, showing ``state``: all four hands, the seat to move's cards marked."""
    legal = set(state.legal_plays())

    def playable(card: Card) -> bool:
        return card in legal

    seats = [{"name": seat_name(seat), "label": say(PATTERNS["your_hand"]) if seat == 0
              else say(PATTERNS["hand_of"], seat=seat_name(seat)),
              "cards": cards_data(state.hand(seat), legal=playable),
              "to_move": seat == state.to_move, "you": seat == 0} for seat in range(NUM_SEATS)]
    step_text = say(PATTERNS["step"], number=step, count=steps - 1) if step else say(PATTERNS["at_start"])
    return PlayPayload(seats=seats, steps=steps, step_text=step_text)


def coach_answer_payload(answer: CoachAnswer | None) -> dict[str, Any]:
    """The coach panel: its card (or none), its headline and reason, and each legal card's expected points."""
    if answer is None:
        return {}
    advice = answer.advice
    if advice is None:
        if answer.to_move is None:
            return {"card": None, "text": say(PATTERNS["coach_over"]), "rows": []}
        return {"card": None, "rows": [], "text": say(PATTERNS["coach_not_turn"], seat=seat_name(answer.to_move))}
    headline = (say(PATTERNS["coach_play"], card=advice.card) if advice.card is not None
                else say(PATTERNS["coach_pass"], cards=and_list(advice.cards)))
    rows = [{"card": card_data(item.card), "points": about_points(item.rest_points),
             "best": item.card is advice.card} for item in advice.alternatives]
    return {"card": card_data(advice.card) if advice.card is not None else None,
            "headline": headline, "text": advice.reason, "rows": rows, "best": say(PATTERNS["coach_best"])}
