"""Drill: one position after another, dealt from real hands, each filtered to a rule.

Design choices:

* The positions come from :func:`hearts_core.drills.deal_item`: position ``n`` of a drill
  with seed ``s`` is always the same, so a drill can be replayed and tested.  Which rule
  comes next is drawn by :func:`hearts_core.drills.choose_rule` from a ``random.Random``
  seeded with the drill's seed too: the rare exceptions at their small share
  (:data:`hearts_core.drills.EXCEPTION_SHARE`, one in eight), never on the first position.
* The drill is an :class:`~widgets.exercises.Exercise` whose question changes: "New
  position" loads the next one of whatever kind (tap the cards you may play, who takes the
  trick, how many points), so every kind looks and is graded the same as in the lessons.
* Only the first answer to a new position counts for the score and the streak; a position
  answered wrongly is queued and asked again :data:`COMES_BACK_AFTER` positions later, so
  mistakes come back in the same session.  A position that comes back is practice only:
  answering it right never counts as "right first time" (it was missed the first time),
  and missing it again queues it once more.
* ``warm_up=True`` opens with :func:`hearts_core.drills.warm_up_item`, the same position for
  everyone (lesson 11's page shows it before Python has run); the seed's own first position is
  still drawn and set aside, so positions 2 on are the same as without the warm-up.  The seed
  goes on the page (``data-seed``) once the warm-up is behind: until then it decides nothing
  on screen, and a first view must not carry it.
* The drill counts as done in a lesson (``completion_trait`` ``score``) once ``goal``
  positions have been answered right at the first try.

>>> drill = Drill(["points"], seed=1, goal=1)
>>> drill.number, drill.kind
(1, 'points')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import traitlets

from hearts_core.drills import (
    DRILL_RULES,
    DrillItem,
    QuestionKind,
    choose_rule,
    deal_item,
    drill_rule,
    warm_up_item,
)
from hearts_core.wording import translate
from widgets._base import bundle_css, bundle_esm, command
from widgets.exercises import Exercise, Question, legal_cards_question, points_question, who_takes_question

__all__ = ["COMES_BACK_AFTER", "Drill", "question_for"]

COMES_BACK_AFTER = 2
"""A position answered wrongly is asked again after this many other positions."""

_SEED_RANGE = 10**6


def question_for(item: DrillItem) -> Question:
    """The exercise question for a dealt drill item."""
    rule = drill_rule(item.rule)
    if rule.kind is QuestionKind.LEGAL_CARDS and item.position is not None:
        return legal_cards_question(item.position)
    if item.trick is not None:
        if rule.kind is QuestionKind.WHO_TAKES:
            return who_takes_question(item.trick)
        return points_question(item.trick)
    raise ValueError(f"drill item {item.rule!r} {item.seed} has nothing to ask")


class Drill(Exercise):
    """Positions from random deals for the rules given; ``next_position()`` deals the next."""

    _esm = bundle_esm("exercise_parts.js", "drill.js")
    _css = bundle_css("exercises.css")

    completion_trait: ClassVar[str] = "score"
    counts_for_stars: ClassVar[bool] = False

    rules = traitlets.List(traitlets.Unicode()).tag(sync=True)
    rule_names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    number = traitlets.Int(0).tag(sync=True)
    """How many positions have been shown, this one included."""
    score = traitlets.Int(0).tag(sync=True)
    """Positions answered right at the first try."""
    tried = traitlets.Int(0).tag(sync=True)
    """Positions answered at all (first answers only)."""
    streak = traitlets.Int(0).tag(sync=True)
    best_streak = traitlets.Int(0).tag(sync=True)
    goal = traitlets.Int(3).tag(sync=True)
    again = traitlets.Bool(False).tag(sync=True)
    """This position is one the learner got wrong earlier."""
    waiting = traitlets.Int(0).tag(sync=True)
    """Positions answered wrongly that are still to come back."""
    done = traitlets.Bool(False).tag(sync=True)
    """The drill's goal is reached (:meth:`is_complete`); the front end only shows it."""
    warm_up = traitlets.Bool(False).tag(sync=True)
    """Position 1 is the rules' warm-up, the same for every drill of them."""

    def __init__(self, rules: Sequence[str] | None = None, *, seed: int | None = None, goal: int = 3,
                 warm_up: bool = False, **kwargs: Any) -> None:
        chosen = list(rules) if rules is not None else list(DRILL_RULES)
        for key in chosen:
            drill_rule(key)  # an unknown rule is refused here, naming the known ones
        if not chosen:
            raise ValueError("a drill needs at least one rule to practise")
        start = random.randrange(_SEED_RANGE) if seed is None else int(seed)
        self._rng = random.Random(f"hearts-lessons drill order {start}")
        self._queue: list[tuple[int, DrillItem]] = []
        self._counted = False
        self._item: DrillItem | None = None
        first = self._deal(chosen, start, 1)  # drawn with or without a warm-up: positions 2 on stay the seed's
        if warm_up:
            first = warm_up_item(chosen)
        super().__init__(question_for(first), **kwargs)
        self._item = first
        self.rules = chosen
        self.rule_names = [translate(drill_rule(key).name) for key in chosen]
        self.seed = start
        self.goal = goal
        self.warm_up = warm_up
        self.number = 1

    def _deal(self, rules: Sequence[str], seed: int, number: int) -> DrillItem:
        rule = choose_rule(rules, self._rng, opening=number == 1)
        return deal_item(rule, seed * _SEED_RANGE + number)

    @property
    def item(self) -> DrillItem:
        """The drill item on screen."""
        assert self._item is not None
        return self._item

    def is_complete(self) -> bool:
        """Done for a lesson: ``goal`` positions answered right at the first try."""
        return self.score >= self.goal

    @traitlets.observe("score", "goal")
    def _update_done(self, _change: dict[str, Any]) -> None:
        self.done = self.is_complete()

    def answer(self, value: Any) -> dict[str, Any]:
        """Answer the position on screen; the first answer to a new position counts for the score.

        A position that came back after a miss is never scored: a right answer clears it,
        a wrong one queues it again.
        """
        result = super().answer(value)
        if not self._counted and self.again:
            self._counted = True
            if not result["correct"]:
                self._queue.append((self.number + COMES_BACK_AFTER, self.item))
                self.waiting = len(self._queue)
        elif not self._counted:
            self._counted = True
            self.tried += 1
            if result["correct"]:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
                self.score += 1
            else:
                self.streak = 0
                self._queue.append((self.number + COMES_BACK_AFTER, self.item))
                self.waiting = len(self._queue)
        return result

    @command("next")
    def next_position(self) -> int:
        """Deal the next position (or bring back one answered wrongly); returns its number."""
        number = self.number + 1
        due = next((entry for entry in self._queue if entry[0] < number), None)
        if due is not None:
            self._queue.remove(due)
            item, again = due[1], True
        else:
            item, again = self._deal(self.rules, self.seed, number), False
        self._item = item
        self._counted = False
        with self.changing_together():
            self.load(question_for(item))
            self.again = again
            self.waiting = len(self._queue)
            self.number = number
        return number
