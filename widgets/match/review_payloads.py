"""The review of a finished hand and the match's summary: the learner's costly plays, a better card and why.

Design choices:

* The costly plays are the engine's review (:func:`hearts_core.review.review_hand`), asked for
  and kept by :class:`~widgets.match.advice.LearnerAdvice`; this module lays them beside every
  play of the hand, with a link to the position before each play on the analysis board.
* One entry per idea: costly plays with the same better card are one mistake made again
  (:func:`hearts_core.review.group_mistakes`), listed once with its tricks, and its cost is
  counted once in every total (the engine's rule: the largest single cost of the group).
  Each of its plays is still marked on its own step, which says it repeats the mistake.
* A costly pass (:class:`hearts_core.review.PassMistake`, judged by the pass judge of lesson 4)
  is the first entry, since the pass came before the play, and never grouped with a play;
  its cost is added once to the hand's total and the match's.  It has no step: a step is a
  trick, and the pass is in none.  The entries are plain sentences in a list, so the front
  end shows and reads the pass's entry as it does every other, with nothing of its own.
* "Show me" beside each costly mistake (not the pass: it has no trick to play out) lays out one
  deal of the review's own play-outs for the learner's card and the better one
  (:func:`widgets.match.flow.mistake_showcase`), built only when pressed, in the puzzle board's
  payload and words (:func:`widgets.puzzles.payloads.layout_payload`): one "Show me", wherever it is.
* The words say what the review can see: choices weighed from the learner's own view, never
  the luck of the deal, so a hand is never called well played for its score; the points the
  learner took are said beside the points their choices lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from hearts_core import NUM_SEATS, Match
from hearts_core.records import view_before_play
from hearts_core.review import Mistake, MistakeGroup, PassMistake, group_mistakes, unchecked_words
from hearts_core.state import HandState
from hearts_core.wording import LEARNER_SEAT, about_points, and_list, card_name, marked, points_phrase, say, say_n
from hearts_learner.schedule import LEARNING_MINUTES
from widgets._base import card_data
from widgets.analysis.links import analysis_link
from widgets.match.flow import REVIEW_ORDER, MatchFlow, ReviewShown
from widgets.match.table_payloads import TableCard, trick_payload
from widgets.phrases import nonempty_sentences
from widgets.puzzles.payloads import layout_payload, show_words

__all__ = [
    "Review",
    "ReviewStep",
    "Summary",
    "SummaryRow",
    "open_review_payload",
    "review_payload",
    "summary_payload",
]

REVIEW_STEP: Final = marked("trick {trick}: you played {card}")
REVIEW_STEP_COSTLY: Final = marked("trick {trick}: you played {card}, a costly play")
REVIEW_STEP_REPEATED: Final = marked("trick {trick}: you played {card}, a costly play, the same mistake as at {others}")


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One of the learner's plays in a reviewed hand."""

    trick: int
    cards: list[TableCard]
    played: dict[str, Any]
    taker: str
    points: int
    mistake: bool
    better: dict[str, Any] | None
    cost: float
    text: str
    why: str
    label: str = ""
    """The step's button for a screen reader: "trick 3: you played queen of spades, a costly play"."""
    analysis: dict[str, str] | None = None
    """The position before this play on the analysis board (``href``, ``text``)."""


@dataclass(frozen=True, slots=True)
class Review:
    """"Review this hand": every play of the learner, the costly ones marked with a better card and why."""

    hand_number: int
    steps: list[ReviewStep]
    mistakes: int
    """The costly plays marked among the steps (every play of a repeated mistake)."""
    lost: float
    """Expected points lost, each mistake counted once however often it was repeated."""
    text: str
    available: bool
    entries: list[str] = field(default_factory=list)
    """One sentence per mistake, a costly pass first, a repeated play naming its tricks: "Tricks 4, 5, 7 and 8: you
    played …"."""
    shows: list[dict[str, Any]] = field(default_factory=list)
    """Per entry, its "Show me" button (``text``, ``name``, ``mistake``: the number to send, ``open``: whether its
    deal is the one laid out), ``{}`` for the pass, which has no trick to play out."""
    showcase: dict[str, Any] = field(default_factory=dict)
    """What "Show me" lays out (:func:`widgets.puzzles.payloads.layout_payload`), ``{}`` while it is closed."""


@dataclass(frozen=True, slots=True)
class SummaryRow:
    """One hand's costly mistakes, for the match-over summary."""

    hand: int
    mistakes: int
    """How many: a mistake made again counts once, a costly pass counts one."""
    lost: float
    text: str
    plays: list[str]
    """The hand's mistakes, one name each, in order: a costly pass first, a repeated play once with its tricks."""
    taken: int = 0
    """Points the learner took in the hand (before the moon rule)."""
    lost_text: str = ""
    """``lost`` as a learner reads it: "about 6 points", "less than a point"."""


@dataclass(frozen=True, slots=True)
class Summary:
    """Points lost to mistakes, hand by hand, over the whole match."""

    rows: list[SummaryRow]
    lost: float
    text: str
    taken: int = 0
    """Points the learner took over the reviewed hands."""


def review_payload(match: Match, hand_number: int, items: tuple[Mistake, ...] | None, kept: int = 0,
                   passing: PassMistake | None = None, showing: ReviewShown | None = None,
                   unchecked: int = 0) -> Review:
    """The learner's plays in finished hand ``hand_number``, each matched with its costly-play item if any.

    ``passing`` is the learner's pass when the review found it costly: the first entry.  ``showing`` is what "Show
    me" lays out for one of the hand's mistakes, if it is open.  ``unchecked`` plays were left out for want of a
    second opinion (:attr:`hearts_core.review.HandReview.unchecked`), and the words say so.

    The words say what the review can see: choices weighed from the learner's own view,
    never the luck of the deal, so a hand is never called well played for its score.
    ``kept`` is how many of the costly plays were saved as puzzles to try again; the page
    says so only then.
    """
    hand = match.hands[hand_number - 1]
    groups = group_mistakes(items or ())
    costly = {item.trick: (item, group) for group in groups for item in group.plays}
    steps = []
    for number, trick in enumerate(hand.tricks, start=1):
        shown = trick_payload(trick)
        mine = trick.played_by(LEARNER_SEAT)
        item, group = costly.get(number, (None, None))
        if item is not None and group is not None:
            text = _step_text(item, group)
        else:
            text = say("Trick {trick}: you played {played}. {what}", trick=number, played=mine, what=shown.text)
        steps.append(ReviewStep(
            trick=number, cards=shown.cards, played=card_data(mine), taker=shown.winner, points=trick.points,
            mistake=item is not None, better=card_data(item.better) if item is not None else None,
            cost=round(item.cost, 1) if item is not None else 0.0, text=text, why=item.why if item else "",
            label=_step_label(number, card_name(mine), item, group),
            analysis=analysis_link(view_before_play(hand, NUM_SEATS * (number - 1) + (LEARNER_SEAT - trick.leader)
                                                    % NUM_SEATS)),
        ))
    if items is None:
        passing = None  # a review that failed found nothing to say of the pass either
    lost = round(sum(group.cost for group in groups) + (passing.cost if passing is not None else 0.0), 1)
    taken = points_phrase(hand.points_taken[LEARNER_SEAT])
    entries = ([_pass_entry(passing)] if passing is not None else []) + [_entry_text(group) for group in groups]
    if items is None:
        text = say("This hand could not be reviewed.")
    elif not entries:
        text = say("The review found no costly mistake in your choices; you took {taken} in this hand. It "
                   "weighs each choice from what you could see, not the luck of the deal.", taken=taken)
    else:
        text = say_n("{count} costly mistake, expected to cost you {lost}, is marked below; you took {taken} in this "
                     "hand.",
                     "{count} costly mistakes, expected to cost you {lost} together, are marked below; you took "
                     "{taken} in this hand.", len(entries), lost=about_points(lost), taken=taken)
        if kept:
            waiting = say_n("One costly play from this hand is kept for you to try again: it comes back under Your "
                            "mistakes on the puzzles page within {minutes} minutes, then further apart as you "
                            "get it right.",
                            "{count} costly plays from this hand are kept for you to try again: they come back under "
                            "Your mistakes on the puzzles page within {minutes} minutes, then further apart as you "
                            "get them right.", kept, minutes=LEARNING_MINUTES)
            text = nonempty_sentences(text, waiting)
    if items is not None:
        text = nonempty_sentences(text, unchecked_words(unchecked))
    opened = showing if showing is not None and showing.hand == hand_number and showing.mistake < len(groups) else None
    shows: list[dict[str, Any]] = [{}] if passing is not None else []  # the pass has no trick to play out
    shows += [_show_button(group, at, opened) for at, group in enumerate(groups)]
    showcase = {} if opened is None else layout_payload(opened.shown.layout, opened.shown.order,
                                                         _already(hand, groups[opened.mistake].costliest))
    return Review(hand_number, steps, len(items or ()), lost, text, items is not None, entries, shows, showcase)


def _show_button(group: MistakeGroup, at: int, opened: ReviewShown | None) -> dict[str, Any]:
    """A mistake's "Show me": its costliest play (whose cost and why the entry says), the learner's card first."""
    costliest = group.costliest
    return {**show_words(costliest.better, costliest.played, REVIEW_ORDER), "mistake": at,
            "open": opened is not None and opened.mistake == at}


def _already(hand: HandState, mistake: Mistake) -> int:
    """How many cards were on the table when the learner played ``mistake``'s card."""
    trick = hand.tricks[mistake.trick - 1] if mistake.trick <= len(hand.tricks) else None
    return 0 if trick is None else (LEARNER_SEAT - trick.leader) % NUM_SEATS


def _pass_entry(passing: PassMistake) -> str:
    """A costly pass in a sentence: the cards passed, the pass the judge would make, the cost, and why in cards."""
    return say("Your pass: you passed {passed}; passing {better} was better (expected to save you {cost}). {why}",
               passed=and_list(passing.passed), better=and_list(passing.better), cost=about_points(passing.cost),
               why=passing.why)


def _entry_text(group: MistakeGroup) -> str:
    """A mistake in one sentence for the learner; a repeated one names its tricks and its cost once."""
    cost = about_points(group.cost)
    if not group.repeated:
        return say("Trick {trick}: you played {played}; {better} was better (expected to save you {cost}).",
                   trick=group.tricks[0], played=group.played[0], better=group.better, cost=cost)
    return say("Tricks {tricks}: you played {played}; {better} was better each time (one mistake, repeated: expected "
               "to save you {cost}, counted once).", tricks=and_list(group.tricks), played=and_list(group.played),
               better=group.better, cost=cost)


def _step_label(trick: int, card: str, item: Mistake | None, group: MistakeGroup | None) -> str:
    """A step's name for a screen reader; a play of a repeated mistake says where else it was made."""
    if item is None or group is None:
        return say(REVIEW_STEP, trick=trick, card=card)
    if not group.repeated:
        return say(REVIEW_STEP_COSTLY, trick=trick, card=card)
    others = [number for number in group.tricks if number != trick]
    return say(REVIEW_STEP_REPEATED, trick=trick, card=card,
               others=say_n("trick {tricks}", "tricks {tricks}", len(others), tricks=and_list(others)))


def _mistake_name(group: MistakeGroup) -> str:
    """A mistake as the match summary lists it: its card, or its cards and tricks when it was made again."""
    if not group.repeated:
        return str(group.played[0])
    return say("{cards} (one mistake, at tricks {tricks})", cards=and_list(group.played), tricks=and_list(group.tricks))


def _step_text(item: Mistake, group: MistakeGroup) -> str:
    """A costly play's line on its own step; a play of a repeated mistake names the mistake's other tricks."""
    if not group.repeated:
        return _entry_text(group)
    others = [trick for trick in group.tricks if trick != item.trick]
    return say("Trick {trick}: you played {played}; {better} was better, as at {others} (one mistake, repeated: "
               "expected to save you {cost}, counted once).", trick=item.trick, played=item.played,
               better=item.better, cost=about_points(group.cost),
               others=say_n("trick {tricks}", "tricks {tricks}", len(others), tricks=and_list(others)))


def open_review_payload(flow: MatchFlow, match: Match) -> Review | None:
    number = flow.reviewing
    if number is None or number > len(match.hands) or not match.hands[number - 1].is_over:
        return None
    items = flow.review_of(number)  # waits for the review, which keeps its costly plays before it is done
    return review_payload(match, number, items, flow.kept_of(number), flow.pass_of(number), flow.review_shown,
                          flow.unchecked_of(number))


def summary_payload(match: Match, review_of: Callable[[int], tuple[Mistake, ...] | None],
                    pass_of: Callable[[int], PassMistake | None] = lambda number: None,
                    unchecked_of: Callable[[int], int] = lambda number: 0) -> Summary:
    """Points lost to costly plays (and a costly pass) beside points taken, hand by hand.

    A hand that could not be reviewed is left out; plays left out unchecked are said so, per hand and in all.
    """
    rows = []
    unchecked = 0
    for number, hand in enumerate(match.hands, start=1):
        if not hand.is_over:
            continue
        items = review_of(number)
        if items is None:
            continue
        passing = pass_of(number)
        groups = group_mistakes(items)
        lost = round(sum(group.cost for group in groups) + (passing.cost if passing is not None else 0.0), 1)
        taken = hand.points_taken[LEARNER_SEAT]
        # One name per mistake, as in the hand's review: a repeated one once, with its tricks; the pass first.
        plays = ([say("your pass ({cards})", cards=and_list(passing.passed))] if passing is not None else []) \
            + [_mistake_name(group) for group in groups]
        text = (say("No costly mistakes; {taken} taken.", taken=points_phrase(taken)) if not plays
                else say("{count}: {cards}, expected to cost {lost}; {taken} taken.",
                         count=say_n("{count} costly mistake", "{count} costly mistakes", len(plays)),
                         cards=and_list(plays), lost=about_points(lost), taken=points_phrase(taken)))
        left_out = unchecked_of(number)
        text = nonempty_sentences(text, unchecked_words(left_out))
        unchecked += left_out
        rows.append(SummaryRow(number, len(plays), lost, text, plays, taken, about_points(lost) if plays else ""))
    total = round(sum(row.lost for row in rows), 1)
    taken = sum(row.taken for row in rows)
    worst = max(rows, key=lambda row: row.lost, default=None)
    if worst is None or total == 0:
        text = say("The review found no costly mistake in your choices this match; you took {taken}. It "
                   "weighs choices from what you could see, not the luck of the deal.", taken=points_phrase(taken))
    else:
        text = say("Your costly plays were expected to cost you {lost} over the match, and you took {taken} in all; "
                   "hand {hand} cost the most ({worst}). The review weighs choices from what you could see, not the "
                   "luck of the deal.", lost=about_points(total), taken=points_phrase(taken), hand=worst.hand,
                   worst=about_points(worst.lost))
    return Summary(rows, total, nonempty_sentences(text, unchecked_words(unchecked)), taken)
