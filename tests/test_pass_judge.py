"""The pass judge: every sentence backed by a fact that holds, verdicts from a seeded play-out, bad input refused."""

from __future__ import annotations

import random

import pytest

from hearts_core import DECK, InvalidPositionError, PassVerdict, deal_hands, judge_pass, parse_cards
from hearts_core.bots import heuristic_pass
from hearts_core.facts import Situation
from hearts_core.pass_facts import (
    HighCardsPassed,
    LowestPassedHighKept,
    PassTone,
    QueenKeptUnguarded,
    QueenPassedUnguarded,
    card_facts,
    kept_facts,
)
from hearts_core.pass_judge import WEAK_BY
from hearts_core.scenarios import pass_example

HAND = pass_example("pass-high-cards").hand


def test_the_suggested_pass_is_good_and_says_why() -> None:
    judged = judge_pass(HAND, parse_cards("♣A ♦K ♠Q"))
    assert judged.verdict is PassVerdict.GOOD and judged.same_as_suggested
    assert judged.summary == "A good pass: it is the one the coach suggests."
    assert all(fact.tone is PassTone.GOOD for _, fact in judged.cards)
    assert judged.suggestion == ()


def test_a_pass_of_low_cards_is_weak() -> None:
    judged = judge_pass(HAND, parse_cards("♣4 ♦3 ♥2"))
    assert judged.verdict is PassVerdict.WEAK
    assert judged.play_out.difference >= WEAK_BY and judged.play_out.suggested_better
    assert [type(fact) for _, fact in judged.cards] == [LowestPassedHighKept] * 3
    assert QueenKeptUnguarded(1) in judged.kept
    assert judged.summary.startswith("A weak pass: the coach's suggested pass saves about ")


def test_the_same_pass_always_gets_the_same_judgement() -> None:
    assert judge_pass(HAND, parse_cards("♦3 ♦6 ♦9")) == judge_pass(HAND, parse_cards("♦9 ♦6 ♦3"))


def test_a_fact_holds_only_where_it_is_true() -> None:
    def passing(cards: str) -> Situation:
        return Situation.before_pass(HAND, parse_cards(cards))

    assert QueenPassedUnguarded(1).holds(passing("♣A ♦K ♠Q"))
    assert not QueenPassedUnguarded(2).holds(passing("♣A ♦K ♠Q"))  # the hand has one low spade, not two
    assert not QueenPassedUnguarded(1).holds(passing("♣A ♦K ♥J"))  # ♠Q not passed
    assert HighCardsPassed(parse_cards("♣A ♦K")).holds(passing("♣A ♦K ♠Q"))
    assert not HighCardsPassed(parse_cards("♣4")).holds(passing("♣4 ♦K ♠Q"))
    assert not HighCardsPassed(parse_cards("♣A ♥J")).holds(passing("♣A ♥J ♠Q"))  # a heart is no high side card
    assert not LowestPassedHighKept(parse_cards("♣4")[0], parse_cards("♣A")[0]).holds(passing("♣4 ♣A ♠Q"))


@pytest.mark.parametrize("seed", range(40))
def test_every_sentence_is_backed_by_a_fact_that_holds(seed: int) -> None:
    rng = random.Random(seed)
    hand = deal_hands(seed)[0]
    passed = tuple(rng.sample(hand, 3)) if seed % 4 else heuristic_pass(hand)
    judged = judge_pass(hand, passed, ("left", "right", "across")[seed % 3], deals=8)
    covered = [card for group, _ in judged.cards for card in group]
    assert sorted(covered) == sorted(passed)  # every passed card said once
    mine, suggested = Situation.before_pass(hand, passed), Situation.before_pass(hand, judged.suggested)
    for group, fact in judged.cards:
        assert fact.holds(mine) and set(group) <= set(passed)
    for fact in judged.kept:
        assert fact.holds(mine)
    for _, fact in judged.suggestion:
        assert fact.holds(suggested)
    assert card_facts(mine) == list(judged.cards) and kept_facts(mine) == list(judged.kept)
    for line in (judged.summary, *judged.lines()):
        assert "{" not in line and "}" not in line and "  " not in line
        assert line[0].isupper() or line[0] in "♣♦♠♥", line
    # Numbers rounded to what they mean, and a difference said only when larger than its uncertainty
    # and at least half a point (the coach's rule): re-derived here, not read from the judge.
    outcome = judged.play_out
    clear = outcome.difference >= 0.5 and outcome.difference > 2 * outcome.error
    assert outcome.suggested_better is clear
    if judged.verdict is PassVerdict.WEAK or judged.summary.startswith("A fair pass, but"):
        assert clear
    if judged.summary.startswith("A good pass: played out, it does about"):
        assert not clear and not (-outcome.difference >= 0.5 and -outcome.difference > 2 * outcome.error)


@pytest.mark.parametrize(("passed", "match"), [
    ("♣A ♦K", "a pass is 3 different cards"),
    ("♣A ♦K ♦K", "a pass is 3 different cards"),
    ("♣A ♦K ♥A", "a pass is 3 different cards of the hand"),
])
def test_a_pass_that_is_not_three_of_the_hands_cards_is_refused(passed: str, match: str) -> None:
    with pytest.raises(InvalidPositionError, match=match):
        judge_pass(HAND, parse_cards(passed))


def test_a_bad_hand_or_a_hold_hand_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="13 different cards"):
        judge_pass(DECK[:12], DECK[:3])
    with pytest.raises(InvalidPositionError, match="hold hand"):
        judge_pass(HAND, parse_cards("♣A ♦K ♠Q"), "hold")
