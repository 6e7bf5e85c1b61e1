"""RecordViewer at the trait level: frames, flagged illegal actions, loading and its errors."""

from __future__ import annotations

import re
from pathlib import Path

from hearts_core import Match, check_record
from widgets.record_viewer import SAMPLES, RecordViewer
from widgets.storage import MatchStore

TESTS_DATA = Path(__file__).parent / "data"


def test_the_shipped_sample_is_the_checked_test_sample() -> None:
    assert (SAMPLES / "mistakes.json").read_text() == (TESTS_DATA / "mistakes.json").read_text()


def test_sample_with_mistakes_flags_each_one_where_the_checker_does() -> None:
    viewer = RecordViewer.sample("mistakes")
    report = check_record((SAMPLES / "mistakes.json").read_text())
    assert [(p["hand"], p["trick"], p["card"], p["reason"]) for p in viewer.problems] == [
        (p.hand, p.trick, str(p.card), p.verdict.reason.value) for p in report.problems
    ]
    assert "3 illegal actions" in viewer.status
    first = viewer.problems[0]
    viewer.goto(first["step"])
    frame = viewer.frame
    illegal = [card for card in frame["cards"] if card["illegal"]]
    assert [card["card"]["text"] for card in illegal] == [first["card"]]
    # Words, not identifiers: the caption names the rule, never the reason code.
    assert first["rule"] in frame["caption"] and first["message"] in frame["caption"]
    assert first["reason"] not in frame["caption"] and first["rule"] == "following suit"
    assert first["link"]["href"] == "glossary.ipynb#follow"
    assert all(not re.search(r"\b[a-z]+_[a-z_]+\b", f["caption"]) for f in viewer.frames)
    assert {f["direction"] for f in viewer.frames} <= {"passing left", "passing right", "passing across", "no passing"}


def test_navigation_stays_in_range() -> None:
    viewer = RecordViewer.moon()
    assert viewer.back() == 0
    for _ in range(40):
        viewer.next()
    assert viewer.step == len(viewer.frames) - 1 == 12
    assert "shot the moon" in viewer.frame["caption"]
    viewer._dispatch(viewer, {"type": "back"}, None)
    assert viewer.step == 11 and viewer.error == ""


def test_a_bad_record_is_explained_and_the_old_one_stays() -> None:
    viewer = RecordViewer.moon()
    frames = viewer.frames
    assert viewer.load_text('{"format": "hearts-record/2", "hands": []}') is None
    assert "a format this checker does not know" in viewer.load_error and viewer.frames == frames
    viewer._dispatch(viewer, {"type": "load_text", "text": "not json"}, None)
    assert "That text is not a match record" in viewer.load_error and viewer.frames == frames
    viewer.load_text("   ")
    assert viewer.load_error.startswith("There is nothing to check yet") and viewer.frames == frames
    viewer.load_text('{"format": "hearts-record/1", "hands": [')
    assert "cut off" in viewer.load_error and "JSON" not in viewer.load_error
    assert viewer.load_sample("nope") is None and "mistakes" in viewer.load_error


def test_pasting_a_legal_record_clears_the_error() -> None:
    viewer = RecordViewer()
    viewer.load_text("{bad")
    viewer.load_text((TESTS_DATA / "valid_match.json").read_text())
    assert viewer.load_error == "" and "every action is legal" in viewer.status and viewer.problems == []


def test_the_learners_own_last_match(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    viewer = RecordViewer()
    assert viewer.load_last_match(store) is None and "no saved match" in viewer.load_error
    match = Match.new(5)
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    match.play(match.legal_plays()[0])
    store.save(match, {})
    report = viewer.load_last_match(store)
    assert report is not None and report.ok and viewer.source == "your last match"
    assert viewer.frames[-1]["cards"][0]["card"]["text"] == "♣2"
    store.save_path.write_text("{broken")
    assert viewer.load_last_match(store) is None and "could not be read" in viewer.load_error
