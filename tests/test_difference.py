"""Where the best card and the runner-up part: the trick the runner-up's line loses its points, and the sentence."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_core import HandState, to_card
from hearts_core.coach import judge, position_seed, recommend
from hearts_core.difference import (
    MIN_DIFFERING,
    PARTING_SHARE,
    PLAY_OUT_DEALS,
    DealPair,
    Showcase,
    ShownLine,
    parting,
    play_out_pairs,
    sampled_deals,
    show_line,
    showcase,
)
from hearts_core.facts import Situation
from hearts_core.parting_facts import PartsAt
from hearts_core.scoring import Outcome, match_outcome
from hearts_core.state import SeatView

# Puzzle 2026-300-39's game, played without the pass (each seat holds at the start what it played with).
# Trick 10: CPU1 leads ♥J, CPU2 ♥10, CPU3 ♥K; you hold ♣5 ♠5 ♥3 ♥7 and must play a heart. Both stay
# under ♥K; what parts them comes later: ♥3 kept ducks the last heart trick, ♥7 kept is left to take it.
HEART_DEAL = ("♣2 ♣5 ♣7 ♦2 ♦9 ♦10 ♠2 ♠5 ♠7 ♠8 ♥3 ♥7 ♥8",
              "♣6 ♣J ♣A ♦3 ♦6 ♦7 ♦J ♦K ♠4 ♠10 ♠Q ♥J ♥Q",
              "♣3 ♣9 ♣Q ♦A ♠3 ♠9 ♠J ♠A ♥4 ♥5 ♥9 ♥10 ♥A",
              "♣4 ♣8 ♣10 ♣K ♦4 ♦5 ♦8 ♦Q ♠6 ♠K ♥2 ♥6 ♥K")
HEART_PLAYS = ("♣2 ♣6 ♣3 ♣K ♣8 ♣7 ♣J ♣Q ♦A ♦Q ♦10 ♦3 ♠9 ♠6 ♠8 ♠4 ♠3 ♠K ♠7 ♠10 ♦4 ♦2 ♦6 ♣9 ♦7 ♠A ♦5 ♦9 "
               "♠2 ♠Q ♠J ♦8 ♦J ♥9 ♣10 ♥8 ♥J ♥10 ♥K")


def position(deal: tuple[str, ...], plays: str) -> HandState:
    state = HandState.new(deal, "hold")
    for card in plays.split():
        state.play(card)
    return state


def test_keeping_the_low_heart_ducks_the_last_heart_trick() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    found = parting(view, to_card("♥7"), to_card("♥3"), deals=60, seed=5)
    assert found is not None
    # Not this trick (both cards stay under ♥K): a later one, taken by the ♥7 that ♥3 played now leaves behind.
    assert (found.trick, found.taker) == (11, to_card("♥7"))
    assert not found.now
    assert found.differing >= MIN_DIFFERING and found.first > PARTING_SHARE * found.differing
    assert 0 < found.parted <= found.deals == 60
    assert PartsAt(found).holds(Situation(view))


def test_the_coach_says_the_idea_after_the_situation() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    advice = recommend(view)
    assert advice.card == to_card("♥7")
    judgement = judge(view)
    deals = min(judgement.ranked[0].worlds, PLAY_OUT_DEALS)
    found = parting(view, to_card("♥7"), to_card("♥3"), deals=deals, seed=position_seed(view))
    assert found is not None and found.deals == PLAY_OUT_DEALS
    idea = (f"Play ♥7 now and keep ♥3 for later: in {found.parted} of {found.deals} deals played out, playing ♥3 "
            f"now leaves ♥7 to take trick 11 and its points, which playing ♥7 now avoids.")
    situation, said, figures = advice.reason.partition(idea)
    assert said == idea, advice.reason
    assert situation.startswith("CPU3's ♥K is winning this trick") and figures.strip().startswith("With ♥7")
    assert PartsAt(found) in advice.facts


def test_the_play_outs_are_the_judges_own_deals() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    judgement = judge(view)
    best, runner = judgement.ranked[0], judgement.ranked[1]
    pairs = play_out_pairs(view, best.card, runner.card, deals=best.worlds, seed=position_seed(view))
    for line, figures in ((0, best), (1, runner)):
        taken = [sum(trick.points for trick in (pair.best, pair.runner)[line].tricks if trick.winner == 0)
                 for pair in pairs]
        assert tuple(float(points) for points in taken) == figures.world_points


def test_equal_cards_never_part() -> None:
    # Trick one: CPU1 holds ♣3 and ♣4, with nothing between them; either follows ♣2 the same way.
    deal = ("♣2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K",
            "♣3 ♣4 ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♥2 ♥3 ♥4 ♥5",
            "♣5 ♣6 ♣7 ♣8 ♠9 ♠10 ♠J ♠Q ♥6 ♥7 ♥8 ♥9 ♥10",
            "♣9 ♣10 ♣J ♣Q ♣K ♣A ♦A ♠K ♠A ♥J ♥Q ♥K ♥A")
    view = position(deal, "♣2").view(1)
    assert parting(view, to_card("♣3"), to_card("♣4"), deals=30, seed=1) is None
    for pair in play_out_pairs(view, to_card("♣3"), to_card("♣4"), deals=30, seed=1):
        assert pair.first_costlier(1) is None
    assert "deals played out" not in recommend(view).reason


def test_the_same_seed_finds_the_same_parting() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    first = parting(view, to_card("♥7"), to_card("♥3"), deals=40, seed=11)
    again = parting(view, to_card("♥7"), to_card("♥3"), deals=40, seed=11)
    assert first is not None and first == again and first.pairs == again.pairs
    other = parting(view, to_card("♥7"), to_card("♥3"), deals=40, seed=12)
    assert other is not None and other.pairs != first.pairs
    assert recommend(view).reason == recommend(view).reason


def test_a_miscounted_parting_is_not_said() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    found = parting(view, to_card("♥7"), to_card("♥3"), deals=60, seed=5)
    assert found is not None
    situation = Situation(view)
    assert not PartsAt(dataclasses.replace(found, parted=found.parted + 1)).holds(situation)
    assert not PartsAt(dataclasses.replace(found, taker=to_card("♥3"))).holds(situation)
    assert not PartsAt(dataclasses.replace(found, trick=9)).holds(situation)  # a trick already played


def test_a_parting_at_this_trick_is_not_said_when_the_situation_already_tells_the_cards_apart() -> None:
    # CPU1's ♠K is winning a trick holding ♠Q: "play ♠3, which stays under it" is not true of ♠A, so it
    # already says what parts them; "♠A takes this trick" would only repeat it.
    deal = ("♣2 ♠A ♠3 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♥2 ♥3 ♥4",
            "♣A ♠K ♠4 ♠5 ♠6 ♠7 ♦9 ♦10 ♦J ♥5 ♥6 ♥7 ♥8",
            "♣3 ♠2 ♠8 ♠9 ♠10 ♠J ♦Q ♦K ♦A ♥9 ♥10 ♥J ♥Q",
            "♣4 ♠Q ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♥K ♥A")
    view = position(deal, "♣2 ♣A ♣3 ♣4 ♠K ♠2 ♠Q").view(0)
    found = parting(view, to_card("♠3"), to_card("♠A"), deals=30, seed=2)
    assert found is not None and found.now and found.taker == to_card("♠A")
    advice = recommend(view)
    assert advice.reason.startswith("CPU1's ♠K is winning this trick with 13 points in it, so play ♠3")
    assert "deals played out" not in advice.reason


# ------------------------------------------------------------------ one deal shown whole ("Show me")


def replayed(view: SeatView, shown: Showcase, line: ShownLine) -> HandState:
    """The shown deal through the referee: each seat starts with its hand at the position plus what it has played,
    the hand's plays so far, then every card of ``line`` not yet on the table, each one refused if illegal."""
    played: dict[int, list[str]] = {seat: [] for seat in range(4)}
    for seat, card in view.plays:
        played[seat].append(str(card))
    start = [[str(card) for card in shown.hands[seat]] + played[seat] for seat in range(4)]
    state = HandState.new(start, "hold", view.rules)
    for _, card in view.plays:
        state.play(card)
    already = len(view.current_trick)
    for number, trick in enumerate(line.tricks):
        for card in trick.cards[already if number == 0 else 0:]:
            state.play(card)  # raises on an illegal card
        taken = state.tricks[-1]
        assert (taken.winner, taken.points, tuple(taken.cards)) == (trick.winner, trick.points, trick.cards)
    assert state.is_over
    return state


def test_the_shown_deal_is_one_that_parts_where_the_reason_says_and_replays_legally() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    found = parting(view, to_card("♥7"), to_card("♥3"), deals=60, seed=5)
    assert found is not None and found.trick == 11
    shown = showcase(view, to_card("♥7"), to_card("♥3"), deals=60, seed=5, named=found)
    assert shown.named and shown.parting == 11 and shown.deals == 60
    # The shown deal is one of the parting deals the reason counts, in the reason's own play-outs.
    pair = found.pairs[shown.deal]
    assert pair.parts_at(0, found.trick, found.taker)
    assert (shown.best.outcomes(0), shown.other.outcomes(0)) == (pair.best, pair.runner)
    # From trick 10 to the end, both lines whole; the seat's own hand is the position's.
    assert [trick.number for trick in shown.best.tricks] == list(range(10, 14))
    assert shown.hands[0] == tuple(sorted(view.hand))
    assert shown.best.tricks[0].played_by(0) == to_card("♥7") and shown.other.tricks[0].played_by(0) == to_card("♥3")
    assert shown.other.tricks[1].winner == 0 and shown.other.tricks[1].played_by(0) == to_card("♥7")
    for line in (shown.best, shown.other):
        assert replayed(view, shown, line).scores == line.scores
    assert shown.difference > 0


def test_without_a_named_parting_the_deal_shown_is_a_median_one_where_the_other_card_costs_more() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    shown = showcase(view, to_card("♥7"), to_card("♥3"), deals=40, seed=3)
    pairs = play_out_pairs(view, to_card("♥7"), to_card("♥3"), deals=40, seed=3)
    assert (shown.best.outcomes(0), shown.other.outcomes(0)) == (pairs[shown.deal].best, pairs[shown.deal].runner)
    worse = sorted(difference for difference in (
        sum(t.points for t in pair.runner.tricks if t.winner == 0) - sum(t.points for t in pair.best.tricks
                                                                         if t.winner == 0) for pair in pairs)
        if difference > 0)
    assert worse and shown.difference > 0
    median = (worse[(len(worse) - 1) // 2] + worse[len(worse) // 2]) / 2
    assert all(abs(shown.difference - median) <= abs(other - median) for other in worse)
    first = DealPair(shown.best.outcomes(0), shown.other.outcomes(0)).first_costlier(0)
    assert not shown.named and first is not None and shown.parting == first.number
    for line in (shown.best, shown.other):
        assert replayed(view, shown, line).scores == line.scores
    assert showcase(view, to_card("♥7"), to_card("♥3"), deals=40, seed=3) == shown  # fixed by the seed


def test_a_showcase_refuses_what_it_cannot_show() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0)
    with pytest.raises(ValueError, match="two different legal cards"):
        showcase(view, to_card("♥7"), to_card("♥7"), deals=5)
    with pytest.raises(ValueError, match="two different legal cards"):
        showcase(view, to_card("♥7"), to_card("♣5"), deals=5)  # hearts were led: ♣5 may not be played
    found = parting(view, to_card("♥7"), to_card("♥3"), deals=60, seed=5)
    assert found is not None
    with pytest.raises(ValueError, match="over 40 deals"):
        showcase(view, to_card("♥7"), to_card("♥3"), deals=40, seed=5, named=found)


# The heart position above in a match: CPU1 (at 88) has 15 points this hand, so its total passes 100 and the hand
# ends the match; you and CPU3 both stand at 70, so whoever of you two takes fewer of the points left wins it.
MATCH_TOTALS = (70, 88, 95, 70)


def outcome_after(line: ShownLine) -> Outcome | None:
    """How the match ends for seat 0 after ``line``: its hand scores added to the totals, read by the scoring rules."""
    return match_outcome(tuple(total + score for total, score in zip(MATCH_TOTALS, line.scores, strict=True)), 0)


def test_a_match_shows_a_deal_in_which_the_better_card_ends_the_match_better() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0, match_totals=MATCH_TOTALS)
    best, other = to_card("♥7"), to_card("♥3")
    shown = showcase(view, best, other, deals=40, seed=3, totals=MATCH_TOTALS)
    # Every deal drawn, laid out without totals: which of them the two cards' lines end the match differently in.
    base, drawn = sampled_deals(view, 40, 3)
    laid = [(index, outcome_after(mine), outcome_after(theirs), theirs.scores[0] - mine.scores[0])
            for index, (mine, theirs) in enumerate((show_line(base, hands, best), show_line(base, hands, other))
                                                   for hands in drawn)]
    rank = {Outcome.LOST: 0, Outcome.DRAWN: 1, Outcome.WON: 2}
    turning = [item for item in laid if item[1] is not None and item[2] is not None and rank[item[1]] > rank[item[2]]]
    assert {(mine, theirs) for _, mine, theirs, _ in turning} == {(Outcome.WON, Outcome.LOST),
                                                                  (Outcome.WON, Outcome.DRAWN)}
    # The deal shown is one of the commonest turn (won against lost here), at its median difference in points.
    assert (outcome_after(shown.best), outcome_after(shown.other)) == (Outcome.WON, Outcome.LOST)
    assert shown.outcomes == (Outcome.WON, Outcome.LOST) and shown.outcome_differs and shown.totals == MATCH_TOTALS
    assert shown.turned == len(turning)
    assert shown.final_totals(shown.best) == tuple(map(sum, zip(MATCH_TOTALS, shown.best.scores, strict=True)))
    lost = sorted(difference for _, _, theirs, difference in turning if theirs is Outcome.LOST)
    median = (lost[(len(lost) - 1) // 2] + lost[len(lost) // 2]) / 2
    assert shown.deal in {index for index, _, theirs, _ in turning if theirs is Outcome.LOST}
    assert all(abs(shown.difference - median) <= abs(difference - median) for difference in lost)
    # It parts at the first trick taken by someone else, or with other points, in the two lines.
    pairs = list(zip(shown.best.tricks, shown.other.tricks, strict=True))
    first = next(mine.number for mine, theirs in pairs if (mine.winner, mine.points) != (theirs.winner, theirs.points))
    assert shown.parting == first and not shown.named
    for line in (shown.best, shown.other):
        assert replayed(view, shown, line).scores == line.scores
    assert showcase(view, best, other, deals=40, seed=3, totals=MATCH_TOTALS) == shown  # fixed by the seed


def test_a_match_in_which_no_deal_turns_shows_the_deal_chosen_without_totals() -> None:
    view = position(HEART_DEAL, HEART_PLAYS).view(0, match_totals=MATCH_TOTALS)
    # ♥3 ends the match better than ♥7 in none of these deals: the deal is the one chosen on points alone.
    shown = showcase(view, to_card("♥3"), to_card("♥7"), deals=40, seed=3, totals=MATCH_TOTALS)
    plain = showcase(view, to_card("♥3"), to_card("♥7"), deals=40, seed=3)
    assert shown == dataclasses.replace(plain, totals=MATCH_TOTALS) and not shown.outcome_differs
    # Totals that no hand can take to 100 end no match: nothing turns, and each line's outcome is None.
    calm = showcase(view, to_card("♥7"), to_card("♥3"), deals=40, seed=3, totals=(0, 0, 0, 0))
    assert calm.outcomes == (None, None)
    assert dataclasses.replace(calm, totals=None) == showcase(view, to_card("♥7"), to_card("♥3"), deals=40, seed=3)
