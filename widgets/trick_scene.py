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

from typing import Any, ClassVar, Final

import traitlets

from hearts_core import ACE, Card, Suit, card_points, penalty_points, trick_winner
from hearts_core.rules import NUM_SEATS
from hearts_core.scenarios import TrickExample, trick_example
from hearts_core.wording import (
    LEARNER_SEAT,
    and_list,
    marked,
    points_phrase,
    say,
    seat_name,
    suit_name,
    translate,
)
from widgets._base import HeartsWidget, bundle_css, bundle_esm, command, played_data
from widgets.phrases import nonempty_sentences

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
    learner = traitlets.Int(-1).tag(sync=True)
    """Which of ``seats`` is the learner's (-1: none), so the front end says "You take" without comparing names."""

    def __init__(self, name: str | TrickExample = "off-suit-ace", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.example = trick_example(name) if isinstance(name, str) else name
        self.title = translate(self.example.title)  # a pattern kept in the engine's scenarios
        self.total = len(self.example.cards)
        self.seats = [seat_name(seat) for seat in self._seats()]
        self.learner = next((index for index, seat in enumerate(self._seats()) if seat == LEARNER_SEAT), -1)
        self.observe(self._on_step, names=["step"])
        self._show()

    def is_complete(self) -> bool:
        """Watched to the end: every card of the trick is on the table (see :func:`widgets.lessons.completes`)."""
        return self.step >= self.total

    # ------------------------------------------------------------------- actions

    @command("next")
    def step_forward(self) -> str:
        """Play the next card of the trick; returns the new caption."""
        if self.step < self.total:
            self.step += 1
        return self.caption

    @command("back")
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
        self.led = (say("Led suit: {symbol} {suit}", symbol=cards[0].suit.symbol, suit=suit_name(cards[0].suit))
                    if cards else "")
        self.winner = trick_winner(cards) if cards else -1
        self.caption = self._caption(cards, seats)

    def _caption(self, cards: tuple[Card, ...], seats: list[int]) -> str:
        if not cards:
            if seats[0] == LEARNER_SEAT:
                return say("You lead this trick. Press “Next card” to watch it one card at a time.")
            return say("{seat} leads this trick. Press “Next card” to watch it one card at a time.",
                       seat=seat_name(seats[0]))
        card, seat = cards[-1], seats[len(cards) - 1]
        led = cards[0].suit
        best = trick_winner(cards)
        names = {"card": card, "suit": suit_name(led), "a_suit": translate(_A_SUIT[led]), "seat": seat_name(seat),
                 "winner": seat_name(seats[best])}
        you, winner_you = seat == LEARNER_SEAT, seats[best] == LEARNER_SEAT
        if len(cards) == 1:
            text = (say("You lead {card}, so {suit} are the led suit: everyone else must play {a_suit} if they hold "
                        "one. {card} is winning so far.", **names) if you else
                    say("{seat} leads {card}, so {suit} are the led suit: everyone else must play {a_suit} if they "
                        "hold one. {card} is winning so far.", **names))
        else:
            names["before"] = cards[trick_winner(cards[:-1])]
            if best == len(cards) - 1:
                text = (say("You play {card}: {a_suit} higher than {before}, so you are winning now.", **names)
                        if you else
                        say("{seat} plays {card}: {a_suit} higher than {before}, so {seat} is winning now.", **names))
            elif card.suit is led:
                if you:
                    text = say("You play {card}: {a_suit}, but lower than {before}, so {winner} is still winning.",
                               **names)
                elif winner_you:
                    text = say("{seat} plays {card}: {a_suit}, but lower than {before}, so you are still winning.",
                               **names)
                else:
                    text = say("{seat} plays {card}: {a_suit}, but lower than {before}, so {winner} is still "
                               "winning.", **names)
            else:
                # The engine did not let this card win; say why in the learner's terms.
                discard = (say("You have no {suit} and play {card}.", **names) if you else
                           say("{seat} has no {suit} and plays {card}.", **names))
                text = nonempty_sentences(discard, self._cannot_win(card, names, winner_you))
        points = card_points(card)
        if points:
            text = nonempty_sentences(text, say("{card} carries {points} for whoever takes the trick.", card=card,
                                       points=points_phrase(points)))
        if len(cards) == self.total:
            # On its own line: the front end shows the ending as a paragraph of its own.
            text += "\n" + self._ending(cards, seats, best)
        return text

    @staticmethod
    def _cannot_win(card: Card, names: dict[str, object], winner_you: bool) -> str:
        """Why a card of another suit does not take the trick, and who is still winning it."""
        if card.rank == ACE:
            return (say("Only {a_suit} can win this trick, so not even an ace of another suit can win it: you are "
                        "still winning.", **names) if winner_you else
                    say("Only {a_suit} can win this trick, so not even an ace of another suit can win it: {winner} "
                        "is still winning.", **names))
        return (say("Only {a_suit} can win this trick, so {card} cannot win it: you are still winning.", **names)
                if winner_you else
                say("Only {a_suit} can win this trick, so {card} cannot win it: {winner} is still winning.", **names))

    def _ending(self, cards: tuple[Card, ...], seats: list[int], best: int) -> str:
        taker = seats[best]
        points = points_phrase(penalty_points(cards))
        carriers = and_list(card for card in cards if card_points(card))
        values = {"card": cards[best], "points": points, "cards": carriers, "seat": seat_name(taker)}
        if taker == LEARNER_SEAT:
            if carriers:
                return say("You take the trick with {card} and {points} ({cards}), and lead the next trick.", **values)
            return say("You take the trick with {card} and {points}, and lead the next trick.", **values)
        if carriers:
            return say("{seat} takes the trick with {card} and {points} ({cards}), and leads the next trick.",
                       **values)
        return say("{seat} takes the trick with {card} and {points}, and leads the next trick.", **values)


_A_SUIT: Final = {
    Suit.CLUBS: marked("a club"), Suit.DIAMONDS: marked("a diamond"), Suit.SPADES: marked("a spade"),
    Suit.HEARTS: marked("a heart"),
}
"""One card of a suit, as the captions say it ("must play a club"): a translator may write "a card of clubs"."""
