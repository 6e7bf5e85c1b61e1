"""The puzzles' stored form, typed: what the mining stages hand each other and what ``puzzles.json`` holds.

Design choices:

* Every record is a :class:`~typing.TypedDict`: the JSON shape is the point (the stages'
  output goes to JSON unchanged, and the shipped set is read back from it), so a record
  is a plain dict at run time and ``mypy --strict`` checks every key a stage reads or
  writes (lichess-puzzler's stages share one data format the same way).
* A position is its real game: the deal, the passes and the plays before the decision,
  and the seat to move (:class:`PositionRecord`); :func:`replay` plays it again through
  :class:`~hearts_core.state.HandState`, so a record that does not replay is refused by
  name.  A mined candidate adds where it came from (:class:`Candidate`); a puzzle adds
  its evaluation, themes and rating (:class:`MinedPuzzle`).
* :func:`from_solvers_seat` turns a position so the seat to move is seat 0, "you", with
  the engine's one seat-turning helper (:func:`hearts_core.views.seats_turned`).
"""

# No "from __future__ import annotations": TypedDict reads NotRequired from evaluated annotations
# (``__optional_keys__``, which the tests check against the stored data).
from dataclasses import replace
from typing import NotRequired, TypedDict, TypeVar

from hearts_core.errors import InvalidRecordError
from hearts_core.rules import NUM_SEATS, Rules
from hearts_core.state import HandState
from hearts_core.views import SeatView, seats_turned

__all__ = [
    "Candidate",
    "CardFigures",
    "CardParting",
    "Evaluation",
    "FilterCounts",
    "MinedGame",
    "MinedPuzzle",
    "MistakePuzzle",
    "OutsideJudge",
    "PositionRecord",
    "PuzzleRecord",
    "Rating",
    "SetCounts",
    "from_solvers_seat",
    "position_record",
    "position_view",
    "replay",
]


class PositionRecord(TypedDict):
    """A real position: the deal (cards as text, seat by seat), the passes (``None`` on hold), the plays, who moves.

    ``rules`` is there only for a hand under house rules (a puzzle from a match, see
    :func:`hearts_core.puzzles.mistake_puzzle`); the mined set has none.  ``totals`` is there only
    for a position whose match score matters (lesson 21's, :mod:`hearts_core.match_stakes`): the
    match totals before this hand, one per seat in the deal's order.
    """

    id: str
    direction: str
    deal: list[list[str]]
    passes: list[list[str]] | None
    plays: list[str]
    seat: int
    rules: NotRequired[dict[str, object]]
    totals: NotRequired[list[int]]


class Candidate(PositionRecord):
    """A decision of a mined game with more than one legal card: its position and where it came from."""

    game: int
    seed: int
    levels: list[str]


class CardFigures(TypedDict):
    """One legal card's figures from the seat's own view, rounded as stored."""

    card: str
    points: float
    """Expected points of the seat's hand with this card (the moon rule applied)."""
    take: float
    """Chance that this card takes its trick."""
    trick_points: float
    shooting: bool
    gain: float
    """Expected points this card costs against the best card (0 for the best)."""
    error: float
    """Standard error of ``gain`` (paired over the same sampled deals)."""
    moon_share: float
    """Share of the sampled deals in which the seat shoots the moon after this card."""
    others_moon_share: float
    """Share of the sampled deals in which another seat shoots the moon after this card."""
    wins: NotRequired[float]
    """A match puzzle's (objective ``"match"``): share of the deals in which the seat ends the match with the
    lowest total alone after this card; ``gain`` and ``error`` are then counted in wins per hundred deals."""
    draws: NotRequired[float]
    """A match puzzle's: share of the deals in which the seat ends the match tied for the lowest total."""
    seat_points: NotRequired[list[float]]
    """A match puzzle's: each seat's expected hand score after this card, counted from the seat to move (0 its
    own, 1 the next seat clockwise, ...), so the list reads the same once the puzzle is turned to the solver."""
    lowest: NotRequired[list[float]]
    """A match puzzle's: for each seat, counted as ``seat_points`` is, the share of the deals in which it ends the
    match with the lowest total (alone or tied) after this card."""


class Evaluation(TypedDict):
    """Every legal card's figures, best first, with the best card's margin over the runner-up."""

    cards: list[CardFigures]
    margin: float
    error: float
    best_share: float
    """Share of the sampled deals in which the best card was the best or tied."""
    worlds: int
    objective: NotRequired[str]
    """``"match"`` when the cards are ranked by the match score (:mod:`hearts_core.match_mining`), absent when by
    the seat's hand score."""


class CardParting(TypedDict):
    """Where one legal card parts from the solution in the deals played out for the two (stage
    :func:`hearts_core.mining.part_cards`, :class:`hearts_core.difference.Compared`).

    Three kinds, by what is set: ``trick`` and ``taker``, the parting trick (1 to 13) and the
    seat's card that takes it after this card (:func:`~hearts_core.difference.find_parting`);
    ``taker`` alone, the card that takes the points at one later trick or another when no one
    trick holds (:func:`~hearts_core.difference.find_later_taker`); neither, when the points
    come at different tricks to different cards.  The counts are kept in every case (the moons
    among them: a moon, not a trick, may be what separates the two), so each kind's sentence
    can be checked.  All are counts over the ``deals`` deals played out.
    """

    trick: int | None
    taker: str | None
    first: int
    """Deals whose first costly trick is the parting one (or is taken by ``taker``, or, with neither set, the most
    common first costly trick and its taker)."""
    differing: int
    """Deals in which this card's line has cost the seat more points than the solution's after some trick."""
    parted: int
    """The count a sentence quotes (see :class:`~hearts_core.difference.Parting` and
    :class:`~hearts_core.difference.LaterTaker`); 0 with neither ``trick`` nor ``taker``."""
    worse: int
    """Deals in which this card leaves the seat more points by the end of the hand than the solution (moon rule)."""
    fewer: int
    """Deals in which it leaves the seat fewer."""
    own_moons: list[int]
    """Deals in which the seat shoots the moon: after the solution, and after this card."""
    others_moons: list[int]
    """Deals in which another seat shoots the moon: after the solution, and after this card."""
    deals: int


class Rating(TypedDict):
    """How the solvers did on a puzzle and its rating (:func:`hearts_core.mining.rate`).

    ``ladder``: each solver's score, the share of its answers the puzzle accepts
    (:mod:`hearts_core.puzzle_difficulty`); ``solved``: the four computer levels' shares
    among them; ``rating``: on the learner's scale, from the fit over the whole set.
    """

    solved: dict[str, float]
    ladder: dict[str, float]
    rating: int


class PuzzleRecord(PositionRecord):
    """A puzzle as it is stored: its position, its evaluation (the solution first), themes and rating.

    ``partings``: for each legal card but the solution, where it parts from the solution
    (:class:`CardParting`).
    """

    evaluation: Evaluation
    partings: dict[str, CardParting]
    themes: list[str]
    solved: dict[str, float]
    ladder: dict[str, float]
    rating: int


class MinedPuzzle(Candidate, PuzzleRecord):
    """A verified puzzle as ``puzzles.json`` stores it."""


class MistakePuzzle(PuzzleRecord):
    """A puzzle made from a learner's costly play (:func:`hearts_core.puzzles.mistake_puzzle`).

    ``accept``: the cards the review would not call costly there (the solution among them);
    ``played``: the card really played; ``trick``: its trick, from 1.
    """

    accept: list[str]
    played: str
    trick: int


class FilterCounts(TypedDict):
    """How many candidates of a game each stage kept."""

    candidates: int
    screened: int
    margin_and_share: int
    single_answer: int
    """Of those, the candidates whose best card has no interchangeable twin among the legal cards.

    See :func:`~hearts_core.mining.solution_has_twin`."""
    verified: int
    judged: int
    """Of those, the candidates the independent endgame judge does not refute (all those before its reach).

    See :func:`~hearts_core.mining.independent_judge_agrees`."""


class SetCounts(FilterCounts):
    """The shipped set's counts: every game's filter counts summed, then what the set made of the judged puzzles.

    See :func:`~hearts_core.mining.set_text`."""

    outside_refuted: int
    """Puzzles the judge outside the engine (IS-MCTS, before the endgame judge's reach) refuted."""
    hunt_untagged: int
    """Puzzles of the hunts' games left out for carrying none of their hunt's themes (see hearts_core.hunts)."""
    two_card_capped: int
    """Puzzles with two legal cards left out to keep them to a third of the set."""
    shipped: int


class MinedGame(TypedDict):
    """One game mined: its verified puzzles and the filters' counts (``cpu_seconds`` added by the miner)."""

    game: int
    seed: int
    counts: FilterCounts
    puzzles: list[MinedPuzzle]
    cpu_seconds: NotRequired[float]


class OutsideJudge(TypedDict):
    """What the shipped set says of the judge outside the engine: its method, its count of agreements, what it refuted.

    ``tools/mine_puzzles.py`` runs it (OpenSpiel's IS-MCTS) on every puzzle before the
    endgame judge's reach and leaves the refuted ones out of the set."""

    method: str
    judged: int
    agreed: int
    refuted: list[str]


def position_record(hand: HandState, seat: int, plays: int, *, ident: str) -> PositionRecord:
    """The position of ``hand`` after its first ``plays`` cards, with ``seat`` to move, as a record named ``ident``.

    Replayed from the real deal and passes (a hand under house rules carries them), so any
    judge that replays records (:func:`replay`, OpenSpiel's IS-MCTS) sees exactly that moment.
    """
    passes = [[str(card) for card in hand.passed(other) or ()] for other in range(NUM_SEATS)]
    record: PositionRecord = {
        "id": ident, "direction": hand.pass_direction.value,
        "deal": [[str(card) for card in hand.dealt(other)] for other in range(NUM_SEATS)],
        "passes": passes if all(passes) else None,
        "plays": [str(card) for _, card in hand.plays[:plays]], "seat": seat,
    }
    if hand.rules != Rules():
        record["rules"] = hand.rules.to_dict()
    return record


def replay(candidate: PositionRecord) -> HandState:
    """The real hand replayed to the candidate's position (the seat to move is ``candidate["seat"]``).

    Raises:
        InvalidRecordError: the data does not replay (a corrupt or hand-edited puzzle).
    """
    try:
        # A puzzle from a match under house rules carries them (see mistake_puzzle); the mined set has none.
        rules = Rules.from_dict(candidate["rules"]) if candidate.get("rules") is not None else None
        state = HandState.new(candidate["deal"], candidate["direction"], rules)
        if candidate["passes"]:
            for seat, cards in enumerate(candidate["passes"]):
                state.pass_cards(seat, cards)
        for card in candidate["plays"]:
            state.play(card)
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidRecordError(f"puzzle {candidate.get('id')!r} does not replay: {error}") from error
    if state.to_move != candidate["seat"]:
        raise InvalidRecordError(f"puzzle {candidate.get('id')!r}: seat {candidate['seat']} is not to move")
    return state


Record = TypeVar("Record", bound=PositionRecord)


def position_view(candidate: PositionRecord) -> SeatView:
    """What the seat to move sees at the candidate's position, the match totals before the hand included when the
    record has them (every judge of a position reads it through this, so none of them misses the score).

    Raises:
        InvalidRecordError: the data does not replay, or its totals are not four whole numbers.
    """
    view = replay(candidate).view(candidate["seat"])
    totals = candidate.get("totals")
    if totals is None:
        return view
    if not isinstance(totals, list) or len(totals) != NUM_SEATS or not all(
            isinstance(total, int) and not isinstance(total, bool) and total >= 0 for total in totals):
        raise InvalidRecordError(f"puzzle {candidate.get('id')!r}: the match totals must be four whole numbers of "
                                 f"0 or more, not {totals!r}")
    return replace(view, match_totals=(totals[0], totals[1], totals[2], totals[3]))


def from_solvers_seat(candidate: Record) -> Record:
    """The same position with the deal turned so the seat to move is seat 0, the one addressed as "you".

    Hearts is the same game whichever seat is numbered 0 (passing left is still passing
    left; whoever holds ♣2 still leads), so a puzzle mined at any seat is shown from the
    learner's chair and every seat named in its words is named as the learner sees it.
    """
    turn = candidate["seat"]
    passes = candidate["passes"]
    turned = candidate.copy()
    turned["seat"] = 0
    turned["deal"] = seats_turned(candidate["deal"], turn)
    turned["passes"] = seats_turned(passes, turn) if passes else None
    totals = candidate.get("totals")
    if isinstance(totals, list):
        turned["totals"] = seats_turned(totals, turn)
    return turned
