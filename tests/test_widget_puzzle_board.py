"""The puzzle board at the trait level: the position as the seat sees it, answers, rating, reviews, themes."""

from __future__ import annotations

import dataclasses
import logging
import statistics
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest

from hearts_core import wording
from hearts_core.cards import DECK, Suit, parse_cards, to_card
from hearts_core.coach import position_seed
from hearts_core.difference import PLAY_OUT_DEALS, parting, showcase
from hearts_core.knowledge import Knowledge
from hearts_core.parting_facts import PartsAt, StoredPartsAt
from hearts_core.puzzles import THEMES, Puzzle, load_puzzles, mistake_puzzle
from hearts_core.review import review_hand
from hearts_core.rules import NUM_SEATS, Rules
from hearts_core.state import HandState
from hearts_core.wording import seat_name
from hearts_learner.puzzle_choice import puzzle_of_the_day
from hearts_learner.puzzle_progress import learner_start
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.schedule import LEARNING_STEP, ReviewItem
from tests.support import cited_puzzle, second_opinion_agrees
from tests.test_review import OPENING, QUEEN_CATCH, finish, scripted
from widgets.lessons import LESSONS, Lesson, LessonPractice, Progress
from widgets.match.advice import mistake_id
from widgets.puzzles import PuzzleBoard
from widgets.puzzles import flow as flow_module
from widgets.puzzles.flow import lesson_puzzles
from widgets.puzzles.payloads import end_said, layout_payload

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
START = learner_start().rating
"""A new learner's rating (the shipped set's first quartile, hearts_learner.rating)."""


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime = NOON) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def board(tmp_path: Path, clock: Clock | None = None, puzzles: tuple[Puzzle, ...] | None = None) -> PuzzleBoard:
    return PuzzleBoard(puzzles, store=PuzzleStore(tmp_path), clock=clock or Clock(), seed=7)


def a_mid_trick_puzzle() -> Puzzle:
    """A puzzle mined at another seat than 0, with cards on the table, someone void, points taken and a refused card.

    It is shown from the solver's chair all the same: its seat is 0, "You".
    """
    for puzzle in load_puzzles():
        view = puzzle.view()
        voids = Knowledge.from_view(view).voids()
        assert puzzle.seat == 0 == view.seat
        if (view.current_trick and puzzle.data["seat"] != 0 and any(voids.values()) and any(view.points_taken)
                and len(view.legal_plays()) < len(view.hand)):
            return puzzle
    raise AssertionError("no such puzzle in the set")


def wrong_card(widget: PuzzleBoard) -> str:
    return next(card["text"] for card in widget.hand if card["legal"] and card["text"] != str(widget.puzzle.solution))


def test_the_board_shows_the_position_as_the_seat_sees_it(tmp_path: Path) -> None:
    puzzle = a_mid_trick_puzzle()
    widget = board(tmp_path, puzzles=(puzzle,))
    state = puzzle.state()
    view = puzzle.view()
    assert [card["text"] for card in widget.hand] == [str(card) for card in state.hand(puzzle.seat)]
    assert {card["text"] for card in widget.hand if card["legal"]} == {str(card) for card in state.legal_plays()}
    # The trick so far, seat by seat from its leader, named as the seat sees the table; then the learner's slot.
    assert view.trick_leader is not None
    names = [seat_name((view.trick_leader + offset - puzzle.seat) % NUM_SEATS) for offset in range(NUM_SEATS)]
    shown = [(slot["seat"], slot["card"]["text"] if slot["card"] else None) for slot in widget.table]
    assert shown == [*zip(names, map(str, view.current_trick), strict=False), ("You", None)]
    assert widget.table[-1]["you"] and not any(slot["you"] for slot in widget.table[:-1])
    # Points taken and voids, the learner first, then the players after it in play order.
    points = [widget_player["points"] for widget_player in widget.players]
    assert points == [str(view.points_taken[(puzzle.seat + offset) % NUM_SEATS]) for offset in range(NUM_SEATS)]
    assert [player["seat"] for player in widget.players] == ["You", "CPU1", "CPU2", "CPU3"]
    for offset, suits in ((offset, Knowledge.from_view(view).voids().get((puzzle.seat + offset) % NUM_SEATS, ()))
                          for offset in range(1, NUM_SEATS)):
        for suit in suits:
            assert suit.plural in widget.players[offset]["voids"]
    assert widget.facts[0] == f"Trick {len(view.tricks) + 1} of 13"
    assert widget.facts[1] == ("Hearts are broken." if view.hearts_broken else "Hearts are not broken yet.")
    assert "♠Q has" in widget.facts[2]
    assert (widget.selected, widget.answered, widget.message["kind"]) == ("", False, "prompt")


@pytest.mark.parametrize(("ident", "said"), [
    ("2026-485-36", "You passed ♣K, ♠K and ♠A to CPU3, who still holds ♠K and ♠A."),
    ("2026-505-24", "You passed ♣A, ♠K and ♥A to CPU3, who has played none of them yet."),
    ("2026-5-26", "You passed ♣2, ♣4 and ♦A to CPU3, who has played them all."),
    ("2026-3-7", "Nobody passed cards this hand (a hold hand)."),
])
def test_the_board_says_the_seats_own_pass_and_which_cards_the_receiver_still_holds(
        tmp_path: Path, ident: str, said: str) -> None:
    """Issue 35 (lesson 19): a learner opening a puzzle did not make its pass, so the board says it, with the
    receiver named as the learner sees the table and the passed cards not yet played."""
    puzzle = next(item for item in load_puzzles() if item.id == ident)
    widget = board(tmp_path, puzzles=(puzzle,))
    assert widget.facts[-1] == said and len(widget.facts) == 4


def test_an_illegal_card_is_refused_in_the_engines_words_and_nothing_changes(tmp_path: Path) -> None:
    puzzle = a_mid_trick_puzzle()
    widget = board(tmp_path, puzzles=(puzzle,))
    refused = next(card["text"] for card in widget.hand if not card["legal"])
    before = (widget.hand, widget.table, widget.rating, widget.selected, widget.answered)
    assert widget.select(refused) is False
    assert widget.message["kind"] == "refused" and widget.message["badge"] == "Not allowed"
    assert puzzle.view().explain(refused).message in widget.message["text"]
    assert (widget.hand, widget.table, widget.rating, widget.selected, widget.answered) == before
    assert widget.confirm() is None  # nothing chosen: Confirm asks for a card
    assert not (tmp_path / "puzzles.json").exists()


def test_a_right_first_answer_raises_the_rating_and_the_streak(tmp_path: Path) -> None:
    widget = board(tmp_path)
    assert widget.rating == f"Rating {round(START):,}"
    assert widget.select(str(widget.puzzle.solution))
    answer = widget.confirm()
    assert answer is not None and answer.correct
    assert widget.message["kind"] == "right" and widget.message["badge"] == f"Right: {widget.puzzle.solution}."
    assert widget.message["text"].startswith(answer.reason)
    assert widget.rating.startswith("Rating ") and "(+" in widget.rating
    assert widget.streak == "1 in a row"
    assert widget.progress.rating > START and widget.answered_count == 1
    assert PuzzleStore(tmp_path).load().rating == widget.progress.rating  # saved
    assert widget.table[-1]["card"]["text"] == str(widget.puzzle.solution)


def test_a_wrong_answer_lowers_the_rating_and_comes_back_as_a_review(tmp_path: Path) -> None:
    clock = Clock()
    widget = board(tmp_path, clock)
    missed = widget.puzzle.id
    answer = widget.choose(wrong_card(widget))
    assert answer is not None and not answer.correct
    assert widget.message["kind"] == "wrong" and answer.reason in widget.message["text"]
    assert widget.message["badge"] == f"Not this time: {widget.puzzle.solution} was the card."
    assert widget.message["text"].endswith("It comes back under Your mistakes in 10 minutes.")
    assert "(−" in widget.rating and widget.progress.rating < START
    widget.next_puzzle()
    assert widget.rating == f"Rating {widget.progress.rating:,}"  # the change shows with this page's answer
    assert widget.streak == "No first-try solves in a row yet"
    assert widget.due == "To review now: 0"  # not yet: ten minutes, as the verdict said
    clock.now += LEARNING_STEP + timedelta(minutes=1)
    widget.choose(str(widget.puzzle.solution))
    assert widget.next_puzzle()
    assert widget.puzzle.id == missed  # due reviews come first
    assert widget.title.startswith("A puzzle you missed earlier")
    assert widget.due == "To review now: 1"


def test_a_second_attempt_at_the_same_puzzle_does_not_move_the_rating(tmp_path: Path) -> None:
    clock = Clock()
    widget = board(tmp_path, clock)
    widget.choose(wrong_card(widget))
    rating = widget.progress.rating
    clock.now += LEARNING_STEP * 2
    widget.next_puzzle()
    answer = widget.choose(str(widget.puzzle.solution))
    assert answer is not None and answer.correct
    assert widget.progress.rating == rating
    assert widget.rating == f"Rating {rating:,} (no change: this puzzle was answered before)"
    assert widget.answered_count == 1 and widget.due == "To review now: 0"


def test_the_theme_picker_restricts_the_next_puzzle(tmp_path: Path) -> None:
    widget = board(tmp_path)
    keys = [item["key"] for item in widget.themes]
    assert keys[0] == "" and widget.themes[0]["label"] == "Any theme"
    assert set(keys[1:]) <= set(THEMES)
    assert all("_" not in item["label"] for item in widget.themes)  # words, not keys
    rare = min(keys[1:], key=lambda key: sum(key in puzzle.theme_keys for puzzle in load_puzzles()))
    assert widget.choose_theme(rare)
    for _ in range(2):
        assert rare in widget.puzzle.theme_keys
        widget.choose(str(widget.puzzle.solution))
        if not widget.next_puzzle():
            break
    with pytest.raises(ValueError, match="no puzzles on the theme"):
        widget.choose_theme("nonsense")


def test_the_puzzle_of_the_day_is_the_same_for_a_date(tmp_path: Path) -> None:
    one, two = board(tmp_path / "a"), board(tmp_path / "b", Clock(NOON + timedelta(hours=11)))
    assert one.puzzle_of_the_day() == two.puzzle_of_the_day()
    assert one.puzzle.id == puzzle_of_the_day(load_puzzles(), date(2026, 12, 1)).id
    assert one.title.startswith("Puzzle of the day")
    tomorrow = board(tmp_path / "c", Clock(NOON + timedelta(days=1)))
    assert tomorrow.puzzle_of_the_day() == puzzle_of_the_day(load_puzzles(), date(2026, 12, 2)).id


def test_a_corrupt_progress_file_is_reported_and_play_goes_on(tmp_path: Path) -> None:
    (tmp_path / "puzzles.json").write_text("{not json", encoding="utf-8")
    widget = board(tmp_path)
    assert widget.notice.startswith("Your puzzle progress could not be read, so it starts again.")
    assert "_" not in widget.notice.split("kept as")[0]
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith("puzzles.json.corrupt-")]
    assert widget.choose(str(widget.puzzle.solution)) is not None
    saved = PuzzleStore(tmp_path).load()
    assert len(saved.attempts) == 1 and saved.attempts[0].themes == widget.puzzle.theme_keys  # keys, not words


def test_the_index_marks_the_page_after_its_goal(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    widget = LessonPractice("puzzles", progress).add(PuzzleBoard(store=PuzzleStore(tmp_path), clock=Clock(), goal=2))
    widget.choose(str(widget.puzzle.solution))
    assert "puzzles" not in progress.completed()
    widget.next_puzzle()
    widget.choose(wrong_card(widget))
    assert progress.completed() == {"puzzles"}


def test_every_word_comes_from_python_and_no_identifier_shows(tmp_path: Path) -> None:
    widget = board(tmp_path)
    widget.choose(wrong_card(widget))
    texts = [*widget.labels.values(), widget.title, widget.question, *widget.facts, widget.table_words,
             widget.message["text"], widget.message["badge"], widget.rating, widget.streak, widget.due,
             *widget.accuracy, *(item["label"] for item in widget.themes)]
    assert all(texts) and not [text for text in texts if "_" in text or "{" in text]
    assert widget.puzzle.id not in " ".join(texts)


def test_a_page_opened_after_another_tab_answered_its_puzzle_moves_on(tmp_path: Path) -> None:
    waiting, other = board(tmp_path), board(tmp_path)  # a preheated page, and a tab already open
    assert waiting.puzzle.id == other.puzzle.id
    other.choose(str(other.puzzle.solution))
    waiting.page_opened()
    assert waiting.puzzle.id != other.puzzle.id
    assert waiting.progress.rating == other.progress.rating and waiting.streak == "1 in a row"


def test_progress_from_a_newer_version_is_left_alone_and_play_goes_on(tmp_path: Path) -> None:
    newer = '{"format": "hearts-lessons-puzzles/9", "revision": 3}'
    (tmp_path / "puzzles.json").write_text(newer, encoding="utf-8")
    widget = board(tmp_path)
    assert widget.notice.startswith("Your puzzle progress was saved by a newer version")
    answer = widget.choose(str(widget.puzzle.solution))
    assert answer is not None and widget.streak == "1 in a row"
    assert (tmp_path / "puzzles.json").read_text(encoding="utf-8") == newer  # never saved over


def test_a_puzzle_without_themes_names_none(tmp_path: Path) -> None:
    bare = next(puzzle for puzzle in load_puzzles() if not puzzle.theme_keys)
    widget = board(tmp_path, puzzles=(bare,))
    widget.choose(str(bare.solution))
    assert "Themes of this puzzle" not in widget.message["text"]
    themed = next(puzzle for puzzle in load_puzzles() if puzzle.theme_keys)
    widget = board(tmp_path / "second", puzzles=(themed,))
    widget.choose(str(themed.solution))
    assert f"Themes of this puzzle: “{themed.themes[0]}”" in widget.message["text"]


STRATEGY = [item for item in LESSONS if item.themes]


@pytest.mark.parametrize("lesson", STRATEGY, ids=lambda item: item.key)
def test_a_strategy_lesson_asks_only_its_themes_and_not_its_worked_position(tmp_path: Path, lesson: Lesson) -> None:
    assert set(lesson.themes) <= set(THEMES) and lesson.goal > 0
    widget = PuzzleBoard.for_lesson(lesson.key, store=PuzzleStore(tmp_path), clock=Clock(), seed=3)
    assert widget.mode == "lesson" and widget.goal == lesson.goal
    seen = set()
    for _ in range(lesson.goal + 2):
        assert set(widget.puzzle.theme_keys) & set(lesson.themes), widget.puzzle_id
        assert widget.puzzle_id != lesson.worked
        seen.add(widget.puzzle_id)
        widget.choose(wrong_card(widget) if len(seen) == 1 else str(widget.puzzle.solution))
        widget.next_puzzle()
    # Issue 34: at least 40 puzzles on the lesson's own idea, so a learner who misses some can still earn the mark
    # and one who comes back meets new positions.
    assert len(lesson_puzzles(lesson)) >= 40


def test_a_lesson_is_marked_at_its_goal_of_first_try_solves_not_at_answers(tmp_path: Path) -> None:
    key = STRATEGY[0].key
    progress = Progress(tmp_path)
    widget = LessonPractice(key, progress).add(PuzzleBoard.for_lesson(key, store=PuzzleStore(tmp_path), clock=Clock()))
    widget.choose(wrong_card(widget))
    assert widget.goal_count == 0 and widget.answered_count == 1
    assert "0 of 3" in widget.lesson_text
    for count in range(1, widget.goal + 1):
        assert key not in progress.completed()
        widget.next_puzzle()
        widget.choose(str(widget.puzzle.solution))
        assert widget.goal_count == count
    assert key in progress.completed()
    assert "you have it" in widget.lesson_text
    # A new visit counts the saved solves: the mark's count does not start again.
    again = PuzzleBoard.for_lesson(key, store=PuzzleStore(tmp_path), clock=Clock())
    assert again.goal_count == widget.goal


def test_a_lessons_mark_is_earned_only_by_answers_in_that_lesson(tmp_path: Path) -> None:
    """Issue 36: ten puzzles in lesson 13 opened lesson 16 with "7... you have it" and lesson 17 with 6."""
    ducking = next(item for item in STRATEGY if item.key == "13-leading-and-ducking")
    widget = PuzzleBoard.for_lesson(ducking.key, store=PuzzleStore(tmp_path), clock=Clock(), seed=3)
    for _ in range(10):
        widget.choose(str(widget.puzzle.solution))
        widget.next_puzzle()
    assert widget.goal_count == 10 and "you have it" in widget.lesson_text
    page = board(tmp_path)  # a solve on the puzzles page, of a theme of lesson 14's
    queen = next(item for item in STRATEGY if item.key == "14-queen-of-spades")
    page.choose_theme(queen.themes[0])
    page.choose(str(page.puzzle.solution))
    for other in STRATEGY:
        if other.key != ducking.key:
            fresh = PuzzleBoard.for_lesson(other.key, store=PuzzleStore(tmp_path), clock=Clock())
            assert fresh.goal_count == 0 and fresh.lesson_text == "Right at the first try in this lesson: " \
                f"0 of {other.goal}.", other.key
    assert PuzzleBoard.for_lesson(ducking.key, store=PuzzleStore(tmp_path), clock=Clock()).goal_count == 10


def test_each_strategy_lesson_keeps_to_its_own_idea(tmp_path: Path) -> None:
    """Issue 36: lesson 13 (leading and ducking) served moon tries and queen drops."""
    asked = {item.key: {puzzle.id for puzzle in lesson_puzzles(item)} for item in STRATEGY}
    assert all(not asked[one] & asked[two] for one in asked for two in asked if one < two)  # one lesson each
    later = {"drop_queen", "no_cover", "flush_queen", "go_moon", "stop_moon", "shed_hearts", "unload_high"}
    # A puzzle's main idea (its first theme) decides: a ♠Q dropped under a higher spade is the queen lesson's,
    # whatever ducking it also shows.
    ducking = [puzzle for puzzle in load_puzzles() if puzzle.id in asked["13-leading-and-ducking"]]
    assert ducking and not [puzzle.id for puzzle in ducking if puzzle.theme_keys[0] in later]
    moon = [puzzle for puzzle in load_puzzles() if {"go_moon", "stop_moon"} & set(puzzle.theme_keys)]
    assert {puzzle.id for puzzle in moon} - {item.worked for item in STRATEGY} <= asked["17-the-moon"]
    # What the learner sees: a new learner's first puzzles in lesson 13 are about ducking and leading.
    widget = PuzzleBoard.for_lesson("13-leading-and-ducking", store=PuzzleStore(tmp_path), clock=Clock(), seed=1)
    assert widget.puzzle.rating <= statistics.median(puzzle.rating for puzzle in load_puzzles())  # then solves lift it
    for _ in range(10):
        assert widget.puzzle.theme_keys[0] not in later, widget.puzzle_id
        widget.choose(str(widget.puzzle.solution))
        widget.next_puzzle()


def test_exits_have_a_lesson_of_their_own_and_its_worked_position_keeps_a_guard() -> None:
    """Issue 35: leading a card that higher cards still out will beat is lesson 18's idea, not lesson 13's."""
    exits = next(item for item in STRATEGY if item.key == "18-exits-and-guards")
    ducking = next(item for item in STRATEGY if item.key == "13-leading-and-ducking")
    exit_first = {puzzle.id for puzzle in load_puzzles() if puzzle.theme_keys[:1] == ("safe_exit",)}
    assert exits.themes == ("safe_exit",) and exits.worked in exit_first
    assert {puzzle.id for puzzle in lesson_puzzles(exits)} == exit_first - {exits.worked}
    left = {puzzle.id for puzzle in lesson_puzzles(ducking)}
    assert not left & exit_first and len(left) >= 40  # lesson 13 keeps ducking, with puzzles enough
    # The worked position is a lead with a choice, where the answer exits in one suit and keeps, in another,
    # a low card guarding a high one of its suit: the lesson's two ideas in one position.
    worked = next(puzzle for puzzle in load_puzzles() if puzzle.id == exits.worked)
    view = worked.view()
    assert not view.current_trick and len(view.legal_plays()) >= 3
    guarded = [(low, high) for low in view.hand for high in view.hand
               if low.suit is high.suit and low.rank < high.rank and low.suit is not worked.solution.suit]
    assert guarded, [str(card) for card in view.hand]


def test_the_cards_you_passed_have_a_lesson_of_their_own_whose_worked_position_turns_on_the_pass() -> None:
    """Issue 35: who holds the cards you passed is lesson 19's idea, with 40 puzzles or more besides its worked one."""
    passing = next(item for item in STRATEGY if item.key == "19-the-cards-you-passed")
    passed_first = {puzzle.id for puzzle in load_puzzles() if puzzle.theme_keys[:1] == ("passed_card",)}
    assert passing.themes == ("passed_card",) and passing.worked in passed_first
    pool = {puzzle.id for puzzle in lesson_puzzles(passing)}
    assert pool == passed_first - {passing.worked} and len(pool) >= 40
    # The worked position is a lead with a choice where only the player you passed the higher cards to can beat
    # the answer, and where that player must: every card of its suit still out is one you passed them.
    worked = next(puzzle for puzzle in load_puzzles() if puzzle.id == passing.worked)
    view = worked.view()
    assert not view.current_trick and len(view.legal_plays()) >= 3 and view.passed is not None
    gone = {*view.hand, *(card for _, card in view.plays)}
    out = {card for card in DECK if card.suit is worked.solution.suit and card not in gone}
    assert out and out <= set(view.passed) and all(card.rank > worked.solution.rank for card in out)
    for card in view.legal_plays():
        assert "CPU3 must beat ♠9: the 2 cards of its suit still out, ♠K and ♠A" in worked.check(card).why


def test_counting_the_hearts_has_a_lesson_of_its_own_whose_worked_heart_is_top_only_by_the_count() -> None:
    """Issue 35: the highest heart left is lesson 20's idea, with 40 puzzles or more besides its worked one."""
    counting = next(item for item in STRATEGY if item.key == "20-counting-the-hearts")
    counted_first = {puzzle.id for puzzle in load_puzzles() if puzzle.theme_keys[:1] == ("count_hearts",)}
    assert counting.themes == ("count_hearts",) and counting.worked in counted_first
    pool = {puzzle.id for puzzle in lesson_puzzles(counting)}
    assert pool == counted_first - {counting.worked} and len(pool) >= 40
    # The worked heart is below ♥A and the top heart only because every heart above it has been played (in two
    # different tricks), and the seat has at least three legal cards to choose from.
    worked = next(puzzle for puzzle in load_puzzles() if puzzle.id == counting.worked)
    view = worked.view()
    heart = worked.solution
    above = {card for card in DECK if card.suit is heart.suit and card.rank > heart.rank}
    tricks = {number for number, trick in enumerate(view.tricks) if above & set(trick.cards)}
    assert heart.suit is Suit.HEARTS and above and len(tricks) >= 2 and len(view.legal_plays()) >= 3
    assert above <= {card for _, card in view.plays}
    for card in view.legal_plays():
        assert "♥K and ♥A, have all been played, so ♥Q is now the highest heart left" in worked.check(card).why


def test_the_match_score_has_a_lesson_of_its_own_whose_every_position_ends_the_match() -> None:
    """Issue 35: playing for the match score near 100 is lesson 21's idea, with 40 puzzles or more besides its
    worked one, each a position whose hand will end the match whatever is played."""
    scoring = next(item for item in STRATEGY if item.key == "21-the-match-score")
    catalogue = flow_module.load_puzzles()  # the lesson boards' catalogue
    match_first = {puzzle.id for puzzle in catalogue if puzzle.theme_keys[:1] == ("match_score",)}
    assert scoring.themes == ("match_score",) and scoring.worked in match_first
    pool = lesson_puzzles(scoring)
    assert {puzzle.id for puzzle in pool} == match_first - {scoring.worked} and len(pool) >= 40
    worked = next(puzzle for puzzle in catalogue if puzzle.id == scoring.worked)
    assert len(worked.view().legal_plays()) >= 3  # a choice to make
    # What the lesson says of every one of its positions: the last four tricks of a hand that ends the match, one
    # total with this hand's points already at 100 or more and two players with points (so no moon can undo it);
    # judged by the match, each card's share of won and drawn matches given.
    for puzzle in (worked, *pool):
        view = puzzle.view()
        assert view.match_totals is not None and len(view.plays) >= 36, puzzle.id
        assert any(total + taken >= Rules().target for total, taken in zip(view.match_totals, view.points_taken,
                                                                        strict=True)), puzzle.id
        assert sum(1 for taken in view.points_taken if taken) >= 2, puzzle.id
        evaluation = puzzle.data["evaluation"]
        assert evaluation["objective"] == "match", puzzle.id
        assert all(0 <= card["wins"] + card["draws"] <= 1 for card in evaluation["cards"]), puzzle.id


@pytest.mark.parametrize("lesson", STRATEGY, ids=lambda item: item.key)
def test_a_worked_position_asks_first_and_stays_out_of_the_rating(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  lesson: Lesson) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    widget = PuzzleBoard.worked_example(lesson.key, clock=Clock())
    assert widget.mode == "worked" and widget.puzzle_id == lesson.worked
    assert set(widget.puzzle.theme_keys) & set(lesson.themes)
    assert widget.message["kind"] == "prompt" and not widget.answered  # asked before it is explained
    assert not widget.is_complete()
    answer = widget.choose(wrong_card(widget))
    assert answer is not None and not answer.correct
    assert widget.is_complete() and widget.message["kind"] == "wrong"
    assert "comes back" not in widget.message["text"]  # it is not made a review card
    assert not (tmp_path / "puzzles.json").exists()


def test_a_lesson_that_asks_no_puzzles_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="01-aim-and-cards"):
        PuzzleBoard.for_lesson("01-aim-and-cards")
    with pytest.raises(ValueError, match="mode"):
        PuzzleBoard(mode="quiz")


# ------------------------------------------------- costly plays from the learner's matches


@cache
def a_costly_play() -> ReviewItem:
    """The ♠A that caught ♠Q at trick 2 (the review's scripted blunder), kept as a match's play to review."""
    state = finish(scripted(QUEEN_CATCH, [*OPENING, "♠A"]))
    (mistake,) = [item for item in review_hand(state, 0, outside=second_opinion_agrees).mistakes if item.trick == 2]
    ident = mistake_id("m1", 1, mistake.play or 0)
    data = mistake_puzzle(state, 0, mistake, ident=ident)
    return ReviewItem(ident, data, tuple(data["themes"]))


def with_play(tmp_path: Path, item: ReviewItem, when: datetime) -> None:
    """Keep ``item`` in the saved progress as the match page does, at ``when`` (due ten minutes later)."""
    PuzzleStore(tmp_path).update(lambda progress: progress.add_play(item, now=when))


def test_a_due_play_from_a_match_comes_first_and_a_right_answer_sends_it_further_out(tmp_path: Path) -> None:
    item = a_costly_play()
    with_play(tmp_path, item, NOON - 2 * LEARNING_STEP)
    widget = board(tmp_path)
    assert widget.puzzle_id == item.id and widget.due == "To review now: 1"  # before any new puzzle
    assert widget.title == f"A costly play from one of your matches, rated {item.data['rating']:,}"
    assert {card["text"] for card in widget.hand if card["legal"]} == {"♠A", "♠3"}
    assert [slot["card"]["text"] for slot in widget.table if slot["card"]] == ["♠K", "♠2", "♠Q"]
    answer = widget.choose("♠3")  # the review's better card
    assert answer is not None and answer.correct and widget.message["kind"] == "right"
    assert "In your match you played ♠A." in widget.message["text"]
    progress = PuzzleStore(tmp_path).load()
    card = progress.card(item.id)
    assert card is not None and card.reviews == 1 and card.lapses == 0 and card.due > NOON + timedelta(hours=12)
    assert progress.attempts == () and progress.rating == START  # a review: the rating stays where it was
    assert widget.rating == (f"Rating {round(START):,} "
                             "(no change: a play from your matches is a review, which leaves it alone)")
    assert widget.answered_count == 0 and widget.due == "To review now: 0"
    texts = [widget.title, widget.message["text"], widget.rating, widget.due]
    assert not [text for text in texts if "_" in text or "{" in text or "match:" in text]
    assert widget.next_puzzle() and widget.puzzle_id != item.id  # now a new puzzle


def test_a_wrong_answer_to_a_play_brings_it_back_soon(tmp_path: Path) -> None:
    item = a_costly_play()
    clock = Clock()
    with_play(tmp_path, item, NOON - 2 * LEARNING_STEP)
    widget = board(tmp_path, clock)
    answer = widget.choose("♠A")  # the same costly card again
    assert answer is not None and not answer.correct
    assert widget.message["badge"] == "Not this time: ♠3 was the card."
    assert widget.message["text"].endswith("It comes back under Your mistakes in 10 minutes.")
    card = PuzzleStore(tmp_path).load().card(item.id)
    assert card is not None and card.lapses == 1 and card.due <= NOON + LEARNING_STEP
    assert widget.progress.rating == START and widget.progress.attempts == ()
    widget.next_puzzle()
    assert widget.puzzle_id != item.id
    widget.choose(str(widget.puzzle.solution))
    clock.now += LEARNING_STEP + timedelta(minutes=1)
    assert widget.next_puzzle() and widget.puzzle_id == item.id  # due again, so first again


def test_only_plays_the_board_can_show_are_counted_or_shown(tmp_path: Path,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    item = a_costly_play()
    with_play(tmp_path, ReviewItem("match:broken:1:3", {"plays": "not a puzzle"}, ("duck",)), NOON - LEARNING_STEP * 3)
    seatless = {key: value for key, value in item.data.items() if key != "seat"}
    with_play(tmp_path, ReviewItem("match:broken:1:4", seatless, item.themes), NOON - LEARNING_STEP * 3)
    unfigured = {**item.data, "evaluation": {**item.data["evaluation"], "cards": item.data["evaluation"]["cards"][:1]}}
    with_play(tmp_path, ReviewItem("match:broken:1:5", unfigured, item.themes), NOON - LEARNING_STEP * 3)
    with_play(tmp_path, item, NOON - 2 * LEARNING_STEP)
    with caplog.at_level(logging.WARNING, logger="hearts_lessons.puzzles"):
        widget = board(tmp_path)
    assert widget.puzzle_id == item.id and widget.due == "To review now: 1"  # the broken one is passed over
    assert "does not make a puzzle" in caplog.text
    lesson = PuzzleBoard(load_puzzles()[:40], store=PuzzleStore(tmp_path), clock=Clock(), seed=7, mode="lesson",
                         lesson=STRATEGY[0].key)
    assert lesson.puzzle_id != item.id and lesson.due == "To review now: 0"  # a lesson keeps to its own puzzles


def test_a_play_reviewed_in_another_tab_gives_way_on_opening(tmp_path: Path) -> None:
    item = a_costly_play()
    with_play(tmp_path, item, NOON - 2 * LEARNING_STEP)
    widget = board(tmp_path)
    other = board(tmp_path)
    assert widget.puzzle_id == other.puzzle_id == item.id
    other.choose("♠3")
    widget.page_opened()
    assert widget.puzzle_id != item.id and widget.due == "To review now: 0"


def test_the_board_shows_what_a_counting_player_knows_the_tricks_and_the_cards_still_out(tmp_path: Path) -> None:
    puzzle = next(puzzle for puzzle in load_puzzles() if "count" in puzzle.theme_keys and len(puzzle.view().tricks) > 4)
    widget = board(tmp_path, puzzles=(puzzle,))
    state = puzzle.state()
    # Cards still out are exactly the other seats' hands in the real deal (the board computed them from the view).
    others = {card for seat in range(NUM_SEATS) if seat != puzzle.seat for card in state.hand(seat)}
    shown = {to_card(text) for line in widget.out for text in line.split(": ", 1)[1].split() if text != "none"}
    assert shown == others
    assert len(widget.history) == len(state.tricks) and str(len(state.tricks)) in widget.history_title
    for line, trick in zip(widget.history, state.tricks, strict=True):
        assert " ".join(str(card) for card in trick.cards) in line
        assert f"{seat_name(trick.winner)} took it with {trick.played_by(trick.winner)}" in line


def test_the_verdict_is_said_once_and_briefly_with_the_reason_under_it(tmp_path: Path) -> None:
    # A screen reader announces the badge; the text is shown under it, not announced. The
    # verdict is one short sentence and the text never says it again ("Solved Right: ♥J..." was
    # read twice, with the reason, in one announcement of some 70 words).
    for right in (True, False):
        widget = board(tmp_path / str(right))
        answer = widget.choose(str(widget.puzzle.solution) if right else wrong_card(widget))
        assert answer is not None and answer.correct is right
        verdict, text = widget.message["badge"], widget.message["text"]
        assert verdict == answer.verdict and len(verdict.split()) <= 8
        assert verdict not in text and not text.startswith(("Right", "Not this time", "Solved", "Not solved"))
        assert answer.reason and text.startswith(answer.reason)


def test_the_rating_is_explained_on_the_page_truly(tmp_path: Path) -> None:
    widget = board(tmp_path)
    assert widget.labels["rating_question"] == "What is a rating?"
    help_text = widget.labels["rating_help"]
    # What hearts_learner.rating does: a new learner starts where the board shows them, only a first
    # try moves it, and at equal ratings Glicko-2 expects a solve half the time.
    shown = widget.rating.removeprefix("Rating ")
    assert f"starts at {shown} " in help_text and "first try" in help_text and "half the time" in help_text
    assert "{" not in help_text


def test_a_verdict_quoting_the_hand_score_says_what_it_is(tmp_path: Path) -> None:
    widget = board(tmp_path)
    assert widget.message["points"] == {}  # nothing quoted before the answer
    answer = widget.choose(str(widget.puzzle.solution))
    assert answer is not None and "you should end the hand with" in widget.message["text"]
    points = widget.message["points"]
    assert points["question"] == "What does “you should end the hand with” mean?"
    assert "already taken" in points["answer"] and "averaging" in points["answer"]
    widget.next_puzzle()
    assert widget.message["points"] == {}


def test_a_japanese_reason_runs_its_sentences_together(tmp_path: Path) -> None:
    # Japanese writes no space between sentences: the reason and the themes after it are joined as
    # the catalogue joins sentences, not with an English space.
    wording.set_language("ja")
    try:
        widget = board(tmp_path)
        assert widget.choose(str(widget.puzzle.solution)) is not None
        text = widget.message["text"]
        assert "このパズルのテーマ" in text and "。 " not in text
    finally:
        wording.set_language("en")


# ------------------------------------------------------------------ "Show me"


def the_issues_puzzle() -> Puzzle:
    """Puzzle 2026-300-39 (issue 35): ♥7 against ♥3, both under CPU3's ♥K; ♥3 kept ducks a later heart trick."""
    return cited_puzzle("2026-300-39")


def shown_cards(step_line: dict[str, object]) -> tuple[str, ...]:
    cards = step_line["cards"]
    assert isinstance(cards, list)
    return tuple(item["card"]["text"] for item in cards)


def test_show_me_after_a_wrong_answer_plays_out_the_learners_card_and_the_better_one(tmp_path: Path) -> None:
    puzzle = the_issues_puzzle()
    widget = board(tmp_path, puzzles=(puzzle,))
    assert widget.show_button == {} and widget.showcase == {}
    assert not widget.show() and widget.showcase == {}  # nothing to show before the answer
    widget.choose("♥3")
    assert widget.show_button == {"text": "Show me", "name": "Show me one deal played out with ♥3 and with ♥7"}
    assert widget.showcase == {}  # built only when asked for
    assert widget.show()
    shown = widget.showcase
    view = puzzle.view()
    # The answer quotes the puzzle's stored parting: the deal shown is one that parts where it says.
    stored = next(fact.parting for fact in widget.flow.answer.facts if isinstance(fact, StoredPartsAt))
    layout = showcase(view, to_card("♥7"), to_card("♥3"), deals=PLAY_OUT_DEALS, seed=position_seed(view),
                      stored=(stored.trick, stored.taker))
    assert shown["heading"] == "♥3 and ♥7, played out in one deal"
    assert "one way the hidden cards could lie: one deal of the 100 played out" in shown["intro"]
    assert [line["label"] for line in shown["lines"]] == ["Your card: ♥3", "The better card: ♥7"]
    assert [line["end"] for line in shown["lines"]] == [
        end_said(to_card("♥3"), layout.other.scores[0]), end_said(to_card("♥7"), layout.best.scores[0])]
    assert end_said(to_card("♥3"), 4) == "With ♥3 you end the hand with 4 points."
    assert end_said(to_card("♥7"), 0) == "With ♥7 you end the hand with no points."
    # Trick by trick from this one to the last, the engine's cards for both lines, the taker marked.
    assert [step["heading"] for step in shown["steps"]] == [f"Trick {number} of 13" for number in range(10, 14)]
    for step, mine, better in zip(shown["steps"], layout.other.tricks, layout.best.tricks, strict=True):
        assert [shown_cards(line) for line in step["lines"]] == [tuple(map(str, mine.cards)),
                                                                  tuple(map(str, better.cards))]
        for line, trick in zip(step["lines"], (mine, better), strict=True):
            assert [item["seat"] for item in line["cards"] if item["took"]] == [seat_name(trick.winner)]
            assert line["said"].endswith(f"{seat_name(trick.winner)} took it with {trick.played_by(trick.winner)}: "
                                         f"{wording.points_phrase(trick.points)}.")
    # The cards already on the table when the puzzle was asked are marked as such.
    assert [item["before"] for item in shown["steps"][0]["lines"][0]["cards"]] == [True, True, True, False]
    # The parting trick is marked once, in words that are true of the deal shown.
    parting = [step for step in shown["steps"] if step["parting"]]
    assert layout.parting is not None and len(parting) == 1
    assert parting[0]["heading"] == f"Trick {layout.parting} of 13"
    assert layout.named and layout.parting == stored.trick
    assert parting[0]["marker"].startswith(f"Here the lines part: with ♥3 played at trick 10, you take this trick "
                                           f"with {stored.taker} and ")
    assert parting[0]["marker"].endswith("; with ♥7 played then, you take no points in it.")
    assert not any(step["marker"] for step in shown["steps"] if not step["parting"])
    assert shown["hands"] == [f"{seat_name(seat)}: {' '.join(map(str, layout.hands[seat]))}" for seat in (1, 2, 3)]
    texts = [shown["heading"], shown["intro"], shown["hands_heading"], *shown["hands"], *shown["labels"].values(),
             *(line[key] for line in shown["lines"] for key in ("label", "end")),
             *(step[key] for step in shown["steps"] for key in ("heading", "marker") if step[key]),
             *(line["said"] for step in shown["steps"] for line in step["lines"])]
    assert not [text for text in texts if "_" in text or "{" in text]
    widget.hide()
    assert widget.showcase == {} and widget.show_button  # closed, and can be opened again
    assert widget.show() and widget.showcase == shown  # the same deal: fixed by the position


def test_show_me_after_the_right_answer_plays_out_the_solution_and_the_runner_up(tmp_path: Path) -> None:
    others = [puzzle for puzzle in load_puzzles() if puzzle.id != "2026-300-39"][:2]
    widget = board(tmp_path, puzzles=(the_issues_puzzle(), *others))
    while widget.puzzle_id != "2026-300-39":
        widget.choose(str(widget.puzzle.solution))
        assert widget.next_puzzle()
    widget.choose("♥7")
    assert widget.show()
    assert [line["label"] for line in widget.showcase["lines"]] == ["Your card: ♥7", "The next best card: ♥3"]
    assert widget.show_button["name"] == "Show me one deal played out with ♥7 and with ♥3"
    widget.puzzle_of_the_day()  # a puzzle shown afresh, unanswered: nothing to show
    assert not widget.answered and widget.showcase == {} and widget.show_button == {}


def test_show_me_is_kept_off_the_answers_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = flow_module.showcase
    monkeypatch.setattr(flow_module, "showcase", lambda *args, **kwargs: calls.append(args) or real(*args, **kwargs))
    widget = board(tmp_path, puzzles=(the_issues_puzzle(),))
    widget.choose("♥3")
    assert calls == [] and widget.message["kind"] == "wrong"
    widget.show()
    assert len(calls) == 1


def test_show_me_in_a_lessons_worked_position_and_in_japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    lesson = next(item for item in LESSONS if item.worked)
    wording.set_language("ja")
    try:
        widget = PuzzleBoard.worked_example(lesson.key, clock=Clock())
        widget.choose(wrong_card(widget))
        assert widget.show_button["text"] == "展開を見る"
        assert widget.show()
        shown = widget.showcase
        assert shown["lines"][0]["label"].startswith("あなたのカード") and "配られ方の一例" in shown["intro"]
        assert all(step["heading"].startswith("トリック") for step in shown["steps"])
    finally:
        wording.set_language("en")


def test_show_me_shows_a_deal_that_parts_where_the_reason_says(tmp_path: Path) -> None:
    # A reason that names where the two cards part (a PartsAt among its facts, as the coach's reasons
    # carry) gets a deal that parts there, from the reason's own deals, and the words of that parting.
    puzzle = the_issues_puzzle()
    view = puzzle.view()
    found = parting(view, to_card("♥7"), to_card("♥3"), deals=PLAY_OUT_DEALS, seed=position_seed(view))
    assert found is not None and not found.now
    widget = board(tmp_path, puzzles=(puzzle,))
    answer = widget.choose("♥3")
    assert answer is not None
    widget.flow.answer = dataclasses.replace(answer, facts=(*answer.facts, PartsAt(found)))
    assert widget.show()
    layout = widget.flow.shown.layout if widget.flow.shown is not None else None
    assert layout is not None and layout.named and layout.parting == found.trick
    assert found.pairs[layout.deal].parts_at(0, found.trick, found.taker)
    [step] = [step for step in widget.showcase["steps"] if step["parting"]]
    taken = next(trick.points for trick in layout.other.tricks if trick.number == found.trick)
    assert step["marker"] == (f"Here the lines part: with ♥3 played at trick 10, you take this trick with "
                              f"{found.taker} and {wording.points_phrase(taken)}; with ♥7 played then, you take "
                              "no points in it.")


def moon_position() -> HandState:
    """Shipped puzzle 2026-14-40, rebuilt as a hold hand from each seat's cards after the pass (the solver's chair):
    at trick 11 you lead, holding ♣7 ♦J ♥J, having taken every point so far (21)."""
    deal = ("♣7 ♣8 ♣J ♣Q ♣K ♦3 ♦10 ♦J ♦A ♠3 ♠4 ♥9 ♥J", "♣3 ♣4 ♦8 ♦9 ♦Q ♠2 ♠5 ♠J ♠Q ♠K ♥4 ♥7 ♥A",
            "♣2 ♣5 ♣6 ♣9 ♣10 ♠6 ♠7 ♠8 ♥2 ♥3 ♥5 ♥8 ♥10", "♣A ♦2 ♦4 ♦5 ♦6 ♦7 ♦K ♠9 ♠10 ♠A ♥6 ♥Q ♥K")
    state = HandState.new(deal, "hold")
    for card in parse_cards("♣2 ♣A ♣8 ♣4 ♠9 ♠3 ♠5 ♠6 ♠10 ♠4 ♠2 ♠7 ♦4 ♦A ♦Q ♥10 ♥9 ♥7 ♥2 ♥6 ♦3 ♦8 ♣10 ♦2 ♣3 ♣5 "
                            "♠A ♣K ♣Q ♠Q ♣6 ♥Q ♣J ♦9 ♣9 ♥K ♦10 ♠J ♥8 ♦5"):
        state.play(card)
    return state


def test_show_me_says_the_moon_when_the_lines_end_apart_without_parting_trick_by_trick() -> None:
    # With ♦J you go on to take every point (26 to each other player, none to you); with ♣7 you
    # end with 21 and no one shoots.  Trick by trick ♣7 never costs more, yet the hand ends 21 points
    # apart: "the difference shows in other deals" would be false of this very deal.
    view = moon_position().view(0)
    better, other = to_card("♦J"), to_card("♣7")
    layout = showcase(view, better, other, deals=PLAY_OUT_DEALS, seed=position_seed(view))
    assert layout.parting is None and layout.best.moon == 0 and layout.other.moon is None
    assert (layout.best.scores[0], layout.other.scores[0]) == (0, 21)
    shown = layout_payload(layout, (("yours", False), ("better", True)), len(view.current_trick))
    assert shown["never"] == ("Trick by trick, ♣7 never costs you more points than ♦J in this deal, but a moon "
                              "changes the end: you end the hand with 21 points after ♣7 and no points after ♦J. "
                              "With ♦J, you shoot the moon.")
    assert not any(step["marker"] for step in shown["steps"])
    assert [line["end"] for line in shown["lines"]] == ["With ♣7 you end the hand with 21 points.",
                                                         "With ♦J you end the hand with no points."]


def test_show_me_lays_out_a_deal_that_parts_where_the_puzzles_answer_says(tmp_path: Path) -> None:
    """Lesson 18's worked puzzle: the answer to ♠4 quotes its stored parting (♠Q left to take trick 12), and Show
    me lays out one of its own deals in which exactly that happens, marked as the answer's parting."""
    puzzle = next(item for item in load_puzzles() if item.id == "2026-305-40")
    widget = board(tmp_path, puzzles=(puzzle,))
    widget.choose("♠4")
    stored = next(fact.parting for fact in widget.flow.answer.facts if isinstance(fact, StoredPartsAt))
    assert (stored.best, stored.runner, stored.trick, stored.taker) == (to_card("♣3"), to_card("♠4"), 12,
                                                                          to_card("♠Q"))
    assert "leaves your ♠Q to take trick 12" in widget.message["text"]
    assert widget.show()
    view = puzzle.view()
    layout = showcase(view, stored.best, stored.runner, deals=PLAY_OUT_DEALS, seed=position_seed(view),
                      stored=(stored.trick, stored.taker))
    assert layout.named and layout.parting == 12
    mine = next(trick for trick in layout.other.tricks if trick.number == 12)
    assert mine.winner == 0 and mine.played_by(0) is to_card("♠Q") and mine.points > 0
    assert all(trick.winner != 0 or trick.points == 0 for trick in layout.best.tricks if trick.number == 12)
    parting = [step for step in widget.showcase["steps"] if step["parting"]]
    assert [step["heading"] for step in parting] == ["Trick 12 of 13"]
    assert parting[0]["marker"].startswith("Here the lines part: with ♠4 played at trick 11, you take this trick "
                                           "with ♠Q and ")
    # Without the stored parting the deal shown is the median one, which need not part there.
    plain = showcase(view, stored.best, stored.runner, deals=PLAY_OUT_DEALS, seed=position_seed(view))
    assert not plain.named
