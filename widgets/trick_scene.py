"""TrickScene: watch one trick being played, a card at a time, with a caption for every step.

Design choices:

* The trick comes from :mod:`hearts_core.scenarios` (``TrickScene("off-suit-ace")``), so
  the lesson cell is one line and the claims the captions make can be tested there.
* ``step`` (0 to 4) is the only state; everything else (the cards on the table, the
  led suit, who is winning, the caption) is derived from it in :meth:`_show`, so the
  picture can never disagree with the step.  The front end never sets ``step``: it
  sends ``back``/``next`` messages handled by :meth:`step_back`/:meth:`step_forward`.
* Who is winning after each card is :func:`hearts_core.trick_winner` of the cards so
  far, and the points are :func:`hearts_core.penalty_points`/:func:`card_points`: the
  captions only put the engine's answers into words.  That a card of another suit
  cannot win is not asserted by us; it is what ``trick_winner`` answers, and the
  caption says so because the winner did not change.
* Pressing "Next card" at the last card (or "Back" at the start) does nothing: a quick
  double tap can send one message more than the buttons allowed, and that is no error.

>>> scene = TrickScene("off-suit-ace")
>>> for _ in range(4):
...     _ = scene.step_forward()
>>> scene.caption.endswith("CPU1 takes the trick with ♣K and 1 point (♥A), and leads the next trick.")
True
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from hearts_core import ACE, Card, card_points, penalty_points, trick_winner
from hearts_core.rules import NUM_SEATS
from hearts_core.scenarios import TrickExample, trick_example
from hearts_core.wording import and_list, points_phrase, seat_name, subject, verb
from widgets._base import HeartsWidget, bundle_css, bundle_esm, played_data

__all__ = ["TrickScene"]


class TrickScene(HeartsWidget):
    """A trick from the package's scenarios, stepped through with Back / Next card."""

    _esm = bundle_esm("trick_scene.js")
    _css = bundle_css("trick_scene.css")

    completion_trait: ClassVar[str] = "step"

    title = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    total = traitlets.Int(NUM_SEATS).tag(sync=True)
    seats = traitlets.List(traitlets.Unicode()).tag(sync=True)
    played = traitlets.List(traitlets.Dict()).tag(sync=True)
    led = traitlets.Unicode("").tag(sync=True)
    winner = traitlets.Int(-1).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)

    def __init__(self, name: str | TrickExample = "off-suit-ace", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.example = trick_example(name) if isinstance(name, str) else name
        self.title = self.example.title
        self.total = len(self.example.cards)
        self.seats = [seat_name(seat) for seat in self._seats()]
        self.observe(self._on_step, names=["step"])
        self._show()

    def _actions(self) -> dict[str, Any]:
        return {"next": self.step_forward, "back": self.step_back}

    def is_complete(self) -> bool:
        """Watched to the end: every card of the trick is on the table (see :func:`widgets.lessons.completes`)."""
        return self.step >= self.total

    # ------------------------------------------------------------------- actions

    def step_forward(self) -> str:
        """Play the next card of the trick; returns the new caption."""
        if self.step < self.total:
            self.step += 1
        return self.caption

    def step_back(self) -> str:
        """Take back the last card played; returns the new caption."""
        if self.step > 0:
            self.step -= 1
        return self.caption

    # ------------------------------------------------------------------ display

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        value = int(proposal["value"])
        if not 0 <= value <= self.total:
            raise traitlets.TraitError(f"step must be 0 to {self.total} (cards played so far), not {value}")
        return value

    def _on_step(self, _change: dict[str, Any]) -> None:
        self._show()

    def _seats(self) -> list[int]:
        return [(self.example.leader + offset) % NUM_SEATS for offset in range(len(self.example.cards))]

    def _show(self) -> None:
        cards = self.example.cards[: self.step]
        seats = self._seats()
        self.played = played_data(seats[: len(cards)], cards)
        self.led = f"Led suit: {cards[0].suit.symbol} {cards[0].suit.plural}" if cards else ""
        self.winner = trick_winner(cards) if cards else -1
        self.caption = self._caption(cards, seats)

    def _caption(self, cards: tuple[Card, ...], seats: list[int]) -> str:
        if not cards:
            leads = subject(seats[0], "lead", "leads")
            return f"{leads} this trick. Press “Next card” to watch it one card at a time."
        card, seat = cards[-1], seats[len(cards) - 1]
        led = cards[0].suit
        best = trick_winner(cards)
        if len(cards) == 1:
            text = (f"{subject(seat, 'lead', 'leads')} {card}, so {led.plural} are the led suit: everyone else "
                    f"must play a {_one(led.plural)} if they hold one. {card} is winning so far.")
        else:
            before = cards[trick_winner(cards[:-1])]
            winning = subject(seats[best], "are", "is", capital=False)
            if best == len(cards) - 1:
                text = (f"{subject(seat, 'play', 'plays')} {card}: a {_one(led.plural)} higher than {before}, "
                        f"so {winning} winning now.")
            elif card.suit is led:
                text = (f"{subject(seat, 'play', 'plays')} {card}: a {_one(led.plural)}, but lower than {before}, "
                        f"so {winning} still winning.")
            else:
                # The engine did not let this card win; say why in the learner's terms.
                cannot = "not even an ace of another suit can win it" if card.rank == ACE else f"{card} cannot win it"
                text = (f"{subject(seat, 'have', 'has')} no {led.plural} and {verb(seat, 'play', 'plays')} {card}. "
                        f"Only a {_one(led.plural)} can win this trick, so {cannot}: {winning} still winning.")
        points = card_points(card)
        if points:
            text += f" {card} carries {points_phrase(points)} for whoever takes the trick."
        if len(cards) == self.total:
            # On its own line: the front end shows the ending as a paragraph of its own.
            text += "\n" + self._ending(cards, seats, best)
        return text

    def _ending(self, cards: tuple[Card, ...], seats: list[int], best: int) -> str:
        taker = seats[best]
        points = penalty_points(cards)
        carriers = [card for card in cards if card_points(card)]
        which = f" ({and_list(carriers)})" if carriers else ""
        return (f"{subject(taker, 'take', 'takes')} the trick with {cards[best]} and "
                f"{points_phrase(points)}{which}, and {verb(taker, 'lead', 'leads')} the next trick.")


def _one(plural: str) -> str:
    """"clubs" -> "club"."""
    return plural.removesuffix("s")
