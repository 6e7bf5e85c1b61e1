"""PassPicker: choose three cards to pass, confirm, and see the hand you get back.

Design choices:

* Choosing is not sending (docs/rules.md, rule 2): :meth:`PassPicker.toggle` only changes the
  selection; nothing is passed until :meth:`PassPicker.confirm`.  The front end disables
  its confirm button unless ``can_confirm`` (computed here) is true, and ``confirm``
  itself lets :meth:`hearts_core.HandState.pass_cards` judge the selection, so a wrong
  pass is refused with the engine's :class:`~hearts_core.IllegalMove` and nothing changes.
* The other three hands are the rest of the deck, shuffled by ``random.Random(seed)``:
  the same seed gives the same opponents, so lessons and tests are reproducible.  The
  learner's hand is checked against a trial deal when the widget is built, so a bad
  hand fails at once rather than at the confirm button.
* The three computer seats are ``make_bot("normal")`` players that see only their own
  :meth:`~hearts_core.HandState.view`, like every computer player in the project.  The
  learner passes first, then the computers; the engine resolves all four passes at once.
* Afterwards ``state`` is the :class:`~hearts_core.HandState`, ready for play, so a
  lesson can carry on from the hand the learner built.
* Ask first: nothing on screen suggests a pass before the learner confirms one.  Then the
  engine judges it (:func:`hearts_core.judge_pass`): a verdict (good, fair or weak), what
  each passed card was worth giving or keeping, how the pass played out against the
  coach's suggested pass (whichever of the coach's choice and the learner's own measured
  best), and that suggestion with its reasons.  The widget shows those
  sentences as they come; it decides nothing about the pass itself.
* "Try another deal" (:meth:`PassPicker.another_deal`) deals a fresh hand from the seed
  (the direction turns left, right, across), so the learner can put what they read into
  practice.  The lesson is answered by the first pass; its star (``first_try``) is earned
  when that first pass is judged good.  A worked pass that a lesson explains once can
  leave the button out (``another=False``).
* Practice (:meth:`PassPicker.practice`, lesson 12): fresh deals one after another, and
  the exercise is done once ``goal`` of them were passed well (the judge's verdict
  ``good``).  A pass is final, so each deal has one pass: its first.  The count lives on
  the page; a new visit deals new hands (a random start unless ``seed`` is given) and
  counts again, while the lesson's ✓, once earned, is kept by
  :class:`~widgets.lessons.LessonPractice`.
* Every sentence shown is a whole pattern in :data:`PATTERNS`, filled by
  :func:`hearts_core.wording.say`.

>>> picker = PassPicker("pass-high-cards", seed=3)
>>> for card in ("♣A", "♦K", "♠Q"):
...     _ = picker.toggle(card)
>>> picker.direction_text
'Pass left: to CPU1'
>>> picker.confirm()
>>> len(picker.received), picker.received_from, picker.verdict
(3, 'CPU3', 'good')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar, Final

import traitlets

from hearts_core import (
    CARDS_IN_PASS,
    DECK,
    ActionReason,
    Card,
    HandState,
    IllegalMove,
    InvalidPositionError,
    PassDirection,
    PassVerdict,
    Reason,
    Verdict,
    deal_hands,
    format_cards,
    judge_pass,
    parse_cards,
)
from hearts_core.bots import make_bot
from hearts_core.cards import to_card
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS
from hearts_core.scenarios import pass_example
from hearts_core.wording import and_list, marked, say, say_n, seat_name, translate
from widgets._base import HeartsWidget, bundle_css, bundle_esm, cards_data, command

__all__ = ["PATTERNS", "PRACTICE_GOAL", "PassPicker"]

_BOT_LEVEL = "normal"
_RETRY_DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)
_SEED_RANGE: Final = 1_000_000
PRACTICE_GOAL: Final = 3
"""Deals passed well that complete a practice (lesson 12's mark)."""

PATTERNS: Final = {
    "title_hand": marked("Choose three cards to pass"),
    "title_practice": marked("Which three cards would you pass?"),
    "title_another": marked("Another deal: which three cards would you pass?"),
    "direction_left": marked("Pass left: to {seat}"),
    "direction_right": marked("Pass right: to {seat}"),
    "direction_across": marked("Pass across: to {seat}"),
    "already_passed": marked("You have already passed {cards}; a pass is final."),
    "not_held": marked("You do not hold {card}, so you cannot pass it."),
    "pass_first": marked("Pass three cards from this hand first; then you can try another deal."),
    "no_another": marked("This hand is passed once: it offers no other deal."),
    "summary": marked("You passed {cards} to {receiver}, and received {received} from {giver}."),
    "status_passed": marked("Your pass is made. The highlighted cards are the ones you received."),
    "status_three": marked("{cards} chosen. Press “Pass 3 cards” when you are sure."),
    "practice_count": marked("Deals passed well: {count} of {goal}."),
    "practice_done": marked("Deals passed well: {count}. The lesson's mark needs {goal}: you have it."),
}
"""Every sentence this widget says itself, each a whole pattern for :func:`hearts_core.wording.say`
(the judgement's sentences come from :func:`hearts_core.judge_pass`; the two that count cards are
:func:`~hearts_core.wording.say_n` patterns, written where they are said)."""


class PassPicker(HeartsWidget):
    """Pass three cards from a named example hand, or from any 13-card ``hand``."""

    _esm = bundle_esm("pass_picker.js")
    _css = bundle_css("pass_picker.css")

    completion_trait: ClassVar[str] = "passes"
    counts_for_stars: ClassVar[bool] = True
    """A first pass judged good earns a star on the index."""

    title = traitlets.Unicode("").tag(sync=True)
    direction = traitlets.Unicode("left").tag(sync=True)
    direction_text = traitlets.Unicode("").tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    can_confirm = traitlets.Bool(False).tag(sync=True)
    confirmed = traitlets.Bool(False).tag(sync=True)
    passed = traitlets.List(traitlets.Unicode()).tag(sync=True)
    received = traitlets.List(traitlets.Unicode()).tag(sync=True)
    received_from = traitlets.Unicode("").tag(sync=True)
    new_hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    """What was passed and what arrived."""
    verdict = traitlets.Unicode("").tag(sync=True)
    """The engine's verdict on the pass: ``good``, ``fair`` or ``weak`` (empty before a pass)."""
    verdict_text = traitlets.Unicode("").tag(sync=True)
    judgement = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The judgement's sentences about the learner's pass, in reading order."""
    suggestion = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The coach's suggested pass and its reasons (empty when the learner passed exactly that)."""
    deal_number = traitlets.Int(1).tag(sync=True)
    answered = traitlets.Bool(False).tag(sync=True)
    """A pass has been made (on any deal): what completes the lesson."""
    first_try = traitlets.Bool(False).tag(sync=True)
    """The first pass was judged good (a star on the index)."""
    passes = traitlets.Int(0).tag(sync=True)
    """Passes made on this page, one per deal (the trait a lesson watches)."""
    goal = traitlets.Int(0).tag(sync=True)
    """In practice, how many deals passed well complete it; 0 for a single pass (lesson 4)."""
    good_count = traitlets.Int(0).tag(sync=True)
    """Deals whose pass (a deal's one and only, so its first) the judge called good."""
    practice_text = traitlets.Unicode("").tag(sync=True)
    """In practice, the count against the goal in a sentence ("" otherwise)."""
    offer_another = traitlets.Bool(True).tag(sync=True)
    """Whether "Try another deal" is offered after the pass."""

    def __init__(
        self,
        name: str | None = None,
        *,
        hand: Iterable[Card | str] | str | None = None,
        direction: PassDirection | str = "left",
        seed: int = 1,
        another: bool = True,
        goal: int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if goal < 0:
            raise ValueError(f"a practice's goal is a number of deals, 0 or more, not {goal}")
        if goal and not another:
            raise ValueError("a practice with a goal needs another=True: more deals are how it reaches the goal")
        if (name is None) == (hand is None):
            raise ValueError("give a scenario name such as 'pass-high-cards', or hand=...: exactly one of them")
        if name is not None:
            example = pass_example(name)
            cards, direction = example.hand, example.direction
            self.title = translate(example.title)  # a pattern kept in the engine's scenarios
        else:
            assert hand is not None
            cards = parse_cards(hand) if isinstance(hand, str) else tuple(to_card(card) for card in hand)
            self.title = say(PATTERNS["title_hand"])
        way = PassDirection(direction) if direction in set(PassDirection) else None
        if way is None or way is PassDirection.HOLD:
            raise ValueError(f"pass direction must be 'left', 'right' or 'across', not {direction!r}")
        self.first_seed = seed
        self.state: HandState | None = None
        self.offer_another = another
        self.goal = goal
        self._set_deal(sorted(cards), way, seed)
        self._count()
        self.observe(self._on_selected, names=["selected"])
        self._on_selected()

    @classmethod
    def practice(cls, goal: int = PRACTICE_GOAL, *, seed: int | None = None) -> PassPicker:
        """Fresh deals to pass from, done once ``goal`` of them were passed well (lesson 12).

        Without ``seed`` each visit starts from a random one, so a deal whose suggestion the
        learner has read never comes back as a "first try".

        >>> picker = PassPicker.practice(goal=2, seed=5)
        >>> picker.practice_text
        'Deals passed well: 0 of 2.'
        """
        if goal < 1:
            raise ValueError(f"a practice needs a goal of at least 1 deal passed well, not {goal}")
        start = random.randrange(_SEED_RANGE) if seed is None else int(seed)
        picker = cls(hand=deal_hands(start)[0], seed=start, goal=goal)
        picker.title = say(PATTERNS["title_practice"])
        return picker

    def _set_deal(self, cards: list[Card], way: PassDirection, seed: int) -> None:
        """Show ``cards`` to pass ``way``, the other hands shuffled by ``seed``; checked before anything changes."""
        deal = self._deal(cards, seed)
        HandState.new(deal, way)  # the engine's own check of the deal, now rather than at the button
        self.pass_direction = way
        self.seed = seed
        self.deal = deal
        self.state = None
        with self.changing_together():
            self.direction = way.value
            self.direction_text = say(PATTERNS[f"direction_{way.value}"], seat=seat_name(way.receiver(0)))
            self.hand = cards_data(self.deal[0])
            self.selected = []
            self.confirmed = False
            self.passed = []
            self.received = []
            self.received_from = ""
            self.new_hand = []
            self.summary = ""
            self.verdict = ""
            self.verdict_text = ""
            self.judgement = []
            self.suggestion = []

    def is_complete(self) -> bool:
        """Done for the lesson: a pass confirmed, or in practice ``goal`` deals passed well.

        See :func:`widgets.lessons.completes`.
        """
        if self.goal:
            return self.good_count >= self.goal
        return bool(self.answered)

    @staticmethod
    def _deal(hand: list[Card], seed: int) -> tuple[tuple[Card, ...], ...]:
        """The learner's hand, and the rest of the deck shuffled by ``seed`` for the other three."""
        if len(hand) != CARDS_PER_SEAT or len(set(hand)) != len(hand):
            raise InvalidPositionError(
                f"a hand to pass from has {CARDS_PER_SEAT} different cards, not {format_cards(hand)!r}"
            )
        rest = [card for card in DECK if card not in set(hand)]
        random.Random(seed).shuffle(rest)
        others = [tuple(sorted(rest[start:start + CARDS_PER_SEAT])) for start in range(0, len(rest), CARDS_PER_SEAT)]
        return (tuple(hand), *others)

    # ------------------------------------------------------------------- actions

    @command("toggle")
    def toggle(self, card: Card | str) -> list[str]:
        """Choose ``card`` for the pass, or put it back if chosen; nothing is sent. Returns the selection."""
        chosen = to_card(card)
        if self.confirmed:
            raise IllegalMove(Verdict(chosen, False, ActionReason.ALREADY_PASSED,
                                      say(PATTERNS["already_passed"], cards=and_list(self.passed))))
        if chosen not in self.deal[0]:
            raise IllegalMove(Verdict(chosen, False, Reason.NOT_IN_HAND, say(PATTERNS["not_held"], card=chosen)))
        text = str(chosen)
        if text in self.selected:
            self.selected = [item for item in self.selected if item != text]
        else:
            # Keep the selection in hand order, whatever order it was tapped in.
            self.selected = [str(c) for c in self.deal[0] if str(c) in {*self.selected, text}]
        return list(self.selected)

    @command("confirm")
    def confirm(self) -> None:
        """Pass the chosen cards; the computers pass too, and the new hand is shown.

        Raises :class:`~hearts_core.IllegalMove` naming the problem (state unchanged) if the
        selection is not exactly three of the learner's cards, or if the pass was already made.
        """
        if self.confirmed:
            raise IllegalMove(Verdict(None, False, ActionReason.ALREADY_PASSED,
                                      say(PATTERNS["already_passed"], cards=and_list(self.passed))))
        state = HandState.new(self.deal, self.pass_direction)
        state.pass_cards(0, self.selected)  # the engine judges the pass; a refusal leaves us untouched
        for seat in range(1, NUM_SEATS):
            bot = make_bot(_BOT_LEVEL, seed=self.seed * NUM_SEATS + seat)
            state.pass_cards(seat, bot.choose_pass(state.view(seat)))
        mine = state.view(0)
        assert mine.received is not None and mine.passed is not None  # all four seats have passed
        received = set(mine.received)
        giver = seat_name(self.pass_direction.passer(0))
        self.state = state
        self.passed = [str(card) for card in mine.passed]
        self.received = [str(card) for card in mine.received]
        self.received_from = giver
        self.new_hand = cards_data(mine.hand, received=lambda card: card in received)
        self.summary = say(PATTERNS["summary"], cards=and_list(self.passed),
                           receiver=seat_name(self.pass_direction.receiver(0)), received=and_list(self.received),
                           giver=giver)
        judged = judge_pass(self.deal[0], mine.passed, self.pass_direction)
        good = judged.verdict is PassVerdict.GOOD
        with self.changing_together():
            self.verdict = judged.verdict.value
            self.verdict_text = judged.summary
            self.judgement = judged.pass_lines()
            self.suggestion = judged.suggestion_lines()
            if not self.answered:
                self.first_try = good
            self.confirmed = True
            self.answered = True
            # A pass is final, so this is the deal's first and only pass: it counts when good.
            self.good_count += int(good)
            self._count()
            self.passes += 1  # last, so that a lesson watching it sees the count already made
        self._on_selected()

    @command("another")
    def another_deal(self) -> int:
        """Deal a fresh hand to pass from (after a pass), turning the direction; returns the deal's number.

        Raises :class:`~hearts_core.IllegalMove` (nothing changes) before the pass on screen is made.
        """
        if not self.offer_another:
            raise IllegalMove(Verdict(None, False, ActionReason.WRONG_PHASE, say(PATTERNS["no_another"])))
        if not self.confirmed:
            raise IllegalMove(Verdict(None, False, ActionReason.WRONG_PHASE, say(PATTERNS["pass_first"])))
        number = self.deal_number + 1
        seed = self.first_seed * 1000 + number
        way = _RETRY_DIRECTIONS[(number - 1) % len(_RETRY_DIRECTIONS)]
        self._set_deal(sorted(deal_hands(seed)[0]), way, seed)
        self.title = say(PATTERNS["title_another"])
        self.deal_number = number
        self._on_selected()
        return number

    # ------------------------------------------------------------------ display

    def _count(self) -> None:
        """The practice's count in a sentence (nothing outside practice)."""
        if not self.goal:
            self.practice_text = ""
            return
        pattern = "practice_done" if self.good_count >= self.goal else "practice_count"
        self.practice_text = say(PATTERNS[pattern], count=self.good_count, goal=self.goal)

    def _on_selected(self, _change: dict[str, Any] | None = None) -> None:
        count = len(self.selected)
        self.can_confirm = not self.confirmed and count == CARDS_IN_PASS
        if self.confirmed:
            self.status = say(PATTERNS["status_passed"])
        elif count == CARDS_IN_PASS:
            self.status = say(PATTERNS["status_three"], cards=and_list(self.selected))
        elif count < CARDS_IN_PASS:
            self.status = say_n("Choose {count} more card to pass ({chosen} of {total}).",
                                "Choose {count} more cards to pass ({chosen} of {total}).", CARDS_IN_PASS - count,
                                chosen=count, total=CARDS_IN_PASS)
        else:
            self.status = say_n("{count} card chosen: tap {extra} to put back, so that 3 are left.",
                                "{count} cards chosen: tap {extra} to put back, so that 3 are left.", count,
                                extra=count - CARDS_IN_PASS)

