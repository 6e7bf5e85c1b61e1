"""The analysis board's flow on its own, with no widget and no front end: its decisions and what they leave."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest

from hearts_core.cards import DECK
from hearts_core.puzzles import load_puzzles
from tests.support import played_hand
from widgets.analysis.flow import AnalysisFlow, CoachAnswer, Mode

EXAMPLE = "2026-221-18"  # the analysis page's example: mid-trick, your turn, with cards the rules refuse


def example_flow(seed: int = 0) -> AnalysisFlow:
    flow = AnalysisFlow(seed)
    flow.start(next(puzzle for puzzle in load_puzzles() if puzzle.id == EXAMPLE).view())
    return flow


def everything_but_the_message(flow: AnalysisFlow) -> dict[str, Any]:
    """The flow's whole state except what it last said, copied so later changes cannot reach it."""
    setup = replace(flow.setup, hand=list(flow.setup.hand), plays=list(flow.setup.plays))
    return {"mode": flow.mode, "setup": setup, "view": flow.view, "advice": flow.advice,
            "coach_answer": flow.coach_answer, "states": list(flow.states), "step": flow.step,
            "target": flow.target, "asked": flow.asked, "opened": flow.opened, "drawn": flow.drawn,
            "layouts": flow.layouts}


def test_the_flow_loads_no_front_end() -> None:
    probe = ("import json, sys, widgets.analysis.flow\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('traitlets', 'anywidget', 'ipywidgets', 'IPython') or m == 'widgets.analysis.widget')))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                       check=True).stdout)
    assert loaded == []


def test_an_empty_flow_is_setting_up_and_shows_no_position() -> None:
    flow = AnalysisFlow()
    flow.start(None)
    assert flow.mode is Mode.SETUP and flow.shown() is None and flow.state is None
    assert flow.message.kind == "prompt" and flow.message.text.startswith("Tap cards in the deck")
    assert flow.drawn == 1


def test_a_refused_tap_changes_nothing_but_the_message() -> None:
    flow = AnalysisFlow()
    flow.start(None)
    for card in ("♣3", "♦5"):
        assert flow.tap_deck(card)
    assert flow.choose_leader(1)
    flow.choose_target("play")
    before = everything_but_the_message(flow)
    assert not flow.tap_deck("♥5")  # CPU1 leads the first trick: only ♣2 may open it
    assert flow.message.kind == "refused" and flow.message.text.startswith("CPU1 cannot have played ♥5 here.")
    assert everything_but_the_message(flow) == before
    assert flow.tap_deck("♣2")
    assert flow.setup.plays == [DECK[0]] and flow.setup.next_player() == 2
    assert flow.drawn == before["drawn"] + 1


def test_a_card_a_seat_showed_it_cannot_hold_is_refused_at_the_tap_naming_the_void() -> None:
    flow = AnalysisFlow()
    flow.start(None)
    for card in ["♣3", "♣4", "♣5", "♣6", "♦2", "♦3", "♦4", "♥2", "♥3", "♥4", "♥5", "♥6", "♥7"]:
        assert flow.tap_deck(card)
    assert flow.choose_leader(1)
    flow.choose_target("play")
    # Trick 2: CPU2 leads ♦K and CPU1, last, plays ♠3: CPU1 has shown it holds no diamonds.
    for card in ["♣2", "♣K", "♣Q", "♣3", "♦K", "♦Q", "♦4", "♠3", "♦9", "♦8", "♦3"]:
        assert flow.tap_deck(card), flow.message.text
    before = everything_but_the_message(flow)
    assert not flow.tap_deck("♦5")
    assert flow.message.kind == "refused"
    assert flow.message.text == ("CPU1 cannot hold ♦5: CPU1 showed it had no diamonds on trick 2, playing ♠3 when "
                                 "diamonds were led. Nothing changed.")
    assert everything_but_the_message(flow) == before
    assert flow.tap_deck("♠4")  # a card CPU1 may hold goes in, and the position is one the engine reads
    assert flow.analyse(), flow.message.text


def test_a_card_you_showed_you_cannot_hold_is_refused_when_added_to_your_hand() -> None:
    flow = AnalysisFlow()
    flow.start(None)
    for card in ["♣3", "♠2"]:
        assert flow.tap_deck(card)
    assert flow.choose_leader(1)
    flow.choose_target("play")
    for card in ["♣2", "♣K", "♣Q", "♣3", "♦K", "♦Q", "♠2"]:  # you played ♠2 on diamonds: you hold none
        assert flow.tap_deck(card), flow.message.text
    flow.choose_target("hand")
    before = everything_but_the_message(flow)
    assert not flow.tap_deck("♦2")
    assert flow.message.text == ("You cannot hold ♦2: you showed you had no diamonds on trick 2, playing ♠2 when "
                                 "diamonds were led. Nothing changed.")
    assert everything_but_the_message(flow) == before


@pytest.mark.parametrize("seed", range(4))
def test_every_refused_action_in_setup_changes_nothing_but_the_message(seed: int) -> None:
    rng = random.Random(seed)
    flow = AnalysisFlow()
    flow.start(None)
    refused = 0
    for _ in range(300):
        before = everything_but_the_message(flow)
        action = rng.random()
        if action < 0.8:
            done = flow.tap_deck(rng.choice(DECK))
        elif action < 0.9:
            done = flow.choose_leader(rng.randrange(4))
        elif action < 0.95:
            done = flow.take_back()
        else:
            flow.choose_target(rng.choice(("hand", "play")))
            continue
        if not done:
            refused += 1
            assert flow.message.kind == "refused"
            assert everything_but_the_message(flow) == before
    assert refused > 20 and flow.setup.plays  # the walk refused often and still built a position


def test_actions_of_another_mode_are_refused_and_change_nothing() -> None:
    flow = AnalysisFlow()
    flow.start(None)
    before = everything_but_the_message(flow)
    assert flow.why("♣2") is None and flow.message.text == "Set up a position and press Analyse this position first."
    assert flow.ask_coach() is None and not flow.play_on()
    assert not flow.play("♣2") and flow.message.text == "Press Play on from here first."
    assert not flow.back() and not flow.forward() and flow.computers_to_you() == 0
    assert everything_but_the_message(flow) == before
    analysed = example_flow()
    before = everything_but_the_message(analysed)
    assert not analysed.tap_deck("♣2") and analysed.message.text == "Press Change the position first. Nothing changed."
    assert everything_but_the_message(analysed) == before


def test_back_and_forward_step_through_the_states_kept() -> None:
    flow = example_flow(seed=4)
    assert flow.play_on() and flow.mode is Mode.PLAY and flow.step == 0
    for _ in range(5):
        assert flow.computer_play()
    kept = list(flow.states)
    assert len(kept) == 6 and flow.step == 5 and flow.state is kept[5]
    for step in range(4, -1, -1):
        assert flow.back() and flow.step == step and flow.state is kept[step]
    drawn = flow.drawn
    assert not flow.back() and flow.message.text == "This is the position you started from." and flow.drawn == drawn
    for step in range(1, 6):
        assert flow.forward() and flow.state is kept[step]
    assert not flow.forward() and flow.message.text == "This is the last play made so far."
    assert flow.states == kept
    # A new play after stepping back replaces the plays after it.
    flow.back()
    flow.back()
    assert flow.state is not None
    assert flow.play(flow.state.legal_plays()[0])
    assert len(flow.states) == 5 and flow.step == 4 and flow.states[:4] == kept[:4]


def test_play_on_shows_your_view_with_the_passes_of_the_position() -> None:
    flow = example_flow()
    start = flow.view
    assert start is not None and flow.play_on()
    shown = flow.shown()
    assert shown is not None and (shown.hand, shown.plays, shown.passed) == (start.hand, start.plays, start.passed)
    flow.stop_playing()
    assert flow.mode is Mode.ANALYSE and flow.states == [] and flow.shown() == start


def test_the_coach_answer_is_kept_until_another_position_is_analysed() -> None:
    state = played_hand(plays=5)
    mover = state.to_move
    assert mover is not None
    flow = AnalysisFlow()
    flow.start(state.view((mover + 1) % 4))
    assert flow.ask_coach() is None
    answer = flow.coach_answer
    assert answer is not None and answer.advice is None and answer.to_move == 3  # seen from the chair: CPU3 to play
    flow.edit()
    assert flow.coach_answer is answer  # setup draws no coach, and leaves its answer alone
    assert flow.analyse() and flow.coach_answer is None
    mine = example_flow()
    advice = mine.ask_coach()
    assert advice is not None and isinstance(mine.coach_answer, CoachAnswer) and mine.coach_answer.advice is advice
    assert mine.ask_coach() is advice  # asked once per position


def test_a_bad_link_empties_the_board_and_answers_the_link() -> None:
    flow = example_flow()
    assert not flow.opened
    assert not flow.open_link("0 junk")
    assert flow.opened and flow.mode is Mode.SETUP and flow.view is None and flow.setup.hand == []
    assert flow.message.text.startswith("The position in the page's link cannot be read, so the board is empty.")
