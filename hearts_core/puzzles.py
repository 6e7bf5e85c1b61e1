"""The shipped puzzles: real positions where one card is clearly better, as the seat could know.

Design choices:

* This module is what the app loads: :func:`load_puzzles` reads the shipped set
  (``puzzles.json``); each :class:`Puzzle` replays the real game to its position and
  explains any answer from the stored figures, with the coach's checked facts
  (:mod:`hearts_core.facts`).  How the set is made lives apart: the mining stages in
  :mod:`hearts_core.mining` (deal, evaluate, filter, verify, rate), the themes in
  :mod:`hearts_core.puzzle_themes` (tag), over the typed records of
  :mod:`hearts_core.puzzle_records`.
* Every puzzle is shown from the solver's chair (:func:`from_solvers_seat`): Hearts is the
  same game whichever seat is numbered 0, so every seat named in a puzzle's words is
  named as the learner sees it.
* A learner's own mistakes are puzzles too: :func:`mistake_puzzle` turns a costly play
  the hand review found (:mod:`hearts_core.review`) into the same stored form, judged by
  the coach's one judge so that its solution is the review's better card, tagged and
  rated by the mining's own stages.  Such a puzzle also counts as right any card the
  review would not call costly there (``accept``).
* An equally good card is never marked wrong.  A legal card whose expected points differ
  from the solution's by less than the play-outs can tell apart (not a clear difference,
  :func:`hearts_core.facts.clear_difference`, on the stored gain and its standard error)
  counts as right, and the answer says the two cards are about equally good, quoting the
  points each should end the hand with.  No shipped puzzle has such a card today (each
  was mined for a clear margin); a puzzle from the learner's own mistake often does.
  The words speak of the cards and their points, never of what a search believes.
* The shipped set carries its format version, the seed and the command that made it
  (:func:`hearts_core.mining.set_text`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, cast

from hearts_core.bots import Appraisal
from hearts_core.cards import Card, to_card
from hearts_core.coach import Claim, claim, first_true, judge, played_claims, situation_claims
from hearts_core.coach_words import counted_claims, later_taker_claims, parting_claims, passed_claims
from hearts_core.difference import LaterTaker, Parting
from hearts_core.errors import InvalidPositionError, InvalidRecordError, quote_input
from hearts_core.facts import (
    AboutAsGood,
    Better,
    Expected,
    Fact,
    Situation,
)
from hearts_core.match_words import match_reason
from hearts_core.mining import FORMAT, card_parting, evaluation_data, part_cards, rate
from hearts_core.parting_facts import CostlierBy, MoonsApart, NoOneTrick, StoredPartsAt, TakesLater
from hearts_core.phrasing import sentences
from hearts_core.puzzle_records import (
    CardFigures,
    CardParting,
    MistakePuzzle,
    PositionRecord,
    from_solvers_seat,
    position_record,
    position_view,
    replay,
)
from hearts_core.puzzle_themes import THEMES, tag
from hearts_core.review import Mistake, costly, play_index
from hearts_core.rules import NUM_SEATS
from hearts_core.state import HandState, SeatView
from hearts_core.wording import about_points, marked, say

__all__ = [
    "FORMAT",
    "THEMES",
    "Puzzle",
    "PuzzleAnswer",
    "from_solvers_seat",
    "load_puzzles",
    "mistake_puzzle",
    "puzzle_from_data",
    "read_set",
    "replay",
    "theme_counts",
]


# ------------------------------------------------ a learner's own mistakes


def mistake_puzzle(hand: HandState, seat: int, mistake: Mistake, *, ident: str) -> MistakePuzzle:
    """A costly play the review found in ``hand`` (``seat``'s), as a puzzle in the shipped puzzles' stored form.

    The position is the one the seat faced, replayed from the real deal, passes and plays; the
    evaluation is the coach's one judge of it (:func:`hearts_core.coach.judge`, seeded from
    the position, as :func:`hearts_core.review.review_hand` judges), kept in the judge's
    order, so the solution is the review's better card.  Themes and rating come from the
    pipeline's own stages (:func:`~hearts_core.puzzle_themes.tag`,
    :func:`~hearts_core.mining.rate`): the rating costs a few tenths of a second, far less
    than the review itself, and puts the position on the shipped puzzles' scale.  Beyond the
    shipped form the data holds ``accept``, the cards the review would not call costly here
    (:func:`hearts_core.review.costly`; the solution among them), which :meth:`Puzzle.check`
    counts as right too: a mistake puzzle asks the learner not to repeat the mistake, and the
    judge's margin between its best card and the next may be too small to call the next wrong.
    ``played`` is the card really played.  A hand under house rules carries them as ``rules``,
    and the puzzle replays under them.

    Raises:
        InvalidPositionError: ``seat`` is not 0 to 3, ``ident`` is empty, the mistake is not
            one of ``seat``'s plays in ``hand``, or the judge no longer names its better card
            (a mistake from another seed's review).
    """
    if seat not in range(NUM_SEATS):
        raise InvalidPositionError(f"seat must be 0 to 3, not {quote_input(seat)}")
    if not isinstance(ident, str) or not ident:
        raise InvalidPositionError(f"a puzzle needs non-empty text as its id, not {quote_input(ident)}")
    candidate = position_record(hand, seat, play_index(hand, seat, mistake), ident=ident)
    view = replay(candidate).view(seat)
    judgement = judge(view)
    if judgement.ranked[0].card is not mistake.better:
        raise InvalidPositionError(f"the coach's judge plays {judgement.ranked[0].card} at trick {mistake.trick}, "
                                   f"not the mistake's better card {mistake.better}")
    position = Situation(view)
    evaluation = evaluation_data(judgement.ranked, view.rules)
    accept = [str(item.card) for item in judgement.ranked if costly(position, judgement, item.card) is None]
    return {**candidate, "evaluation": evaluation, "themes": tag(candidate, evaluation),
            "partings": part_cards(candidate, evaluation), **rate(candidate, evaluation, accept), "accept": accept,
            "played": str(mistake.played), "trick": mistake.trick}


# ------------------------------------------------------------ the set


@dataclass(frozen=True, slots=True)
class PuzzleAnswer:
    """The verdict on one answer: right or not, and why, in words.

    ``why`` is the whole answer; ``verdict`` its first sentence ("Right: ♥J.", "Not this time:
    ♦8 was the card."), what a page announces, and ``reason`` the sentences after it, so a page
    can show the reason without saying the verdict twice.  ``facts`` are the claims the reason
    makes (an :class:`~hearts_core.facts.Expected` among them when it quotes the points the
    seat should end the hand with), so a page explains a figure only when one is quoted.
    """

    correct: bool
    why: str
    verdict: str = ""
    reason: str = ""
    facts: tuple[Fact, ...] = ()

    @classmethod
    def said(cls, correct: bool, verdict: str, claims: Sequence[Claim] = ()) -> PuzzleAnswer:
        """The answer whose verdict is ``verdict`` and whose reason is ``claims``' sentences, in order."""
        reason = sentences(item.text() for item in claims)
        return cls(correct, sentences([verdict, *([reason] if reason else [])]), verdict, reason,
                   tuple(fact for item in claims for fact in item.facts))


@dataclass(frozen=True)
class Puzzle:
    """One shipped puzzle: a real position, the card to find, its themes and rating.

    ``seat`` is always 0: the position is shown from the solver's chair (see :func:`from_solvers_seat`).
    """

    id: str
    seat: int
    solution: Card
    theme_keys: tuple[str, ...]
    rating: int
    margin: float
    """Expected points the solution saves against the next best card."""
    data: Mapping[str, Any]
    """The stored form (a :class:`~hearts_core.puzzle_records.PuzzleRecord`, as read from JSON)."""
    accept: frozenset[Card] = frozenset()
    """Other cards that count as right (a puzzle from the learner's own mistake: cards the review
    would not call costly); empty for a mined puzzle.  Besides these, :meth:`check` counts as
    right any card the play-outs cannot tell from the solution."""

    @property
    def themes(self) -> tuple[str, ...]:
        """The themes in words a learner reads."""
        return tuple(say(THEMES[key]) for key in self.theme_keys)

    def state(self) -> HandState:
        """The real game replayed to the puzzle's position, with the seat to move (the solver's, seat 0)."""
        # The data was read from JSON (puzzle_from_data checked its figures); replay refuses a position that is not.
        return replay(from_solvers_seat(cast(PositionRecord, self.data)))

    def view(self) -> SeatView:
        """What the solver sees, the match totals before the hand included where the puzzle has them."""
        return position_view(from_solvers_seat(cast(PositionRecord, self.data)))

    def check(self, card: Card | str) -> PuzzleAnswer:
        """Whether ``card`` is the answer, and why: what it does, what the solution does, with their figures.

        The solution is right, and so is a card about as good as it (their difference within
        the play-outs' noise) or one in :attr:`accept`; the answer then says how close it is.

        Raises:
            InvalidCardError: ``card`` is not a card.
        """
        chosen = to_card(card)
        view = self.view()
        verdict = view.explain(chosen)
        if not verdict.legal:
            return PuzzleAnswer(False, verdict.message, verdict.message)
        if self.data["evaluation"].get("objective") == "match":
            # Judged by the match, not the hand: its own reason (lesson 21's idea) and figures.
            right, tied, reasons = match_reason(view, chosen, list(self.data["evaluation"]["cards"]))
            return PuzzleAnswer.said(right, _verdict(chosen, self.solution, right=right, tied=tied), reasons)
        position = Situation(view)
        figures = {item["card"]: item for item in self.data["evaluation"]["cards"]}
        already = view.points_taken[self.seat]
        solution = _appraisal(figures[str(self.solution)], already)
        mine = _appraisal(figures[str(chosen)], already)
        situation = first_true(position, situation_claims(position, solution))
        # Who alone can beat the solution, where the seat's own pass says so: beside what the table shows.
        passed = first_true(position, passed_claims(position, self.solution))
        # Which hearts above the solution have gone, where a count shows it the highest heart left (lesson 20).
        counted = first_true(position, counted_claims(position, self.solution))
        saved = Expected(self.solution, solution.rest_points, already)
        reason: list[Claim] = []
        figure: Claim | None
        if chosen is self.solution:
            runner = self.data["evaluation"]["cards"][1]
            other = to_card(runner["card"])
            idea = first_true(position, self._idea_claims(view, runner))
            figure = first_true(position, (
                claim(marked("With {card} you should end the hand with {points}; {other}, the next best, would "
                             "cost you {gain} more."),
                      (saved, Better(chosen, other, runner["gain"], runner["error"])),
                      card=chosen, points=about_points(saved.total), other=other, gain=about_points(runner["gain"])),
                *_tie_claims(saved, Expected(other, _appraisal(runner, already).rest_points, already),
                             runner["gain"], runner["error"])))
            said = _verdict(chosen, self.solution, right=True, tied=False)
        else:
            entry = figures[str(chosen)]
            spent = Expected(chosen, mine.rest_points, already)
            figure = claim(marked("With {card} you should end the hand with {points}; {solution} would save you "
                                  "{gain}."), (spent, Better(self.solution, chosen, entry["gain"], entry["error"])),
                           card=chosen, points=about_points(spent.total), solution=self.solution,
                           gain=about_points(entry["gain"]))
            tied = AboutAsGood(self.solution, chosen, entry["gain"], entry["error"], "own").holds(position)
            if tied or chosen in self.accept:
                # As good as the solution as far as the play-outs can tell, or (a puzzle from the learner's
                # own mistake) not a costly play: either way not wrong, and the figures say how close it is.
                close = first_true(position, (*_tie_claims(spent, saved, entry["gain"], entry["error"]), figure))
                return PuzzleAnswer.said(True, _verdict(chosen, self.solution, right=True, tied=True),
                                         [close] if close is not None else [])
            did = first_true(position, played_claims(position, mine))
            said = _verdict(chosen, self.solution, right=False, tied=False)
            if did is not None:
                reason.append(did)
            idea = first_true(position, self._idea_claims(view, entry))
        reason += [item for item in (situation, passed, counted) if item is not None]
        if idea is not None:
            reason.append(idea)
        figure = first_true(position, (figure,))
        if figure is not None:
            reason.append(figure)
        return PuzzleAnswer.said(chosen is self.solution, said, reason)


    def _idea_claims(self, view: SeatView, other: CardFigures) -> Iterator[Claim]:
        """What separates the solution from ``other``'s card, from the puzzle's stored parting of the two.

        The trick where ``other``'s line loses its points in most of the deals played out, when
        one does (:func:`~hearts_core.coach_words.parting_claims`, on the stored counts,
        :class:`~hearts_core.parting_facts.StoredPartsAt`); else the card that takes them at one later
        trick or another, when one does (:func:`~hearts_core.coach_words.later_taker_claims`,
        :class:`~hearts_core.parting_facts.TakesLater`); else a moon, when one separates them
        (:class:`~hearts_core.parting_facts.MoonsApart`); else that the difference is spread over many
        deals, not one trick (:class:`~hearts_core.parting_facts.NoOneTrick`).  Either only when the
        stored figures say the solution is clearly better.  A record stored before partings were
        (a learner's mistake puzzle saved earlier) has them found now, for this card alone.
        """
        card = to_card(other["card"])
        solution = self.data["evaluation"]["cards"][0]
        partings: Mapping[str, CardParting] | None = self.data.get("partings")
        stored = partings.get(other["card"]) if partings is not None else card_parting(view, solution, other)
        if stored is None:
            return
        better = Better(self.solution, card, other["gain"], other["error"])
        trick, taker, deals = stored["trick"], stored["taker"], stored["deals"]
        if trick is not None and taker is not None:
            found = Parting(self.seat, self.solution, card, trick, to_card(taker), stored["first"],
                            stored["differing"], stored["parted"], deals, ())
            yield from parting_claims(found, (StoredPartsAt(found), better), now=trick == len(view.tricks) + 1)
            yield claim(marked("Play {best} rather than {runner}: in {count} of {deals} deals played out, playing "
                               "{runner} now has cost you more points than playing {best} by the end of trick {trick}, "
                               "which your {taker} takes."), (CostlierBy(found), better), best=self.solution,
                        runner=card, count=found.first, deals=deals, trick=trick, taker=found.taker)
        elif taker is not None:
            later = LaterTaker(self.seat, self.solution, card, to_card(taker), stored["first"], stored["differing"],
                               stored["parted"], deals)
            yield from later_taker_claims(later, (TakesLater(later), better))
        own, others = stored["own_moons"], stored["others_moons"]
        yield claim(marked("The moon separates {best} from {other}: in the deals played out, you shoot it in {count} "
                           "of {deals} after {best} and in {other_count} after {other}."),
                    (MoonsApart(self.solution, card, True, own[0], own[1], deals), better),
                    best=self.solution, other=card, count=own[0], deals=deals, other_count=own[1])
        yield claim(marked("The moon separates {best} from {other}: in the deals played out, another player shoots it "
                           "in {count} of {deals} after {other} and in {best_count} after {best}."),
                    (MoonsApart(self.solution, card, False, others[0], others[1], deals), better),
                    best=self.solution, other=card, count=others[1], deals=deals, best_count=others[0])
        yield claim(marked("No one trick separates {best} from {other}: in {worse} of {deals} deals played out, "
                           "{other} leaves you with more points by the end of the hand (and with fewer in {fewer}), "
                           "but the points it costs come at different tricks in different deals."),
                    (NoOneTrick(self.solution, card, stored["worse"], stored["fewer"], stored["differing"],
                                stored["first"], deals), better),
                    best=self.solution, other=card, worse=stored["worse"], fewer=stored["fewer"], deals=deals)


def _verdict(chosen: Card, solution: Card, *, right: bool, tied: bool) -> str:
    """An answer's first sentence: the solution found, a card as good as it, or the card it was."""
    if tied:
        return say("Right: {card} is a sound play here.", card=chosen)
    if right:
        return say("Right: {card}.", card=chosen)
    return say("Not this time: {solution} was the card.", solution=solution)


def _tie_claims(mine: Expected, theirs: Expected, gain: float, error: float) -> tuple[Claim, ...]:
    """Sentences saying ``mine.card`` and ``theirs.card`` are equally good, said when the play-outs cannot part them.

    ``gain`` is what ``theirs.card`` saves against ``mine.card`` (either way round: a tie is a
    tie) with its standard error: too small, or too uncertain, to be a difference worth saying
    (:func:`hearts_core.facts.clear_difference`).  The sentences speak of the cards and the
    points each should end the hand with, never of what a search prefers.
    """
    tie = AboutAsGood(mine.card, theirs.card, gain, error, "own")
    ours, others = about_points(mine.total), about_points(theirs.total)
    apart = claim(marked("{card} and {other} are about equally good: with {card} you should end the hand with "
                         "{points} and with {other} {other_points}, but the difference is smaller than the deals "
                         "played out can tell apart."), (tie, mine, theirs),
                  card=mine.card, other=theirs.card, points=ours, other_points=others)
    if ours != others:
        return (apart,)
    return (claim(marked("{card} and {other} are about equally good: with either you should end the hand with "
                         "{points}, and the difference is smaller than the deals played out can tell apart."),
                  (tie, mine, theirs), card=mine.card, other=theirs.card, points=ours), apart)


def _appraisal(entry: CardFigures, already: int) -> Appraisal:
    points = float(entry["points"])
    return Appraisal(to_card(entry["card"]), points, points, float(entry["take"]), float(entry["trick_points"]),
                     bool(entry["shooting"]), 0, points - already)


def puzzle_from_data(data: Mapping[str, Any]) -> Puzzle:
    """A :class:`Puzzle` from its stored form.

    Raises:
        InvalidRecordError: a field is missing or wrong.
    """
    try:
        evaluation = data["evaluation"]
        themes = tuple(str(key) for key in data["themes"])
        unknown = [key for key in themes if key not in THEMES]
        if unknown:
            raise InvalidRecordError(f"puzzle {data['id']!r} has unknown themes {unknown}")
        solution = to_card(evaluation["cards"][0]["card"])
        listed = data.get("accept", [])
        accept = frozenset(to_card(card) for card in listed) if isinstance(listed, list) else None
        if accept is None or not accept <= {to_card(item["card"]) for item in evaluation["cards"]}:
            raise InvalidRecordError(f"puzzle {data['id']!r} accepts cards it does not evaluate: "
                                     f"{quote_input(data.get('accept'))}")
        return Puzzle(str(data["id"]), 0, solution, themes, int(data["rating"]), float(evaluation["margin"]), data,
                      accept - {solution})
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise InvalidRecordError(f"a puzzle cannot be read: {error!r}") from error


def read_set(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a ``hearts-puzzles/1`` text, in id order.

    Raises:
        InvalidRecordError: not a puzzle set.
    """
    try:
        data = json.loads(text)
    except ValueError as error:
        raise InvalidRecordError(f"not a puzzle set: {error}") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidRecordError(f"not a {FORMAT} set")
    return tuple(puzzle_from_data(item) for item in data["puzzles"])


@cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """The shipped puzzles (``hearts_core/puzzles.json``), in id order."""
    return read_set(resources.files("hearts_core").joinpath("puzzles.json").read_text(encoding="utf-8"))


def theme_counts(puzzles: Sequence[Puzzle]) -> dict[str, int]:
    """How many puzzles carry each theme."""
    return {key: sum(1 for puzzle in puzzles if key in puzzle.theme_keys) for key in THEMES}
