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

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import traitlets

from hearts_core import HEART_POINTS, QUEEN_OF_SPADES, QUEEN_OF_SPADES_POINTS, Card, Suit, parse_cards, penalty_points
from hearts_core.scenarios import trick_example
from hearts_core.wording import marked, say, say_n, translate
from widgets._base import HeartsWidget, bundle_css, bundle_esm, cards_data, command

__all__ = ["PointsQuiz", "points_choices", "points_working"]

_CHOICES = 4
QUESTION: Final = marked("How many points do these cards carry?")
LESSON_QUESTIONS: Final = (
    marked("How many points for taking these cards?"),
    marked("How many points are in ♥2, ♥8, ♠Q and ♣5?"),
)
"""The questions lessons pass (their code cells are the same in every language): marked here so the catalogue
has them, and said through :func:`hearts_core.wording.translate` like any ``question`` given."""


def points_choices(cards: Sequence[Card]) -> list[int]:
    """The right count and the slips a learner makes, in order: four numbers to pick from."""
    answer = penalty_points(cards)
    hearts = sum(1 for card in cards if card.suit is Suit.HEARTS)
    options = {answer, hearts, answer + 2, abs(answer - 1)}
    if QUEEN_OF_SPADES in cards:
        options.add(hearts + QUEEN_OF_SPADES_POINTS - 1)  # the queen miscounted as twelve is a classic slip
    extra = 3
    while len(options) < _CHOICES:
        options.add(answer + extra)
        extra += 1
    return sorted([answer, *sorted(options - {answer})[: _CHOICES - 1]])


def points_working(cards: Sequence[Card]) -> str:
    """The count written out: ``3 hearts (3) + ♠Q (13) = 16.`` and the rule behind it."""
    answer = penalty_points(cards)
    hearts = sum(1 for card in cards if card.suit is Suit.HEARTS)
    # The sum itself is digits and card notation; only the words around it are patterns.
    parts = [say_n("{count} heart ({points})", "{count} hearts ({points})", hearts, points=hearts * HEART_POINTS)
             ] if hearts else []
    if QUEEN_OF_SPADES in cards:
        parts.append(f"{QUEEN_OF_SPADES} ({QUEEN_OF_SPADES_POINTS})")
    working = " + ".join(parts) + f" = {answer}" if parts else say("No hearts and no ♠Q: 0")
    return say("{working}. Each heart is 1 point, ♠Q is 13, every other card 0.", working=working)


class PointsQuiz(HeartsWidget):
    """Pick the number of points a set of cards carries; ``choose(points)`` answers it."""

    _esm = bundle_esm("points_quiz.js")
    _css = bundle_css("points_quiz.css")

    completion_trait: ClassVar[str] = "answered"
    counts_for_stars: ClassVar[bool] = True
    """A first-try right answer earns a star on the index, as for every graded exercise."""

    question = traitlets.Unicode("").tag(sync=True)
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    choices = traitlets.List(traitlets.Int()).tag(sync=True)
    chosen = traitlets.Int(-1).tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    attempts = traitlets.Int(0).tag(sync=True)
    first_try = traitlets.Bool(False).tag(sync=True)
    """Answered right at the first pick (a star on the index)."""

    def __init__(self, cards: str = "", *, example: str | None = None,
                 question: str = QUESTION, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cards = trick_example(example).cards if example else parse_cards(cards)
        self.question = translate(question)
        self.cards = cards_data(self._cards)
        self.answer = penalty_points(self._cards)
        self.choices = points_choices(self._cards)

    def is_complete(self) -> bool:
        """Answered: the right number has been picked (see :func:`widgets.lessons.completes`)."""
        return bool(self.answered)

    @command("choose")
    def choose(self, points: int) -> bool:
        """The learner picks ``points``; returns whether that is right and explains either way."""
        points = int(points)
        if points not in self.choices:
            raise ValueError(f"{points} is not one of the choices {self.choices}")
        self.chosen = points
        right = points == self.answer
        self.attempts += 1
        working = points_working(self._cards)
        self.feedback = (say("Right! {working}", working=working) if right else
                         say("Not quite: it is {answer}. {working}", answer=self.answer, working=working))
        if right and not self.answered:
            self.first_try = self.attempts == 1
        if right:
            self.answered = True
        return right
