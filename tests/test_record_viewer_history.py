"""RecordViewer reads the learner's finished matches from the match history (lesson 10's "My last match")."""

from __future__ import annotations

from pathlib import Path

from hearts_core import Match, Rules
from hearts_core.bots import make_bot
from widgets.record_viewer import RecordViewer
from widgets.storage import MatchStore


def finished_match(seed: int) -> Match:
    match = Match.new(seed, Rules(target=1))
    for seat in range(4):
        match.pass_cards(seat, make_bot("normal", seed=seat).choose_pass(match.view(seat)))
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.play(make_bot("normal", seed=seed).choose_play(match.view(seat)), seat=seat)
    return match


def test_the_viewer_loads_a_match_from_the_history(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    viewer = RecordViewer()
    assert viewer.load_past_match(0, store) is None and "no finished match" in viewer.load_error
    older, newer = finished_match(1), finished_match(2)
    store.add_to_history(older, "a")
    store.add_to_history(newer, "b")
    report = viewer.load_past_match(0, store)
    assert report is not None and report.ok and viewer.source == store.history()[0].label
    assert viewer.frames and viewer.load_error == ""
    assert viewer.load_past_match(1, store) is not None and viewer.source == store.history()[1].label
    assert viewer.load_past_match(2, store) is None and "only 2" in viewer.load_error
    store.history_path.write_text("{", encoding="utf-8")
    assert viewer.load_past_match(0, store) is None and "could not be read" in viewer.load_error
