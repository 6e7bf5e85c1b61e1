"""What every widget does with a message from its page (widgets._base.HeartsWidget._dispatch).

A page can send any JSON value, not only what our front ends send.  A message that names
no action, or gives an action wrong argument names or types, is refused with one plain
sentence in the error box, the details in the log; nothing else changes and nothing is
raised (an exception in a comm callback reaches the page as a traceback).  The property
test at the end feeds random messages to every widget the package exports.
"""

from __future__ import annotations

import inspect
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widgets
from widgets._base import FAILED, REFUSED, HeartsWidget, command
from widgets.lessons import LessonIndex, PointsQuiz, Progress, completes
from widgets.records import RecordViewer
from widgets.trick_scene import TrickScene

# Messages no action accepts, each with what is wrong with it.
HOSTILE = [
    [1, 2], "x", None, 5, 1.5, True, [], {},  # not an object naming an action
    {"type": None}, {"type": 5}, {"type": ["next"]}, {"type": "nope"}, {"type": ""},
    {"type": "__init__"}, {"type": "_dispatch"}, {"type": "load_text.__globals__"},  # not actions
    {"type": "next", "extra": 1}, {"type": "goto"}, {"type": "goto", "step": 1, "again": 2},  # argument names
    {"type": "goto", "step": "3"}, {"type": "goto", "step": True}, {"type": "goto", "step": 1.5},  # types
    {"type": "goto", "step": None}, {"type": "goto", "step": [1]}, {"type": "goto", "step": {"x": 1}},
    {"type": "load_text", "text": 5}, {"type": "load_text", "text": ["a"]}, {"type": "load_text", "text": None},
    {"type": "load_text", "text": "{}", "source": 7}, {"type": "load_sample", "name": ["mistakes"]},
    {"type": "load_last_match", "store": "/etc"}, {"type": "load_last_match", "store": {"directory": "/"}},
    {"type": "opened", "now": 1},
]


def synced(widget: HeartsWidget) -> dict[str, str]:
    """The widget's synced state, each value as JSON (so NaN equals NaN and copies are deep)."""
    return {name: json.dumps(getattr(widget, name), sort_keys=True, default=repr)
            for name in widget.keys if not name.startswith("_")}


@pytest.mark.parametrize("message", HOSTILE, ids=repr)
def test_a_message_no_action_accepts_is_refused_and_changes_nothing(message: object,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    viewer = RecordViewer.sample()
    before = synced(viewer)
    with caplog.at_level(logging.WARNING, logger="hearts_lessons.widgets"):
        assert viewer._dispatch(viewer, message, None) is False
    after = synced(viewer)
    assert viewer.error == REFUSED
    del before["error"], after["error"]
    assert after == before
    assert any("refused a message from the page" in record.getMessage() for record in caplog.records)


def test_a_refusal_is_cleared_by_the_next_action() -> None:
    viewer = RecordViewer.sample()
    viewer._dispatch(viewer, [1, 2], None)
    assert viewer.error == REFUSED
    assert viewer._dispatch(viewer, {"type": "next"}, None) is True
    assert viewer.error == "" and viewer.step == 1


def test_a_refusal_reaches_neither_the_page_nor_ipywidgets_as_an_exception(caplog: pytest.LogCaptureFixture) -> None:
    """Through ipywidgets' own path: an exception there is shown to the page as a traceback."""
    viewer = RecordViewer.sample()
    with caplog.at_level(logging.DEBUG):
        for content in ([1, 2], "x", None, {"type": "goto", "step": "3"}):
            viewer._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    assert not [record for record in caplog.records if "Exception in callback" in record.getMessage()]
    assert viewer.error == REFUSED


def test_a_huge_message_is_logged_cut_short(caplog: pytest.LogCaptureFixture) -> None:
    viewer = RecordViewer.sample()
    with caplog.at_level(logging.WARNING, logger="hearts_lessons.widgets"):
        viewer._dispatch(viewer, {"type": "x" * 1_000_000, "deep": [[[[[["down"]]]]]]}, None)
    assert viewer.error == REFUSED
    assert max(len(record.getMessage()) for record in caplog.records) < 1_000


def test_an_action_that_fails_is_shown_and_changes_nothing() -> None:
    viewer = RecordViewer.sample()
    before = synced(viewer)
    assert viewer._dispatch(viewer, {"type": "goto", "step": 99}, None) is False
    assert viewer.error.startswith("Something went wrong: there is no such step")
    after = synced(viewer)
    del before["error"], after["error"]
    assert after == before


def test_a_failed_progress_save_is_shown_until_the_next_action(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be")  # saving progress there fails
    scene = completes("02-tricks", TrickScene(), Progress(blocked))
    with caplog.at_level(logging.WARNING, logger="hearts_lessons.lessons"):
        while scene.step < scene.total:
            assert scene._dispatch(scene, {"type": "next"}, None) is True
    assert scene.error.startswith("Your progress could not be saved")
    assert "Errno" not in scene.error and str(blocked) not in scene.error  # the details are in the log
    assert any("progress of 02-tricks not saved" in record.getMessage() for record in caplog.records)
    scene._dispatch(scene, {"type": "back"}, None)
    assert scene.error == ""


# ------------------------------------------------------------------ the property test

@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the match widget and the index save while random messages arrive."""
    directory = tmp_path_factory.mktemp("dispatch-data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HEARTS_LESSONS_DATA", str(directory))
        yield directory


# Constructor arguments for the widgets that have no default scenario.
ARGUMENTS: dict[str, dict[str, Any]] = {
    "PassPicker": {"name": "pass-high-cards"}, "PointsQuiz": {"cards": "♥2 ♥5 ♠Q"},
    "LegalCardsQuiz": {"where": "need-not-beat"}, "WhoTakesQuiz": {"trick": "off-suit-ace"},
    "TrickPointsQuiz": {"trick": "queen-on-a-diamond"},
}


def exported() -> list[type[HeartsWidget]]:
    """Every widget class ``widgets`` exports (the package also exports the lessons' helpers)."""
    exports = [getattr(widgets, name) for name in widgets.__all__]
    classes = [value for value in exports if isinstance(value, type) and issubclass(value, HeartsWidget)]
    assert {LessonIndex, PointsQuiz, widgets.MatchWidget} <= set(classes)
    return classes


WIDGETS = exported()
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def messages(widget: HeartsWidget) -> st.SearchStrategy[object]:
    """Any JSON value, and objects naming real actions with real and made-up argument names."""
    actions = widget.page_commands()
    names = sorted({name for action in actions.values() for name in inspect.signature(action).parameters})
    keys = st.sampled_from(names) | st.text(max_size=8) if names else st.text(max_size=8)
    shaped = st.builds(lambda kind, arguments: {**arguments, "type": kind},
                       st.sampled_from(sorted(actions)) | st.text(max_size=10) | JSON,
                       st.dictionaries(keys, JSON, max_size=3))
    return JSON | shaped


TRIED = {"messages": 0, "refused": 0}


@pytest.fixture(scope="module", autouse=True)
def report_counts() -> Iterator[None]:
    """How many random messages the property test sent (shown with ``-s``)."""
    yield
    if TRIED["messages"]:
        print(f"\nrandom messages dispatched: {TRIED['messages']}, refused or failed: {TRIED['refused']}")


@pytest.mark.parametrize("kind", WIDGETS, ids=lambda kind: kind.__name__)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_message_raises_and_a_refused_one_changes_only_the_error(kind: type[HeartsWidget],
                                                                    data: st.DataObject, data_dir: Path) -> None:
    widget = kind(**ARGUMENTS.get(kind.__name__, {}))
    for _ in range(3):  # a few in a row: an accepted message may move the widget on
        message = data.draw(messages(widget))
        before = synced(widget)
        accepted = widget._dispatch(widget, message, None)  # raising fails the test
        after = synced(widget)
        TRIED["messages"] += 1
        if not accepted:
            TRIED["refused"] += 1
            assert widget.error and "Traceback" not in widget.error
            assert {name for name in before if before[name] != after[name]} <= {"error"}, message



def test_a_fault_of_ours_is_one_plain_sentence_never_the_exception_text() -> None:
    viewer = RecordViewer.sample()

    def broken() -> None:
        raise AttributeError("'NoneType' object has no attribute 'flock'")

    viewer.next = broken  # type: ignore[method-assign]
    assert viewer._dispatch(viewer, {"type": "next"}, None) is False
    assert viewer.error == FAILED and "flock" not in viewer.error


class _Base(HeartsWidget):
    calls: list[str]

    @command("go")
    def go(self) -> str:
        return "base"

    @command("stay")
    def stay(self, card: str) -> str:
        return card


class _Child(_Base):
    def go(self) -> str:  # an override of a declared command, not declared again
        return "child"

    @command("more")
    def more(self) -> str:
        return "more"


def test_commands_are_declared_where_they_are_defined_and_subclasses_add_and_override() -> None:
    base, child = _Base(), _Child()
    assert sorted(base.page_commands()) == ["go", "opened", "stay"]
    assert sorted(child.page_commands()) == ["go", "more", "opened", "stay"]
    assert child.page_commands()["go"]() == "child"
    assert child._dispatch(child, {"type": "more"}, []) is True
    assert child._dispatch(child, {"type": "stay", "card": 5}, []) is False  # the annotation is still checked
    assert base._dispatch(base, {"type": "more"}, []) is False  # the subclass's command is not the base's


def test_every_widget_declares_its_commands_on_methods_it_has() -> None:
    for kind in WIDGETS:
        names = kind._command_names
        assert names or kind.__name__ == "ScoreTable", f"{kind.__name__} declares no command"  # a table only shows
        assert all(callable(getattr(kind, attribute)) for attribute in names.values())
