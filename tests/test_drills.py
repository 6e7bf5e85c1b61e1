"""Drill positions: dealt from real hands, reproducible by seed, each really exercising its rule."""

from __future__ import annotations

import ast
import json
import random
import re
from math import comb
from pathlib import Path

import pytest

from hearts_core import Reason, check_play, parse_cards, penalty_points, trick_winner
from hearts_core.drills import (
    ALL_PENALTY_ODDS,
    DRILL_RULES,
    EXCEPTION_SHARE,
    EXCEPTIONS,
    DrillItem,
    DrillKey,
    choose_rule,
    deal_item,
    exercises,
    warm_up_item,
)
from hearts_core.scenarios import Position, TrickExample

SEEDS = range(12)

REFUSALS = {
    DrillKey.FOLLOW_SUIT: Reason.MUST_FOLLOW_SUIT,
    DrillKey.LEAD_TWO_OF_CLUBS: Reason.MUST_LEAD_TWO_OF_CLUBS,
    DrillKey.FIRST_TRICK_NO_POINTS: Reason.NO_POINTS_ON_FIRST_TRICK,
    DrillKey.HEARTS_NOT_BROKEN: Reason.HEARTS_NOT_BROKEN,
}


def reasons(where: Position) -> set[Reason]:
    return {Reason(check_play(where.hand, where.trick, card, first_trick=where.first_trick,
                              hearts_broken=where.hearts_broken).reason) for card in where.hand}


@pytest.mark.parametrize("rule", list(DRILL_RULES))
def test_every_dealt_item_exercises_its_rule_and_is_reproducible(rule: str) -> None:
    items = [deal_item(rule, seed) for seed in SEEDS]
    assert items == [deal_item(rule, seed) for seed in SEEDS]  # same seed, same item
    assert len({repr(item) for item in items}) > len(items) // 2  # and seeds differ
    for item in items:
        assert item.rule == rule and exercises(item), item


@pytest.mark.parametrize("rule", list(REFUSALS))
def test_rule_positions_contain_a_card_the_engine_refuses_for_that_rule(rule: str) -> None:
    for seed in SEEDS:
        where = deal_item(rule, seed).position
        assert where is not None
        found = reasons(where)
        assert REFUSALS[rule] in found and Reason.LEGAL in found
        # A position is a moment of a real hand: whole hands, nothing on the table twice.
        assert not set(where.hand) & set(where.trick) and len(where.trick) < 4


def test_the_exceptions_allow_every_card_of_a_hand_a_rule_would_otherwise_refuse() -> None:
    for seed in SEEDS:
        penalty = deal_item(DrillKey.ALL_PENALTY, seed).position
        assert penalty is not None and penalty.first_trick and len(penalty.hand) == 13
        assert all(penalty_points([card]) for card in penalty.hand) and reasons(penalty) == {Reason.LEGAL}
        hearts = deal_item(DrillKey.ALL_HEARTS, seed).position
        assert hearts is not None and not hearts.trick and not hearts.hearts_broken and not hearts.first_trick
        assert {card.suit.plural for card in hearts.hand} == {"hearts"} and reasons(hearts) == {Reason.LEGAL}


def test_trick_items_are_whole_tricks_worth_asking_about() -> None:
    for seed in SEEDS:
        taken = deal_item(DrillKey.WHO_TAKES, seed).trick
        assert taken is not None and len(taken.cards) == 4
        led = taken.cards[0].suit
        assert any(card.suit is not led for card in taken.cards) or trick_winner(taken.cards) != 0
        points = deal_item(DrillKey.POINTS, seed).trick
        assert points is not None and penalty_points(points.cards) > 0


def test_exercises_refuses_items_that_do_not_practise_their_rule() -> None:
    easy = Position("x", "t", "p", parse_cards("♣3 ♣A"), parse_cards("♣10"), 3, False, True)
    assert not exercises(DrillItem(DrillKey.FOLLOW_SUIT, 0, position=easy))  # every card follows: nothing to learn
    assert not exercises(DrillItem(DrillKey.HEARTS_NOT_BROKEN, 0, position=easy))
    assert not exercises(DrillItem(DrillKey.ALL_HEARTS, 0, position=easy))
    dull = TrickExample("x", "t", 0, parse_cards("♣A ♣2 ♣3 ♣4"))
    assert not exercises(DrillItem(DrillKey.WHO_TAKES, 0, trick=dull))  # the leader's ace, nothing else
    assert not exercises(DrillItem(DrillKey.POINTS, 0, trick=dull))
    assert not exercises(DrillItem(DrillKey.FOLLOW_SUIT, 0))


def test_unknown_rules_are_refused_by_name() -> None:
    with pytest.raises(KeyError, match="known: follow-suit"):
        deal_item("trumps", 1)


def test_all_penalty_odds_are_about_one_deal_in_eleven_billion() -> None:
    assert comb(52, 13) // 56 == ALL_PENALTY_ODDS
    assert 11_000_000_000 < ALL_PENALTY_ODDS < 12_000_000_000


LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def lesson_drills() -> dict[str, list[str]]:
    """Each lesson's drill, by notebook: the rules it names (all of them when it names none)."""
    found = {}
    for notebook in sorted(LESSONS.glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and (match := re.search(r"Drill\((\[[^\]]*\])?", source)):
                found[notebook.stem] = ast.literal_eval(match.group(1)) if match.group(1) else list(DRILL_RULES)
    return found


DEALS = 1000
# Three standard errors of a share of 1/8 over a thousand draws is about 0.031.
TOLERANCE = 0.035


def test_the_lessons_drills_are_found() -> None:
    drills = lesson_drills()
    assert {"05-first-trick", "06-breaking-hearts", "11-drills"} <= set(drills)
    assert set(drills["11-drills"]) == set(DRILL_RULES)


@pytest.mark.parametrize(("lesson", "rules"), sorted(lesson_drills().items()))
def test_exceptions_come_up_at_their_share_and_never_first(lesson: str, rules: list[str]) -> None:
    chosen = []
    for seed in range(DEALS):
        rng = random.Random(f"hearts-lessons drill order {seed}")
        assert choose_rule(rules, rng, opening=True) not in EXCEPTIONS or set(rules) <= EXCEPTIONS
        chosen.append(choose_rule(rules, rng))
    assert set(chosen) <= set(rules)
    share = sum(1 for key in chosen if key in EXCEPTIONS) / DEALS
    if not set(rules) & EXCEPTIONS:
        assert share == 0
    else:
        assert abs(share - EXCEPTION_SHARE) < TOLERANCE, f"{lesson}: exceptions {share:.3f} of {DEALS}"
        # Within each group every rule comes up about equally often.
        for group in (EXCEPTIONS, set(DRILL_RULES) - EXCEPTIONS):
            mine = [key for key in rules if key in group]
            counts = [chosen.count(key) for key in mine]
            assert max(counts) - min(counts) < 0.3 * sum(counts) / len(mine) + 10


def test_a_drill_of_exceptions_alone_deals_only_them() -> None:
    rng = random.Random(3)
    assert {choose_rule(["all-hearts", "all-penalty"], rng, opening=True) for _ in range(50)} == EXCEPTIONS
    with pytest.raises(KeyError, match="known"):
        choose_rule(["trumps"], rng)
    with pytest.raises(ValueError, match="at least one rule"):
        choose_rule([], rng)


def test_a_warm_up_is_the_common_case_and_the_same_for_the_same_rules() -> None:
    everything = warm_up_item(list(DRILL_RULES))
    assert everything.rule == DrillKey.FOLLOW_SUIT and exercises(everything)
    assert warm_up_item(list(reversed(DRILL_RULES))) == everything
    where = everything.position
    assert where is not None
    # The plainest case: some of the hand follows, some does not, and nothing but the suit led decides.
    allowed = {card for card in where.hand if check_play(where.hand, where.trick, card, first_trick=where.first_trick,
                                                           hearts_broken=where.hearts_broken).legal}
    assert allowed and allowed < set(where.hand) and {card.suit for card in allowed} == {where.trick[0].suit}
    assert reasons(where) == {Reason.LEGAL, Reason.MUST_FOLLOW_SUIT}
    # Without following suit among the rules: the first common one, an exception only when alone.
    assert warm_up_item(["all-hearts", "points", "who-takes"]).rule == DrillKey.POINTS
    assert warm_up_item(["all-penalty"]).rule == DrillKey.ALL_PENALTY
    with pytest.raises(ValueError, match="at least one rule"):
        warm_up_item([])
