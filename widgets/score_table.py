"""ScoreTable: the totals before a hand, that hand's scores, the new totals, and whether the match is over.

Design choices:

* Two sources, one display.  ``ScoreTable("reaching-100")`` shows a named example from
  :mod:`hearts_core.scenarios`; ``ScoreTable.from_match(match)`` (or :meth:`show_match` on
  an existing table) shows the last finished hand of a live :class:`hearts_core.Match`.
* Whether the match is over, and who wins, is :func:`hearts_core.match_winners` under
  the match's :class:`~hearts_core.Rules` (so ``tie_rule`` "share" and "play_on" are the
  engine's business, not ours).  The table only adds up columns.
* A moon is announced when the hand's scores are a moon.  For a live match that is
  :attr:`HandState.moon_shooter`; an example carries only scores, so we ask
  :func:`hearts_core.hand_scores` which seat, had it taken every point, would have
  produced exactly these scores.  Either way the moon rule stays in the engine, and the
  sentence quotes the actual numbers, so it stays right under the variant rules.
* There is nothing to click on a plain table: the widget has no actions.
  :class:`ScoreQuiz` asks first: the same table with the totals and the ending hidden
  until the learner says how the hand ends the match (who wins, or that it goes on);
  the engine's :func:`~hearts_core.match_winners` grades the answer.

>>> table = ScoreTable("reaching-100")
>>> table.ending
'The match is over: You win with 27. Reaching 100 does not win.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Final

import traitlets

from hearts_core import POINTS_PER_HAND, InvalidPositionError, Match, Rules, hand_scores, match_winners
from hearts_core.rules import NUM_SEATS
from hearts_core.scenarios import ScoreExample, score_example
from hearts_core.wording import LEARNER_SEAT, and_list, marked, say, seat_name, translate
from widgets._base import HeartsWidget, bundle_css, bundle_esm, command

__all__ = ["ScoreQuiz", "ScoreTable"]

SeatScores = tuple[int, int, int, int]


class ScoreTable(HeartsWidget):
    """Player / Before / This hand / Total for the four seats, with the moon and the ending."""

    _esm = bundle_esm("score_table.js")
    _css = bundle_css("score_table.css")

    title = traitlets.Unicode("").tag(sync=True)
    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    moon = traitlets.Unicode("").tag(sync=True)
    ending = traitlets.Unicode("").tag(sync=True)
    over = traitlets.Bool(False).tag(sync=True)
    draw = traitlets.Bool(False).tag(sync=True)
    winners = traitlets.List(traitlets.Unicode()).tag(sync=True)
    target = traitlets.Int(100).tag(sync=True)
    asking = traitlets.Bool(False).tag(sync=True)
    """The totals and the ending are hidden until the learner answers (:class:`ScoreQuiz`)."""
    question = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __init__(self, name: str | ScoreExample | None = "reaching-100", *, match: Match | None = None,
                 rules: Rules | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if match is not None:
            self.show_match(match)
            return
        if name is None:
            raise ValueError("give a scenario name, e.g. ScoreTable('reaching-100'), or a match")
        example = score_example(name) if isinstance(name, str) else name
        self._show(translate(example.title), example.before, example.this_hand,
                   _moon_from_scores(example.this_hand, rules), rules or Rules())

    @classmethod
    def from_match(cls, match: Match) -> ScoreTable:
        """A table for the last finished hand of ``match``."""
        return cls(match=match)

    def show_match(self, match: Match) -> None:
        """Show the last finished hand of ``match`` (a lesson can call this after each hand)."""
        finished = match.history
        if not finished:
            raise InvalidPositionError("no hand of this match is finished yet, so there are no scores to show")
        last = finished[-1]
        before = [0] * NUM_SEATS
        for hand in finished[:-1]:
            for seat, score in enumerate(hand.scores):
                before[seat] += score
        self._show(say("After hand {hand}", hand=len(finished)), _four(before), last.scores, last.moon_shooter,
                   match.rules)

    # ------------------------------------------------------------------ display

    def _show(self, title: str, before: SeatScores, this_hand: SeatScores, shooter: int | None, rules: Rules) -> None:
        totals = _four(b + h for b, h in zip(before, this_hand, strict=True))
        winners = match_winners(totals, rules)
        self.title = title
        self.target = rules.target
        self.rows = [
            {
                "seat": seat,
                "player": seat_name(seat),
                "before": before[seat],
                "this_hand": this_hand[seat],
                "this_hand_text": f"{this_hand[seat]:+d}" if this_hand[seat] else "0",
                "total": totals[seat],
                "reached": totals[seat] >= rules.target,
                "winner": winners is not None and seat in winners,
            }
            for seat in range(NUM_SEATS)
        ]
        self.moon = "" if shooter is None else _moon_sentence(shooter, this_hand)
        self.over = winners is not None
        self.winners = [seat_name(seat) for seat in winners or ()]
        self.draw = winners is not None and len(winners) > 1 and 0 in winners
        self.ending = _ending(totals, winners, rules)
        self._winners = winners


GOES_ON = "goes-on"
SHARED = "shared"
QUESTION: Final = marked("Add up each total first. After this hand, is the match over, and who wins?")


class ScoreQuiz(ScoreTable):
    """The score table asked first: "Is the match over, and who wins?", then the totals.

    ``answer(choice)`` takes a seat number, ``"goes-on"`` or ``"shared"``; the engine's
    :func:`~hearts_core.match_winners` decides which is right.

    >>> quiz = ScoreQuiz("reaching-100")
    >>> quiz.rows[3]["total"], quiz.ending  # nothing told before the answer
    (None, '')
    >>> quiz.answer(3)["correct"], quiz.answered
    (False, False)
    >>> quiz.answer(0)["summary"]
    'Right! The match is over: You win with 27. Reaching 100 does not win.'
    """

    # The same front end as the table: it asks when the widget gives choices.
    _esm = bundle_esm("score_table.js")
    _css = bundle_css("score_table.css")

    completion_trait: ClassVar[str] = "answered"
    counts_for_stars: ClassVar[bool] = True

    chosen = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    attempts = traitlets.Int(0).tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    first_try = traitlets.Bool(False).tag(sync=True)

    def __init__(self, name: str | ScoreExample = "reaching-100", *, rules: Rules | None = None,
                 question: str = QUESTION,
                 **kwargs: Any) -> None:
        super().__init__(name, rules=rules, **kwargs)
        self.title = say("Before this hand, and this hand's scores")  # the example's own title may tell the ending
        # Ask first: nothing the page holds tells the totals or the ending before the answer.
        self._told: dict[str, Any] = {"rows": self.rows, "ending": self.ending, "over": self.over,
                                      "winners": self.winners, "draw": self.draw, "moon": self.moon}
        self.rows = [{**row, "total": None, "winner": False, "reached": False} for row in self.rows]
        self.ending, self.over, self.winners, self.draw, self.moon = "", False, [], False, ""
        self.asking = True
        self.question = translate(question)
        self.choices = [*({"value": str(seat), "label": say("You win") if seat == LEARNER_SEAT else
                           say("{seat} wins", seat=seat_name(seat))} for seat in range(NUM_SEATS)),
                        {"value": SHARED, "label": say("Two or more share the win")},
                        {"value": GOES_ON, "label": say("Nobody yet: the match goes on")}]

    def is_complete(self) -> bool:
        """Answered: the right ending has been picked (see :func:`widgets.lessons.completes`)."""
        return bool(self.answered)

    def _right(self) -> str:
        winners = self._winners
        if winners is None:
            return GOES_ON
        return str(winners[0]) if len(winners) == 1 else SHARED

    @command("answer")
    def answer(self, choice: str | int) -> dict[str, Any]:
        """Answer with a seat (``0``..``3``), ``"shared"`` or ``"goes-on"``; the totals show either way."""
        value = str(choice)
        if value not in {item["value"] for item in self.choices}:
            raise ValueError(f"{choice!r} is not one of the answers: a seat 0 to 3, {SHARED!r} or {GOES_ON!r}")
        correct = value == self._right()
        self.attempts += 1
        if correct and not self.answered:
            self.first_try = self.attempts == 1
        ending = self._told["ending"]
        summary = say("Right! {ending}", ending=ending) if correct else say("Not quite. {ending}", ending=ending)
        with self.hold_trait_notifications():
            for name, value in self._told.items():
                setattr(self, name, value)
            self.chosen = value
            self.feedback = summary
            self.asking = False
            if correct:
                self.answered = True
        return {"correct": correct, "summary": summary}


def _moon_from_scores(this_hand: SeatScores, rules: Rules | None) -> int | None:
    """The seat whose taking every point would give exactly these scores, per the engine."""
    for seat in range(NUM_SEATS):
        everything = [POINTS_PER_HAND if other == seat else 0 for other in range(NUM_SEATS)]
        if hand_scores(everything, rules or Rules()) == tuple(this_hand):
            return seat
    return None


def _moon_sentence(shooter: int, this_hand: SeatScores) -> str:
    others = {this_hand[seat] for seat in range(NUM_SEATS) if seat != shooter}
    values = {"seat": seat_name(shooter), "score": this_hand[shooter]}
    if len(others) == 1:
        values["others"] = others.pop()
        if shooter == LEARNER_SEAT:
            return say("You shot the moon: you took every heart and ♠Q, so you score {score} for this hand and "
                       "everyone else scores {others}.", **values)
        return say("{seat} shot the moon: they took every heart and ♠Q, so {seat} scores {score} for this hand and "
                   "everyone else scores {others}.", **values)
    if shooter == LEARNER_SEAT:
        return say("You shot the moon: you took every heart and ♠Q, so you score {score} for this hand and the "
                   "others score as shown.", **values)
    return say("{seat} shot the moon: they took every heart and ♠Q, so {seat} scores {score} for this hand and the "
               "others score as shown.", **values)


def _ending(totals: SeatScores, winners: tuple[int, ...] | None, rules: Rules) -> str:
    target = rules.target
    if winners is None:
        reached = [seat_name(seat) for seat in range(NUM_SEATS) if totals[seat] >= target]
        if not reached:
            return say("Nobody has reached {target} yet, so the match goes on.", target=target)
        return say("{seats} reached {target}, but the lowest total is shared, so the match goes on until one player "
                   "is lowest on their own.", seats=and_list(reached), target=target)
    lowest = totals[winners[0]]
    if lowest < target:
        why = say("Reaching {target} does not win.", target=target)
    else:
        why = say("Everyone reached {target}, so the lowest total wins.", target=target)
    values = {"lowest": lowest, "why": why, "seats": and_list(seat_name(seat) for seat in winners),
              "seat": seat_name(winners[0])}
    if len(winners) == 1:
        if winners[0] == LEARNER_SEAT:
            return say("The match is over: You win with {lowest}. {why}", **values)
        return say("The match is over: {seat} wins with {lowest}. {why}", **values)
    if LEARNER_SEAT in winners:
        return say("The match is over: {seats} share the lowest total, {lowest}, so it is a draw. {why}", **values)
    return say("The match is over: {seats} share the win with {lowest}. {why}", **values)


def _four(values: Iterable[int]) -> SeatScores:
    a, b, c, d = values
    return (a, b, c, d)

