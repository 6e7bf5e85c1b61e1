"""The record viewer's flow on its own, with no widget: what it decides and what a refusal leaves alone."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

import widgets.records.flow as flow_module
from hearts_core import check_record
from hearts_core.scenarios import moon_hand_record
from hearts_learner.match_store import MatchStore
from widgets.records.flow import MAX_UPLOAD_BYTES, SAMPLES, HuntFlow, RecordFlow
from widgets.records.payloads import HUNT_CAPTION, frame_on_screen

VALID = Path(__file__).parent / "data" / "valid_match.json"


def state(flow: RecordFlow) -> dict[str, Any]:
    """Everything the flow holds, copied, so a later change cannot alter what was recorded."""
    return copy.deepcopy({name: value for name, value in vars(flow).items() if name != "report"})


def test_the_flow_module_imports_no_widget_library() -> None:
    source = Path(flow_module.__file__).read_text(encoding="utf-8")
    for library in ("traitlets", "ipywidgets", "anywidget", "IPython"):
        assert f"import {library}" not in source and f"from {library}" not in source


REFUSED_TEXTS = ["", "not json", '{"format": "hearts-record/2", "hands": []}', "x" * (MAX_UPLOAD_BYTES + 1)]


@pytest.mark.parametrize("text", REFUSED_TEXTS)
def test_a_refused_record_changes_nothing_but_the_error(text: str) -> None:
    flow = RecordFlow()
    assert flow.load_sample("mistakes") is not None
    flow.goto(3)
    before = state(flow)
    assert flow.load_text(text) is None
    after = state(flow)
    assert after.pop("load_error") and not before.pop("load_error")
    assert after == before


def test_a_flow_that_may_not_load_keeps_its_one_record(tmp_path: Path) -> None:
    flow = RecordFlow(moon_hand_record(), source="the moon", may_load=False)
    assert flow.source == "the moon" and len(flow.frames) == 13 and flow.load_error == ""
    before = state(flow)
    store = MatchStore(tmp_path)
    for load in (lambda: flow.load_sample("mistakes"), lambda: flow.load_text(VALID.read_text()),
                 lambda: flow.load_last_match(store), lambda: flow.load_past_match(0, store)):
        assert load() is None
        assert flow.load_error == "This viewer shows one record only: loading another one is not possible here."
    after = state(flow)
    after.pop("load_error")
    before.pop("load_error")
    assert after == before
    assert flow.list_past_matches(MatchStore(tmp_path)) == []


def test_steps_stay_on_the_record_and_goto_refuses_a_missing_one() -> None:
    flow = RecordFlow()
    assert flow.frame is None and flow.next() == 0 and flow.back() == 0
    flow.load_text(VALID.read_text())
    last = len(flow.frames) - 1
    assert flow.show(10_000) == last and flow.show(-5) == 0 and flow.next() == 1
    with pytest.raises(ValueError, match="no such step"):
        flow.goto(last + 1)
    assert flow.step == 1 and flow.frame is flow.frames[1]


def test_the_flow_lists_each_illegal_action_where_the_checker_finds_it() -> None:
    flow = RecordFlow()
    report = flow.load_sample("mistakes")
    assert report is not None and flow.report is report
    checked = check_record((SAMPLES / "mistakes.json").read_text(encoding="utf-8"))
    assert [(p["hand"], p["trick"], p["card"]) for p in flow.problems] == [
        (p.hand, p.trick, str(p.card)) for p in checked.problems]
    for problem in flow.problems:
        flagged = [card["card"]["text"] for card in flow.frames[problem["step"]]["cards"] if card["illegal"]]
        assert flagged == [problem["card"]]
    assert not flow.is_complete()
    flow.goto(flow.problems[0]["step"])
    assert flow.is_complete()  # stepping onto a mistake completes lesson 8's viewer


def illegal_position(flow: HuntFlow) -> int:
    frame = flow.frame
    assert frame is not None
    return next(index for index, card in enumerate(frame["cards"]) if card["illegal"])


def test_the_hunt_keeps_every_verdict_back_until_a_mistake_is_marked() -> None:
    hunt = HuntFlow()
    hunt.load_sample("mistakes")
    assert hunt.hunting and hunt.problems == [] and len(hunt.all_problems) == 3 and hunt.mistakes == 0
    first = hunt.all_problems[0]
    hunt.goto(first["step"])
    assert hunt.verdict_hidden
    assert frame_on_screen(hunt.frame, verdict_hidden=hunt.verdict_hidden)["caption"] == HUNT_CAPTION
    legal = next(index for index, card in enumerate(hunt.frames[hunt.step]["cards"]) if not card["illegal"])
    before = state(hunt)
    with pytest.raises(ValueError, match="no card 9"):
        hunt.mark(9)
    assert state(hunt) == before  # a tap on no card changes nothing, not even the count of attempts
    assert hunt.mark(legal) == {"correct": False, "summary": hunt.feedback}
    assert hunt.attempts == 1 and not hunt.answered and hunt.problems == [] and not hunt.feedback_ok
    assert hunt.mark(illegal_position(hunt))["correct"]
    assert hunt.found == [first["step"]] and hunt.problems == [first] and hunt.mistakes == 3
    assert hunt.answered and not hunt.first_try and hunt.hunting and not hunt.verdict_hidden
    assert hunt.is_complete()


def test_marking_every_mistake_ends_the_hunt_with_the_checkers_status() -> None:
    hunt = HuntFlow()
    hunt.load_sample("mistakes")
    checked = RecordFlow()
    checked.load_sample("mistakes")
    assert hunt.status != checked.status
    for problem in list(hunt.all_problems):
        hunt.goto(problem["step"])
        assert hunt.mark(illegal_position(hunt))["correct"]
    assert not hunt.hunting and hunt.first_try and hunt.status == checked.status
    assert hunt.problems == checked.problems
    with pytest.raises(ValueError, match="nothing to find"):
        hunt.mark(0)


def test_revealing_ends_the_hunt_without_a_star_and_a_brought_record_is_not_hunted() -> None:
    hunt = HuntFlow()
    hunt.load_sample("mistakes")
    assert hunt.reveal() == hunt.all_problems == hunt.problems
    assert not hunt.hunting and hunt.answered and not hunt.first_try
    assert hunt.reveal() == hunt.problems  # a second reveal changes nothing
    again = HuntFlow()
    again.load_sample("mistakes")
    again.load_text((SAMPLES / "mistakes.json").read_text(encoding="utf-8"), source="pasted")
    assert not again.hunting and len(again.problems) == 3 and not again.verdict_hidden
