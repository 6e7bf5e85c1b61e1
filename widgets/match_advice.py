"""What the coach says on the match page: advice cached per position, hand reviews in the background.

Design choices:

* The answers are the engine's own (:func:`hearts_core.coach.recommend`,
  :func:`hearts_core.coach.analyse`, :func:`hearts_core.review.review_hand`).  This module
  decides only when to ask and what to keep, so the controller (:mod:`widgets.match_flow`)
  decides when advice is shown and never how it is computed.
* Advice is cached per position: the page redraws far more often than the position changes,
  and the coach's search takes a noticeable fraction of a second.
* A hand's review starts on a background worker the moment the hand ends, so "Review this
  hand" and the match-over summary are usually ready when asked for.  One worker serves
  every page of the process: two reviews at once would only share the processor.  Where
  threads are missing (Pyodide) a review runs when first asked for.
* Reviews are keyed by match id and hand number: a reload of the same match keeps them,
  and another match's reviews that have not begun are cancelled.
* A review is a bonus: one that fails is logged and reported as ``None``, and the match
  goes on without it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from hearts_core import HandState, Match
from hearts_core.coach import CoachReport, Recommendation, analyse, recommend
from hearts_core.errors import InvalidPositionError
from hearts_core.review import HandReview, Mistake, review_hand
from hearts_core.wording import LEARNER_SEAT

__all__ = ["LearnerAdvice"]

log = logging.getLogger("hearts_lessons.widgets.match")

Reviewer = Callable[[HandState, int], HandReview]

_REVIEW_THREAD: list[ThreadPoolExecutor] = []


def _reviewing_thread() -> ThreadPoolExecutor:
    """The one background worker for every page's reviews, made when first needed."""
    if not _REVIEW_THREAD:
        _REVIEW_THREAD.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearts-review"))
    return _REVIEW_THREAD[0]


def _position(match: Match) -> tuple[object, ...]:
    """What identifies a position within one match (a new match or a reload forgets the caches)."""
    return (match.seed, match.hand_number, match.hand.phase, len(match.hand.plays))


class LearnerAdvice:
    """The coach's advice and the hand reviews for the learner (seat 0) of one page."""

    def __init__(self, reviewer: Reviewer = review_hand) -> None:
        self.reviewer = reviewer
        """Reviews a finished hand for a seat (tests give a scripted one)."""
        self._recommended: tuple[tuple[object, ...], Recommendation | None] | None = None
        self._report: tuple[tuple[object, ...], CoachReport] | None = None
        self._reviews: dict[tuple[str, int], Future[tuple[Mistake, ...]] | None] = {}

    def recommendation(self, match: Match) -> Recommendation | None:
        """What the coach would pass or play now (``None`` when the learner has nothing to decide)."""
        key = _position(match)
        if self._recommended is None or self._recommended[0] != key:
            try:
                advice: Recommendation | None = recommend(match.view(LEARNER_SEAT))
            except InvalidPositionError:
                advice = None
            self._recommended = (key, advice)
        return self._recommended[1]

    def report(self, match: Match) -> CoachReport:
        """The coach's reading of the table and each playable card's outlook, on the learner's turn."""
        key = _position(match)
        if self._report is None or self._report[0] != key:
            self._report = (key, analyse(match.view(LEARNER_SEAT)))
        return self._report[1]

    def follow(self, match_id: str, match: Match) -> None:
        """Advise on ``match`` from now on, and review its finished hands in the background.

        Reviews of another match that have not begun are cancelled; this match's (a reload)
        are kept.
        """
        self._recommended = self._report = None
        for (reviewed, _), waiting in self._reviews.items():
            if waiting is not None and reviewed != match_id:
                waiting.cancel()
        self._reviews = {key: waiting for key, waiting in self._reviews.items() if key[0] == match_id}
        for number, hand in enumerate(match.hands, start=1):
            if hand.is_over:
                self.start_review(match_id, match, number)

    def start_review(self, match_id: str, match: Match, hand_number: int) -> None:
        """Begin reviewing finished hand ``hand_number`` in the background (once per hand)."""
        key = (match_id, hand_number)
        if key in self._reviews:
            return
        hand, reviewer = match.hands[hand_number - 1].copy(), self.reviewer
        try:
            self._reviews[key] = _reviewing_thread().submit(lambda: reviewer(hand, LEARNER_SEAT).mistakes)
        except RuntimeError:  # no threads (Pyodide): mistakes() reviews when asked
            self._reviews[key] = None

    def mistakes(self, match_id: str, match: Match, hand_number: int) -> tuple[Mistake, ...] | None:
        """The learner's costly plays in finished hand ``hand_number`` (``None`` if the review failed)."""
        key = (match_id, hand_number)
        if key not in self._reviews:
            self.start_review(match_id, match, hand_number)
        future = self._reviews[key]
        try:
            if future is None:
                return self.reviewer(match.hands[hand_number - 1], LEARNER_SEAT).mistakes
            return future.result()
        except Exception:
            log.exception("reviewing hand %d failed", hand_number)
            return None
