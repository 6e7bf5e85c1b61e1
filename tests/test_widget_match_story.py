"""MatchWidget, issue 12 at the trait level: the table's story, the header, habits the learner keeps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_core import Match, Rules, Trick, to_card, trick_winner
from hearts_core.wording import points_phrase
from hearts_learner.match_store import MatchStore
from tests.test_widget_match import SEED, current, legal_cards, pass_any, play_hand, store, widget
from tests.test_widget_match_showme import legal_reviewer
from widgets import MatchWidget
from widgets.match.coach_payloads import ALL_FOLLOWED
from widgets.match.course import taken_sentence
from widgets.match.table_payloads import winning_sentence

__all__ = ["store"]  # the fixture, shared with test_widget_match


def short_rules(**changes: object) -> Rules:
    return Rules(target=1, **changes)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the story


def test_the_table_marks_who_led_and_the_suit_led(store: MatchStore) -> None:
    w = widget(store, speed="normal")
    pass_any(w)
    match = current(w)
    while not match.hand.current_trick:
        if w.pending == "learner":
            w.choose(legal_cards(w)[0])
            w.play_selected()
        else:
            w.advance(w.step)
    leader = match.hand.trick_leader
    assert leader is not None
    led = match.hand.current_trick[0]
    assert [card["led"] for card in w.table] == [True] + [False] * (len(w.table) - 1)
    assert w.table[0]["seat"] == leader and w.table[0]["card"]["text"] == str(led)
    assert w.story["leader"] == leader
    assert w.story["led_text"] == f"{'You' if leader == 0 else f'CPU{leader}'} led {led.suit.plural}."
    assert w.story["turn"] == match.to_move and w.story["taker"] == -1
    who = "Your turn." if match.to_move == 0 else f"CPU{match.to_move} to play."
    assert w.story["turn_text"] == who


def test_a_finished_trick_shows_its_taker_until_the_next_card(store: MatchStore) -> None:
    w = widget(store)  # instant: the computers answer at once, then the learner must act
    pass_any(w)
    match = current(w)
    while not (match.hand.tricks and not match.hand.current_trick and match.to_move == 0):
        w.choose(legal_cards(w)[0])
        w.play_selected()
    trick = match.hand.tricks[-1]
    assert w.story["taker"] == trick.winner == 0  # the learner leads after taking a trick
    assert w.story["taken_text"].startswith(f"You took the trick with {trick.played_by(0)}: ")
    assert w.story["turn_text"] == "Your turn to lead."
    assert [item["card"]["text"] for item in w.table] == [str(card) for card in trick.cards]
    assert [item["winner"] for item in w.table] == [seat == trick.winner for seat in trick.seats]
    w.choose(legal_cards(w)[0])
    w.play_selected()  # the next card clears it
    assert w.story["taker"] in (-1, match.hand.tricks[-1].winner)
    if match.hand.current_trick:
        assert [item["card"]["text"] for item in w.table] == [str(card) for card in match.hand.current_trick]


def test_stepped_play_keeps_the_taken_trick_until_the_next_card(store: MatchStore) -> None:
    w = widget(store, speed="normal")
    pass_any(w)
    match = current(w)
    while not w.trick_done:
        if w.pending == "learner":
            w.choose(legal_cards(w)[0])
            w.play_selected()
        else:
            w.advance(w.step)
    trick = match.hand.tricks[-1]
    assert w.story["taker"] == trick.winner
    assert w.story["taken_text"].endswith(f" with {trick.played_by(trick.winner)}: {points_phrase(trick.points)}.")
    assert w.header["trick_number"] == 1  # the finished trick on the table is the one counted
    if match.to_move != 0:
        w.advance(w.step)  # the next card: the taken trick goes
        assert w.story["taker"] == -1 and len(w.table) == 1 and w.table[0]["led"]


def spoken_cards(match: Match, seats: tuple[int, ...], cards: tuple[object, ...]) -> list[str]:
    names = ["You", "CPU1", "CPU2", "CPU3"]
    return [f"{names[seat]} {'led' if index == 0 else 'played'} {card} ({to_card(str(card)).name})."
            for index, (seat, card) in enumerate(zip(seats, cards, strict=True))]


def test_the_spoken_table_says_a_finished_trick_was_taken(store: MatchStore) -> None:
    w = widget(store)
    pass_any(w)
    match = current(w)
    while not (match.hand.tricks and not match.hand.current_trick and match.to_move == 0):
        w.choose(legal_cards(w)[0])
        w.play_selected()
    trick = match.hand.tricks[-1]
    spoken = w.story["spoken"]
    # Each card in play order, who took the trick (not "is winning" it), then whose turn it is.
    expected = [*spoken_cards(match, trick.seats, trick.cards), w.story["taken_text"], "Your turn to lead."]
    assert spoken == " ".join(expected)
    assert w.story["taken_text"] == f"You took the trick with {trick.played_by(0)}: {points_phrase(trick.points)}."
    assert "winning" not in spoken and "You is" not in spoken


def test_the_spoken_table_says_who_is_winning_a_trick_in_play(store: MatchStore) -> None:
    w = widget(store, speed="normal")
    pass_any(w)
    match = current(w)
    seen = 0
    while w.screen == "playing" and seen < 6:
        trick = match.hand.current_trick
        if len(trick) >= 2 and not w.trick_done:
            leader = match.hand.trick_leader
            assert leader is not None
            seats = tuple((leader + offset) % 4 for offset in range(len(trick)))
            best = trick_winner(trick)
            who = "You are" if seats[best] == 0 else f"CPU{seats[best]} is"
            assert f" {who} winning the trick with {trick[best]}. " in w.story["spoken"]
            assert w.story["spoken"].startswith(" ".join(spoken_cards(match, seats, tuple(trick))))
            assert "took the trick" not in w.story["spoken"]
            seen += 1
        if w.pending == "learner":
            w.choose(legal_cards(w)[0])
            w.play_selected()
        else:
            w.advance(w.step)
    assert seen >= 3


def test_who_is_winning_agrees_with_the_seat() -> None:
    cards = [to_card("♣10"), to_card("♣K"), to_card("♥2")]
    assert winning_sentence([3, 0, 1], cards) == "You are winning the trick with ♣K."
    assert winning_sentence([2, 3, 0], cards) == "CPU3 is winning the trick with ♣K."


@pytest.mark.parametrize(("points", "phrase"), [(0, "no points"), (1, "1 point"), (13, "13 points")])
def test_a_taken_trick_says_its_points_for_none_one_and_many(points: int, phrase: str) -> None:
    cards = (to_card("♠2"), to_card("♠A"), to_card("♠3"), to_card("♠4"))
    assert taken_sentence(Trick(2, cards, 3, points)) == f"CPU3 took the trick with ♠A: {phrase}."
    assert taken_sentence(Trick(3, cards, 0, points)) == f"You took the trick with ♠A: {phrase}."


def others_showed_a_void(match: Match) -> bool:
    hand = match.hand
    tricks = [list(zip(trick.seats, trick.cards, strict=True)) for trick in hand.tricks]
    if hand.current_trick and hand.trick_leader is not None:
        tricks.append([((hand.trick_leader + index) % 4, card) for index, card in enumerate(hand.current_trick)])
    return any(card.suit is not trick[0][1].suit for trick in tricks for seat, card in trick[1:] if seat != 0)


def test_the_coach_says_the_others_followed_only_when_true_and_useful(store: MatchStore) -> None:
    w = widget(store, show_coach=True)
    pass_any(w)
    match = current(w)
    shown = 0
    while w.screen == "playing":
        facts = w.coach["facts"]
        assert "Nobody has run out of a suit yet." not in facts
        said = ALL_FOLLOWED in facts
        others_followed_once = len(match.hand.tricks) > 0 or any(
            (match.hand.trick_leader + index) % 4 != 0 for index in range(1, len(match.hand.current_trick)))
        useful = others_followed_once and len(match.hand.hand(0)) > 1
        out_of = [fact for fact in facts if " has run out of " in fact]
        assert said == (useful and not others_showed_a_void(match)), (facts, match.hand.tricks)
        assert not (said and out_of)
        shown += said
        if len(match.hand.hand(0)) == 1:
            assert not said  # the last trick: nothing left to learn from it
        w.choose(legal_cards(w)[0])
        w.play_selected()
    assert shown >= 1


def test_the_coach_labels_its_two_figures(store: MatchStore) -> None:
    w = widget(store, show_coach=True)
    pass_any(w)
    assert w.coach["advice_title"] == "Best for the rest of the hand"
    assert w.coach["odds_title"] == "This trick only"
    assert w.coach["odds_columns"] == ["Card", "Takes this trick", "Points from this trick"]
    assert w.coach["facts"][0].endswith("cards are still hidden in the others' hands.")
    pick = current(w).hand.hand(0)  # the coach's pick is named for a screen reader
    names = [card for card in pick if str(card) == w.coach["cards"][0]["text"]]
    assert w.coach["pick_label"] == f"the coach would play {names[0].name}"


def test_the_chips_total_includes_the_finished_hand(store: MatchStore) -> None:
    w = MatchWidget(seed=SEED, rules=short_rules(), store=store, speed="instant")
    play_hand(w)
    match = current(w)
    assert w.screen == "match_over"
    for seat in w.seats:
        assert seat["total"] == match.totals[seat["seat"]]  # "total / this hand": the total has the hand in it
        assert seat["this_hand"] == match.hand.scores[seat["seat"]]
    assert [row["total"] for row in w.scores["rows"]] == [seat["total"] for seat in w.seats]


def test_after_a_reload_mid_move_the_offer_and_header_agree(store: MatchStore) -> None:
    w = widget(store, confirm_tricks=True)
    pass_any(w)
    while w.pending != "next_trick":
        w.choose(legal_cards(w)[0])
        w.play_selected()
    header_before = w.header["trick_number"]
    again = MatchWidget(store=store)
    assert again.screen == "offer" and again.offer["trick_number"] == header_before
    again.resume()
    assert again.header["trick_number"] == header_before == again.offer.get("trick_number", header_before)
    assert f"trick {header_before}." in again.message and again.pending == "next_trick"


# ------------------------------------------------------------------ habits


def test_settings_are_remembered_for_the_next_match(store: MatchStore, tmp_path: Path) -> None:
    w = widget(store)
    w.set_option("speed", "slow")
    w.set_option("confirm_tricks", True)
    w.set_option("levels", ["easy", "hard", "normal"])
    w.set_option("show_coach", True)
    w.set_option("show_danger", True)
    assert json.loads(store.settings_path.read_text())["settings"]["levels"] == ["easy", "hard", "normal"]
    store.save_path.unlink()  # no match to resume: a fresh match
    fresh = MatchWidget(store=store)
    assert fresh.screen == "passing"
    assert (fresh.speed, fresh.confirm_tricks, fresh.levels) == ("slow", True, ["easy", "hard", "normal"])
    assert fresh.show_coach and fresh.show_danger
    assert MatchWidget(store=MatchStore(tmp_path / "other")).speed == "normal"  # another folder, other habits
    store.save_path.unlink(missing_ok=True)
    # The learner's choice wins over a lesson's starting settings (lesson 9 switches the coach on).
    assert MatchWidget(store=store, speed="instant", show_coach=False).speed == "slow"
    store.save_path.unlink(missing_ok=True)
    assert MatchWidget(store=store, show_coach=False).show_coach


def test_unreadable_remembered_settings_are_kept_aside(store: MatchStore) -> None:
    store.directory.mkdir(parents=True, exist_ok=True)
    store.settings_path.write_text('{"format": "hearts-lessons-settings/1", "settings": [1, 2]', encoding="utf-8")
    w = MatchWidget(store=store)
    assert w.speed == "normal" and "remembered options could not be read" in w.notice
    assert not store.settings_path.exists()
    assert len(list(store.directory.glob("settings.json.corrupt-*"))) == 1
    w.set_option("speed", "slow")
    assert json.loads(store.settings_path.read_text())["settings"]["speed"] == "slow"


def test_a_bad_remembered_value_is_ignored(store: MatchStore) -> None:
    store.remember_settings({"speed": "warp", "levels": ["hard"] * 3, "tie_rule": "coin"})
    w = MatchWidget(store=store)
    assert w.speed == "normal" and w.levels == ["hard"] * 3 and w.tie_rule == "share"


def test_the_score_sheet_lists_every_finished_hand(store: MatchStore) -> None:
    w = widget(store)
    assert w.sheet["names"] == ["You", "CPU1", "CPU2", "CPU3"] and w.sheet["rows"] == []
    for _ in range(2):
        play_hand(w)
        w.next_hand()
    match = current(w)
    rows = w.sheet["rows"]
    assert [row["hand"] for row in rows] == [1, 2]
    assert [row["points"] for row in rows] == [list(hand.scores) for hand in match.history]
    assert rows[-1]["totals"] == list(match.totals)


def test_the_tie_rule_is_an_option_of_the_next_new_match(store: MatchStore) -> None:
    w = widget(store)
    assert current(w).rules.tie_rule == "share" and "share the win" in w.header["tie_text"]
    assert {item["value"] for item in w.option_lists["tie_rules"]} == {"share", "play_on"}
    w.set_option("tie_rule", "play_on")
    assert current(w).rules.tie_rule == "share"  # a match keeps its rules
    w.new_match(seed=4)
    assert current(w).rules.tie_rule == "play_on" and "another hand" in w.header["tie_text"]
    w.replay()
    assert current(w).rules.tie_rule == "play_on"
    assert "not a possible value" in w.set_option("tie_rule", "coin") and w.tie_rule == "play_on"
    store.save_path.unlink(missing_ok=True)
    assert current(MatchWidget(store=store)).rules.tie_rule == "play_on"  # remembered


def test_finished_matches_go_into_the_history(store: MatchStore) -> None:
    w = MatchWidget(seed=SEED, rules=short_rules(), store=store, speed="instant")
    play_hand(w)
    first = current(w)
    assert w.screen == "match_over"
    assert len(w.history) == 1 and w.history[0]["outcome"] in ("won", "drawn", "lost")
    assert w.history[0]["label"] and "_" not in w.history[0]["label"]
    w.new_match(seed=SEED + 1)
    play_hand(w)
    kept = store.history()
    assert [entry.match().seed for entry in kept] == [SEED + 1, SEED]  # newest first
    assert kept[1].match() == first and kept[1].totals == first.totals
    assert [entry["match_id"] for entry in w.history] == [entry.match_id for entry in kept]
    # The same match finished in another page is kept once.
    store.add_to_history(first, kept[1].match_id)
    assert len(store.history()) == 2


def test_a_finished_match_handed_in_is_not_added_again(store: MatchStore) -> None:
    match = Match.new(SEED, short_rules())
    w = MatchWidget(store=store, speed="instant", match=match)
    play_hand(w)
    assert len(store.history()) == 1
    MatchWidget(store=store, match=current(w))
    assert len(store.history()) == 1


def test_the_chips_and_the_sheet_say_their_numbers_in_whole_sentences(store: MatchStore) -> None:
    w = widget(store)
    assert w.header["pass_note"] == "Pass left: your 3 cards go to CPU1"
    assert w.header["tie_note"] == "This match: tied lowest totals share the win."
    pass_any(w)
    match = current(w)
    while len(match.hand.hand(0)) > 1:
        w.choose(legal_cards(w)[0])
        w.play_selected()
    for seat in w.seats:
        left = seat["cards_left"]
        if seat["seat"] == 0:
            assert seat["cards_text"] == "" and "left" not in seat["spoken"]
            assert seat["spoken"] == f"You: {seat['total']} in total, {seat['this_hand']} this hand, to play"
        else:
            assert seat["cards_text"] == ("1 card" if left == 1 else f"{left} cards")
            assert seat["spoken"].endswith(f"this hand, {seat['cards_text']} left")
    assert any(seat["cards_text"] == "1 card" for seat in w.seats)  # the last trick: some have one card left
    w.choose(legal_cards(w)[0])
    w.play_selected()
    row = w.sheet["rows"][0]
    assert row["hand_label"] in ("hand 1", "hand 1, the moon was shot")
    for seat, label in enumerate(row["labels"]):
        points = row["points"][seat]
        assert label == f"{w.sheet['names'][seat]}: {points_phrase(points)}, total {row['totals'][seat]}"


def test_the_review_names_each_play_for_a_screen_reader(store: MatchStore) -> None:
    w = widget(store)
    w.flow.advice.reviewer = legal_reviewer(2)  # type: ignore[assignment]  # two costly plays to name as such
    play_hand(w)
    w.open_review()
    steps = w.review["steps"]
    assert len(steps) == 13 and sum(1 for step in steps if step["mistake"]) == 2
    for step in steps:
        costly = ", a costly play" if step["mistake"] else ""
        assert step["label"] == f"trick {step['trick']}: you played {step['played']['label']}{costly}"
