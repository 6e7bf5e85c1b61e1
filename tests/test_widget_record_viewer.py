"""RecordViewer at the trait level: frames, flagged illegal actions, loading and its errors,
and what it refuses (files outside its samples, loading where it is not offered, huge records)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hearts_core import Match, check_record
from hearts_learner.match_store import MatchStore
from widgets.records import HUNT_CAPTION, MAX_UPLOAD_BYTES, SAMPLE_NAMES, SAMPLES, MistakeHunt, RecordViewer

TESTS_DATA = Path(__file__).parent / "data"
VALID = TESTS_DATA / "valid_match.json"


def synced(viewer: RecordViewer) -> dict[str, Any]:
    return {name: getattr(viewer, name) for name in viewer.keys if not name.startswith("_")}


def long_record(hands: int) -> str:
    """A legal record of ``hands`` hands (the test match's hands over and over, never reaching its target)."""
    record = json.loads(VALID.read_text())
    record["rules"]["target"] = 10**6
    record["hands"] = [record["hands"][number % len(record["hands"])] for number in range(hands)]
    return json.dumps(record, ensure_ascii=False)


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
    viewer = RecordViewer.sample()
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


# Each would load some other .json file on the server if the name were joined to a path.
HOSTILE_SAMPLE_NAMES = [
    "../../tests/data/valid_match",  # exists relative to widgets/samples/
    str(VALID.with_suffix("")),  # an absolute path replaces the folder when joined
    "/etc/passwd", "../samples/mistakes", "mistakes/../mistakes", "./mistakes", "mistakes.json", "MISTAKES",
    "mistakes\x00", "", ".", "..", "~", "x" * 10_000,
]


@pytest.mark.parametrize("name", HOSTILE_SAMPLE_NAMES)
def test_only_the_shipped_samples_load_by_name(name: str) -> None:
    viewer = RecordViewer.sample()
    before = synced(viewer)
    assert viewer._dispatch(viewer, {"type": "load_sample", "name": name}, None)  # handled, with an explanation
    assert viewer.load_sample(name) is None
    after = synced(viewer)
    assert after.pop("load_error").startswith("There is no such sample; the samples are: mistakes")
    before.pop("load_error")
    assert after == before  # the sample on screen stays
    assert len(viewer.load_error) < 100  # never echoes what it was sent


def test_the_sample_names_are_the_shipped_files() -> None:
    assert SAMPLE_NAMES == tuple(sorted(path.stem for path in SAMPLES.glob("*.json"))) == ("mistakes",)


LOADING_MESSAGES = [
    {"type": "load_text", "text": VALID.read_text(), "source": "uploaded: valid_match.json"},
    {"type": "load_text", "text": VALID.read_text()},  # pasted
    {"type": "load_sample", "name": "mistakes"},
    {"type": "load_sample"},
    {"type": "load_last_match"},
]


@pytest.mark.parametrize("message", LOADING_MESSAGES, ids=lambda message: str(message["type"]))
def test_a_viewer_without_loading_refuses_every_loading_action(message: dict[str, Any], tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    match = Match.new(5)
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    MatchStore(tmp_path).save(match, {})  # a last match there to load, if it were allowed
    viewer = RecordViewer.moon()
    viewer.allow_loading = True  # what a page could sync: the flag it sees draws, it does not decide
    before = synced(viewer)
    viewer._dispatch(viewer, message, None)
    after = synced(viewer)
    assert after.pop("load_error") == "This viewer shows one record only: loading another one is not possible here."
    before.pop("load_error")
    assert after == before and "moon" in viewer.frames[-1]["caption"]


def test_a_record_above_the_limit_is_refused_before_it_is_checked() -> None:
    viewer = RecordViewer.sample()
    before = synced(viewer)
    text = long_record(3_000)
    assert len(text.encode()) > MAX_UPLOAD_BYTES
    assert viewer._dispatch(viewer, {"type": "load_text", "text": text}, None)
    after = synced(viewer)
    message = after.pop("load_error")
    before.pop("load_error")
    assert after == before
    size = len(text.encode()) / 1_000_000
    assert message.startswith(f"This record is {size:.1f} MB: records up to 2.0 MB can be checked here.")


def test_a_long_record_sends_one_frame_at_a_time() -> None:
    # Far more than the page may receive at once (its state stays under 10,000 characters): 120 hands
    # are 12 times that, and each hand's frames take tens of milliseconds to build.
    text = long_record(120)
    assert 10 * 10_000 < len(text.encode()) < MAX_UPLOAD_BYTES
    viewer = RecordViewer(text)
    assert viewer.status == "120 hands checked: every action is legal."
    assert viewer.frame_count == len(viewer.frames) == 120 * 13
    state = {name: value for name, value in viewer.get_state().items() if name not in ("_esm", "_css")}
    assert len(json.dumps(state)) < 10_000, "the whole record went to the page"
    assert viewer.frame == viewer.frames[0]
    viewer._dispatch(viewer, {"type": "next"}, None)
    assert viewer.step == 1 and viewer.frame == viewer.frames[1]
    viewer._dispatch(viewer, {"type": "goto", "step": 120 * 13 - 1}, None)
    assert viewer.frame == viewer.frames[-1] and viewer.frame["hand"] == 120


def test_a_step_set_by_the_page_stays_on_a_frame() -> None:
    viewer = RecordViewer.moon()
    viewer.step = 500  # a synced trait: a page may set it directly
    assert viewer.step == 12 and viewer.frame == viewer.frames[12]
    viewer.step = -3
    assert viewer.step == 0 and viewer.frame == viewer.frames[0]


def test_a_step_and_its_frame_reach_the_page_together(monkeypatch: pytest.MonkeyPatch) -> None:
    viewer = RecordViewer.moon()
    assert [frame["step"] for frame in viewer.frames] == list(range(viewer.frame_count))
    sent: list[set[str]] = []
    original = viewer.send_state

    def recording(key: Any = None) -> None:
        sent.append({key} if isinstance(key, str) else set(key or ()))
        original(key)

    monkeypatch.setattr(viewer, "send_state", recording)
    for message in ({"type": "next"}, {"type": "next"}, {"type": "back"}, {"type": "goto", "step": 7}):
        sent.clear()
        viewer._dispatch(viewer, message, None)
        assert {"step", "frame"} in sent, f"{message}: the step and its frame went as {sent}"
        assert viewer.frame["step"] == viewer.step


def test_a_long_source_name_is_cut_short() -> None:
    viewer = RecordViewer()
    viewer.load_text(VALID.read_text(), source="uploaded: " + "a" * 5_000 + ".json")
    assert len(viewer.source) == 80 and viewer.source.endswith("…")


# ------------------------------------------------------------- lesson 10: find the mistake first


def test_the_hunt_tells_nothing_before_a_mistake_is_found() -> None:
    hunt = MistakeHunt.sample("mistakes")
    checked = RecordViewer.sample("mistakes")
    assert hunt.hunting and hunt.problems == [] and hunt.mistakes == 0 and not hunt.answered
    assert "illegal" not in hunt.status and hunt.status.startswith("4 hands to check.")
    assert hunt.source == "the sample game with mistakes"
    for step in range(hunt.frame_count):
        hunt.goto(step)
        assert hunt.frame["caption"] == HUNT_CAPTION
        assert not any(card["illegal"] for card in hunt.frame["cards"])
        assert len(hunt.frame["held"]) == 4  # what each player held: how a mistake can be found
    # The frames hunted are the checker's frames, only without their verdicts.
    assert [frame["cards"][-1]["card"] for frame in hunt.frames] == [
        frame["cards"][-1]["card"] for frame in checked.frames]


def test_a_wrong_mark_says_the_card_is_allowed_and_a_right_one_reveals_that_mistake() -> None:
    hunt = MistakeHunt.sample("mistakes")
    problem = RecordViewer.sample("mistakes").problems[0]  # CPU3's ♣10 on a diamond lead
    hunt.goto(problem["step"])
    held = next(entry["cards"] for entry in hunt.frame["held"] if entry["seat"] == problem["seat"])
    assert "♦" in held  # the learner can see CPU3 still held diamonds
    first = hunt.mark(0)  # the diamond that was led: allowed
    assert not first["correct"] and first["summary"] == "Not this one: CPU2 may play ♦4 here, and the rules allow it."
    assert hunt.problems == [] and not hunt.answered
    right = hunt.mark(1)
    assert right["correct"] and hunt.answered and not hunt.first_try  # the second tap: no star
    assert right["summary"] == ("Found it! That is one of the illegal plays: the checker says why above. "
                                "1 of 3 found. Keep looking, or show them all.")
    assert hunt.problems == [problem] and hunt.mistakes == 3 and hunt.hunting
    assert hunt.frame["caption"].startswith("Illegal: CPU3 played ♣10") and hunt.frame["cards"][1]["illegal"]
    hunt.goto(0)
    assert hunt.frame["caption"] == HUNT_CAPTION  # the others stay hidden
    with pytest.raises(ValueError, match="no card 7"):
        hunt.mark(7)
    assert hunt.attempts == 2  # a bad tap changes nothing


def test_showing_the_mistakes_ends_the_hunt_and_a_first_right_tap_earns_the_star() -> None:
    hunt = MistakeHunt.sample("mistakes")
    shown = hunt.reveal()
    assert not hunt.hunting and hunt.answered and not hunt.first_try
    assert shown == RecordViewer.sample("mistakes").problems and hunt.status.startswith("4 hands checked: 3 illegal")
    with pytest.raises(ValueError, match="nothing to find"):
        hunt.mark(0)
    quick = MistakeHunt.sample("mistakes")
    last = RecordViewer.sample("mistakes").problems[-1]
    quick._dispatch(quick, {"type": "goto", "step": last["step"]}, None)
    assert quick._dispatch(quick, {"type": "mark", "position": 0}, None) and quick.first_try


def test_a_record_the_learner_brings_is_checked_not_hunted() -> None:
    hunt = MistakeHunt.sample("mistakes")
    hunt.load_text((SAMPLES / "mistakes.json").read_text(encoding="utf-8"), source="pasted")
    assert not hunt.hunting and len(hunt.problems) == 3 and hunt.frame["caption"] != HUNT_CAPTION


def test_finding_every_mistake_ends_the_hunt() -> None:
    hunt = MistakeHunt.sample("mistakes")
    for problem in RecordViewer.sample("mistakes").problems:
        hunt.goto(problem["step"])
        hunt.mark(next(i for i, card in enumerate(hunt.frames[hunt.step]["cards"]) if card["illegal"]))
    assert hunt.feedback == "Found it! That was the last of the 3 illegal plays."
    assert not hunt.hunting and len(hunt.problems) == 3 and hunt.first_try
