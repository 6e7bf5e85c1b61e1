"""Exercises that ask before they tell: the learner commits to an answer, then reads the verdict.

Four kinds, each graded by the engine and explained in its words after the answer:

* :class:`LegalCardsQuiz` "Tap every card you may play, then Check": multi-select, graded
  card by card against :func:`hearts_core.legal_plays`, each card explained by
  :func:`hearts_core.check_play`.
* :class:`WhoTakesQuiz` "Who takes this trick?": a finished trick, answered by seat
  before anything says who won; graded by :func:`hearts_core.trick_winner`.
* :class:`TrickPointsQuiz` "How many points?" on a real trick, graded by
  :func:`hearts_core.penalty_points`.
* :class:`StopTheMoon`: one player is running the hearts; the learner must find a card
  that takes a trick with points away from it.  A card is right only if the engine
  allows it and :meth:`Position.outcome` gives the trick, with its points, to the learner.

Design choices:

* Ask first.  Before the first answer nothing a learner can see (or a screen reader can
  hear) tells which card is allowed or who wins: the hand carries no verdict, ``result``
  is empty, and every tappable card looks the same.  The verdict arrives in ``result``.
* One widget, one set of traits, several kinds: a question is a small object
  (:class:`Question`) that knows its payload and how to grade an answer, so the drill
  (:mod:`widgets.drill`) can put a new question of any kind in the same widget.
* ``answered`` becomes true with the first right answer and stays true (what completes
  the exercise in a lesson); ``first_try`` records whether that was the first answer
  (a star on the index).  A wrong answer shows why and leaves the question open.
* Every sentence is a whole pattern said through :mod:`hearts_core.wording` (two where
  "you" and another seat take different grammar, a plural pair where a count decides), so a
  translator words each one whole; the engine's own sentences (a verdict's message) are quoted
  as they come.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import traitlets

from hearts_core import Card, Reason, check_play, penalty_points, trick_winner
from hearts_core.cards import Suit, to_card
from hearts_core.drills import QuestionKind
from hearts_core.rules import NUM_SEATS
from hearts_core.scenarios import MOON_RUNNERS, Position, TrickExample, position, trick_example
from hearts_core.wording import LEARNER_SEAT, and_list, marked, points_phrase, say, say_n, seat_name
from widgets._base import HeartsWidget, bundle_css, bundle_esm, card_data, cards_data, command
from widgets.glossary import rule_link
from widgets.points_quiz import points_choices, points_working

__all__ = [
    "Exercise",
    "LegalCardsQuiz",
    "Question",
    "StopTheMoon",
    "TrickPointsQuiz",
    "WhoTakesQuiz",
    "legal_cards_question",
    "points_question",
    "spoil_question",
    "who_takes_question",
]

class Question(ABC):
    """One question: what the learner sees before answering, and how an answer is graded."""

    kind: ClassVar[QuestionKind]

    def __init__(self, title: str, prompt: str) -> None:
        self.title = title
        self.prompt = prompt

    @abstractmethod
    def payload(self) -> dict[str, Any]:
        """``table``, ``hand`` and ``choices`` for the front end, with no verdict in them."""

    @abstractmethod
    def grade(self, answer: Any) -> dict[str, Any]:
        """The verdict on ``answer``: ``correct``, a ``summary``, explanation ``lines``..."""


def _table(trick: tuple[Card, ...], leader: int) -> list[dict[str, Any]]:
    return [{"seat": seat_name((leader + offset) % NUM_SEATS), "card": card_data(card)}
            for offset, card in enumerate(trick)]


class _PositionQuestion(Question, ABC):
    """A question about the learner's cards in a :class:`Position`."""

    def __init__(self, where: Position, title: str | None = None, prompt: str | None = None) -> None:
        super().__init__(title or where.shown_title, prompt or where.shown_prompt)
        self.position = where

    def verdict(self, card: Card) -> tuple[bool, Reason, str]:
        where = self.position
        result = check_play(where.hand, where.trick, card, first_trick=where.first_trick,
                            hearts_broken=where.hearts_broken)
        return result.legal, Reason(result.reason), result.message

    def payload(self) -> dict[str, Any]:
        where = self.position
        # Seats in play order up to and including the learner, so the table shows where the learner plays.
        seats = [seat_name((where.leader + offset) % NUM_SEATS) for offset in range(len(where.trick) + 1)]
        return {"table": _table(where.trick, where.leader), "seats": seats,
                "hand": cards_data(where.hand), "choices": []}


class _LegalCards(_PositionQuestion):
    """Tap every card you may play: the answer is a set of cards."""

    kind = QuestionKind.LEGAL_CARDS

    def grade(self, answer: Any) -> dict[str, Any]:
        picked = {to_card(card) for card in answer}
        cards: dict[str, dict[str, Any]] = {}
        by_reason: dict[Reason, list[tuple[Card, str, bool]]] = {}
        for card in self.position.hand:
            legal, reason, message = self.verdict(card)
            right = (card in picked) == legal
            cards[str(card)] = {"allowed": legal, "picked": card in picked, "right": right}
            by_reason.setdefault(reason, []).append((card, message, right))
        allowed = [card for card in self.position.hand if cards[str(card)]["allowed"]]
        missed = [card for card in allowed if card not in picked]
        wrong = [card for card in self.position.hand if card in picked and not cards[str(card)]["allowed"]]
        correct = not missed and not wrong
        every = len(allowed) == len(self.position.hand)
        cards_allowed = and_list(allowed)
        if correct:
            summary = (say("Right: every card you hold may be played.") if every
                       else say("Right: you may play {cards} and nothing else.", cards=cards_allowed))
        else:
            slips = []
            if missed:
                slips.append(say_n("{cards} is allowed too", "{cards} are allowed too", len(missed),
                                   cards=and_list(missed)))
            if wrong:
                slips.append(say_n("{cards} is not allowed", "{cards} are not allowed", len(wrong),
                                   cards=and_list(wrong)))
            summary = (say("Not quite: {slips}. In all, every card you hold may be played.", slips=and_list(slips))
                       if every else say("Not quite: {slips}. In all, you may play {cards} and nothing else.",
                                         slips=and_list(slips), cards=cards_allowed))
        # One sentence per rule the engine applied, from a card the learner got wrong where there is one.
        lines = []
        links = []
        for reason, group in by_reason.items():
            card, message, _ = next((item for item in group if not item[2]), group[0])
            lines.append(message)
            link = rule_link(reason)
            if link and link not in links:
                links.append(link)
        return {"correct": correct, "summary": summary, "lines": lines, "cards": cards, "links": links}


class _TrickQuestion(Question, ABC):
    """A question about a finished trick."""

    def __init__(self, trick: TrickExample, title: str, prompt: str) -> None:
        super().__init__(title, prompt)
        self.trick = trick
        self.seats = [(trick.leader + offset) % NUM_SEATS for offset in range(len(trick.cards))]
        self.winner = self.seats[trick_winner(trick.cards)]

    def payload(self) -> dict[str, Any]:
        return {"table": _table(self.trick.cards, self.trick.leader), "seats": [seat_name(s) for s in self.seats],
                "hand": [], "choices": self.choices()}

    @abstractmethod
    def choices(self) -> list[dict[str, Any]]:
        """The buttons to answer with."""

    def taking(self) -> str:
        cards = self.trick.cards
        led = cards[0].suit
        best = cards[trick_winner(cards)]
        highest = say(_HIGHEST[led])
        text = (say("You take the trick with {card}, {highest}.", card=best, highest=highest)
                if self.winner == LEARNER_SEAT else
                say("{seat} takes the trick with {card}, {highest}.", seat=seat_name(self.winner), card=best,
                    highest=highest))
        off = [card for card in cards if card.suit is not led]
        if off:
            text += " " + _off_suit(led, off)
        return text


_HIGHEST: dict[Suit, str] = {
    Suit.CLUBS: marked("the highest club played"),
    Suit.DIAMONDS: marked("the highest diamond played"),
    Suit.SPADES: marked("the highest spade played"),
    Suit.HEARTS: marked("the highest heart played"),
}
"""The led suit's winning card described, one whole phrase per suit (a translator may need its gender)."""


def _off_suit(led: Suit, off: list[Card]) -> str:
    """Why the cards of other suits in a trick cannot win it: one sentence, a pattern per led suit."""
    cards, count = and_list(off), len(off)
    if led is Suit.CLUBS:
        return say_n("{cards} is not a club, so it cannot win, however high.",
                     "{cards} are not clubs, so they cannot win, however high.", count, cards=cards)
    if led is Suit.DIAMONDS:
        return say_n("{cards} is not a diamond, so it cannot win, however high.",
                     "{cards} are not diamonds, so they cannot win, however high.", count, cards=cards)
    if led is Suit.SPADES:
        return say_n("{cards} is not a spade, so it cannot win, however high.",
                     "{cards} are not spades, so they cannot win, however high.", count, cards=cards)
    return say_n("{cards} is not a heart, so it cannot win, however high.",
                 "{cards} are not hearts, so they cannot win, however high.", count, cards=cards)


class _WhoTakes(_TrickQuestion):
    kind = QuestionKind.WHO_TAKES

    def choices(self) -> list[dict[str, Any]]:
        return [{"value": seat, "label": seat_name(seat)} for seat in self.seats]

    def grade(self, answer: Any) -> dict[str, Any]:
        seat = int(answer)
        if seat not in self.seats:
            raise ValueError(f"{answer!r} is not one of the seats at this trick")
        correct = seat == self.winner
        if correct:
            summary = say("Right!")
        elif self.winner == LEARNER_SEAT:
            summary = say("Not quite: you take it.")
        else:
            summary = say("Not quite: {seat} takes it.", seat=seat_name(self.winner))
        points = penalty_points(self.trick.cards)
        lines = [self.taking(), say("The trick carries {points}.", points=points_phrase(points))]
        return {"correct": correct, "summary": summary, "lines": lines, "winner": seat_name(self.winner),
                "chosen": seat, "links": []}


class _Points(_TrickQuestion):
    kind = QuestionKind.POINTS

    def choices(self) -> list[dict[str, Any]]:
        return [{"value": value, "label": str(value)} for value in points_choices(self.trick.cards)]

    def grade(self, answer: Any) -> dict[str, Any]:
        value = int(answer)
        if value not in points_choices(self.trick.cards):
            raise ValueError(f"{answer!r} is not one of the choices")
        points = penalty_points(self.trick.cards)
        correct = value == points
        summary = say("Right!") if correct else say("Not quite: it is {points}.", points=points)
        lines = [points_working(self.trick.cards),
                 say("They go to whoever takes the trick: {taking}", taking=self.taking())]
        return {"correct": correct, "summary": summary, "lines": lines, "winner": seat_name(self.winner),
                "chosen": value, "links": []}


class _Spoil(_PositionQuestion):
    """Stop the moon: take a trick with points away from the player running the hearts."""

    kind = QuestionKind.SPOIL

    def __init__(self, where: Position, runner: int) -> None:
        super().__init__(where)
        self.runner = runner

    def grade(self, answer: Any) -> dict[str, Any]:
        card = to_card(answer)
        legal, reason, message = self.verdict(card)
        runner = seat_name(self.runner)
        if not legal:
            return {"correct": False, "summary": say("{card} is not allowed here.", card=card), "lines": [message],
                    "chosen": str(card), "links": [link] if (link := rule_link(reason)) else []}
        outcome = self.position.outcome(card)
        if outcome is None:
            raise ValueError("a stop-the-moon position must be the last card of its trick")
        winner, points = outcome
        correct = winner == 0 and points > 0
        if correct:
            summary = say("Right! You take the trick with {card} and {points}, so {runner} can no longer take every "
                          "point: the moon is stopped.", card=card, points=points_phrase(points), runner=runner)
        elif winner == LEARNER_SEAT:
            summary = say("Not this one: you take the trick and its {points}, so {runner} can still take every "
                          "point and shoot the moon.", points=points_phrase(points), runner=runner)
        else:
            summary = say("Not this one: {seat} takes the trick and its {points}, so {runner} can still take every "
                          "point and shoot the moon.", seat=seat_name(winner), points=points_phrase(points),
                          runner=runner)
        return {"correct": correct, "summary": summary, "lines": [message], "chosen": str(card), "links": [],
                "winner": seat_name(winner), "played": card_data(card)}


def legal_cards_question(where: str | Position) -> Question:
    """"Tap every card you may play" on a named (or given) position."""
    return _LegalCards(position(where) if isinstance(where, str) else where)


def who_takes_question(trick: str | TrickExample, prompt: str | None = None) -> Question:
    """"Who takes this trick?" on a named (or given) trick; ``prompt`` is the teacher's own words, if any.

    The trick's own title is not shown: it often gives the answer away ("an off-suit ace never wins").
    """
    return _WhoTakes(trick_example(trick) if isinstance(trick, str) else trick, say("Who takes this trick?"),
                     prompt or say("Pick the player who takes it."))


def points_question(trick: str | TrickExample, prompt: str | None = None) -> Question:
    """"How many points?" on a named (or given) trick (its title, which may give the count away, is not shown)."""
    return _Points(trick_example(trick) if isinstance(trick, str) else trick,
                   say("How many points does this trick carry?"), prompt or say("Pick the number of points in it."))


def spoil_question(name: str) -> Question:
    """"Stop the moon" on a named position whose runner is listed in :data:`MOON_RUNNERS`."""
    return _Spoil(position(name), MOON_RUNNERS[name])


class Exercise(HeartsWidget):
    """A question of any kind; the learner answers with ``toggle``/``check`` or ``answer``."""

    _esm = bundle_esm("exercise_parts.js", "exercises.js")
    _css = bundle_css("exercises.css")

    completion_trait: ClassVar[str] = "answered"
    counts_for_stars: ClassVar[bool] = True
    """A first-try right answer earns a star on the index."""

    kind = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    seats = traitlets.List(traitlets.Unicode()).tag(sync=True)
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    choices = traitlets.List(traitlets.Dict()).tag(sync=True)
    picked = traitlets.List(traitlets.Unicode()).tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    """Empty until the learner answers: the verdict is never on screen before that."""
    notice = traitlets.Unicode("").tag(sync=True)
    attempts = traitlets.Int(0).tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    first_try = traitlets.Bool(False).tag(sync=True)

    def __init__(self, question: Question, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.load(question)

    def load(self, question: Question) -> None:
        """Show ``question`` fresh: nothing picked, no verdict."""
        self.question = question
        payload = question.payload()
        with self.changing_together():
            self.kind = question.kind.value
            self.title = question.title
            self.prompt = question.prompt
            self.seats = payload["seats"]
            self.table = payload["table"]
            self.hand = payload["hand"]
            self.choices = payload["choices"]
            self.picked = []
            self.result = {}
            self.notice = ""
            self.attempts = 0
            self.first_try = False
            self.answered = False

    def is_complete(self) -> bool:
        """Answered: the right answer has been given (see :func:`widgets.lessons.completes`)."""
        return bool(self.answered)

    @command("toggle")
    def toggle(self, card: Card | str) -> list[str]:
        """Pick or un-pick ``card`` ("tap every card you may play"); returns the cards picked."""
        if self.kind != QuestionKind.LEGAL_CARDS:
            raise ValueError(f"this question is answered with a choice, not by picking cards ({self.kind})")
        chosen = str(to_card(card))
        if chosen not in {item["text"] for item in self.hand}:
            raise ValueError(f"{chosen} is not in this hand")
        picked = [text for text in self.picked if text != chosen]
        if len(picked) == len(self.picked):
            picked.append(chosen)
        order = [item["text"] for item in self.hand]
        self.picked = sorted(picked, key=order.index)
        self.notice = ""
        return list(self.picked)

    @command("check")
    def check(self) -> dict[str, Any]:
        """Grade the cards picked so far (at least one: there is always a card you may play)."""
        if not self.picked:
            self.notice = say("Tap the cards you may play first: there is always at least one.")
            return {}
        return self.answer(list(self.picked))

    @command("answer")
    def answer(self, value: Any) -> dict[str, Any]:
        """Answer with ``value`` (a seat, a number, a card, or the picked cards) and show the verdict."""
        result = self.question.grade(value)
        self.attempts += 1
        if result["correct"] and not self.answered:
            self.first_try = self.attempts == 1
        self.notice = ""
        self.result = result
        if result["correct"]:
            self.answered = True
        return result


class LegalCardsQuiz(Exercise):
    """"Tap every card you may play, then Check" on a named position."""

    def __init__(self, where: str | Position, **kwargs: Any) -> None:
        super().__init__(legal_cards_question(where), **kwargs)


class WhoTakesQuiz(Exercise):
    """"Who takes this trick?" on a named trick, asked before the trick is stepped through."""

    def __init__(self, trick: str | TrickExample, **kwargs: Any) -> None:
        super().__init__(who_takes_question(trick), **kwargs)


class TrickPointsQuiz(Exercise):
    """"How many points?" on a named trick: who played what, and what the taker collects."""

    def __init__(self, trick: str | TrickExample, **kwargs: Any) -> None:
        super().__init__(points_question(trick), **kwargs)


class StopTheMoon(Exercise):
    """"Stop the moon": find the card that takes a trick with points away from the runner."""

    def __init__(self, name: str = "stop-the-moon", **kwargs: Any) -> None:
        super().__init__(spoil_question(name), **kwargs)
