"""Judging a pass: what each passed card was worth giving or keeping, and how the pass plays out.

Design choices:

* The candidates are the learner's pass and the coach's own choice,
  :func:`hearts_core.bots.heuristic_pass` (the sound computer player's pass, the one the
  guided match's coach recommends).  Both are played out on the same deals, and the
  suggested pass is the one that measured best: a suggestion is never a pass the same
  judge measured as worse than the learner's.  When the learner's pass measures best, it
  is its own suggestion and the judgement says so; ties go to the learner's pass.
* Facts first, sentences second.  Every sentence comes from a fact of
  :mod:`hearts_core.pass_facts` that holds of the hand and the pass (a
  :class:`~hearts_core.facts.Situation` before the pass), so a sentence is never used for
  a hand it is not true of.  The same facts say why the suggested cards go.
* The play-out: :data:`DEALS` deals of the other 39 cards that fit the learner's hand,
  the other seats passing as the sound player does, then all four seats playing the sound
  player's cards (:func:`hearts_core.policy.rollout`, which draws no random numbers), once
  with each candidate, on the same deals (common random numbers) so a difference is not
  blurred by luck of the deal.  A difference is only said when it is larger than its
  uncertainty (two standard errors) and big enough to round to a point:
  :func:`hearts_core.facts.clear_difference`, the coach's rule too; points are rounded
  to whole points ("about 6 points", "less than a point").  The deals are seeded from the
  hand, so the same pass always gets the same judgement.  It takes about a tenth of a
  second.
* The verdict word agrees with the notes on each card: a pass is called good only when no
  card it passed has a note against it (:attr:`~hearts_core.pass_facts.PassTone.POOR`),
  whatever the play-out says, so "a good pass" never stands above notes calling its cards
  poor choices.  Such a pass is fair at best; the play-out alone makes a pass weak.

>>> from hearts_core.cards import parse_cards
>>> hand = parse_cards("♣A ♣4 ♣7 ♦K ♦3 ♦9 ♦6 ♠Q ♠5 ♥2 ♥6 ♥8 ♥J")
>>> judge_pass(hand, parse_cards("♣A ♦K ♠Q")).verdict
<PassVerdict.GOOD: 'good'>
>>> judge_pass(hand, parse_cards("♣4 ♦3 ♥2")).verdict
<PassVerdict.WEAK: 'weak'>
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from hearts_core.bots import heuristic_pass
from hearts_core.cards import DECK, Card, format_cards, mask_of
from hearts_core.errors import InvalidPositionError
from hearts_core.facts import Situation, clear_difference
from hearts_core.kernel import Table
from hearts_core.pass_facts import PassFact, PassTone, card_facts, kept_facts
from hearts_core.policy import rollout
from hearts_core.rules import CARDS_IN_PASS, CARDS_PER_SEAT, NUM_SEATS, TWO_OF_CLUBS, Rules
from hearts_core.state import PassDirection
from hearts_core.wording import and_list, marked, say, say_n

__all__ = [
    "DEALS",
    "WEAK_BY",
    "PassJudgement",
    "PassVerdict",
    "PlayOut",
    "judge_pass",
    "play_out",
]

DEALS: Final = 240
"""Deals played out per judgement (once with each candidate: the learner's pass and the coach's choice)."""
WEAK_BY: Final = 3.0
"""Points a hand by which the suggested pass must do better for a pass to be called weak."""


class PassVerdict(StrEnum):
    """How a pass compares with the suggested one, played out."""

    GOOD = "good"
    """As good as the suggested pass, within the uncertainty (or itself the suggestion), and no card it
    passed has a note against it."""
    FAIR = "fair"
    """Worse than the suggested pass by less than :data:`WEAK_BY` points a hand, or a card it passed has a
    note against it."""
    WEAK = "weak"
    """Worse than the suggested pass by :data:`WEAK_BY` points a hand or more."""



# --------------------------------------------------------------------- play-out


@dataclass(frozen=True, slots=True)
class PlayOut:
    """The learner's pass and the suggested one, each played out over the same deals.

    From :func:`judge_pass` the suggested pass is the better-measured candidate, so ``difference``
    is never below zero there (it is zero when the learner's pass is the suggestion).
    """

    deals: int
    mine: float
    """The learner's average points a hand with its own pass."""
    suggested: float
    """The same with the suggested pass."""
    difference: float
    """``mine - suggested``: above zero, the suggested pass did better."""
    error: float
    """Standard error of ``difference``."""

    @property
    def suggested_better(self) -> bool:
        """The suggested pass did clearly better (:func:`~hearts_core.facts.clear_difference`)."""
        return clear_difference(self.difference, self.error)

    @property
    def mine_better(self) -> bool:
        """The learner's pass did clearly better."""
        return clear_difference(-self.difference, self.error)


def _points_per_deal(hand: Sequence[Card], direction: PassDirection, options: Sequence[Sequence[Card]],
                     deals: int) -> list[list[int]]:
    """Each option's points for the learner on each of ``deals`` seeded deals fitting ``hand`` (the same deals)."""
    rng = random.Random(f"hearts-lessons pass judge {format_cards(sorted(hand))} {direction.value}")
    rest = [card for card in DECK if card not in set(hand)]
    results: list[list[int]] = [[] for _ in options]
    for _ in range(deals):
        rng.shuffle(rest)
        hands = [tuple(hand), *(tuple(rest[i * CARDS_PER_SEAT:(i + 1) * CARDS_PER_SEAT]) for i in range(3))]
        passes = [(), *(heuristic_pass(tuple(sorted(other))) for other in hands[1:])]
        for option, scores in zip(options, results, strict=True):
            passes[0] = tuple(option)
            masks = []
            for seat in range(NUM_SEATS):
                giver = direction.passer(seat)
                masks.append((mask_of(hands[seat]) & ~mask_of(passes[seat])) | mask_of(passes[giver]))
            leader = next(seat for seat in range(NUM_SEATS) if masks[seat] & TWO_OF_CLUBS.bit)
            table = Table(masks, [], leader, 0, False, [0] * NUM_SEATS, Rules())
            rollout(table)
            scores.append(table.scores()[0])
    return results


def _compare(mine: Sequence[int], theirs: Sequence[int]) -> PlayOut:
    """Two options' points on the same deals, compared deal by deal."""
    deals = len(mine)
    differences = [a - b for a, b in zip(mine, theirs, strict=True)]
    error = statistics.stdev(differences) / deals ** 0.5 if deals > 1 else 0.0
    return PlayOut(deals, statistics.fmean(mine), statistics.fmean(theirs), statistics.fmean(differences), error)


def play_out(hand: Sequence[Card], passed: Sequence[Card], direction: PassDirection,
             suggested: Sequence[Card], deals: int = DEALS) -> PlayOut:
    """Both passes played out over ``deals`` seeded deals that fit ``hand`` (see the module notes)."""
    mine, theirs = _points_per_deal(hand, direction, (passed, suggested), deals)
    return _compare(mine, theirs)


def _points(value: float) -> str:
    """Points rounded to what they mean: ``less than a point``, ``about 1 point``, ``about 6 points``."""
    rounded = round(value)
    if rounded < 1:
        return say("less than a point")
    return say_n("about {count} point", "about {count} points", rounded)


# ------------------------------------------------------------------- judgement

_SAME: Final = marked("A good pass: it is the one the coach suggests.")
_BEST: Final = marked("A good pass: played out, it does at least as well as the pass the coach would have chosen, so "
                      "the coach has no better pass to suggest.")
_BEST_BUT: Final = marked("A fair pass: played out, the coach found no better pass, though the notes below say which "
                          "of its cards were worth keeping.")
_ABOUT: Final = marked("A good pass: played out, it does about as well as the coach's suggested pass.")
_ABOUT_BUT: Final = marked("A fair pass: played out, it does about as well as the coach's suggested pass, though the "
                           "notes below say what it could do better.")
_FAIR: Final = marked("A fair pass, but the coach's suggested pass saves {gap} a hand.")
_WEAK: Final = marked("A weak pass: the coach's suggested pass saves {gap} a hand.")
_PLAYED_SAME: Final = marked("Played out over {deals} deals that fit your hand, with every player using the computers' "
                             "sound play, this pass took {mine} a hand.")
_PLAYED: Final = marked("Played out over {deals} deals that fit your hand, with every player using the computers' "
                        "sound play, your pass took {mine} a hand and the suggested pass {theirs}.")
_SUGGESTION: Final = marked("The coach's suggested pass is {cards}.")


@dataclass(frozen=True, slots=True)
class PassJudgement:
    """The verdict on a pass, the facts behind it, and the suggested pass with its own reasons."""

    verdict: PassVerdict
    summary: str
    passed: tuple[Card, ...]
    suggested: tuple[Card, ...]
    cards: tuple[tuple[tuple[Card, ...], PassFact], ...]
    """What each passed card was worth giving (one fact per card, or per suit passed whole)."""
    kept: tuple[PassFact, ...]
    """What the pass left in the hand."""
    suggestion: tuple[tuple[tuple[Card, ...], PassFact], ...]
    """Why the suggested cards go (empty when the learner's pass is the suggestion: it measured best)."""
    play_out: PlayOut

    @property
    def same_as_suggested(self) -> bool:
        """The learner passed the suggested cards."""
        return set(self.passed) == set(self.suggested)

    def lines(self) -> list[str]:
        """Every sentence of the judgement after the summary, in reading order."""
        return [*self.pass_lines(), *self.suggestion_lines()]

    def pass_lines(self) -> list[str]:
        """What the learner's pass gave and kept, and how it played out."""
        words = [fact.sentence() for _, fact in self.cards]
        words += [fact.sentence() for fact in self.kept]
        outcome = self.play_out
        if self.same_as_suggested:
            words.append(say(_PLAYED_SAME, deals=outcome.deals, mine=_points(outcome.mine)))
        else:
            words.append(say(_PLAYED, deals=outcome.deals, mine=_points(outcome.mine),
                             theirs=_points(outcome.suggested)))
        return words

    def suggestion_lines(self) -> list[str]:
        """The coach's suggested pass and why its other cards go (nothing when the learner passed it)."""
        if self.same_as_suggested:
            return []
        return [say(_SUGGESTION, cards=and_list(self.suggested)), *(fact.sentence() for _, fact in self.suggestion)]


def judge_pass(hand: Sequence[Card], passed: Sequence[Card], direction: PassDirection | str = PassDirection.LEFT,
               *, deals: int = DEALS) -> PassJudgement:
    """Judge passing ``passed`` from ``hand``: facts about each card, the kept hand, and a play-out.

    Raises:
        InvalidPositionError: ``hand`` is not 13 different cards, or ``passed`` is not
            three different cards of it.
    """
    hand = tuple(sorted(hand))
    passed = tuple(sorted(passed))
    if len(set(hand)) != CARDS_PER_SEAT or len(hand) != CARDS_PER_SEAT:
        raise InvalidPositionError(f"a hand to pass from has {CARDS_PER_SEAT} different cards, not "
                                   f"{format_cards(hand)!r}")
    if len(set(passed)) != CARDS_IN_PASS or len(passed) != CARDS_IN_PASS or not set(passed) <= set(hand):
        raise InvalidPositionError(f"a pass is {CARDS_IN_PASS} different cards of the hand, not "
                                   f"{format_cards(passed)!r}")
    way = PassDirection(direction)
    if way is PassDirection.HOLD:
        raise InvalidPositionError("nothing is passed on a hold hand")
    coach = tuple(sorted(heuristic_pass(hand)))
    candidates = (passed,) if coach == passed else (passed, coach)
    measured = _points_per_deal(hand, way, candidates, deals)
    # The learner's pass comes first and min keeps the first of equals: a tie suggests nothing else.
    best = min(range(len(candidates)), key=lambda index: statistics.fmean(measured[index]))
    suggested = candidates[best]
    outcome = _compare(measured[0], measured[best])
    same = suggested == passed
    position = Situation.before_pass(hand, passed)
    given = card_facts(position)
    kept = kept_facts(position)
    poor_card = any(fact.tone is PassTone.POOR for _, fact in given)
    poor = poor_card or any(fact.tone is PassTone.POOR for fact in kept)
    if same and poor_card:
        verdict, summary = PassVerdict.FAIR, _BEST_BUT
    elif same:
        verdict, summary = PassVerdict.GOOD, (_SAME if passed == coach else _BEST)
    elif not outcome.suggested_better:
        verdict, summary = (PassVerdict.FAIR, _ABOUT_BUT) if poor else (PassVerdict.GOOD, _ABOUT)
    elif outcome.difference < WEAK_BY:
        verdict, summary = PassVerdict.FAIR, _FAIR
    else:
        verdict, summary = PassVerdict.WEAK, _WEAK
    # The suggestion's reasons, for the cards the learner did not pass (the others were said above).
    others = tuple((group, fact) for group, fact in card_facts(Situation.before_pass(hand, suggested))
                   if not set(group) <= set(passed))
    return PassJudgement(verdict, say(summary, gap=_points(abs(outcome.difference))), passed, suggested,
                         tuple(given), tuple(kept), () if same else others, outcome)
