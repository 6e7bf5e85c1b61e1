"""Saving and resuming matches, corrupt files kept aside, statistics: hearts_learner's stores and the match page."""

from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path

import pytest

from hearts_core import Match, Outcome, Rules, wording
from hearts_learner import files, history
from hearts_learner.files import CorruptFileError, SaveConflictError, atomic_write, clean_orphans, data_dir
from hearts_learner.match_store import MatchStore
from hearts_learner.statistics import Statistics
from widgets import MatchWidget
from widgets.lessons import LessonIndex, Progress


def finished_match(seed: int, rules: Rules | None = None) -> Match:
    """A match played to its end with the first legal card everywhere (target 1: one hand)."""
    match = Match.new(seed, rules or Rules(target=1))
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    while not match.is_over:
        match.play(match.legal_plays()[0])
    return match


def played_some(seed: int = 4) -> Match:
    match = Match.new(seed)
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[-3:])
    for _ in range(9):
        match.play(match.legal_plays()[0])
    return match


# ------------------------------------------------------------------ atomic writes


def kept_aside(folder: Path, name: str) -> Path:
    """The one copy of the corrupt file ``name`` set aside in ``folder`` (there must be exactly one)."""
    kept = [path for path in folder.iterdir() if path.name.startswith(f"{name}.corrupt-")]
    assert len(kept) == 1, kept
    return kept[0]


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.json"
    atomic_write(target, "one")
    atomic_write(target, "two ♠Q")
    assert target.read_text(encoding="utf-8") == "two ♠Q"
    assert sorted(path.name for path in target.parent.iterdir()) == ["save.json"]


def test_atomic_write_flushes_to_disk_before_renaming(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        events.append("fsync")
        real_fsync(descriptor)

    def replace(source: str, destination: str) -> None:
        events.append("replace")
        real_replace(source, destination)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write(tmp_path / "save.json", "{}")
    assert events[:2] == ["fsync", "replace"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "save.json"
    atomic_write(target, "old")

    def broken_replace(source: object, destination: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        atomic_write(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [path.name for path in tmp_path.iterdir()] == ["save.json"]


def test_the_data_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    assert data_dir() == tmp_path
    assert MatchStore().save_path == tmp_path / "match.json"
    monkeypatch.delenv("HEARTS_LESSONS_DATA")
    assert data_dir().name == "hearts-lessons"


# ------------------------------------------------------------------- save and load


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    assert store.load() is None
    match = played_some()
    store.save(match, {"speed": "slow", "levels": ["easy", "hard", "normal"]}, {"trick_on_table": True})
    saved = store.load()
    assert saved is not None
    assert saved.match == match and saved.match.to_json() == match.to_json()
    assert saved.settings == {"speed": "slow", "levels": ["easy", "hard", "normal"]}
    assert saved.display == {"trick_on_table": True} and saved.saved_at
    assert json.loads(store.save_path.read_text(encoding="utf-8"))["match"]["seed"] == 4  # readable by people


def test_resume_in_the_widget_continues_the_same_match(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    first = MatchWidget(seed=9, store=store, speed="slow", show_danger=True)
    for card in [card["text"] for card in first.hand[:3]]:
        first.toggle_pass(card)
    first.confirm_pass()
    record = store.save_path.read_text(encoding="utf-8")
    again = MatchWidget(store=store)  # no arguments but the folder: the save is offered
    assert again.screen == "offer" and again.offer["hand_number"] == 1
    assert store.save_path.read_text(encoding="utf-8") == record  # offering writes nothing
    again.resume()
    assert again.match is not None and first.match is not None
    assert again.match.to_json() == first.match.to_json()
    assert again.speed == "slow" and again.show_danger is True
    assert again.hand == first.hand


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{ not json", "not valid JSON"),
        ('{"format": "something-else/1"}', "is not a hearts-lessons-save/1 save"),
        ('{"format": "hearts-lessons-save/1", "settings": {}, "match": {"format": "hearts-record/1"}}', "not valid"),
        ('{"format": "hearts-lessons-save/1", "settings": [], "match": {}}', "settings"),
    ],
)
def test_unreadable_saves_are_reported(tmp_path: Path, content: str, why: str) -> None:
    store = MatchStore(tmp_path)
    store.save_path.write_text(content, encoding="utf-8")
    with pytest.raises(CorruptFileError, match=why):
        store.load()
    assert store.save_path.read_text(encoding="utf-8") == content  # loading never changes the file


def test_an_illegal_record_is_corrupt(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.save(played_some(), {})
    document = json.loads(store.save_path.read_text(encoding="utf-8"))
    plays = document["match"]["hands"][0]["plays"]
    plays[1] = plays[0]  # the same card twice
    store.save_path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CorruptFileError, match="is not valid"):
        store.load()


def test_a_corrupt_save_is_kept_aside_reported_and_a_fresh_match_starts(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    garbage = b'{"format": "hearts-lessons-save/1", "match": {"seed": 1, "hands": [tru'
    store.save_path.write_bytes(garbage)
    widget = MatchWidget(seed=3, store=store)
    kept = kept_aside(tmp_path, "match.json")
    assert kept.read_bytes() == garbage  # moved, byte for byte
    assert "could not be read" in widget.notice and kept.name in widget.notice
    assert widget.screen == "passing" and widget.match is not None and widget.match.seed == 3
    assert store.load() is None  # building the widget writes nothing...
    widget.toggle_pass(widget.hand[0]["text"])
    widget.toggle_pass(widget.hand[1]["text"])
    widget.toggle_pass(widget.hand[2]["text"])
    widget.confirm_pass()
    assert store.load() is not None  # ...the learner's first pass saves the fresh match under the usual name
    widget.dismiss_notice()
    assert widget.notice == ""


def test_setting_aside_never_overwrites_an_earlier_corrupt_file(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    names = []
    for text in ("first", "second"):
        store.save_path.write_text(text, encoding="utf-8")
        names.append(store.set_aside())
    assert names[0] != names[1]
    assert [path.read_text(encoding="utf-8") for path in names] == ["first", "second"]


@pytest.mark.parametrize("saved", [finished_match(2), Match.new(6)], ids=["finished", "untouched"])
def test_finished_or_untouched_matches_are_not_offered(tmp_path: Path, saved: Match) -> None:
    store = MatchStore(tmp_path)
    store.save(saved, {})
    widget = MatchWidget(seed=8, store=store)
    assert widget.screen == "passing" and widget.match is not None and widget.match.seed == 8


# --------------------------------------------------------------------- statistics


def test_statistics_count_wins_draws_and_losses() -> None:
    # Engine-only matches (first legal card everywhere): seed 18 is won, 17 drawn (0 and 0), 1 lost.
    seeds = {"won": 18, "drawn": 17, "lost": 1}
    stats = Statistics()
    for outcome, seed in seeds.items():
        match = finished_match(seed)
        winners = match.winners or ()
        kind = "won" if winners == (0,) else "drawn" if 0 in winners else "lost"
        assert kind == outcome == match.outcome(0)
        before = stats
        stats = stats.add(match)
        assert getattr(stats, kind) == getattr(before, kind) + 1
        assert stats.points == before.points + match.totals[0]
    assert stats.played == 3 and stats.hands == 3
    assert stats.won + stats.drawn + stats.lost == 3
    assert stats.average_points == stats.points / 3
    with pytest.raises(ValueError, match="only a finished match"):
        stats.add(Match.new(1))


def test_statistics_accumulate_on_disk(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    assert store.statistics() == Statistics()
    first, second = finished_match(3), finished_match(4)
    store.record(first)
    stats = store.record(second)
    assert stats == store.statistics()
    assert stats.played == 2 and stats.hands == 2
    assert stats.points == first.totals[0] + second.totals[0]
    document = json.loads(store.stats_path.read_text(encoding="utf-8"))
    assert document["format"] == "hearts-lessons-stats/1" and document["played"] == 2


def test_finished_matches_in_the_widget_add_to_statistics(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    for seed in (1, 2):
        widget = MatchWidget(seed=seed, rules=Rules(target=1), store=store, speed="instant")
        for card in [card["text"] for card in widget.hand[:3]]:
            widget.toggle_pass(card)
        widget.confirm_pass()
        while widget.screen == "playing":
            widget.choose(next(card["text"] for card in widget.hand if card["legal"]))
            widget.play_selected()
        assert widget.screen == "match_over"
    assert widget.statistics["played"] == 2 and store.statistics().played == 2
    assert MatchWidget(seed=5, store=store).statistics["played"] == 2


def test_corrupt_statistics_are_kept_aside_and_start_again(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.stats_path.write_text('{"format": "hearts-lessons-stats/1", "played": -3}', encoding="utf-8")
    widget = MatchWidget(seed=1, store=store)
    assert widget.statistics["played"] == 0
    assert "statistics could not be read" in widget.notice
    kept = kept_aside(tmp_path, "stats.json")
    assert '"played": -3' in kept.read_text(encoding="utf-8")


def test_a_failing_disk_does_not_stop_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = MatchStore(tmp_path)
    widget = MatchWidget(seed=1, store=store, speed="instant")

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr(store, "save", no_space)
    for card in [card["text"] for card in widget.hand[:3]]:
        widget.toggle_pass(card)
    widget.confirm_pass()
    assert widget.screen == "playing"
    assert "could not be saved" in widget.notice and "no space" in widget.notice


# ------------------------------------------------------------ two pages, one save


def pass_three(widget: MatchWidget) -> None:
    for card in [card["text"] for card in widget.hand[:3]]:
        widget.toggle_pass(card)
    widget.confirm_pass()


def play_one(widget: MatchWidget) -> str:
    card = next(card["text"] for card in widget.hand if card["legal"])
    widget.choose(card)
    widget.play_selected()
    return card


def two_pages_on_one_match(store: MatchStore) -> tuple[MatchWidget, MatchWidget]:
    """A match with some progress, resumed in two pages (two tabs, or two kernels on one folder)."""
    first = MatchWidget(seed=9, store=store, speed="instant")
    pass_three(first)
    play_one(first)
    tabs = MatchWidget(store=store), MatchWidget(store=store)
    for tab in tabs:
        assert tab.screen == "offer"
        tab.resume()
    return tabs


def test_saves_carry_a_revision_and_a_stale_writer_is_refused(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    assert store.revision() is None
    assert store.save(played_some(), {}) == 1
    assert store.save(played_some(), {}, expected=1) == 2
    before = store.save_path.read_bytes()
    with pytest.raises(SaveConflictError, match="revision 2, not 1"):
        store.save(played_some(5), {}, expected=1)
    assert store.save_path.read_bytes() == before  # the newer save is untouched
    saved = store.load()
    assert saved is not None and saved.revision == 2


def test_a_stale_page_never_overwrites_newer_plays_and_offers_to_reload(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    left, right = two_pages_on_one_match(store)
    play_one(left)  # the left tab plays on and saves
    newer = store.save_path.read_bytes()
    left_match = left.match
    assert left_match is not None
    right_before = right.match.to_json() if right.match else ""
    card = next(card["text"] for card in right.hand if card["legal"])
    message = right.choose(card)
    assert "continued in another page" in message and "Reload" in message and right.tone == "illegal"
    assert right.stale and "Reload" in right.notice
    assert right.match is not None and right.match.to_json() == right_before  # refused: nothing played here
    right.set_option("speed", "slow")  # not even a setting is written over the newer save
    right.dismiss_notice()
    assert right.stale and right.notice  # the way on stays on show
    assert store.save_path.read_bytes() == newer
    assert "Reloaded the saved match" in right.reload()
    assert not right.stale and right.notice == ""
    assert right.match is not None and right.match.to_json() == left_match.to_json()
    play_one(right)  # now the right tab is the newest: the left one is stale in turn
    assert "another page" in left.advance() or "another page" in left.choose(left.hand[0]["text"])
    assert left.stale


def test_a_page_opened_before_another_saves_does_not_overwrite_it(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    early, late = MatchWidget(seed=1, store=store, speed="instant"), MatchWidget(seed=2, store=store, speed="instant")
    pass_three(late)  # the page opened second saves first...
    saved = store.load()
    assert saved is not None and saved.match.seed == 2
    early._flow.acted = True  # ...while the first page's learner was already choosing (so no re-read on opening)
    pass_three(early)
    assert early.stale and early.screen == "passing"
    again = store.load()
    assert again is not None and again.match.seed == 2 and again.revision == saved.revision


def test_a_match_finished_in_two_pages_counts_once(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    match = finished_match(3)
    store.record(match, "match-a")
    assert store.record(match, "match-a").played == 1  # the second page finishing it changes nothing
    assert store.record(finished_match(4), "match-b").played == 2
    assert store.statistics().counted == ("match-a", "match-b")
    assert Statistics().add(match).add(match).played == 2  # without an id every call counts


def test_a_finished_match_reloaded_in_a_stale_page_is_not_counted_again(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    rules = Rules(target=1)
    first = MatchWidget(seed=1, rules=rules, store=store, speed="instant")
    pass_three(first)
    play_one(first)
    left, right = MatchWidget(store=store), MatchWidget(store=store)
    left.resume()
    right.resume()
    assert left.flow.match_id == right.flow.match_id == first.flow.match_id  # one match, one id
    while left.screen == "playing":
        play_one(left)
    assert left.screen == "match_over" and store.statistics().played == 1
    # The same match finishing again elsewhere (say a stale kernel that saved nothing) counts once.
    assert right.match is not None
    right.flow.saves.record(left.match or right.match, right.flow.match_id)
    assert store.statistics().played == 1
    right.reload()
    assert right.screen == "match_over" and store.statistics().played == 1


# ------------------------------------------------------- every corrupt file aside

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "1" * 5_000
NOT_AN_OBJECT = {"deep nesting": DEEP, "null": "null"}
"""Faults every stored file must survive: JSON nested past the parser's depth, and JSON that is no object."""


def valid_save(store: MatchStore) -> bytes:
    store.save(played_some(), {"speed": "slow"})
    data = store.save_path.read_bytes()
    store.save_path.unlink()
    return data


SAVE_FAULTS = {
    "deep nesting": lambda good: DEEP.encode(),
    "deep inside the match": lambda good: good.replace(b'"hands": [', b'"hands": [' + DEEP.encode() + b",", 1),
    "5000-digit number": lambda good: good.replace(b'"seed": 4', b'"seed": ' + HUGE.encode()),
    "null": lambda good: b"null",
    "a list": lambda good: b"[1, 2]",
    "latin-1 bytes": lambda good: b'{"format": "caf\xe9"}',
    "settings are null": lambda good: good.replace(b'"settings": {', b'"settings": null, "x": {'),
    "revision is text": lambda good: good.replace(b'"revision": 1', b'"revision": "one"'),
    "match id is a number": lambda good: good.replace(b'"match_id": ""', b'"match_id": 7'),
    "hands is a number": lambda good: json.dumps({**json.loads(good), "match": {
        **json.loads(good)["match"], "hands": 5}}).encode(),
    "a deal of numbers": lambda good: good.replace("♣".encode(), b"").replace(b'"2', b'2', 1),
}


@pytest.mark.parametrize("fault", SAVE_FAULTS, ids=list(SAVE_FAULTS))
def test_every_kind_of_corrupt_save_is_set_aside_and_the_page_works(tmp_path: Path, fault: str) -> None:
    store = MatchStore(tmp_path)
    good = valid_save(store)
    bad = SAVE_FAULTS[fault](good)
    assert bad != good
    store.save_path.write_bytes(bad)
    with pytest.raises(CorruptFileError):
        store.load()
    widget = MatchWidget(seed=3, store=store)
    assert widget.screen == "passing" and widget.error == ""
    assert "could not be read" in widget.notice and len(widget.notice) < 400  # never the whole file
    kept = kept_aside(tmp_path, "match.json")
    assert kept.read_bytes() == bad  # kept byte for byte, never overwritten
    pass_three(widget)
    assert store.load() is not None


STATS_FAULTS = {
    **NOT_AN_OBJECT,
    "5000-digit number": '{"format": "hearts-lessons-stats/1", "played": ' + HUGE + "}",
    "played is text": '{"format": "hearts-lessons-stats/1", "played": "3", "won": 0, "drawn": 0, "hands": 0, '
                      '"points": 0}',
    "counted is a number": '{"format": "hearts-lessons-stats/1", "played": 0, "won": 0, "drawn": 0, "hands": 0, '
                           '"points": 0, "counted": 4}',
}


PROGRESS_FAULTS = {
    **NOT_AN_OBJECT,
    "5000-digit number": '{"completed": [' + HUGE + "]}",
    "a lesson that is a list": '{"completed": [["01-aim-and-cards"]]}',
    "not text": "\udcff",
}


@pytest.mark.parametrize("fault", PROGRESS_FAULTS, ids=list(PROGRESS_FAULTS))
def test_every_kind_of_corrupt_progress_is_set_aside_and_the_index_works(tmp_path: Path, fault: str) -> None:
    progress = Progress(tmp_path)
    bad = PROGRESS_FAULTS[fault].encode("utf-8", "surrogateescape")
    progress.path.write_bytes(bad)
    index = LessonIndex(progress)
    assert index.lessons and not any(item["done"] for item in index.lessons)
    assert "progress could not be read" in index.notice
    kept = kept_aside(tmp_path, "progress.json")
    assert kept.read_bytes() == bad
    progress.mark("03-practice")  # the learner's next answer starts a fresh file
    assert Progress(tmp_path).completed() == {"03-practice"}


def test_files_with_a_byte_order_mark_are_read_like_the_checker_reads_them(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    good = valid_save(store)
    store.save_path.write_bytes(b"\xef\xbb\xbf" + good)
    saved = store.load()
    assert saved is not None and saved.settings == {"speed": "slow"}
    assert MatchWidget(store=store).screen == "offer"  # offered, not set aside
    store.stats_path.write_bytes(b"\xef\xbb\xbf" + json.dumps(Statistics(played=2, won=1).to_dict()).encode())
    assert store.statistics().played == 2
    progress = Progress(tmp_path)
    progress.path.write_bytes(b'\xef\xbb\xbf{"completed": ["03-practice"]}')
    assert progress.completed() == {"03-practice"} and progress.notice == ""
    assert not [path for path in tmp_path.iterdir() if ".corrupt-" in path.name]


def test_orphaned_temporary_files_are_cleaned_up(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.save(played_some(), {})
    old = [tmp_path / ".match.json.k1ll3d.tmp", tmp_path / ".stats.json.x.tmp", tmp_path / ".progress.json.y.tmp"]
    fresh = tmp_path / ".match.json.writing.tmp"  # another process may be writing it right now
    for path in [*old, fresh]:
        path.write_text("{half a sa", encoding="utf-8")
    long_ago = time.time() - 3600
    for path in old:
        os.utime(path, (long_ago, long_ago))
    assert sorted(clean_orphans(tmp_path)) == sorted(old)
    assert fresh.exists() and not any(path.exists() for path in old)
    os.utime(fresh, (long_ago, long_ago))
    MatchWidget(store=store)  # opening the page reads the folder and tidies it
    assert not fresh.exists()
    orphan = tmp_path / ".progress.json.z.tmp"
    orphan.write_text("{", encoding="utf-8")
    os.utime(orphan, (long_ago, long_ago))
    Progress(tmp_path).completed()
    assert not orphan.exists() and store.load() is not None


def test_a_page_that_saw_no_save_does_not_overwrite_one_made_since(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.save(played_some(), {})  # another page saves first
    with pytest.raises(SaveConflictError):  # the write itself compares, not only the check before it
        store.save(played_some(5), {}, expected=0)
    saved = store.load()
    assert saved is not None and saved.match.seed == 4
    assert store.save(played_some(5), {}, expected=saved.revision) == 2
    store.save_path.unlink()
    assert store.save(played_some(6), {}, expected=7) == 1  # nothing left to lose: the write goes ahead


# ------------------------------------------------------- remembered settings, history


def test_settings_are_remembered_atomically_and_read_back(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    assert store.remembered_settings() == {}
    store.remember_settings({"speed": "slow", "levels": ["hard", "easy", "normal"]})
    assert store.remembered_settings() == {"speed": "slow", "levels": ["hard", "easy", "normal"]}
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("content", ["{", "null", '{"format": "other"}',
                                     '{"format": "hearts-lessons-settings/1", "settings": 3}', DEEP])
def test_unreadable_settings_are_corrupt(tmp_path: Path, content: str) -> None:
    store = MatchStore(tmp_path)
    store.settings_path.write_text(content, encoding="utf-8")
    with pytest.raises(CorruptFileError):
        store.remembered_settings()


def test_the_history_keeps_the_newest_matches_once_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "HISTORY_KEPT", 3)
    store = MatchStore(tmp_path)
    assert store.history() == ()
    matches = [finished_match(seed) for seed in range(5)]
    for seed, match in enumerate(matches):
        store.add_to_history(match, f"id{seed}")
    kept = store.history()
    assert [entry.match_id for entry in kept] == ["id4", "id3", "id2"]  # newest first, the oldest dropped
    assert kept[0].match() == matches[4] and kept[0].totals == matches[4].totals and kept[0].hands == 1
    assert kept[0].outcome is matches[4].outcome(0) and kept[0].rules == matches[4].rules
    assert store.add_to_history(matches[4], "id4") == kept  # the same match, from another page: once
    label = kept[0].label
    assert label.endswith("in 1 hand") and str(matches[4].totals[0]) in label and "_" not in label


@pytest.mark.parametrize(("language", "when"), [("en", "1 Dec 2026 at 09:05: "), ("ja", "2026年12月1日 09:05"),
                                                ("es", "1 dic 2026, a las 09:05")])
def test_a_history_label_writes_the_day_as_people_do(tmp_path: Path, language: str, when: str) -> None:
    store = MatchStore(tmp_path)
    store.add_to_history(finished_match(0), "id0")
    entry = dataclasses.replace(store.history()[0], finished_at="2026-12-01T09:05:00+0000")
    wording.set_language(language)
    try:
        label = entry.label
    finally:
        wording.set_language("en")
    assert label.startswith(when) and "01" not in label.split("09:05")[0]


def test_a_history_entry_cannot_disagree_with_the_engine_on_who_won(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    match = finished_match(2)
    (entry,) = store.add_to_history(match, "m")
    document = json.loads(store.history_path.read_text(encoding="utf-8"))
    assert document["matches"][0]["outcome"] == entry.outcome == match.outcome(0)  # written, for people
    wrong = next(outcome for outcome in Outcome if outcome is not entry.outcome)
    document["matches"][0]["outcome"] = wrong.value  # a hand-edited file
    store.history_path.write_text(json.dumps(document), encoding="utf-8")
    (again,) = store.history()
    assert again.outcome is match.outcome(0)  # decided again from the totals and the record's rules


def test_only_a_finished_match_goes_into_the_history(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    with pytest.raises(ValueError, match="only a finished match"):
        store.add_to_history(Match.new(1), "unfinished")
    assert store.history() == ()


HISTORY_FAULTS = {
    **NOT_AN_OBJECT,
    "matches is an object": '{"format": "hearts-lessons-history/1", "matches": {}}',
    "an entry without a match": '{"format": "hearts-lessons-history/1", "matches": [{"match_id": "a", '
                                '"finished_at": "", "outcome": "won", "totals": [1, 2, 3, 4], "hands": 1}]}',
    # The outcome is derived from the totals under the record's rules, so those must make sense.
    "totals that end no match": '{"format": "hearts-lessons-history/1", "matches": [{"match_id": "a", '
                                '"finished_at": "", "outcome": "won", "totals": [1, 2, 3, 4], "hands": 1, '
                                '"match": {"rules": {"target": 100}}}]}',
    "rules nobody plays": '{"format": "hearts-lessons-history/1", "matches": [{"match_id": "a", '
                          '"finished_at": "", "outcome": "won", "totals": [1, 2, 3, 104], "hands": 1, '
                          '"match": {"rules": {"target": "a hundred"}}}]}',
    "totals of text": '{"format": "hearts-lessons-history/1", "matches": [{"match_id": "a", "finished_at": "", '
                      '"outcome": "won", "totals": ["1"], "hands": 1, "match": {}}]}',
}


# The match page's other files: the MatchStore method that reads each, what the notice says
# when it is set aside, and its faults.
PAGE_FILES = {
    "stats.json": ("statistics", "statistics could not be read", STATS_FAULTS),
    "history.json": ("history", "past matches could not be read", HISTORY_FAULTS),
}
PAGE_FILE_FAULTS = [(name, fault) for name, (_, _, faults) in PAGE_FILES.items() for fault in faults]


@pytest.mark.parametrize(("name", "fault"), PAGE_FILE_FAULTS,
                         ids=[f"{name}: {fault}" for name, fault in PAGE_FILE_FAULTS])
def test_unreadable_statistics_or_history_are_set_aside_and_start_again(tmp_path: Path, name: str, fault: str) -> None:
    reader, words, faults = PAGE_FILES[name]
    store = MatchStore(tmp_path)
    (tmp_path / name).write_text(faults[fault], encoding="utf-8")
    with pytest.raises(CorruptFileError):
        getattr(store, reader)()
    widget = MatchWidget(seed=1, rules=Rules(target=1), store=store, speed="instant")
    assert widget.statistics["played"] == 0 and widget.history == [] and words in widget.notice
    assert kept_aside(tmp_path, name).read_text(encoding="utf-8") == faults[fault]
    if fault != next(iter(faults)):
        # Once the file is set aside, what follows does not depend on what was wrong with it: a
        # whole match (a second of play) is finished after the first fault of each file only.
        return
    pass_three(widget)
    while widget.screen == "playing":
        play_one(widget)
    assert widget.screen == "match_over" and len(store.history()) == 1 and len(widget.history) == 1
    assert store.statistics().played == 1 and widget.statistics["played"] == 1  # fresh files, written again


def test_saving_works_where_fcntl_has_no_flock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Pyodide (the static site) has an fcntl module without flock: the save must not need it.
    monkeypatch.delattr(files.fcntl, "flock")
    store = MatchStore(tmp_path)
    match = Match.new(5)
    store.save(match, {}, {})
    loaded = store.load()
    assert loaded is not None and loaded.match.to_json() == match.to_json()
