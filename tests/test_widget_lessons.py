"""The lesson catalogue, progress marks, the index widget, and what completes each lesson."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import widgets
from hearts_core import Reason, penalty_points
from hearts_core.bots import heuristic_pass
from widgets._base import HeartsWidget, page_address
from widgets.drill import Drill
from widgets.exercises import Exercise, LegalCardsQuiz, WhoTakesQuiz
from widgets.explainer import CardExplainer
from widgets.glossary import GLOSSARY, RULE_ENTRIES, rule_link
from widgets.lessons import LESSONS, Completable, Lesson, LessonIndex, LessonPractice, PointsQuiz, Progress, completes
from widgets.match import MatchWidget
from widgets.pass_picker import PassPicker
from widgets.points_quiz import PointsQuiz as PointsQuizItself
from widgets.practice import Practice
from widgets.puzzles import PuzzleBoard
from widgets.records import MistakeHunt, RecordViewer
from widgets.score_table import ScoreQuiz, ScoreTable
from widgets.trick_scene import TrickScene

LESSONS_DIR = Path(__file__).resolve().parents[1] / "lessons"


def test_every_lesson_in_the_catalogue_has_its_notebook_and_links_on() -> None:
    # The numbered lessons in order, then the pages past the course (the puzzles, the analysis board).
    names = [*sorted(path.name for path in LESSONS_DIR.glob("[0-9][0-9]-*.ipynb")), "puzzles.ipynb", "analysis.ipynb"]
    assert names == [lesson.notebook for lesson in LESSONS]
    for number, lesson in enumerate(LESSONS):
        cells = json.loads((LESSONS_DIR / lesson.notebook).read_text())["cells"]
        text = "".join("".join(cell["source"]) for cell in cells)
        marks = (f'completes("{lesson.key}"', f'LessonPractice("{lesson.key}")')
        assert any(mark in text for mark in marks), f"{lesson.key} never marks itself completed"
        if number + 1 < len(LESSONS):
            assert f"({LESSONS[number + 1].notebook})" in text, f"{lesson.key} has no next-lesson link"
        assert "(index.ipynb)" in text


def test_lesson_code_cells_stay_short() -> None:
    for path in LESSONS_DIR.glob("*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                lines = [line for line in "".join(cell["source"]).splitlines() if line.strip()]
                assert len(lines) <= 3, f"{path.name}: {lines}"


def test_progress_marks_and_survives_a_corrupt_file(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    assert progress.completed() == set()
    progress.mark("03-practice")
    progress.mark("01-aim-and-cards")
    assert progress.completed() == {"01-aim-and-cards", "03-practice"}
    progress.path.write_text("{not json")
    assert progress.completed() == set()
    kept = [path for path in tmp_path.iterdir() if path.name.startswith("progress.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text() == "{not json"
    with pytest.raises(KeyError, match="99-nothing"):
        progress.mark("99-nothing")


def test_completes_marks_a_lesson_when_its_practice_is_answered(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    practice = completes("03-practice", Practice("practice-clubs-led"), progress)
    practice.choose("♠Q")  # illegal: not answered yet
    assert progress.completed() == set()
    practice.choose("♣A")
    assert progress.completed() == {"03-practice"}
    picker = completes("04-passing", PassPicker("pass-high-cards"), progress)
    for card in ("♣A", "♦K", "♠Q"):
        picker.toggle(card)
    picker.confirm()
    scene = completes("02-tricks", TrickScene("off-suit-ace"), progress)
    for _ in range(3):
        scene.step_forward()
    assert "02-tricks" not in progress.completed()
    scene.step_forward()
    assert progress.completed() == {"02-tricks", "03-practice", "04-passing"}


def test_the_index_shows_marks_and_links(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    progress.mark("05-first-trick")
    index = LessonIndex(progress)
    assert [item["href"] for item in index.lessons] == [f"{lesson.notebook}?lang=en" for lesson in LESSONS]
    assert [item["number"] for item in index.lessons if item["done"]] == [5]
    progress.mark("06-breaking-hearts")
    index._dispatch(index, {"type": "opened"}, None)
    assert [item["number"] for item in index.lessons if item["done"]] == [5, 6]


def test_the_index_shows_the_course_in_two_parts_the_rules_then_playing_well(tmp_path: Path) -> None:
    index = LessonIndex(Progress(tmp_path))
    assert [part["key"] for part in index.parts] == ["rules", "play"]
    assert all(part["title"] and part["summary"] for part in index.parts)
    parts = [item["part"] for item in index.lessons]
    assert parts == sorted(parts, key=["rules", "play"].index)  # each part's lessons together, rules first
    rules = [item["key"] for item in index.lessons if item["part"] == "rules"]
    assert rules[0] == "01-aim-and-cards" and rules[-1] == "11-drills"
    playing = [lesson for lesson in LESSONS if lesson.part == "play"]
    # The strategy course: ten lessons, each one idea, then the open puzzles page and the analysis board.
    assert [lesson.key for lesson in playing][-2:] == ["puzzles", "analysis"] and len(playing) == 12
    assert all(lesson.themes and lesson.goal and lesson.worked for lesson in playing[1:-2])


def test_points_quiz_answer_comes_from_the_engine() -> None:
    assert PointsQuiz is PointsQuizItself is widgets.PointsQuiz  # every import path the lessons use
    quiz = PointsQuiz(example="fifteen-points")
    assert quiz.answer == penalty_points("♥2 ♥8 ♠Q ♣5") == 15 and 15 in quiz.choices
    wrong = next(choice for choice in quiz.choices if choice != 15)
    assert quiz.choose(wrong) is False and not quiz.answered and "it is 15" in quiz.feedback
    quiz._dispatch(quiz, {"type": "choose", "points": 15}, None)
    assert quiz.answered and quiz.feedback.startswith("Right!")
    with pytest.raises(ValueError, match="not one of the choices"):
        quiz.choose(999)
    assert PointsQuiz("♥3 ♥9 ♥K ♠Q").answer == 16


def test_points_quiz_choices_always_hold_the_answer_and_four_options() -> None:
    for cards in ("♣5", "♥2", "♠Q", "♥2 ♥8 ♠Q ♣5", "♥3 ♥9 ♥K ♠Q", "♦J ♠K"):
        quiz = PointsQuiz(cards)
        assert quiz.answer in quiz.choices and len(set(quiz.choices)) == 4, cards
    nothing = PointsQuiz("♦J ♠K")
    nothing.choose(0)
    assert nothing.feedback.startswith("Right! No hearts and no ♠Q: 0.")
    one = PointsQuiz("♥2 ♣5")
    one.choose(1)
    assert "1 heart (1) = 1" in one.feedback


def test_points_quiz_front_end_is_its_own_file() -> None:
    quiz, index = PointsQuiz("♥2"), LessonIndex(Progress("/nonexistent"))
    assert 'model.get("choices")' in quiz._esm and 'model.get("lessons")' not in quiz._esm
    assert 'model.get("lessons")' in index._esm and 'model.get("choices")' not in index._esm
    assert ".hl-quiz" in quiz._css and ".hl-quiz" not in index._css


# ---------------------------------------------------------------- completion, widget by widget


def _answered(widget: HeartsWidget) -> None:
    """Answer ``widget`` the way a learner would, through its public actions."""
    if isinstance(widget, Practice):
        widget.choose("♠Q")
        assert not widget.is_complete()  # an illegal card is not an answer
        widget.choose("♣A")
    elif isinstance(widget, PointsQuiz):
        widget.choose(next(choice for choice in widget.choices if choice != widget.answer))
        assert not widget.is_complete()  # a wrong count is not an answer
        widget.choose(widget.answer)
    elif isinstance(widget, PassPicker):
        for card in ("♣A", "♦K", "♠Q"):
            widget.toggle(card)
        assert not widget.is_complete()  # choosing is not sending
        widget.confirm()
    elif isinstance(widget, TrickScene):
        for _ in range(widget.total - 1):
            widget.step_forward()
        assert not widget.is_complete()
        widget.step_forward()
    elif isinstance(widget, CardExplainer):
        widget.tap("♠Q")
    else:  # pragma: no cover - a new widget must be taught to this test
        raise AssertionError(f"no way to answer {type(widget).__name__}")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Practice("practice-clubs-led"),
        lambda: PointsQuiz(example="fifteen-points"),
        lambda: PassPicker("pass-high-cards"),
        lambda: TrickScene("off-suit-ace"),
        lambda: CardExplainer("practice-clubs-led"),
    ],
    ids=["Practice", "PointsQuiz", "PassPicker", "TrickScene", "CardExplainer"],
)
def test_each_widget_says_what_completes_it(make: Callable[[], HeartsWidget], tmp_path: Path) -> None:
    widget = make()
    assert isinstance(widget, Completable)
    assert widget.has_trait(widget.completion_trait), "the completion trait must be one the widget has"
    assert not widget.is_complete()
    progress = Progress(tmp_path)
    assert completes("03-practice", widget, progress) is widget
    _answered(widget)
    assert widget.is_complete()
    assert progress.completed() == {"03-practice"}


def test_the_record_lessons_complete_at_the_end_or_at_a_mistake(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    moon = completes("08-moon", RecordViewer.moon(), progress)
    while moon.step < len(moon.frames) - 2:
        moon.next()
    assert progress.completed() == set()
    moon.next()
    assert progress.completed() == {"08-moon"}
    mistakes = completes("10-check-a-game", RecordViewer.sample("mistakes"), progress)
    mistakes.goto(mistakes.problems[0]["step"])
    assert progress.completed() == {"08-moon", "10-check-a-game"}


def test_a_widget_that_cannot_be_answered_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="ScoreTable does not say what completes it"):
        completes("07-scoring", ScoreTable("reaching-100"), Progress("/nonexistent"))


def test_an_unsaved_mark_is_shown_in_the_widget(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    quiz = completes("01-aim-and-cards", PointsQuiz("♥2"), Progress(blocker))
    quiz.choose(1)
    assert quiz.error.startswith("Your progress could not be saved")


def test_the_guided_match_lesson_completes_when_a_hand_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    progress = Progress(tmp_path)
    widget = completes("09-guided-match", MatchWidget(speed="instant"), progress)
    while widget.screen == "passing":
        for card in widget.hand[:3]:
            widget.toggle_pass(card["text"])
        widget.confirm_pass()
    while widget.screen == "playing":
        legal = [card["text"] for card in widget.hand if card.get("legal")]
        widget.choose(legal[0])
        if widget.selected:
            widget.play_selected()
    assert widget.screen == "hand_over"
    assert progress.completed() == {"09-guided-match"}


# ---------------------------------------------------------------- mastery: every exercise, stars


def test_a_lesson_is_done_only_when_every_exercise_is_answered(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    lesson = LessonPractice("02-tricks", progress)
    who = lesson.add(WhoTakesQuiz("off-suit-ace"))
    scene = lesson.add(TrickScene("off-suit-ace"))
    colour = lesson.add(LegalCardsQuiz("same-colour"))
    who.answer(1)  # right first time: a star
    assert progress.completed() == set()
    assert progress.stats()["02-tricks"] == {"answered": 1, "exercises": 3, "stars": 1, "graded": 2}
    colour.toggle("♠8")
    colour.check()  # wrong first
    colour.toggle("♠8")
    colour.toggle("♣6")
    colour.check()
    assert progress.completed() == set()
    for _ in range(scene.total):
        scene.step_forward()
    assert progress.completed() == {"02-tricks"}
    assert progress.stats()["02-tricks"] == {"answered": 3, "exercises": 3, "stars": 1, "graded": 2}


def test_counts_keep_their_best_and_a_new_visit_does_not_lower_them(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    progress.record("05-first-trick", complete=True, answered=4, exercises=4, stars=3, graded=3)
    progress.record("05-first-trick", complete=False, answered=1, exercises=4, stars=0, graded=3)
    assert progress.completed() == {"05-first-trick"}
    assert progress.stats()["05-first-trick"] == {"answered": 4, "exercises": 4, "stars": 3, "graded": 3}


def test_an_old_progress_file_still_reads(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text(json.dumps({"completed": ["01-aim-and-cards", "03-practice"]}))
    progress = Progress(tmp_path)
    assert progress.completed() == {"01-aim-and-cards", "03-practice"} and progress.stats() == {}
    index = LessonIndex(progress)
    assert index.course == {"done": 2, "total": len(LESSONS), "stars": 0, "graded": 0}
    progress.mark("02-tricks")  # writing keeps the old marks
    assert progress.completed() == {"01-aim-and-cards", "02-tricks", "03-practice"} and progress.notice == ""
    garbled = {"completed": [], "lessons": {"02-tricks": {"answered": "three"}, "03-practice": [1]}}
    (tmp_path / "progress.json").write_text(json.dumps(garbled))
    assert progress.stats() == {}  # untrustworthy counts are ignored, not shown


def test_the_index_shows_stars_what_each_mark_needs_and_the_course_bar(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    progress.record("07-scoring", complete=False, answered=1, exercises=3, stars=1, graded=2)
    progress.mark("01-aim-and-cards")
    index = LessonIndex(progress)
    rows = {row["key"]: row for row in index.lessons}
    assert rows["07-scoring"]["stars"] == 1 and rows["07-scoring"]["graded"] == 2 and not rows["07-scoring"]["done"]
    assert rows["09-guided-match"]["mark"].startswith("Play one whole hand")
    assert all(row["mark"] for row in index.lessons)
    assert index.course == {"done": 1, "total": len(LESSONS), "stars": 1, "graded": 2}
    assert "progressbar" in index._esm and "hl-stars" in index._esm


def test_a_strategy_lessons_puzzles_earn_a_star_each_right_at_the_first_try(tmp_path: Path) -> None:
    from hearts_learner.puzzle_store import PuzzleStore  # noqa: PLC0415 - only this test saves puzzles
    from tests.test_widget_puzzle_board import Clock, wrong_card  # noqa: PLC0415
    from widgets.puzzles.flow import lesson_puzzles  # noqa: PLC0415

    key = "13-leading-and-ducking"
    progress = Progress(tmp_path)
    practice = LessonPractice(key, progress)
    practice.add(PuzzleBoard.worked_example(key))
    puzzles = practice.add(PuzzleBoard.for_lesson(key, store=PuzzleStore(tmp_path), clock=Clock(), seed=1))
    for right in (True, True, False, True, True):  # four right at the first try, one missed
        puzzles.choose(str(puzzles.puzzle.solution) if right else wrong_card(puzzles))
        puzzles.next_puzzle()
    assert progress.stats()[key]["stars"] == 4 and progress.stats()[key]["graded"] == 5
    row = next(row for row in LessonIndex(progress).lessons if row["key"] == key)
    assert (row["stars"], row["graded"]) == (4, 5)
    # The puzzles page keeps a rating, not stars: it counts no ★, and an answer short of its goal writes nothing.
    (tmp_path / "page").mkdir()  # puzzles of its own: the five above would already earn the page its mark
    page = LessonPractice("puzzles", progress).add(PuzzleBoard(store=PuzzleStore(tmp_path / "page"), clock=Clock()))
    page.choose(str(page.puzzle.solution))
    assert "puzzles" not in progress.stats()
    # A lesson's ★ count only what was answered in it: one of lesson 13's own puzzles, first met and missed on
    # the puzzles page, adds nothing to the lesson's answered count.
    store = PuzzleStore(tmp_path)
    lesson = next(item for item in LESSONS if item.key == key)
    unseen = next(puzzle for puzzle in lesson_puzzles(lesson) if not store.load().attempted(puzzle.id))
    store.update(lambda saved: saved.record_attempt(unseen, False, lesson=""))
    again = PuzzleBoard.for_lesson(key, store=PuzzleStore(tmp_path), clock=Clock(), seed=1)
    assert again.star_counts() == (4, 5)


def test_the_analysis_board_is_a_row_of_the_index_marked_once_the_coach_has_advised(tmp_path: Path) -> None:
    from widgets.analysis import AnalysisBoard  # noqa: PLC0415 - only this test opens the board

    progress = Progress(tmp_path)
    row = next(row for row in LessonIndex(progress).lessons if row["key"] == "analysis")
    assert row["title"] == "The analysis board" and row["href"] == "analysis.ipynb?lang=en" and row["part"] == "play"
    assert row["mark"].startswith("Ask the coach about a position") and not row["done"]
    board = completes("analysis", AnalysisBoard.example(), progress)
    board.why(board.hand[0]["text"])
    assert "analysis" not in progress.completed()  # asking why is not the coach's advice
    board.ask_coach()
    assert progress.completed() == {"analysis"}
    assert next(row for row in LessonIndex(progress).lessons if row["key"] == "analysis")["done"]


def test_every_lesson_names_what_its_mark_needs_and_its_notebook_adds_that_many_exercises() -> None:
    counts = {"02-tricks": 5, "03-practice": 2, "05-first-trick": 4, "06-breaking-hearts": 4, "07-scoring": 4,
              "08-moon": 3}
    for key, count in counts.items():
        cells = json.loads((LESSONS_DIR / f"{key}.ipynb").read_text())["cells"]
        text = "".join("".join(cell["source"]) for cell in cells)
        assert text.count("lesson.add(") == count, key


def test_the_glossary_has_every_term_and_every_refusal_links_to_an_entry() -> None:
    cells = json.loads((LESSONS_DIR / GLOSSARY).read_text())["cells"]
    text = "".join("".join(cell["source"]) for cell in cells)
    for anchor in ("hand", "trick", "lead", "follow", "void", "discard", "penalty-card", "hearts-broken", "pass",
                   "moon", "first-trick", "duck", "run", "record", "exit", "guard", "flush", "count"):
        assert f'<a id="{anchor}"></a>' in text, anchor
    for reason in Reason:
        if reason is not Reason.LEGAL:
            assert f'<a id="{RULE_ENTRIES[reason][0]}"></a>' in text
            assert rule_link(reason)["href"].startswith(f"{GLOSSARY}#")
    assert rule_link(Reason.LEGAL) == {} and rule_link(None) == {}
    for lesson in LESSONS[:8]:
        assert f"({lesson.notebook})" in text, lesson.key
    # The index's own words are its widget's (they change language with it), the glossary link among them.
    words = LessonIndex(Progress("/nonexistent")).page
    assert {"text": "Glossary and rules reference", "href": f"{GLOSSARY}?lang=en"} in words["links"]
    assert any(f"]({GLOSSARY}?lang=en)" in paragraph for paragraph in words["intro"])


def test_glossary_links_point_at_the_page_each_server_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    assert rule_link(Reason.MUST_FOLLOW_SUIT)["href"] == "glossary.ipynb#follow"  # Voilà: the notebook
    monkeypatch.setattr(sys, "platform", "emscripten")  # the static site: Voici's rendered page
    assert rule_link(Reason.MUST_FOLLOW_SUIT)["href"] == "glossary.html#follow"
    assert page_address("03-follow-suit.ipynb") == "03-follow-suit.html"


def test_the_card_explainer_tells_nothing_before_a_tap() -> None:
    explainer = CardExplainer("practice-clubs-led")
    assert all("legal" not in card for card in explainer.hand) and explainer.tapped == [] and explainer.verdict == {}
    explainer.tap("♠Q")
    assert explainer.tapped == [{"card": "♠Q", "legal": False}]
    assert explainer.verdict["link"] == rule_link(Reason.MUST_FOLLOW_SUIT)
    explainer.tap("♣3")
    explainer.tap("♠Q")
    assert explainer.tapped == [{"card": "♠Q", "legal": False}, {"card": "♣3", "legal": True}]
    assert "hl-code" not in explainer._esm  # the reason code is never drawn


# ---------------------------------------------------------------- stars and the way on


def _lesson_exercises(key: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[tuple[LessonPractice,
                                                                                                 HeartsWidget]]:
    """Run lesson ``key``'s code cells as Voilà does and return every exercise its practice was given."""
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    added: list[tuple[LessonPractice, HeartsWidget]] = []
    original = LessonPractice.add

    def recording(self: LessonPractice, widget: HeartsWidget) -> HeartsWidget:
        added.append((self, widget))
        return original(self, widget)

    monkeypatch.setattr(LessonPractice, "add", recording)
    cells = json.loads((LESSONS_DIR / f"{key}.ipynb").read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, object] = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)  # our own lesson's code cells, as Voilà runs them
    return added


def _right_at_once(widget: HeartsWidget) -> None:
    """Answer a graded exercise right at the first try, finding the answer from the engine."""
    if isinstance(widget, Exercise):
        question = widget.question
        if widget.kind in ("legal-cards",):
            graded = question.grade([card["text"] for card in widget.hand])
            widget.answer([text for text, verdict in graded["cards"].items() if verdict["allowed"]])
        elif widget.kind == "spoil":
            widget.answer(next(card["text"] for card in widget.hand
                               if question.grade(card["text"])["correct"]))
        else:
            widget.answer(next(choice["value"] for choice in widget.choices
                               if question.grade(choice["value"])["correct"]))
    elif isinstance(widget, PointsQuiz):
        widget.choose(widget.answer)
    elif isinstance(widget, Practice):
        widget.choose(widget.position.legal()[0])
    elif isinstance(widget, MistakeHunt):
        problem = RecordViewer.sample("mistakes").problems[0]
        widget.goto(problem["step"])
        widget.mark(next(i for i, card in enumerate(widget.frames[widget.step]["cards"]) if card["illegal"]))
    elif isinstance(widget, ScoreQuiz):
        widget.answer(widget._right())
    elif isinstance(widget, PassPicker):  # the coach's own pass, deal after deal until a practice's goal
        while True:
            for card in heuristic_pass(widget.deal[0]):
                widget.toggle(card)
            widget.confirm()
            if widget.is_complete():
                break
            widget.another_deal()
    else:  # pragma: no cover - a new graded widget must be taught to this test
        raise AssertionError(f"no way to answer {type(widget).__name__}")


GRADED_LESSONS = [item.key for item in LESSONS if item.key != "09-guided-match"]  # the match has no right answer


@pytest.mark.parametrize("key", GRADED_LESSONS)
def test_every_graded_exercise_earns_a_star_for_a_right_first_answer(
        key: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    added = _lesson_exercises(key, monkeypatch, tmp_path)
    assert added, f"{key} adds no exercise"
    # Graded: the widget has a right answer and says whether it came at the first try.
    # A drill keeps its own score ("right first time"), not a star.
    graded = [(practice, widget) for practice, widget in added
              if widget.has_trait("first_try") and not isinstance(widget, Drill)]
    for _, widget in graded:
        assert getattr(widget, "counts_for_stars", False), f"{type(widget).__name__} in {key} earns no star"
        _right_at_once(widget)
        assert widget.trait_values()["first_try"], type(widget).__name__
    practices = {id(practice): practice for practice, _ in added}
    assert sum(practice.stars for practice in practices.values()) == len(graded)
    if graded:
        stats = Progress(tmp_path).stats()[key]
        assert stats["stars"] == stats["graded"] == len(graded)


def test_lesson_1_and_lesson_7_ask_a_question_that_earns_a_star(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    for key in ("01-aim-and-cards", "07-scoring"):
        first = _lesson_exercises(key, monkeypatch, tmp_path / key)[0][1]
        assert isinstance(first, PointsQuiz)
        wrong = next(choice for choice in first.choices if choice != first.answer)
        first.choose(wrong)
        first.choose(first.answer)
        assert first.answered and not first.first_try  # right at the second try: no star
        assert Progress(tmp_path / key).stats()[key]["stars"] == 0


def test_the_index_says_where_to_go_on(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    index = LessonIndex(progress)
    assert index.next_step == {"text": "Start with lesson 1: The aim and the cards",
                               "href": "01-aim-and-cards.ipynb?lang=en", "lesson": "01-aim-and-cards"}
    for key in ("01-aim-and-cards", "02-tricks", "04-passing"):
        progress.mark(key)
    index.refresh()
    # The first lesson not completed, not the one after the last completed.
    assert index.next_step["text"] == "Continue with lesson 3: Which card would you play?"
    assert index.next_step["href"] == "03-practice.ipynb?lang=en"
    for item in LESSONS[:-1]:
        progress.mark(item.key)
    index.refresh()
    assert index.next_step["text"] == f"Continue with lesson {len(LESSONS)}: {LESSONS[-1].title}"
    progress.mark(LESSONS[-1].key)
    index._dispatch(index, {"type": "opened"}, None)
    assert index.next_step == {"text": f"You have completed all {len(LESSONS)} lessons. Play another guided match",
                               "href": "09-guided-match.ipynb?lang=en", "lesson": "09-guided-match"}
    assert 'model.get("next_step")' in index._esm


# ---------------------------------------------------------------- the strategy course

PLAYING_WELL = [item for item in LESSONS if item.part == "play" and item.key not in ("puzzles", "analysis")]


@pytest.mark.parametrize("lesson", PLAYING_WELL, ids=lambda item: item.key)
def test_a_strategy_lesson_builds_its_worked_example_then_its_practice(
        lesson: Lesson, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    added = _lesson_exercises(lesson.key, monkeypatch, tmp_path)
    assert {practice.key for practice, _ in added} == {lesson.key} and len({id(p) for p, _ in added}) == 1
    worked, practice = (widget for _, widget in added)
    if lesson.themes:  # a worked position asked first, then the lesson's own puzzles
        assert isinstance(worked, PuzzleBoard) and isinstance(practice, PuzzleBoard)
        assert (worked.mode, worked.puzzle_id) == ("worked", lesson.worked)
        assert practice.mode == "lesson" and practice.goal == lesson.goal
        assert set(practice.puzzle.theme_keys) & set(lesson.themes)
    else:  # passing: a worked pass, then fresh deals to pass well
        assert isinstance(worked, PassPicker) and isinstance(practice, PassPicker)
        assert worked.goal == 0 and not worked.offer_another and worked.verdict == ""
        assert practice.goal > 0 and practice.good_count == 0
    assert not worked.is_complete() and not practice.is_complete()  # nothing answered, nothing told


@pytest.mark.parametrize("lesson", PLAYING_WELL, ids=lambda item: item.key)
def test_a_strategy_lesson_speaks_to_the_learner_in_words(lesson: Lesson) -> None:
    cells = json.loads((LESSONS_DIR / lesson.notebook).read_text(encoding="utf-8"))["cells"]
    words = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    assert words.startswith(f"# {LESSONS.index(lesson) + 1}. {lesson.title}\n")
    assert not re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", words)  # no identifiers
    assert not (lesson.worked and lesson.worked in words) and "PuzzleBoard" not in words and "PassPicker" not in words
    glossary = json.loads((LESSONS_DIR / GLOSSARY).read_text(encoding="utf-8"))["cells"]
    anchors = set(re.findall(r'<a id="([a-z-]+)"></a>', "".join("".join(cell["source"]) for cell in glossary)))
    assert set(re.findall(r"\(glossary\.ipynb#([a-z-]+)\)", words)) <= anchors  # every glossary link lands
