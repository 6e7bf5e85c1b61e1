"""LearnerAdvice (widgets/match_advice.py): what it caches, what it reviews, and when it forgets."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

import pytest

from hearts_core import HandState, Match, Rules, SeatView
from hearts_core.coach import analyse, recommend
from hearts_core.review import HandReview
from tests.test_storage import finished_match
from widgets import match_advice
from widgets.match_advice import LearnerAdvice

Answer = TypeVar("Answer")


def counting(ask: Callable[[SeatView], Answer], asked: list[SeatView]) -> Callable[[SeatView], Answer]:
    """``ask``, noting each view it is asked about in ``asked``."""

    def counted(view: SeatView) -> Answer:
        asked.append(view)
        return ask(view)

    return counted


def counting_reviewer(calls: list[tuple[int, int]]) -> match_advice.Reviewer:
    """A reviewer that finds nothing and notes which hand (by its seed's first card) and seat it saw."""

    def reviewer(state: HandState, seat: int) -> HandReview:
        calls.append((state.dealt(0)[0].index, seat))
        return HandReview(seat, (), len(state.tricks), state.points_taken[seat])

    return reviewer


def test_advice_is_asked_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[SeatView] = []
    monkeypatch.setattr(match_advice, "recommend", counting(recommend, asked))
    advice = LearnerAdvice()
    match = Match.new(7)
    first = advice.recommendation(match)
    assert advice.recommendation(match) is first and len(asked) == 1  # a redraw asks nothing
    assert first is not None and len(first.cards) == 3 and set(first.cards) <= set(match.hand.hand(0))
    for seat in range(1, 4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    assert advice.recommendation(match) is first and len(asked) == 1  # the learner's decision is the same
    match.pass_cards(0, first.cards)
    advice.recommendation(match)
    assert len(asked) == 2  # a new position asks again


def test_the_coach_report_is_kept_until_the_position_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[SeatView] = []
    monkeypatch.setattr(match_advice, "analyse", counting(analyse, asked))
    advice, match = LearnerAdvice(), Match.new(3)
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    while match.to_move != 0:
        match.play(match.legal_plays()[0])
    report = advice.report(match)
    assert advice.report(match) is report and len(asked) == 1
    assert len(report.outlooks) == len(match.view(0).legal_plays())
    advice.follow("another", match)  # a new match (or a reload) forgets the cached answers
    advice.report(match)
    assert len(asked) == 2


def test_each_finished_hand_is_reviewed_once_per_match() -> None:
    calls: list[tuple[int, int]] = []
    advice = LearnerAdvice(counting_reviewer(calls))
    match = finished_match(5, Rules(target=1))
    advice.follow("m1", match)  # a resumed match: its finished hand is reviewed at once
    assert advice.mistakes("m1", match, 1) == ()
    assert advice.mistakes("m1", match, 1) == ()
    assert calls == [(match.hands[0].dealt(0)[0].index, 0)]  # the learner's seat, once
    advice.follow("m1", match)  # a reload of the same match keeps its review
    advice.mistakes("m1", match, 1)
    assert len(calls) == 1
    advice.follow("m2", match)  # another match reviews afresh
    advice.mistakes("m2", match, 1)
    assert len(calls) == 2


def test_a_review_that_fails_is_logged_and_the_page_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    def broken(state: HandState, seat: int) -> HandReview:
        raise RuntimeError("the review broke")

    advice, match = LearnerAdvice(broken), finished_match(6, Rules(target=1))
    with caplog.at_level(logging.ERROR, logger="hearts_lessons.widgets.match"):
        assert advice.mistakes("m", match, 1) is None
    assert "reviewing hand 1 failed" in caplog.text and "the review broke" in caplog.text
