"""Exercises at the trait level: nothing told before the answer, right and wrong answers graded by the engine."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hearts_core import legal_plays, parse_card, penalty_points, trick_winner
from hearts_core.scenarios import MOON_RUNNERS, POSITIONS, TRICK_EXAMPLES, position, trick_example
from widgets.exercises import Exercise, LegalCardsQuiz, StopTheMoon, TrickPointsQuiz, WhoTakesQuiz

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")


def learner_text(widget: Exercise) -> str:
    """Every string a learner can read in the widget's state."""
    parts: list[str] = [widget.title, widget.prompt, widget.notice]

    def walk(value: Any) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in {"href"}:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(widget.result)
    return " ".join(parts)


def assert_nothing_told(widget: Exercise) -> None:
    assert widget.result == {} and not widget.answered and widget.attempts == 0
    assert all(set(card) == {"text", "rank", "symbol", "suit", "label", "name"} for card in widget.hand)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_tap_every_card_right_and_wrong(name: str) -> None:
    where = position(name)
    legal = [str(card) for card in where.legal()]
    right = LegalCardsQuiz(name)
    assert_nothing_told(right)
    for card in legal:
        right._dispatch(right, {"type": "toggle", "card": card}, None)
    assert right._dispatch(right, {"type": "check"}, None)  # what a tap on Check runs
    result = right.result
    assert result["correct"] and right.answered and right.first_try
    assert {card for card, verdict in result["cards"].items() if verdict["allowed"]} == set(legal)
    assert result["summary"].startswith("Right")
    assert not IDENTIFIER.search(learner_text(right))

    wrong = LegalCardsQuiz(name)
    others = [str(card) for card in where.hand if str(card) not in legal]
    guess = others[:1] or legal[:-1] or legal  # pick an illegal card, or leave a legal one out
    for card in guess:
        wrong.toggle(card)
    if set(guess) == set(legal):  # every card legal and only one: nothing to get wrong this way
        return
    graded = wrong.check()
    assert not graded["correct"] and not wrong.answered and graded["summary"].startswith("Not quite")
    assert any(not verdict["right"] for verdict in graded["cards"].values())
    for card in guess:
        wrong.toggle(card)  # un-pick, then answer right: answered, but not at the first try
    for card in legal:
        wrong.toggle(card)
    assert wrong.check()["correct"] and wrong.answered and not wrong.first_try


def test_tap_every_card_explains_refusals_with_the_engine_and_links_the_glossary() -> None:
    quiz = LegalCardsQuiz("same-colour")
    quiz.toggle("♠8")
    result = quiz.check()
    assert "Clubs were led and you hold ♣6, so you must play it." in result["lines"]
    assert result["summary"] == ("Not quite: ♣6 is allowed too and ♠8 is not allowed. "
                                 "In all, you may play ♣6 and nothing else.")
    assert result["links"] == [{"href": "glossary.ipynb#follow", "text": "Read more: following suit, in the glossary"}]


def test_check_with_nothing_picked_is_not_an_answer() -> None:
    quiz = LegalCardsQuiz("need-not-beat")
    assert quiz.check() == {} and quiz.attempts == 0 and quiz.result == {}
    assert quiz.notice.startswith("Tap the cards you may play first")
    with pytest.raises(ValueError, match="not in this hand"):
        quiz.toggle("♥2")
    quiz._dispatch(quiz, {"type": "toggle", "card": "♥2"}, None)
    assert "not in this hand" in quiz.error and quiz.picked == []


@pytest.mark.parametrize("name", sorted(TRICK_EXAMPLES))
def test_who_takes_the_trick(name: str) -> None:
    example = trick_example(name)
    winner = (example.leader + trick_winner(example.cards)) % 4
    quiz = WhoTakesQuiz(name)
    assert_nothing_told(quiz)
    assert [choice["value"] for choice in quiz.choices] == [(example.leader + i) % 4 for i in range(4)]
    wrong = next(choice["value"] for choice in quiz.choices if choice["value"] != winner)
    result = quiz.answer(wrong)
    assert not result["correct"] and not quiz.answered and "takes it" in result["summary"]
    result = quiz.answer(winner)
    assert result["correct"] and quiz.answered and not quiz.first_try
    assert f"takes the trick with {example.cards[trick_winner(example.cards)]}" in result["lines"][0]
    assert not IDENTIFIER.search(learner_text(quiz))
    first = WhoTakesQuiz(name)
    first._dispatch(first, {"type": "answer", "value": winner}, None)
    assert first.answered and first.first_try


def test_who_takes_says_why_a_card_of_another_suit_cannot_win() -> None:
    result = WhoTakesQuiz("off-suit-ace").answer(1)
    assert result["lines"][0] == ("CPU1 takes the trick with ♣K, the highest club played. "
                                  "♥A is not a club, so it cannot win, however high.")


@pytest.mark.parametrize("name", sorted(TRICK_EXAMPLES))
def test_how_many_points_on_a_real_trick(name: str) -> None:
    cards = trick_example(name).cards
    quiz = TrickPointsQuiz(name)
    assert_nothing_told(quiz)
    points = penalty_points(cards)
    values = [choice["value"] for choice in quiz.choices]
    assert points in values and len(set(values)) == 4
    result = quiz.answer(next(value for value in values if value != points))
    assert not result["correct"] and f"it is {points}" in result["summary"]
    assert quiz.answer(points)["correct"] and quiz.answered
    with pytest.raises(ValueError, match="not one of the choices"):
        quiz.answer(999)


@pytest.mark.parametrize("name", sorted(MOON_RUNNERS))
def test_stop_the_moon_right_only_if_the_engine_gives_you_a_trick_with_points(name: str) -> None:
    where = position(name)
    runner = MOON_RUNNERS[name]
    stoppers = {card for card in where.legal() if (outcome := where.outcome(card)) and outcome[0] == 0
                and outcome[1] > 0}
    keepers = set(where.legal()) - stoppers
    assert stoppers and keepers  # a real choice: some legal cards let the runner keep running
    assert all(where.outcome(card) == (runner, penalty_points((*where.trick, card))) for card in keepers)
    for card in where.hand:
        quiz = StopTheMoon(name)
        assert_nothing_told(quiz)
        result = quiz.answer(str(card))
        assert result["correct"] == (card in stoppers), card
        assert quiz.answered == (card in stoppers)
        if card not in legal_plays(where.hand, where.trick, first_trick=False, hearts_broken=True):
            assert result["summary"] == f"{card} is not allowed here." and result["links"]
        assert not IDENTIFIER.search(learner_text(quiz))


def test_stop_the_moon_words() -> None:
    quiz = StopTheMoon("stop-the-moon")
    assert quiz.answer("♥2")["summary"] == ("Not this one: CPU1 takes the trick and its 3 points, "
                                            "so CPU1 can still take every point and shoot the moon.")
    assert quiz.answer("♥K")["summary"].startswith("Right! You take the trick with ♥K and 3 points")
    assert quiz.answered and not quiz.first_try
    assert parse_card("♥K")


def test_front_end_holds_no_rule_and_shows_a_verdict_only_from_result() -> None:
    quiz = LegalCardsQuiz("same-colour")
    own = quiz._esm.split("// ---- file: exercise_parts.js")[1]
    assert "legal:" not in own and "card.legal" not in own  # no verdict from the hand payload
    assert 'model.get("result")' in quiz._esm and "dataset.verdict" in quiz._esm
