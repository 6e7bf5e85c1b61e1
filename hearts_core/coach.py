"""The coach: what to play (or pass) and why, in words a learner can trust.

Design choices:

* The coach reads a :class:`~hearts_core.state.SeatView` and nothing else, exactly like
  the computer players, so it can never leak a hidden card to the learner.
* It is split along its seams, and this module is its one face (every name below stays
  importable from here): the table reading and the per-card outlooks the guided match
  shows (:mod:`hearts_core.coach_analysis`, a small Monte Carlo over the deals that fit
  the view), the search's judgement of a position (:mod:`hearts_core.coach_judgement`),
  and the sentences (:mod:`hearts_core.coach_words`).
* :func:`recommend` is the coach's word on what to play, read from
  :func:`~hearts_core.coach_judgement.judge`: the hard player's search at the judge's
  budget, seeded from the position, which is also what the review
  (:mod:`hearts_core.review`) weighs each play by, so the two can never disagree.
* The reason names what separates the card from the runner-up where one trick says it: both
  are replayed in the judge's own sampled deals (:mod:`hearts_core.difference`), and the
  trick where the runner-up's line loses its points is said after the table's situation.
* Its reason is true by construction: every sentence is a
  :class:`~hearts_core.coach_words.Claim`, said only when every fact it states holds of
  the position.  In the passing phase it recommends the sound player's pass, with the
  checked reason each card goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from hearts_core.bots import Appraisal, heuristic_pass
from hearts_core.cards import Card
from hearts_core.coach_analysis import (
    DANGER_POINTS,
    EXACT_LIMIT,
    LAYOUTS_SAMPLED,
    CardOutlook,
    CoachReport,
    TableReading,
    analyse,
    card_outlooks,
    consistent_deals,
    read_table,
)
from hearts_core.coach_judgement import JUDGE_BUDGET, JUDGE_WORLDS, Judgement, judge, position_seed
from hearts_core.coach_words import (
    Claim,
    choice_claims,
    claim,
    facts_of,
    figure_claims,
    first_true,
    joined,
    pass_claims,
    played_claims,
    said_claim,
    situation_claims,
)
from hearts_core.difference import PLAY_OUT_DEALS, Parting, parting
from hearts_core.errors import InvalidPositionError
from hearts_core.facts import Fact, OnlyLegal, Situation
from hearts_core.state import Phase, SeatView
from hearts_core.wording import and_list, marked

__all__ = [
    "DANGER_POINTS",
    "EXACT_LIMIT",
    "JUDGE_BUDGET",
    "JUDGE_WORLDS",
    "LAYOUTS_SAMPLED",
    "RECOMMEND_BUDGET",
    "CardOutlook",
    "Claim",
    "CoachReport",
    "Judgement",
    "Recommendation",
    "TableReading",
    "analyse",
    "card_outlooks",
    "choice_claims",
    "claim",
    "consistent_deals",
    "figure_claims",
    "first_true",
    "judge",
    "judged_parting",
    "pass_claims",
    "played_claims",
    "position_seed",
    "read_table",
    "recommend",
    "said_claim",
    "situation_claims",
]

RECOMMEND_BUDGET: Final = JUDGE_BUDGET
"""The coach's default effort: the judge's, so the coach and the review weigh a position the same way."""


@dataclass(frozen=True, slots=True)
class Recommendation:
    """The coach's advice: the card to play (or the three to pass) and why, with the search's figures.

    ``alternatives`` lists every legal card's figures, best first (empty when the card
    is forced or when passing).  ``facts`` are every claim the reason makes, each of
    which held of the position when the reason was written.
    """

    reason: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    alternatives: tuple[Appraisal, ...] = ()
    facts: tuple[Fact, ...] = ()

    @property
    def choice(self) -> tuple[Card, ...]:
        """The recommended cards whatever the phase: the three to pass, or the one to play."""
        return self.cards if self.card is None else (self.card,)

    def _repr_html_(self) -> str:
        """The coach's card and reason, as a notebook draws them."""
        from hearts_core.display import recommendation_html  # noqa: PLC0415 - only when a notebook asks for a picture

        return recommendation_html(self)



def judged_parting(view: SeatView, judgement: Judgement, card: Card, other: Card, *,
                   seed: int | None = None) -> Parting | None:
    """Where ``other`` parts from ``card`` in the judge's own deals, replayed for the two cards.

    ``seed`` is the one the judge was given (``None``: seeded from the position, as :func:`judge`
    is), so the idea is found where the figures come from; the first :data:`PLAY_OUT_DEALS` of
    its deals keep the cost bounded.  Nothing is looked for when either line is a bid for the
    moon, whose play-outs follow another aim.
    """
    if judgement.figures(card).shooting or judgement.figures(other).shooting:
        return None
    return parting(view, card, other, deals=min(judgement.figures(card).worlds, PLAY_OUT_DEALS),
                   seed=position_seed(view) if seed is None else seed)


def recommend(view: SeatView, *, seed: int | None = None, time_budget: float = RECOMMEND_BUDGET) -> Recommendation:
    """The search's card for the seat's turn (or the sound pass) and the reason, in words.

    The same position always gets the same card and words: the search is seeded from the
    position unless ``seed`` is given, and the review judges with the same search.

    Raises:
        InvalidPositionError: the seat has nothing to decide (not its turn, or already passed).

    >>> from hearts_core.match import deal_hands
    >>> from hearts_core.state import HandState
    >>> state = HandState.new(deal_hands(seed=7, hand_number=4), "hold")
    >>> recommend(state.view(0)).reason
    '♣2 is your only legal card, so play it.'
    >>> state.play("♣2")
    >>> advice = recommend(state.view(1), time_budget=0.02)
    >>> advice.card in state.legal_plays()
    True
    """
    if view.phase is Phase.PASSING:
        if view.passed is not None:
            raise InvalidPositionError(f"seat {view.seat} has already passed {and_list(view.passed)}")
        cards = heuristic_pass(view.hand)
        claims = pass_claims(Situation(view), cards)
        return Recommendation(joined(claims), cards=cards, facts=facts_of(claims))
    if not view.is_my_turn:
        raise InvalidPositionError(f"there is nothing to recommend: it is not seat {view.seat}'s turn to play")
    position = Situation(view)
    legal = view.legal_plays()
    if len(legal) == 1:
        only = claim(marked("{card} is your only legal card, so play it."), (OnlyLegal(legal[0]),), card=legal[0])
        return Recommendation(only.text(), legal[0], facts=only.facts)
    judgement = judge(view, seed=seed, time_budget=time_budget)
    best, runner = judgement.ranked[0], judgement.ranked[1]
    parts = judged_parting(view, judgement, best.card, runner.card, seed=seed)
    claims = choice_claims(position, judgement, best.card, runner.card, parts)
    return Recommendation(joined(claims), best.card, alternatives=judgement.ranked, facts=facts_of(claims))
