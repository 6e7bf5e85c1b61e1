"""Practice: "Which card would you play?"; the learner picks a card and sees what it leads to.

Design choices:

* The position comes from :mod:`hearts_core.scenarios` (``Practice("practice-clubs-led")``).
  Whether the chosen card is allowed, and why, is :func:`hearts_core.check_play` in the
  engine's own words; what happens next is :meth:`Position.outcome` (who takes the trick
  and how many points), which asks ``trick_winner`` and ``penalty_points``.
* This is a question, so nothing is told up front: the hand carries no verdict at all
  (every card looks the same) and a card shows allowed or not only once tried.
* The learner may try every card, legal or not, as often as they like; ``tried`` keeps
  each card once, in the order first tried, with its verdict.  ``answered`` becomes true
  with the first legal choice and stays true: the lessons use it to mark the practice
  done, and trying more cards afterwards is exploring, not un-answering.

>>> practice = Practice("practice-clubs-led")
>>> practice.choose("♣3").consequence
'CPU2 takes the trick with ♣K and 1 point.'
>>> practice.answered
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar

import traitlets

from hearts_core import Card, check_play, parse_position
from hearts_core.cards import to_card
from hearts_core.errors import InvalidPositionError
from hearts_core.rules import NUM_SEATS
from hearts_core.scenarios import Position, position
from hearts_core.state import SeatView
from hearts_core.wording import LEARNER_SEAT, points_phrase, say, seat_name
from widgets._base import HeartsWidget, bundle_css, bundle_esm, cards_data, command, played_data
from widgets.glossary import rule_link

__all__ = ["Feedback", "Practice"]


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner is told about one chosen card."""

    card: str
    legal: bool
    reason: str
    message: str
    consequence: str
    winner: int | None = None
    points: int | None = None


class Practice(HeartsWidget):
    """A practice question on a named position; ``choose(card)`` answers it."""

    _esm = bundle_esm("practice.js")
    _css = bundle_css("practice.css")

    completion_trait: ClassVar[str] = "answered"
    counts_for_stars: ClassVar[bool] = True

    title = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    seats = traitlets.List(traitlets.Unicode()).tag(sync=True)
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    tried = traitlets.List(traitlets.Dict()).tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    first_try = traitlets.Bool(False).tag(sync=True)
    """The first card tried was one the rules allow (a star on the index)."""

    def __init__(self, name: str | Position = "practice-clubs-led", *, view: SeatView | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.position = position(name) if isinstance(name, str) else name
        self.view = view
        """The whole view when the position came from a notation: its rules and history judge each card."""
        self.title = self.position.shown_title
        self.question = self.position.shown_prompt or say("Which card would you play?")
        self.hand = cards_data(self.position.hand)
        # Every seat in play order, the learner's own place included, so the table can
        # show the learner's card in its slot once chosen.
        self.seats = [seat_name(seat) for seat in self._seats()]
        self.table = played_data(self.position.seats, self.position.trick)

    @classmethod
    def from_position(cls, notation: str, *, prompt: str = "", title: str = "") -> Practice:
        """A practice question on a position written in the notation (``docs/notation.md``).

        The seat of the position is shown as the learner's ("You"), the others named from
        it; every card is judged by the engine on the whole position (its earlier tricks and
        its house rules included).  ``prompt`` and ``title`` are the teacher's own words.

        Raises:
            InvalidPositionError: the notation cannot be read (the message names the part),
                or it is not the seat's turn to play a card.

        >>> practice = Practice.from_position("0 ♣3♣A♦7♠Q♥9 hold 0:♣2♣J♣Q♦A/2:♦5♦K♦2♦6/3:♠6♠2♠7♠8/"
        ...     "2:♦8♦9♦3♦10/1:♠9♠10♠J♠3/3:♦J♦4♦Q♥2/1:♠K♥3♥4♠4/1:♠A♥6♥7♠5 1:♣10♣K♥5")
        >>> practice.choose("♣3").consequence
        'CPU2 takes the trick with ♣K and 1 point.'
        """
        view = parse_position(notation)
        if not view.is_my_turn or view.trick_leader is None:
            raise InvalidPositionError(
                f"position: it is not seat {view.seat}'s turn to play a card, so there is no question to ask",
                part="position")
        turned = Position(name="position", title=title, prompt=prompt, hand=view.hand, trick=view.current_trick,
                          leader=(view.trick_leader - view.seat) % NUM_SEATS, first_trick=view.first_trick,
                          hearts_broken=view.hearts_broken)
        return cls(turned, view=view)

    def is_complete(self) -> bool:
        """Answered: a legal card has been chosen (see :func:`widgets.lessons.completes`)."""
        return bool(self.answered)

    def _seats(self) -> list[int]:
        count = len(self.position.trick) + 1
        return [(self.position.leader + offset) % NUM_SEATS for offset in range(count)]

    @command("choose")
    def choose(self, card: Card | str) -> Feedback:
        """The learner chooses ``card``: the engine's verdict and, if allowed, what it leads to."""
        chosen = to_card(card)  # a Card or its text; malformed text raises InvalidCardError, shown in the error box
        where = self.position
        verdict = self.view.explain(chosen) if self.view is not None else check_play(
            where.hand, where.trick, chosen, first_trick=where.first_trick, hearts_broken=where.hearts_broken)
        winner = points = None
        consequence = ""
        if verdict.legal:
            outcome = where.outcome(chosen, self.view.rules if self.view is not None else None)
            if outcome is None:
                consequence = say("The trick is not finished yet: who takes it depends on the cards still to come.")
            else:
                winner, points = outcome
                cards = (*where.trick, chosen)
                winning_card = cards[self._seats().index(winner)]
                consequence = (say("You take the trick with {card} and {points}.", card=winning_card,
                                       points=points_phrase(points)) if winner == LEARNER_SEAT
                               else say("{seat} takes the trick with {card} and {points}.", seat=seat_name(winner),
                                        card=winning_card, points=points_phrase(points)))
        feedback = Feedback(str(chosen), verdict.legal, verdict.reason.value, verdict.message, consequence,
                            winner, points)
        with self.changing_together():  # the verdict and the card's mark arrive together
            self.selected = str(chosen)
            self.feedback = {**asdict(feedback), "trick": self._trick_with(chosen, winner) if verdict.legal else [],
                             "link": rule_link(verdict.reason)}
            if all(item["card"] != str(chosen) for item in self.tried):
                self.tried = [*self.tried, {"card": str(chosen), "legal": verdict.legal}]
            if verdict.legal and not self.answered:
                self.first_try = len(self.tried) == 1
                self.answered = True
        return feedback

    def _trick_with(self, card: Card, winner: int | None) -> list[dict[str, Any]]:
        """The table with the learner's card added: each card with its seat, whether it takes the trick and is yours."""
        seats = self._seats()
        return [{**entry, "winner": seat == winner}
                for seat, entry in zip(seats, played_data(seats, (*self.position.trick, card)), strict=True)]

