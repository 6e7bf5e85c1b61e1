"""LearnerAdvice (widgets/match/advice.py): what it caches, what it reviews, and when it forgets."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import pytest

from hearts_core import HandState, Match, Rules, SeatView
from hearts_core.coach import analyse, judge, recommend
from hearts_core.puzzles import puzzle_from_data
from hearts_core.review import HandReview, Mistake
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.schedule import LEARNING_STEP
from tests.test_storage import finished_match
from widgets.match import advice as match_advice
from widgets.match.advice import LearnerAdvice, mistake_id

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


# ------------------------------------------------------- costly plays kept as puzzles

WHEN = datetime(2026, 12, 1, 12, tzinfo=UTC)


def judged_reviewer(calls: list[int], *, limit: int = 2, fake: bool = False) -> match_advice.Reviewer:
    """A scripted reviewer: the learner's first ``limit`` plays that differ from the coach's judge are "costly".

    Its better card is the judge's own (``fake``: another legal card, as no real review would say).
    """

    def reviewer(state: HandState, seat: int) -> HandReview:
        calls.append(seat)
        fresh = HandState.new([state.dealt(player) for player in range(4)], state.pass_direction, state.rules)
        for player in range(4):
            passed = state.passed(player)
            if passed:
                fresh.pass_cards(player, passed)
        items: list[Mistake] = []
        for index, (player, card) in enumerate(state.plays):
            legal = fresh.legal_plays()
            if player == seat and len(legal) > 2 and len(items) < limit:
                best = judge(fresh.view(seat)).ranked[0].card
                if fake:
                    best = next(other for other in legal if other not in (best, card))
                if best is not card:
                    items.append(Mistake(len(fresh.tricks) + 1, card, best, 2.0, "scripted", 2.0, 0.0, play=index))
            fresh.play(card)
        return HandReview(seat, tuple(items), len(state.tricks), state.points_taken[seat])

    return reviewer


def test_each_costly_play_is_kept_once_as_a_play_to_review(tmp_path: Path) -> None:
    calls: list[int] = []
    store = PuzzleStore(tmp_path)
    match = finished_match(5)
    advice = LearnerAdvice(judged_reviewer(calls), puzzles=store, clock=lambda: WHEN)
    advice.follow("m1", match)
    mistakes = advice.mistakes("m1", match, 1)
    assert mistakes is not None and len(mistakes) == 2 and calls == [0]
    cards = store.load().cards
    assert [card.id for card in cards] == [mistake_id("m1", 1, mistake.play or 0) for mistake in mistakes]
    assert advice.kept("m1", 1) == 2 and advice.kept("m1", 2) == 0 and advice.kept("m2", 1) == 0
    for card, mistake in zip(cards, mistakes, strict=True):
        assert card.kind == "play" and card.due == WHEN + LEARNING_STEP  # scheduled as a miss
        puzzle = puzzle_from_data(dict(card.data))
        assert puzzle.id == card.id and puzzle.solution is mistake.better
        assert puzzle.solution in puzzle.state().legal_plays()
        assert card.themes == puzzle.theme_keys
    before = store.load()
    again = LearnerAdvice(judged_reviewer(calls), puzzles=store, clock=lambda: WHEN + timedelta(hours=1))
    again.follow("m1", match)  # another page, or a reload, reviews the same match: nothing more is added
    assert again.mistakes("m1", match, 1) == mistakes and len(calls) == 2
    assert store.load().cards == before.cards and again.kept("m1", 1) == 2


def test_keeping_costly_plays_that_fails_is_logged_and_the_review_stands(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be", encoding="utf-8")
    match = finished_match(5)
    advice = LearnerAdvice(judged_reviewer([]), puzzles=PuzzleStore(blocked), clock=lambda: WHEN)
    with caplog.at_level(logging.ERROR, logger="hearts_lessons.widgets.match"):
        mistakes = advice.mistakes("m", match, 1)
    assert mistakes is not None and len(mistakes) == 2  # the review itself is untouched
    assert advice.kept("m", 1) == 0 and "as puzzles failed" in caplog.text


def test_a_mistake_the_judge_does_not_back_is_left_out(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = PuzzleStore(tmp_path)
    match = finished_match(5)
    advice = LearnerAdvice(judged_reviewer([], fake=True), puzzles=store, clock=lambda: WHEN)
    with caplog.at_level(logging.WARNING, logger="hearts_lessons.widgets.match"):
        mistakes = advice.mistakes("m", match, 1)
    assert mistakes is not None and len(mistakes) == 2
    assert advice.kept("m", 1) == 0 and store.load().cards == ()
    assert "not kept as a puzzle" in caplog.text


def test_without_threads_a_review_runs_once_when_first_asked(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    class Refusing:
        def submit(self, *args: object) -> object:
            raise RuntimeError("can't start new thread")

    monkeypatch.setattr(match_advice, "_reviewing_thread", Refusing)
    calls: list[int] = []
    store = PuzzleStore(tmp_path)
    match = finished_match(5)
    advice = LearnerAdvice(judged_reviewer(calls), puzzles=store, clock=lambda: WHEN)
    advice.follow("m", match)
    assert calls == []  # nothing yet: no worker to start it on
    first = advice.mistakes("m", match, 1)
    assert advice.mistakes("m", match, 1) == first and calls == [0]  # reviewed once, kept
    assert advice.kept("m", 1) == 2 and len(store.load().cards) == 2
