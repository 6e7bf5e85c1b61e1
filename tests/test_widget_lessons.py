"""The lesson catalogue, progress marks, the index widget and the points quiz."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_core import penalty_points
from widgets.lessons import LESSONS, LessonIndex, PointsQuiz, Progress, completes
from widgets.match import MatchWidget
from widgets.pass_picker import PassPicker
from widgets.practice import Practice
from widgets.trick_scene import TrickScene

LESSONS_DIR = Path(__file__).resolve().parents[1] / "lessons"


def test_every_lesson_in_the_catalogue_has_its_notebook_and_links_on() -> None:
    names = sorted(path.name for path in LESSONS_DIR.glob("[0-9][0-9]-*.ipynb"))
    assert names == [lesson.notebook for lesson in LESSONS]
    for number, lesson in enumerate(LESSONS):
        cells = json.loads((LESSONS_DIR / lesson.notebook).read_text())["cells"]
        text = "".join("".join(cell["source"]) for cell in cells)
        assert f'completes("{lesson.key}"' in text, f"{lesson.key} never marks itself completed"
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
    assert [item["href"] for item in index.lessons] == [lesson.notebook for lesson in LESSONS]
    assert [item["number"] for item in index.lessons if item["done"]] == [5]
    progress.mark("06-breaking-hearts")
    index._dispatch(index, {"type": "opened"}, None)
    assert [item["number"] for item in index.lessons if item["done"]] == [5, 6]


def test_points_quiz_answer_comes_from_the_engine() -> None:
    quiz = PointsQuiz(example="fifteen-points")
    assert quiz.answer == penalty_points("♥2 ♥8 ♠Q ♣5") == 15 and 15 in quiz.choices
    wrong = next(choice for choice in quiz.choices if choice != 15)
    assert quiz.choose(wrong) is False and not quiz.answered and "it is 15" in quiz.feedback
    quiz._dispatch(quiz, {"type": "choose", "points": 15}, None)
    assert quiz.answered and quiz.feedback.startswith("Right!")
    with pytest.raises(ValueError, match="not one of the choices"):
        quiz.choose(999)
    assert PointsQuiz("♥3 ♥9 ♥K ♠Q").answer == 16


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
