"""Review of a finished hand: which of a seat's plays cost points, the better card, and why.

Design choices:

* One judge.  Each play is weighed by :func:`~hearts_core.coach.judge`, the very
  evaluation the coach's :func:`~hearts_core.coach.recommend` reads, seeded from the
  position: at any position the review's better card is the coach's card, and the two
  can never disagree.  The search sees only :meth:`~hearts_core.state.HandState.view`,
  so the review never uses a card the seat could not see; what happened later in the
  hand is told only as the outcome, never used for the judgement.
* ``cost`` is in the seat's own points: the points the search expected the played card
  to cost over the rest of the hand, against the better card, compared deal by deal on
  the same sampled deals.  A play is a mistake only when that difference is at least
  :data:`COST_THRESHOLD` *and* larger than twice its own standard error, so sampling
  noise is never called a mistake.  A play with one legal card is never a mistake, and
  neither is the coach's own choice.  A cost can never exceed what the seat's score
  could still change by, since both figures are averages of real endings.
* Every sentence of a mistake's ``why`` comes from checked facts
  (:mod:`hearts_core.facts`): what the played card did or risked, what the better card
  does, where the two part in the judge's deals played out (:mod:`hearts_core.difference`,
  as in the coach's reason), and the figures, said only as far as the search is sure of them.
* One entry per idea.  Costly plays whose better card is the same card are one mistake
  made again (:class:`MistakeGroup`, :func:`group_mistakes`): the better card was still in
  the seat's hand each time because the earlier play had not used it, so the review names
  the mistake once, with its tricks ("tricks 4, 5, 7 and 8"), not four times.  The better
  card is the key rather than the sentences of ``why``, which describe each trick's own
  cards and so differ from one repeat to the next.
* Costs are never counted twice.  A group's cost is the largest single cost in it, never
  their sum: each cost is measured by play-outs that continue from the judged play with
  the search's own players, so the cost of not playing the better card at trick 4 already
  holds much of what keeping it on costs at tricks 5, 7 and 8, and adding the later figures
  would count the same loss again.  The largest is the one figure the search did show for
  the idea, so it never overstates it.  A hand's total (:attr:`HandReview.points_lost`, the
  summary's figure) is the sum over the groups, so it equals what the entries show.
* The pass is reviewed too, by the judge of lesson 4 and the pass picker
  (:func:`hearts_core.pass_judge.judge_pass`): the learner's pass and the coach's are played
  out on the same deals, and the pass is costly (:class:`PassMistake`) when the judge's
  suggested pass measured clearly better (:meth:`~hearts_core.pass_judge.PlayOut.suggested_better`,
  larger than twice its error) by at least :data:`COST_THRESHOLD`: the rule a play meets.
  It is its own entry, said before the plays (the pass came first) and never grouped with
  them, and its cost is added to the hand's total once.  Adding it counts nothing twice: the
  pass's cost is measured from the deal, before any card is played, with the sound player's
  cards afterwards, while each play's cost is measured from the position the pass left, so
  the two figures weigh different choices.  Its why is the judge's own words in cards: what
  it found poor in the cards passed (a low card that gains little), then why the cards it
  would pass instead go (♠Q with one low spade to hide behind).  A pass that is not costly is not said at all:
  the summary speaks of costly choices only, and a line praising a sound pass would stand
  among the mistakes as if it were one.  A hold hand has no pass to review.
* A second opinion before a costly play is said, from a judge that shares no play-out
  policy with the search: in the last tricks the engine's exact endgame judge
  (:mod:`hearts_core.independent_judge`), earlier the ``outside`` judge the caller hands in
  (the kernel's match review hands in OpenSpiel's IS-MCTS, :mod:`hearts_referee`: the judge
  every shipped puzzle passed).  A play either refutes is not a mistake.  Where there is no
  outside judge (the static site's Pyodide has no OpenSpiel), a costly play before the last
  tricks is not said either, and the summary says how many plays were left out unchecked
  and leaves them out of the plays it counts, so that "no costly mistake among your plays"
  is never said of plays nobody could check.
* Kept whole, past the project's 600 lines: judging each play, confirming it, grouping the
  mistakes and the summary's sentences are one story, and the summary's words count exactly
  what the judging kept; split, the sentences would sit apart from the counts they speak of.
* Seeded by position, so the same hand always gets the same review.
* A hand can be given as a :class:`~hearts_core.state.HandState` or as a record's
  :class:`~hearts_core.records.HandRecord` (with the record's rules), so any saved game
  can be reviewed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from hearts_core.cards import Card
from hearts_core.coach import Judgement, choice_claims, first_true, judge, judged_parting, played_claims, position_seed
from hearts_core.errors import InvalidPositionError, quote_input
from hearts_core.facts import Better, Fact, Situation
from hearts_core.independent_judge import SecondOpinion, confirms_costly
from hearts_core.pass_facts import PassTone
from hearts_core.pass_judge import PassJudgement, judge_pass
from hearts_core.phrasing import sentences
from hearts_core.puzzle_records import position_record
from hearts_core.records import HandRecord, Record, load_record
from hearts_core.rules import MOON_POINTS, NUM_SEATS, Rules
from hearts_core.state import HandState, PassDirection
from hearts_core.wording import LEARNER_SEAT, about_points, and_list, points_phrase, say, say_n, seat_name

__all__ = [
    "COST_THRESHOLD",
    "HandReview",
    "MatchReview",
    "Mistake",
    "MistakeGroup",
    "PassMistake",
    "costly",
    "costly_pass",
    "group_mistakes",
    "moon_words",
    "play_index",
    "review_hand",
    "review_match",
    "review_pass",
    "review_record",
    "review_record_hand",
    "unchecked_words",
]

COST_THRESHOLD: Final = 1.5
"""Expected points a play must lose against the better card to be called a mistake."""
_SEED_STRIDE: Final = 1000
"""Positions of a hand reviewed with another seed get seeds this far apart."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One costly play: where, what was played, the better card, the points lost and why."""

    trick: int
    """The trick's number in the hand, from 1."""
    played: Card
    better: Card
    cost: float
    """Expected points lost: ``played_points - better_points``, deal by deal."""
    why: str
    """A few sentences for the learner: what the played card did, what the better card does, the figures."""
    played_points: float
    """Expected points of the seat's hand score after ``played``, as the seat saw it."""
    better_points: float
    """The same after ``better``."""
    facts: tuple[Fact, ...] = ()
    """Every claim ``why`` makes; each held of the position when it was written."""
    error: float = 0.0
    """The standard error of ``cost`` (the search's own uncertainty)."""
    play: int | None = None
    """Where in the hand's plays the costly card is (0 for the hand's first card), so its position can be
    replayed exactly (a puzzle made from it, :func:`hearts_core.puzzles.mistake_puzzle`); ``None`` when unknown."""


@dataclass(frozen=True, slots=True)
class MistakeGroup:
    """One idea the review names once: the seat's costly plays whose better card was the same card, in play order."""

    plays: tuple[Mistake, ...]

    def __post_init__(self) -> None:
        if not self.plays or any(mistake.better != self.plays[0].better for mistake in self.plays):
            raise ValueError("a mistake group holds one or more costly plays with the same better card")

    @property
    def better(self) -> Card:
        """The card that was better every time."""
        return self.plays[0].better

    @property
    def tricks(self) -> tuple[int, ...]:
        """The tricks where the mistake was made, in order."""
        return tuple(mistake.trick for mistake in self.plays)

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards played instead of :attr:`better`, in order."""
        return tuple(mistake.played for mistake in self.plays)

    @property
    def repeated(self) -> bool:
        """Whether the mistake was made more than once."""
        return len(self.plays) > 1

    @property
    def costliest(self) -> Mistake:
        """The play whose cost the group carries (the first of them on a tie)."""
        return max(self.plays, key=lambda mistake: mistake.cost)

    @property
    def cost(self) -> float:
        """Expected points the mistake lost, counted once: the largest single cost in the group."""
        return self.costliest.cost

    @property
    def why(self) -> str:
        """Why, as said of the costliest play (its figures are the group's)."""
        return self.costliest.why

    def describe(self) -> str:
        """The entry in sentences: its tricks, the cards played, the better card, the cost counted once, and why.

        >>> from hearts_core.cards import parse_card
        >>> first = Mistake(4, parse_card("3D"), parse_card("AC"), 2.1, "♣A was safe to cash.", 2.1, 0.0)
        >>> again = Mistake(5, parse_card("7D"), parse_card("AC"), 3.2, "♣A was still safe to cash.", 3.2, 0.0)
        >>> group = MistakeGroup((first, again))
        >>> group.tricks, group.cost, group.why
        ((4, 5), 3.2, '♣A was still safe to cash.')
        >>> print(group.describe().replace(" (", "\\n("))
        Tricks 4 and 5: played ♦3 and ♦7, better ♣A each time
        (one mistake, repeated: expected to save about 3 points, counted once). ♣A was still safe to cash.
        """
        cost = about_points(self.cost)
        if not self.repeated:
            return say("Trick {trick}: played {played}, better {better} (expected to save {cost}). {why}",
                       trick=self.tricks[0], played=self.played[0], better=self.better, cost=cost, why=self.why)
        return say("Tricks {tricks}: played {played}, better {better} each time (one mistake, repeated: expected to "
                   "save {cost}, counted once). {why}", tricks=and_list(self.tricks), played=and_list(self.played),
                   better=self.better, cost=cost, why=self.why)


def group_mistakes(mistakes: Iterable[Mistake]) -> tuple[MistakeGroup, ...]:
    """Costly plays grouped by their better card, one group per idea, in the order each was first made.

    >>> from hearts_core.cards import parse_card
    >>> plays = [Mistake(trick, parse_card(card), parse_card(better), cost, "", cost, 0.0)
    ...          for trick, card, better, cost in [(2, "2S", "KC", 3.1), (4, "3S", "KS", 16.8), (6, "4S", "KC", 2.2)]]
    >>> [(group.tricks, str(group.better), group.cost) for group in group_mistakes(plays)]
    [((2, 6), '♣K', 3.1), ((4,), '♠K', 16.8)]
    """
    by_better: dict[Card, list[Mistake]] = {}
    for mistake in mistakes:
        by_better.setdefault(mistake.better, []).append(mistake)
    return tuple(MistakeGroup(tuple(plays)) for plays in by_better.values())


@dataclass(frozen=True, slots=True)
class PassMistake:
    """A costly pass: the cards passed, the pass the judge would make instead, the points lost and why."""

    passed: tuple[Card, ...]
    better: tuple[Card, ...]
    """The judge's suggested pass (:attr:`hearts_core.pass_judge.PassJudgement.suggested`)."""
    cost: float
    """Expected points a hand lost against ``better``, played out on the same deals."""
    error: float
    """The standard error of ``cost``."""
    why: str
    """The judge's own sentences, in cards: what was poor in the pass, else why the better cards go."""

    def describe(self) -> str:
        """The entry in a sentence: the cards passed, the better pass, the cost, and why.

        >>> from hearts_core.cards import parse_cards
        >>> mistake = PassMistake(parse_cards("♣A ♠A ♥A"), parse_cards("♠Q ♠A ♥A"), 1.6, 0.5,
        ...                       "You kept ♠Q with only 1 lower spade to hide behind.")
        >>> print(mistake.describe().replace(" (", "\\n("))
        Pass: passed ♣A, ♠A and ♥A, better ♠Q, ♠A and ♥A
        (expected to save about 2 points). You kept ♠Q with only 1 lower spade to hide behind.
        """
        return say("Pass: passed {passed}, better {better} (expected to save {cost}). {why}",
                   passed=and_list(self.passed), better=and_list(self.better), cost=about_points(self.cost),
                   why=self.why)


def costly_pass(judgement: PassJudgement) -> PassMistake | None:
    """The pass as a mistake, if the judge's suggested pass measured better by what makes a play costly.

    The same test as :func:`costly`: at least :data:`COST_THRESHOLD` points and larger than
    twice its own error (the judge's :meth:`~hearts_core.pass_judge.PlayOut.suggested_better`).
    """
    outcome = judgement.play_out
    if judgement.same_as_suggested or not outcome.suggested_better or outcome.difference < COST_THRESHOLD:
        return None
    # Why, in the judge's words: what was poor in the cards passed, then why the judge's other cards go.  What
    # the pass kept says the same of those cards from the other side, so it is said only when nothing else is.
    given = [fact.sentence() for _, fact in judgement.cards if fact.tone is PassTone.POOR]
    instead = [fact.sentence() for _, fact in judgement.suggestion]
    kept = [fact.sentence() for fact in judgement.kept if fact.tone is PassTone.POOR]
    reasons = [*given, *instead] or kept or judgement.pass_lines()[-1:]
    return PassMistake(judgement.passed, judgement.suggested, outcome.difference, outcome.error,
                       sentences(reasons))


@dataclass(frozen=True, slots=True)
class HandReview:
    """A seat's costly plays in one hand, in play order, and how many plays it chose."""

    seat: int
    mistakes: tuple[Mistake, ...]
    choices: int
    """The seat's plays with more than one legal card: the only ones that can be mistakes."""
    points_taken: int
    """What the seat actually took in the hand."""
    shot_moon: bool = False
    """Whether the seat took every point of the finished hand (the moon): its summary says so, not "26 points"."""
    moon_subtracts: bool = False
    """The rules' moon variant (:attr:`hearts_core.rules.Rules.moon_subtracts`), which the moon's sentence follows."""
    pass_mistake: PassMistake | None = None
    """The seat's pass, when the pass judge found it costly (never on a hold hand)."""
    unchecked: int = 0
    """Plays before the last tricks that the search found costly but no outside judge could check: not said,
    and not among ``choices``."""

    @property
    def groups(self) -> tuple[MistakeGroup, ...]:
        """The costly plays, one entry per idea: a repeated mistake is one group naming its tricks."""
        return group_mistakes(self.mistakes)

    @property
    def entries(self) -> int:
        """The review's entries: a costly pass, then one per idea among the plays."""
        return len(self.groups) + (self.pass_mistake is not None)

    @property
    def points_lost(self) -> float:
        """Expected points lost to the costly pass and plays together, each idea's cost counted once."""
        passing = self.pass_mistake.cost if self.pass_mistake is not None else 0.0
        return passing + sum(group.cost for group in self.groups)

    def summary(self) -> str:
        """One or two sentences on the hand for the seat: choices judged, what they were expected to cost, points taken.

        The review weighs choices against what the seat could see; it cannot see luck,
        so it never calls a hand well or badly played for its score alone.  Plays left out
        unchecked (:attr:`unchecked`) are said last, as left out.
        """
        return sentences(text for text in (self._summary(), unchecked_words(self.unchecked)) if text)

    def _summary(self) -> str:
        taken = points_phrase(self.points_taken)
        choices = _plays(self.choices)
        if self.shot_moon:  # a moon is said as a moon: the others score, not the seat
            return sentences((self._judged(choices), moon_words(self.seat, moon_subtracts=self.moon_subtracts)))
        if self.pass_mistake is not None:
            took = (say("You took {taken} in this hand.", taken=taken) if self.seat == LEARNER_SEAT
                    else say("{seat} took {taken} in this hand.", taken=taken, seat=seat_name(self.seat)))
            return sentences((self._judged(choices), took))
        if not self.mistakes:
            if self.seat == LEARNER_SEAT:
                return say("The review found no costly mistake among your {choices} with a choice; you took "
                           "{taken} in this hand.", choices=choices, taken=taken)
            return say("The review found no costly mistake among {seat}'s {choices} with a choice; it "
                       "took {taken} in this hand.", choices=choices, taken=taken, seat=seat_name(self.seat))
        count, lost = len(self.groups), about_points(self.points_lost)
        mistakes = _costly_mistakes(count)
        if self.seat == LEARNER_SEAT:
            return say_n("{mistakes} among your {choices} with a choice was expected to cost you {lost}; you took "
                         "{taken} in this hand.",
                         "{mistakes} among your {choices} with a choice were expected to cost you {lost}; you took "
                         "{taken} in this hand.", count, mistakes=mistakes, choices=choices, lost=lost, taken=taken)
        return say_n("{mistakes} among {seat}'s {choices} with a choice was expected to cost it {lost}; it took "
                     "{taken} in this hand.",
                     "{mistakes} among {seat}'s {choices} with a choice were expected to cost it {lost}; it took "
                     "{taken} in this hand.", count, mistakes=mistakes, choices=choices, lost=lost, taken=taken,
                     seat=seat_name(self.seat))

    def _judged(self, choices: str) -> str:
        """What the review found among the seat's choices, in a sentence of its own."""
        if self.pass_mistake is not None:
            return self._judged_with_pass(choices)
        if not self.mistakes:
            if self.seat == LEARNER_SEAT:
                return say("The review found no costly mistake among your {choices} with a choice.",
                           choices=choices)
            return say("The review found no costly mistake among {seat}'s {choices} with a choice.",
                       choices=choices, seat=seat_name(self.seat))
        count, lost = len(self.groups), about_points(self.points_lost)
        mistakes = _costly_mistakes(count)
        if self.seat == LEARNER_SEAT:
            return say_n("{mistakes} among your {choices} with a choice was expected to cost you {lost}.",
                         "{mistakes} among your {choices} with a choice were expected to cost you {lost}.",
                         count, mistakes=mistakes, choices=choices, lost=lost)
        return say_n("{mistakes} among {seat}'s {choices} with a choice was expected to cost it {lost}.",
                     "{mistakes} among {seat}'s {choices} with a choice were expected to cost it {lost}.",
                     count, mistakes=mistakes, choices=choices, lost=lost, seat=seat_name(self.seat))

    def _judged_with_pass(self, choices: str) -> str:
        """What the review found, a costly pass first: the pass is a choice of its own, not one of the plays."""
        lost, seat = about_points(self.points_lost), seat_name(self.seat)
        if not self.mistakes:
            if self.seat == LEARNER_SEAT:
                return say("Your pass was expected to cost you {lost}, and the review found no costly "
                           "mistake among your {choices} with a choice.", lost=lost, choices=choices)
            return say("{seat}'s pass was expected to cost it {lost}, and the review found no costly "
                       "mistake among its {choices} with a choice.", lost=lost, choices=choices, seat=seat)
        mistakes = _costly_mistakes(len(self.groups))
        if self.seat == LEARNER_SEAT:
            return say("Your pass and {mistakes} among your {choices} with a choice were expected to cost you "
                       "{lost} together.", mistakes=mistakes, choices=choices, lost=lost)
        return say("{seat}'s pass and {mistakes} among its {choices} with a choice were expected to cost it "
                   "{lost} together.", mistakes=mistakes, choices=choices, lost=lost, seat=seat)

    def describe(self) -> str:
        """The review in sentences, one entry per line: a costly pass first, then the plays (a repeated one once)."""
        lines = [say("{seat}: {summary}", seat=seat_name(self.seat), summary=self.summary())]
        if self.pass_mistake is not None:
            lines.append("  " + self.pass_mistake.describe())
        lines += ["  " + group.describe() for group in self.groups]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The hand's review, as a notebook draws it."""
        from hearts_core.display import review_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return review_html(self)


@dataclass(frozen=True, slots=True)
class MatchReview:
    """Every hand's review for one seat: the match-over summary."""

    seat: int
    hands: tuple[HandReview, ...]

    @property
    def points_lost_per_hand(self) -> tuple[float, ...]:
        """Expected points lost to mistakes in each hand, in order."""
        return tuple(hand.points_lost for hand in self.hands)

    @property
    def points_lost(self) -> float:
        """Expected points lost to mistakes over the match."""
        return sum(self.points_lost_per_hand)

    @property
    def points_taken(self) -> int:
        """Points the seat took over the match's hands (before the moon rule)."""
        return sum(hand.points_taken for hand in self.hands)

    def describe(self) -> str:
        """One line per hand, then the total, in words."""
        lines = []
        for number, hand in enumerate(self.hands, start=1):
            lines.append(say("Hand {number}: {summary}", number=number, summary=hand.summary()))
        lines.append(say("Over the match: {mistakes} expected to cost {lost}, and {taken} taken. The review judges "
                         "choices from what could be seen, not the luck of the deal.",
                         mistakes=_costly_mistakes(sum(hand.entries for hand in self.hands)),
                         lost=about_points(self.points_lost), taken=points_phrase(self.points_taken)))
        return "\n".join(lines)


def unchecked_words(count: int) -> str:
    """What a review says of ``count`` plays it left out unchecked (:attr:`HandReview.unchecked`); "" for none.

    >>> unchecked_words(2)
    '2 earlier plays could not be checked by a second engine here, so they are left out.'
    """
    if not count:
        return ""
    return say_n("{count} earlier play could not be checked by a second engine here, so it is left out.",
                 "{count} earlier plays could not be checked by a second engine here, so they are left out.", count)


def _plays(count: int) -> str:
    """``1 play``, ``4 plays``: the choices a summary counts."""
    return say_n("{count} play", "{count} plays", count)


def _costly_mistakes(count: int) -> str:
    """``1 costly mistake``, ``2 costly mistakes``: the mistakes a summary counts, a repeated one once."""
    return say_n("{count} costly mistake", "{count} costly mistakes", count)


def _start(hand: HandState | HandRecord, rules: Rules | None) -> tuple[HandState, tuple[Card, ...]]:
    """A fresh hand at its first play (passes made) and the plays to replay on it."""
    if isinstance(hand, HandRecord):
        state = HandState.new(hand.deal, hand.pass_direction, rules)
        passes = hand.passes or (None,) * NUM_SEATS
        plays = hand.plays
    else:
        state = HandState.new([hand.dealt(seat) for seat in range(NUM_SEATS)], hand.pass_direction, hand.rules)
        passes = tuple(hand.passed(seat) for seat in range(NUM_SEATS))
        plays = tuple(card for _, card in hand.plays)
    for seat, passed in enumerate(passes):
        if passed:
            state.pass_cards(seat, passed)
    return state, plays


def moon_words(shooter: int, *, moon_subtracts: bool) -> str:
    """``shooter``'s moon under the rules' variant, as the match announces it and the review sums it up.

    >>> moon_words(0, moon_subtracts=False)
    'You shot the moon: everyone else takes 26.'
    """
    seat = seat_name(shooter)
    if moon_subtracts:
        if shooter == LEARNER_SEAT:
            return say("You shot the moon: {points} come off your total.", points=MOON_POINTS)
        return say("{seat} shot the moon: {points} come off their total.", seat=seat, points=MOON_POINTS)
    if shooter == LEARNER_SEAT:
        return say("You shot the moon: everyone else takes {points}.", points=MOON_POINTS)
    return say("{seat} shot the moon: everyone else takes {points}.", seat=seat, points=MOON_POINTS)


def review_hand(hand: HandState | HandRecord, seat: int, *, rules: Rules | None = None, seed: int = 0,
                outside: SecondOpinion | None = None) -> HandReview:
    """The costly plays of ``seat`` in ``hand`` (a finished hand, or a record's hand under ``rules``).

    An unfinished hand is reviewed as far as it was played.  ``seed`` 0 (the default)
    judges each position exactly as the coach does; another seed asks the search for a
    second opinion.  A costly play is said only when a judge sharing nothing with the
    search confirms it: the exact endgame judge in the last tricks, ``outside`` before
    them (see the module's notes); without ``outside`` those plays are left out unchecked.

    Raises:
        InvalidPositionError: ``seat`` is not 0 to 3, or the hand cannot be replayed.
        IllegalMove: a record's hand holds an illegal play.
    """
    if seat not in range(NUM_SEATS):
        raise InvalidPositionError(f"seat must be 0 to 3, not {seat!r}")
    state, plays = _start(hand, rules)
    mistakes = []
    choices = unchecked = 0
    for number, card in enumerate(plays):
        if state.to_move == seat and len(state.legal_plays()) > 1:
            choices += 1
            mistake, confirmed = _judged(state, card, seed=None if seed == 0 else seed * _SEED_STRIDE + number,
                                         outside=outside)
            state.play(card)
            if mistake is not None and confirmed:
                mistakes.append(_with_outcome(mistake, state, seat))
            unchecked += mistake is not None and confirmed is None
        else:
            state.play(card)
    return HandReview(seat, tuple(mistakes), choices - unchecked, state.points_taken[seat],
                      shot_moon=state.is_over and state.moon_shooter == seat, moon_subtracts=state.rules.moon_subtracts,
                      pass_mistake=review_pass(hand, seat), unchecked=unchecked)


def review_pass(hand: HandState | HandRecord, seat: int) -> PassMistake | None:
    """``seat``'s pass in ``hand`` as a mistake, if the pass judge found it costly (``None`` on a hold hand).

    Raises:
        InvalidPositionError: ``seat`` is not 0 to 3.
    """
    if seat not in range(NUM_SEATS):
        raise InvalidPositionError(f"seat must be 0 to 3, not {seat!r}")
    if isinstance(hand, HandRecord):
        dealt, passed = hand.deal[seat], hand.passes[seat] if hand.passes else None
    else:
        dealt, passed = hand.dealt(seat), hand.passed(seat)
    if hand.pass_direction is PassDirection.HOLD or not passed:
        return None
    return costly_pass(judge_pass(dealt, passed, hand.pass_direction))


def judge_play(state: HandState, card: Card, *, seed: int | None = None,
               outside: SecondOpinion | None = None) -> Mistake | None:
    """The mistake in playing ``card`` at ``state`` for the seat to move, if the judge finds it costly enough
    and a judge sharing nothing with it confirms (see :func:`review_hand`)."""
    mistake, confirmed = _judged(state, card, seed=seed, outside=outside)
    return mistake if confirmed else None


def _judged(state: HandState, card: Card, *, seed: int | None,
            outside: SecondOpinion | None) -> tuple[Mistake | None, bool | None]:
    """The search's mistake in playing ``card`` (``None`` when not costly), and whether a second judge confirms
    it (``None``: no judge could check it)."""
    seat = state.to_move
    if seat is None:
        raise InvalidPositionError("nobody is to play: the hand is not in play")
    view = state.view(seat)
    judgement = judge(view, seed=seed)
    position = Situation(view)
    found = costly(position, judgement, card)
    if found is None:
        return None, False
    better = judgement.ranked[0].card
    confirmed = confirms_costly(view, better, card, seed=position_seed(view), outside=outside,
                                record=lambda: position_record(state, seat, len(state.plays), ident="review"))
    if confirmed is False:
        return None, False
    return _mistake(position, judgement, card, *found, seed=seed), confirmed


def costly(position: Situation, judgement: Judgement, card: Card) -> tuple[float, float] | None:
    """The cost of ``card`` against the judge's best card and its standard error, if the review calls it a mistake.

    The one test of a mistake (at least :data:`COST_THRESHOLD` and larger than twice its
    error), shared with the puzzles made from the review's mistakes, so that a card the
    review would let pass is never called wrong there.
    """
    best = judgement.ranked[0].card
    if best is card:
        return None
    cost, error = judgement.own_gain(best, card)
    if not Better(best, card, cost, error).holds(position) or cost < COST_THRESHOLD:
        return None
    return cost, error


def play_index(hand: HandState, seat: int, mistake: Mistake) -> int:
    """Where ``mistake`` is in ``hand.plays``: its own :attr:`Mistake.play`, else ``seat``'s card in its trick.

    Raises:
        InvalidPositionError: ``seat`` did not play the mistake's card there in ``hand``.
    """
    plays = hand.plays
    index = mistake.play
    if index is None:
        start = (mistake.trick - 1) * NUM_SEATS
        index = next((start + offset for offset in range(NUM_SEATS)
                      if 0 <= start + offset < len(plays) and plays[start + offset][0] == seat), -1)
    if not 0 <= index < len(plays) or plays[index] != (seat, mistake.played):
        raise InvalidPositionError(f"seat {seat} did not play {mistake.played} at trick {quote_input(mistake.trick)} "
                                   f"of this hand (play {quote_input(mistake.play)})")
    return index


def _mistake(position: Situation, judgement: Judgement, card: Card, cost: float, error: float,
             seed: int | None = None) -> Mistake:
    best = judgement.ranked[0]
    # As in the coach's reason: the review says where the two cards part, not only what it costs.
    better = choice_claims(position, judgement, best.card, card,
                           judged_parting(position.view, judgement, best.card, card, seed=seed))
    played = first_true(position, played_claims(position, judgement.figures(card)))
    claims = (played, *better) if played is not None else better
    why = sentences(item.text() for item in claims)
    facts = tuple(fact for item in claims for fact in item.facts)
    return Mistake(len(position.view.tricks) + 1, card, best.card, cost, why,
                   judgement.figures(card).expected_points, best.expected_points, facts, error,
                   len(position.view.plays))


def _with_outcome(mistake: Mistake, state: HandState, seat: int) -> Mistake:
    """Add what happened to the trick, once it closed (told, never used to judge)."""
    tricks = state.tricks
    if len(tricks) < mistake.trick:
        return mistake
    trick = tricks[mistake.trick - 1]
    if trick.winner != seat or not trick.points:
        return mistake
    outcome = say("In the game, {played} took the trick and {points}.", played=mistake.played,
                  points=points_phrase(trick.points))
    return replace(mistake, why=sentences((mistake.why, outcome)))


def review_record_hand(record: Record, hand_number: int, seat: int, *, seed: int = 0,
                       outside: SecondOpinion | None = None) -> HandReview:
    """Review hand ``hand_number`` (1-based) of a loaded record for ``seat``.

    Raises:
        InvalidPositionError: the record has no such hand.
    """
    if not 1 <= hand_number <= len(record.hands):
        raise InvalidPositionError(f"the record's hands are numbered 1 to {len(record.hands)}, no hand {hand_number}")
    return review_hand(record.hands[hand_number - 1], seat, rules=record.rules, seed=seed, outside=outside)


def review_match(hands: Iterable[HandState | HandRecord], seat: int, *, rules: Rules | None = None,
                 seed: int = 0, outside: SecondOpinion | None = None) -> MatchReview:
    """Review every hand of a match for ``seat``: points lost to mistakes per hand."""
    return MatchReview(seat, tuple(review_hand(hand, seat, rules=rules, seed=seed, outside=outside) for hand in hands))


def review_record(record: Record | str | bytes, seat: int, *, seed: int = 0,
                  outside: SecondOpinion | None = None) -> MatchReview:
    """Review every hand of a record (loaded, or its JSON text) for ``seat``."""
    loaded = record if isinstance(record, Record) else load_record(record)
    return review_match(loaded.hands, seat, rules=loaded.rules, seed=seed, outside=outside)
