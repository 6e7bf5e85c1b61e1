"""MatchWidget, issue 35: "Show me" beside each costly mistake of a reviewed hand.

The review is scripted (legal mistakes at known plays, with their play index as the engine's
review records it), so these tests pin the page's Show me whatever the engine finds; what it
lays out is the engine's own :func:`hearts_core.difference.showcase` of the mistake's position.
"""

from __future__ import annotations

import pytest

from hearts_core import HandState, Rules
from hearts_core.records import view_before_play
from hearts_core.review import HandReview, Mistake, PassMistake, group_mistakes, play_index
from hearts_core.rules import NUM_SEATS
from hearts_learner.match_store import MatchStore
from tests.meanings import Reading, read_show
from tests.test_widget_match import current, play_hand, store, widget
from widgets import MatchWidget
from widgets.match.flow import mistake_showcase
from widgets.puzzles.payloads import end_said

__all__ = ["store"]


def legal_reviewer(count: int, *, pass_cost: float | None = None) -> object:
    """A reviewer flagging the learner's first ``count`` plays that had another legal card, that card being better;
    with ``pass_cost``, the pass too."""

    def reviewer(state: HandState, seat: int) -> HandReview:
        items = []
        for number, trick in enumerate(state.tricks, start=1):
            index = (number - 1) * NUM_SEATS + (seat - trick.leader) % NUM_SEATS
            played = trick.played_by(seat)
            others = [card for card in view_before_play(state, index).legal_plays() if card is not played]
            if others and len(items) < count:
                items.append(Mistake(number, played, others[0], 3.0 + number, f"{others[0]} was safer.", 3.0, 0.0,
                                     play=index))
        passing = None
        passed = state.passed(seat)
        if pass_cost is not None and passed:
            passing = PassMistake(passed, passed, pass_cost, 0.5, "Another pass was better.")
        return HandReview(seat, tuple(items), len(state.tricks), state.points_taken[seat], pass_mistake=passing)

    return reviewer


def reviewed(store: MatchStore, count: int = 2, *, pass_cost: float | None = None) -> MatchWidget:
    w = widget(store)
    w.flow.advice.reviewer = legal_reviewer(count, pass_cost=pass_cost)  # type: ignore[assignment]
    play_hand(w)
    w.open_review()
    return w


def test_each_costly_mistake_has_show_me_which_lays_out_its_own_deal_only_when_pressed(store: MatchStore) -> None:
    w = reviewed(store)
    items = w.flow.review_of(1)
    assert items is not None and len(items) == 2
    hand = current(w).hands[0]
    shows = w.review["shows"]
    assert shows == [{"text": "Show me", "name": f"Show me one deal played out with {item.played} and with "
                      f"{item.better}", "mistake": at, "open": False} for at, item in enumerate(items)]
    assert w.review["showcase"] == {}  # built only when pressed
    said = w.message
    message = w.show_mistake(1)
    item = items[1]
    assert message == f"{item.played} and {item.better}, played out in one deal"
    assert w.message == said  # not said again: focus goes to the panel's heading, which says it
    shown = w.review["showcase"]
    layout = mistake_showcase(hand, item)
    assert shown["heading"] == f"{item.played} and {item.better}, played out in one deal"
    assert [line["label"] for line in shown["lines"]] == [f"Your card: {item.played}",
                                                           f"The better card: {item.better}"]
    assert [line["end"] for line in shown["lines"]] == [end_said(item.played, layout.other.scores[0]),
                                                         end_said(item.better, layout.best.scores[0])]
    # From the mistake's trick to the last, both lines' cards; the cards already on the table marked.
    assert [step["heading"] for step in shown["steps"]] == [f"Trick {number} of 13"
                                                            for number in range(item.trick, 14)]
    first = shown["steps"][0]["lines"][0]["cards"]
    trick = hand.tricks[item.trick - 1]
    already = (0 - trick.leader) % NUM_SEATS
    # The game's own trick up to the learner's card; the cards after it are the sampled deal's.
    assert [card["card"]["text"] for card in first][:already + 1] == [str(card) for card in trick.cards][:already + 1]
    assert [card["before"] for card in first] == [at < already for at in range(NUM_SEATS)]
    assert sum(step["parting"] for step in shown["steps"]) == (layout.parting is not None)
    assert bool(shown["never"]) == (layout.parting is None)
    assert [show["open"] for show in w.review["shows"]] == [False, True]
    # Closed by its own action; the review and its buttons stay.
    w.hide_showcase()
    assert w.review["showcase"] == {} and w.review["shows"] == shows and w.review["steps"]
    assert w.show_mistake(1) and w.review["showcase"] == shown  # the same deal again: fixed by the position


def test_show_me_refuses_a_mistake_the_review_does_not_have_and_changes_nothing(store: MatchStore) -> None:
    w = reviewed(store)
    w.show_mistake(0)
    before = w.review
    for wrong in (2, -1):
        assert w.show_mistake(wrong) == "There is no such costly play to show in this review."
        assert w.review == before
    w._dispatch(w, {"type": "show_mistake", "mistake": "1"}, None)  # a string is refused before anything runs
    assert w.review == before and w.error


def test_the_pass_has_no_show_me_and_the_buttons_keep_their_entries_places(store: MatchStore) -> None:
    w = reviewed(store, 1, pass_cost=2.0)
    assert w.review["entries"][0].startswith("Your pass")  # the first hand passes left
    assert len(w.review["shows"]) == len(w.review["entries"]) == 2
    assert w.review["shows"][0] == {} and w.review["shows"][1]["mistake"] == 0


def test_show_me_is_an_action_the_front_end_can_send_and_closes_with_the_review(store: MatchStore) -> None:
    w = reviewed(store)
    w._dispatch(w, {"type": "show_mistake", "mistake": 0}, None)
    assert w.review["showcase"]["steps"] and w.error == ""
    w._dispatch(w, {"type": "hide_showcase"}, None)
    assert w.review["showcase"] == {} and w.error == ""
    w.show_mistake(0)
    w.close_review()
    w.open_review()
    assert w.review["showcase"] == {}  # a review opens with nothing laid out


def position_of(hand: HandState, index: int) -> HandState:
    """``hand`` replayed from its deal (passes made) to just before play ``index``."""
    state = HandState.new([hand.dealt(seat) for seat in range(NUM_SEATS)], hand.pass_direction, hand.rules)
    for seat in range(NUM_SEATS):
        passed = hand.passed(seat)
        if passed:
            state.pass_cards(seat, passed)
    for _, card in hand.plays[:index]:
        state.play(card)
    return state


@pytest.mark.real_review
def test_the_real_reviews_show_me_means_what_it_says(store: MatchStore) -> None:
    # The engine's own review of a hand played by the first legal cards (3 costly mistakes), each one's
    # Show me read by the meaning checker against the deal it lays out, re-played from its cards.
    w = MatchWidget(seed=2026, rules=Rules(target=1), store=store, speed="instant", confirm_tricks=False)
    play_hand(w)
    w.open_review()
    items = w.flow.review_of(1)
    assert items
    hand = current(w).hands[0]
    reading = Reading()
    for at, group in enumerate(group_mistakes(items)):
        w.show_mistake(at)
        index = play_index(hand, 0, group.costliest)
        read_show(w.review["showcase"], position_of(hand, index), 0, reading, where=f"trick {group.costliest.trick}")
    assert reading.texts == len(group_mistakes(items)) and reading.recognised >= 10 * reading.texts
    assert not reading.false and not reading.unrecognised, (reading.false, reading.unrecognised)
