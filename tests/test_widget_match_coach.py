"""The match coach's panel explains the figure its advice quotes, and only when it quotes it."""

from __future__ import annotations

from hearts_core.coach import Recommendation, analyse, recommend
from hearts_core.facts import Expected
from hearts_core.puzzles import load_puzzles
from widgets.match.coach_payloads import coach_payload


def test_an_advice_quoting_the_hand_score_carries_what_it_means() -> None:
    view = load_puzzles()[0].view()
    report = analyse(view)
    advice = recommend(view)
    assert advice.card is not None and "you should end the hand with" in advice.reason
    assert any(isinstance(fact, Expected) for fact in advice.facts)
    shown = coach_payload(report, advice, view)
    assert shown.points_help["question"] == "What does “you should end the hand with” mean?"
    # What the figure is, as hearts_core.bots.HardBot.appraise makes it: the unseen cards dealt in
    # ways that fit what the seat has seen, each deal played out, the seat's points averaged,
    # those already taken included.
    answer = shown.points_help["answer"]
    assert "already taken" in answer and "cards you cannot see" in answer and "averaging" in answer
    # An advice that quotes no such figure has nothing to explain.
    quiet = Recommendation(reason="Follow suit.", card=advice.card,
                           facts=tuple(fact for fact in advice.facts if not isinstance(fact, Expected)))
    assert coach_payload(report, quiet, view).points_help == {}
