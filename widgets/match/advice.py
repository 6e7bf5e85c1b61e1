"""What the coach says on the match page: advice cached per position, hand reviews in the background.

Design choices:

* The answers are the engine's own (:func:`hearts_core.coach.recommend`,
  :func:`hearts_core.coach.analyse`, :func:`hearts_core.review.review_hand`).  This module
  decides only when to ask and what to keep, so the controller (:mod:`widgets.match.flow`)
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
* The learner's own mistakes become puzzles: as soon as a hand's review is done (on the
  worker, or when first asked where there are no threads), each costly play becomes a
  review card (:func:`hearts_core.puzzles.mistake_puzzle`, through
  :meth:`hearts_learner.puzzle_progress.PuzzleProgress.add_play`) in the learner's puzzle
  progress, in the same data folder as the match.  Its id is the match id, the hand and
  the play's place in the hand, so a hand reviewed again adds nothing.  Keeping them is a
  bonus too: a failure is logged, and the review and the match go on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime

from hearts_core import HandState, Match
from hearts_core.coach import CoachReport, Recommendation, analyse, recommend
from hearts_core.errors import HeartsError, InvalidPositionError
from hearts_core.independent_judge import SecondOpinion
from hearts_core.puzzles import mistake_puzzle
from hearts_core.review import HandReview, Mistake, PassMistake, play_index, review_hand
from hearts_core.wording import LEARNER_SEAT
from hearts_learner.puzzle_progress import PuzzleProgress
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.schedule import ReviewItem
from hearts_referee import available as referee_available

__all__ = ["LearnerAdvice", "kernel_review", "mistake_id"]

log = logging.getLogger("hearts_lessons.widgets.match")

Reviewer = Callable[[HandState, int], HandReview]

_REVIEW_THREAD: list[ThreadPoolExecutor] = []


def _reviewing_thread() -> ThreadPoolExecutor:
    """The one background worker for every page's reviews, made when first needed."""
    if not _REVIEW_THREAD:
        _REVIEW_THREAD.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearts-review"))
    return _REVIEW_THREAD[0]


def _outside_judge() -> SecondOpinion | None:
    """OpenSpiel's IS-MCTS where it is installed (a Jupyter kernel), else none (the static site's Pyodide)."""
    if not referee_available():
        return None
    from hearts_referee.ismcts import confirms_costly  # noqa: PLC0415 - OpenSpiel loads only where it exists

    return confirms_costly


def kernel_review(hand: HandState, seat: int) -> HandReview:
    """The match review with the second opinion this kernel can ask before the last tricks (:mod:`hearts_referee`)."""
    return review_hand(hand, seat, outside=_outside_judge())


def mistake_id(match_id: str, hand_number: int, play: int) -> str:
    """The review card id of a costly play: its match, its hand (from 1) and its place in the hand's plays.

    Prefixed, so it can never be taken for a shipped puzzle's id (they share one namespace).

    >>> mistake_id("3f2a", 2, 17)
    'match:3f2a:2:17'
    """
    return f"match:{match_id}:{hand_number}:{play}"


def _now() -> datetime:
    return datetime.now(UTC)


def _position(match: Match) -> tuple[object, ...]:
    """What identifies a position within one match (a new match or a reload forgets the caches)."""
    return (match.seed, match.hand_number, match.hand.phase, len(match.hand.plays))


class LearnerAdvice:
    """The coach's advice and the hand reviews for the learner (seat 0) of one page."""

    def __init__(self, reviewer: Reviewer | None = None, *, puzzles: PuzzleStore | None = None,
                 clock: Callable[[], datetime] = _now) -> None:
        # kernel_review looked up now, not when the module was read: the test suite puts a stand-in in its
        # place for the tests about something else than the review (see the root conftest.py).
        self.reviewer: Reviewer = kernel_review if reviewer is None else reviewer
        """Reviews a finished hand for a seat (tests give a scripted one)."""
        self.puzzles = puzzles
        """Where the learner's costly plays are kept as review cards (``None``: nowhere)."""
        self._clock = clock
        self._recommended: tuple[tuple[object, ...], Recommendation | None] | None = None
        self._report: tuple[tuple[object, ...], CoachReport] | None = None
        self._reviews: dict[tuple[str, int], Future[tuple[Mistake, ...]] | None] = {}
        self._kept: dict[tuple[str, int], int] = {}
        self._passes: dict[tuple[str, int], PassMistake] = {}
        self._unchecked: dict[tuple[str, int], int] = {}

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
        hand = match.hands[hand_number - 1].copy()
        try:
            self._reviews[key] = _reviewing_thread().submit(self._review, match_id, hand_number, hand)
        except RuntimeError:  # no threads (Pyodide): mistakes() reviews when asked
            self._reviews[key] = None

    def mistakes(self, match_id: str, match: Match, hand_number: int) -> tuple[Mistake, ...] | None:
        """The learner's costly plays in finished hand ``hand_number`` (``None`` if the review failed)."""
        key = (match_id, hand_number)
        if key not in self._reviews:
            self.start_review(match_id, match, hand_number)
        future = self._reviews[key]
        if future is None:  # no threads: review now, once, and keep the answer like the worker's
            future = self._reviews[key] = Future()
            try:
                future.set_result(self._review(match_id, hand_number, match.hands[hand_number - 1].copy()))
            except Exception as problem:
                future.set_exception(problem)
        try:
            return future.result()
        except Exception:
            log.exception("reviewing hand %d failed", hand_number)
            return None

    def kept(self, match_id: str, hand_number: int) -> int:
        """How many of the hand's costly plays wait in the learner's puzzle progress (0 until they are kept)."""
        return self._kept.get((match_id, hand_number), 0)

    def unchecked(self, match_id: str, hand_number: int) -> int:
        """The hand's plays left out unchecked (no second opinion here: :attr:`HandReview.unchecked`); ask after
        :meth:`mistakes`, which waits."""
        return self._unchecked.get((match_id, hand_number), 0)

    def costly_pass(self, match_id: str, hand_number: int) -> PassMistake | None:
        """The learner's pass in the hand, if its review found it costly (ask after :meth:`mistakes`, which waits)."""
        return self._passes.get((match_id, hand_number))

    def _review(self, match_id: str, hand_number: int, hand: HandState) -> tuple[Mistake, ...]:
        """The learner's costly plays in ``hand``, each then kept as a review card; a costly pass is kept aside."""
        review = self.reviewer(hand, LEARNER_SEAT)
        mistakes = review.mistakes
        if review.pass_mistake is not None:  # stored before the future resolves, so a waiting reader sees it
            self._passes[(match_id, hand_number)] = review.pass_mistake
        if review.unchecked:
            self._unchecked[(match_id, hand_number)] = review.unchecked
        if mistakes and self.puzzles is not None:
            try:
                self._kept[(match_id, hand_number)] = self._keep(match_id, hand_number, hand, mistakes)
            except Exception:  # a bonus: the review stands without it
                log.exception("keeping the costly plays of hand %d as puzzles failed", hand_number)
        return mistakes

    def _keep(self, match_id: str, hand_number: int, hand: HandState, mistakes: tuple[Mistake, ...]) -> int:
        """Add each mistake to the puzzle progress as a play to review; how many the saved progress now holds."""
        assert self.puzzles is not None
        items = []
        for mistake in mistakes:
            try:
                ident = mistake_id(match_id, hand_number, play_index(hand, LEARNER_SEAT, mistake))
                data = mistake_puzzle(hand, LEARNER_SEAT, mistake, ident=ident)
            except HeartsError:  # not a position of this hand, or judged otherwise now: left out
                log.warning("the costly play at trick %d of hand %d is not kept as a puzzle", mistake.trick,
                            hand_number, exc_info=True)
                continue
            items.append(ReviewItem(ident, data, tuple(data["themes"])))
        if not items:
            return 0
        now = self._clock()

        def add(progress: PuzzleProgress) -> PuzzleProgress:
            for item in items:
                progress = progress.add_play(item, now=now)
            return progress

        saved = self.puzzles.update(add)
        return sum(1 for item in items if saved.card(item.id) is not None)
