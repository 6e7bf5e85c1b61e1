"""PointsQuiz: "how many points do these cards carry?", answered from the engine's own count.

Design choices:

* The right answer is :func:`hearts_core.penalty_points` of the cards, never a number
  written in a notebook, so a lesson cannot teach a count the engine disagrees with.
* The wrong choices are the slips a learner actually makes (counting only the hearts,
  taking ♠Q for twelve, one off either way), so a wrong pick is worth explaining.
* The quiz is answered once the right number is picked; a wrong pick explains the count
  and leaves the quiz open.  The lessons mark a lesson done on ``answered``.

>>> quiz = PointsQuiz("♥3 ♥9 ♥K ♠Q")
>>> quiz.choose(16)
True
>>> quiz.feedback
'Right! 3 hearts (3) + ♠Q (13) = 16. Each heart is 1 point, ♠Q is 13, every other card 0.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import traitlets

from hearts_core import HEART_POINTS, QUEEN_OF_SPADES, QUEEN_OF_SPADES_POINTS, Suit, parse_cards, penalty_points
from hearts_core.scenarios import trick_example
from hearts_core.wording import plural
from widgets._base import HeartsWidget, bundle_css, bundle_esm, cards_data

__all__ = ["PointsQuiz"]

_CHOICES = 4


class PointsQuiz(HeartsWidget):
    """Pick the number of points a set of cards carries; ``choose(points)`` answers it."""

    _esm = bundle_esm("points_quiz.js")
    _css = bundle_css("points_quiz.css")

    completion_trait: ClassVar[str] = "answered"

    question = traitlets.Unicode("").tag(sync=True)
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    choices = traitlets.List(traitlets.Int()).tag(sync=True)
    chosen = traitlets.Int(-1).tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)

    def __init__(self, cards: str = "", *, example: str | None = None,
                 question: str = "How many points do these cards carry?", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cards = trick_example(example).cards if example else parse_cards(cards)
        self.question = question
        self.cards = cards_data(self._cards)
        self.answer = penalty_points(self._cards)
        self._hearts = sum(1 for card in self._cards if card.suit is Suit.HEARTS)
        hearts = self._hearts
        options = {self.answer, hearts, self.answer + 2, abs(self.answer - 1)}
        if QUEEN_OF_SPADES in self._cards:
            options.add(hearts + QUEEN_OF_SPADES_POINTS - 1)  # the queen miscounted as twelve is a classic slip
        if len(options) < _CHOICES:
            options.add(self.answer + 3)
        self.choices = sorted(options)[:_CHOICES]

    def _actions(self) -> dict[str, Callable[..., Any]]:
        return {"choose": self.choose}

    def is_complete(self) -> bool:
        """Answered: the right number has been picked (see :func:`widgets.lessons.completes`)."""
        return bool(self.answered)

    def choose(self, points: int) -> bool:
        """The learner picks ``points``; returns whether that is right and explains either way."""
        points = int(points)
        if points not in self.choices:
            raise ValueError(f"{points} is not one of the choices {self.choices}")
        self.chosen = points
        hearts = self._hearts
        parts = [f"{plural(hearts, 'heart')} ({hearts * HEART_POINTS})"] if hearts else []
        if QUEEN_OF_SPADES in self._cards:
            parts.append(f"{QUEEN_OF_SPADES} ({QUEEN_OF_SPADES_POINTS})")
        working = " + ".join(parts) + f" = {self.answer}" if parts else "No hearts and no ♠Q: 0"
        right = points == self.answer
        verdict = "Right!" if right else f"Not quite: it is {self.answer}."
        self.feedback = f"{verdict} {working}. Each heart is 1 point, ♠Q is 13, every other card 0."
        if right:
            self.answered = True
        return right
