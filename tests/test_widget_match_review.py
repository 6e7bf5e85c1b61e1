"""MatchWidget, issue 12: the coach's recommendation, "Review this hand" and the match summary.

The review screen is tested with a scripted reviewer (the flow's ``reviewer``), so these
tests pin the page whatever the engine finds; the tests at the end run the engine's
own ``hearts_core.review.review_hand`` and ``hearts_core.coach.recommend``, whose answers
the page reads as they are.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from hearts_core import HandState, Match, Phase, Rules, coach
from hearts_core.bots import make_bot
from hearts_core.errors import InvalidPositionError
from hearts_core.review import HandReview, Mistake, PassMistake, review_hand, unchecked_words
from hearts_core.wording import and_list, points_phrase
from hearts_learner.match_store import MatchStore
from hearts_learner.puzzle_store import PuzzleStore
from hearts_referee.ismcts import confirms_costly
from tests.support import careless_hand
from tests.test_match_advice import judged_reviewer
from tests.test_widget_match import SEED, current, legal_cards, pass_any, play_hand, store, widget
from widgets import MatchWidget
from widgets.match.advice import kernel_review
from widgets.match.review_payloads import summary_payload

__all__ = ["store"]  # the fixture, shared with test_widget_match

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Z_]{4,}\b")


def scripted(costly_tricks: dict[int, float], kept: tuple[int, ...] = (),
             pass_cost: float | None = None) -> tuple[list[tuple[HandState, int]], object]:
    """A reviewer that flags the learner's card in the given tricks; and the calls it received.

    Each flagged trick gets its own better card (the learner's card of the next trick), so the
    flags are separate mistakes; at the tricks in ``kept`` the better card is the learner's
    last card, held all hand: one mistake, repeated.  With ``pass_cost`` the learner's pass is
    flagged too, the better pass being their first three cards of the first tricks.
    """
    calls: list[tuple[HandState, int]] = []

    def reviewer(state: HandState, seat: int) -> HandReview:
        calls.append((state, seat))
        items = []
        for trick, cost in costly_tricks.items():
            played = state.tricks[trick - 1].played_by(seat)
            better = state.tricks[-1 if trick in kept else trick % len(state.tricks)].played_by(seat)
            items.append(Mistake(trick, played, better, cost, f"{better} was the safer card here.", cost, 0.0))
        passed = state.passed(seat)
        passing = None
        if pass_cost is not None and passed:
            kept_cards = tuple(state.tricks[number].played_by(seat) for number in range(3))
            passing = PassMistake(passed, kept_cards, pass_cost, 0.5, f"{kept_cards[0]} was the card to give.")
        return HandReview(seat, tuple(items), len(state.tricks), state.points_taken[seat], pass_mistake=passing)

    return calls, reviewer


def test_review_this_hand_marks_each_costly_play(store: MatchStore) -> None:
    w = widget(store)
    calls, reviewer = scripted({2: 13.0, 7: 1.5})
    w.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    assert "once it is over" in w.open_review() and w.review == {}  # not during play
    play_hand(w)
    assert w.screen == "hand_over" and "Review this hand to see which of your plays cost points" in w.message
    message = w.open_review()
    assert message == "Hand 1: 2 costly mistakes, expected to cost you about 14 points together."
    hand = current(w).hand
    review = w.review
    assert review["hand_number"] == 1 and review["mistakes"] == 2 and review["lost"] == 14.5
    assert [step["trick"] for step in review["steps"]] == list(range(1, 14))
    assert [step["played"]["text"] for step in review["steps"]] == [str(t.played_by(0)) for t in hand.tricks]
    marked = [step["trick"] for step in review["steps"] if step["mistake"]]
    assert marked == [2, 7]
    second = review["steps"][1]
    assert second["better"]["text"] in second["why"] and second["cost"] == 13.0
    assert second["text"] == (f"Trick 2: you played {hand.tricks[1].played_by(0)}; {second['better']['text']} was "
                              "better (expected to save you about 13 points).")
    taken = hand.points_taken[0]
    assert review["text"] == ("2 costly mistakes, expected to cost you about 14 points together, are marked below; "
                              f"you took {taken} point{'s' if taken != 1 else ''} in this hand.").replace(
                                  "you took 0 points", "you took no points")
    assert all(step["better"] is None and step["why"] == "" for step in review["steps"] if not step["mistake"])
    assert len(calls) == 1 and calls[0][1] == 0  # reviewed once, for the learner, in the background
    w.close_review()
    assert w.review == {} and w.screen == "hand_over"
    w.open_review()
    assert len(calls) == 1  # the review is kept
    w.next_hand()
    assert w.review == {}


def test_a_repeated_mistake_is_listed_once_with_its_tricks_and_its_cost_counted_once(store: MatchStore) -> None:
    # Issue 35: one idea (cash the lone ♣A) was flagged at tricks 4, 5, 7 and 8 and its four costs added up.
    w = widget(store)
    _, reviewer = scripted({2: 13.0, 4: 2.0, 5: 3.0, 7: 2.5, 8: 2.0}, kept=(4, 5, 7, 8))
    w.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    play_hand(w)
    assert w.open_review() == "Hand 1: 2 costly mistakes, expected to cost you about 16 points together."
    hand = current(w).hand
    mine = {number: str(trick.played_by(0)) for number, trick in enumerate(hand.tricks, start=1)}
    review = w.review
    assert review["lost"] == 16.0 and review["mistakes"] == 5  # 13 + 3, not 13 + 2 + 3 + 2.5 + 2
    assert review["entries"] == [
        f"Trick 2: you played {mine[2]}; {mine[3]} was better (expected to save you about 13 points).",
        f"Tricks 4, 5, 7 and 8: you played {mine[4]}, {mine[5]}, {mine[7]} and {mine[8]}; {mine[13]} was better "
        "each time (one mistake, repeated: expected to save you about 3 points, counted once).",
    ]
    taken = points_phrase(hand.points_taken[0])
    said = ("2 costly mistakes, expected to cost you about 16 points together, are marked below; "
            f"you took {taken} in this hand.")
    # (Which of the scripted plays the engine's own judge agrees to keep as puzzles is the engine's business; the
    # review says so when any is kept.)
    assert review["text"] == said or (w.flow.kept_of(1) and review["text"].startswith(said + " "))
    steps = review["steps"]
    assert [step["trick"] for step in steps if step["mistake"]] == [2, 4, 5, 7, 8]  # every play still marked
    assert steps[4]["text"] == (f"Trick 5: you played {mine[5]}; {mine[13]} was better, as at tricks 4, 7 and 8 (one "
                                "mistake, repeated: expected to save you about 3 points, counted once).")
    assert steps[7]["text"].startswith(f"Trick 8: you played {mine[8]}; {mine[13]} was better, as at tricks 4, 5 and "
                                       "7 (")
    # A screen reader hears it on the step's button too, not only in the text.
    assert steps[4]["label"].endswith(", a costly play, the same mistake as at tricks 4, 7 and 8")
    assert steps[1]["label"].endswith(", a costly play")
    assert not any(IDENTIFIER.search(text) for text in (*review["entries"], review["text"]))
    items = w.flow.review_of(1)
    summary = summary_payload(current(w), lambda number: items)
    assert [row.lost for row in summary.rows] == [16.0] and summary.lost == 16.0
    # The match summary names each mistake once too: two, not five costly plays.
    repeated = f"{mine[4]}, {mine[5]}, {mine[7]} and {mine[8]} (one mistake, at tricks 4, 5, 7 and 8)"
    assert summary.rows[0].mistakes == 2 and summary.rows[0].plays == [mine[2], repeated]
    assert summary.rows[0].text == (f"2 costly mistakes: {mine[2]} and {repeated}, expected to cost about 16 points; "
                                    f"{taken} taken.")


def test_a_costly_pass_is_the_first_entry_and_its_cost_counts_once(store: MatchStore) -> None:
    # Issue 35: the pass was never reviewed; a costly one is now the review's first entry, before the plays.
    w = widget(store)
    _, reviewer = scripted({2: 13.0}, pass_cost=4.2)
    w.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    play_hand(w)
    hand = current(w).hand
    passed = hand.passed(0)
    assert passed is not None  # the first hand passes left
    better = [str(hand.tricks[number].played_by(0)) for number in range(3)]
    mine = {number: str(trick.played_by(0)) for number, trick in enumerate(hand.tricks, start=1)}
    assert w.open_review() == "Hand 1: 2 costly mistakes, expected to cost you about 17 points together."
    review = w.review
    assert review["entries"] == [
        f"Your pass: you passed {passed[0]}, {passed[1]} and {passed[2]}; passing {better[0]}, {better[1]} "
        f"and {better[2]} was better (expected to save you about 4 points). {better[0]} was the card to give.",
        f"Trick 2: you played {mine[2]}; {mine[3]} was better (expected to save you about 13 points).",
    ]
    assert review["lost"] == 17.2 and review["mistakes"] == 1  # the pass counted once; one play marked
    assert [step["trick"] for step in review["steps"] if step["mistake"]] == [2]
    taken = points_phrase(hand.points_taken[0])
    assert review["text"] == ("2 costly mistakes, expected to cost you about 17 points together, are marked below; "
                              f"you took {taken} in this hand.")
    assert not any(IDENTIFIER.search(text) for text in (*review["entries"], review["text"]))
    summary = summary_payload(current(w), w.flow.review_of, w.flow.pass_of)
    row = summary.rows[0]
    assert row.lost == 17.2 and row.mistakes == 2 and summary.lost == 17.2
    assert row.plays == [f"your pass ({and_list(passed)})", mine[2]]
    assert row.text == (f"2 costly mistakes: your pass ({and_list(passed)}) and {mine[2]}, expected to cost about "
                        f"17 points; {taken} taken."), row.text


def test_a_pass_alone_is_not_called_no_costly_mistake(store: MatchStore) -> None:
    w = widget(store)
    _, reviewer = scripted({}, pass_cost=2.0)
    w.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    play_hand(w)
    assert w.open_review() == "Hand 1: 1 costly mistake, expected to cost you about 2 points."
    assert len(w.review["entries"]) == 1 and w.review["entries"][0].startswith("Your pass: you passed ")
    assert w.review["text"].startswith("1 costly mistake, expected to cost you about 2 points, is marked below;")


def test_a_hand_without_mistakes_says_so(store: MatchStore) -> None:
    w = widget(store)
    _, reviewer = scripted({})
    w.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    play_hand(w)
    assert w.open_review() == "Hand 1: the review found no costly mistake in your choices."
    assert w.review["mistakes"] == 0 and not any(step["mistake"] for step in w.review["steps"])
    # It says what the review cannot see (luck), and never calls the hand well played for its score.
    assert "not the luck of the deal" in w.review["text"] and "Well played" not in w.review["text"]


def test_a_failing_review_does_not_stop_the_match(store: MatchStore) -> None:
    w = widget(store)

    def broken(state: HandState, seat: int) -> HandReview:
        raise RuntimeError("no")

    w.flow.advice.reviewer = broken  # type: ignore[assignment]
    play_hand(w)
    assert w.open_review() == "This hand could not be reviewed, sorry."
    assert w.review["available"] is False and w.error == ""
    w.next_hand()
    assert w.screen == "passing"


def test_the_match_over_screen_sums_the_points_lost_per_hand(store: MatchStore) -> None:
    w = MatchWidget(seed=SEED, rules=Rules(target=40), store=store, speed="instant")
    _, reviewer = scripted({1: 2.0, 3: 0.5})
    w.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    while w.screen != "match_over":
        play_hand(w)
        if w.screen == "hand_over":
            w.next_hand()
    hands = len(current(w).history)
    summary = w.summary
    assert [row["hand"] for row in summary["rows"]] == list(range(1, hands + 1))
    assert all(row["mistakes"] == 2 and row["lost"] == 2.5 for row in summary["rows"])
    assert summary["lost"] == round(2.5 * hands, 1)
    assert f"expected to cost you about {round(2.5 * hands)} points over the match" in summary["text"]
    # Points taken stand beside the points lost, hand by hand and in all.
    taken = [hand.points_taken[0] for hand in current(w).hands]
    assert [row["taken"] for row in summary["rows"]] == taken and summary["taken"] == sum(taken)
    assert f"you took {sum(taken)} point" in summary["text"] or "you took no points" in summary["text"]
    assert all(row["lost_text"] == "about 2 points" for row in summary["rows"])
    w.open_review()  # the last hand can be reviewed from the match-over screen too
    assert w.review["hand_number"] == hands


def test_the_review_is_an_action_the_front_end_can_send(store: MatchStore) -> None:
    w = widget(store)
    _, reviewer = scripted({1: 3.0})
    w.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    play_hand(w)
    w._dispatch(w, {"type": "review"}, None)
    assert w.review["mistakes"] == 1 and w.error == ""
    w._dispatch(w, {"type": "close_review"}, None)
    assert w.review == {} and w.error == ""


# ---------------------------------------------------------------- the coach


def test_the_coach_panel_shows_the_recommendation_and_keeps_the_numbers(store: MatchStore) -> None:
    w = widget(store, show_coach=True)
    assert w.coach["passing"] is True and len(w.coach["cards"]) == 3 and w.coach["advice"]
    assert w.coach["outlooks"] == []
    pass_any(w)
    advice = coach.recommend(current(w).view(0))
    assert advice.card is not None and advice.cards == ()
    assert [card["text"] for card in w.coach["cards"]] == [str(advice.card)]
    assert str(advice.card) in legal_cards(w)
    assert w.coach["advice"] == advice.reason and w.coach["outlooks"]  # the numbers stay
    w.set_option("show_coach", False)
    assert w.coach == {}


def test_recommendations_are_legal_and_in_plain_words() -> None:
    for seed in range(3):
        match = Match.new(seed)
        advice = coach.recommend(match.view(0))
        assert len(advice.cards) == 3 and advice.choice == advice.cards and set(advice.cards) <= set(match.hand.hand(0))
        assert advice.reason and not IDENTIFIER.search(advice.reason)
        for seat in range(4):
            match.pass_cards(seat, make_bot("normal", seed=seat).choose_pass(match.view(seat)))
        while match.phase is Phase.PLAYING:
            seat = match.to_move
            assert seat is not None
            if seat == 0:
                advice = coach.recommend(match.view(0))
                assert advice.choice == (advice.card,)
                assert advice.card in match.legal_plays()
                assert advice.reason and not IDENTIFIER.search(advice.reason), advice.reason
            else:
                with pytest.raises(InvalidPositionError):  # not the learner's turn: the page shows nothing
                    coach.recommend(match.view(0))
            match.play(make_bot("easy", seed=seed).choose_play(match.view(seat)), seat=seat)


# ------------------------------------------------- the review the page really runs


def check_review(hand: HandState, items: tuple[Mistake, ...]) -> None:
    """What any review must satisfy: the learner's own, unforced plays, a legal better card, words."""
    replay = HandState.new([hand.dealt(seat) for seat in range(4)], hand.pass_direction, hand.rules)
    for seat in range(4):
        passed = hand.passed(seat)
        if passed:
            replay.pass_cards(seat, passed)
    legal_at: dict[int, tuple[object, ...]] = {}
    for index, (seat, card) in enumerate(hand.plays):
        if seat == 0:
            legal_at[index // 4 + 1] = replay.legal_plays()
        replay.play(card, seat=seat)
    tricks = [item.trick for item in items]
    assert tricks == sorted(tricks) and len(set(tricks)) == len(tricks)
    for item in items:
        assert 1 <= item.trick <= 13
        assert item.played is hand.tricks[item.trick - 1].played_by(0)
        legal = legal_at[item.trick]
        assert len(legal) > 1, "a forced play is never a mistake"
        assert item.better in legal and item.better is not item.played
        assert item.cost > 0 and item.why and not IDENTIFIER.search(item.why), item.why


def test_the_page_reviews_real_hands_sensibly() -> None:
    for seed in (1, 7, 11):
        hand = careless_hand(seed)
        check_review(hand, review_hand(hand, 0).mistakes)


@pytest.mark.real_review
def test_the_engines_review_is_the_one_the_page_uses(store: MatchStore) -> None:
    w = widget(store)
    assert w.flow.advice.reviewer is kernel_review  # the engine's review, with OpenSpiel's second opinion here
    play_hand(w)
    engine = review_hand(current(w).hands[0], 0, outside=confirms_costly).mistakes
    page = w.flow.review_of(1)
    assert page is not None
    assert [(item.trick, item.played, item.better, item.cost, item.why) for item in page] == \
        [(item.trick, item.played, item.better, item.cost, item.why) for item in engine]
    check_review(current(w).hands[0], page)


def test_the_engines_recommend_is_the_one_the_page_uses(store: MatchStore) -> None:
    w = widget(store, show_coach=True)
    engine = coach.recommend(current(w).view(0))
    assert [card["text"] for card in w.coach["cards"]] == [str(card) for card in engine.cards]
    assert len(engine.cards) == 3 and w.coach["advice"] == engine.reason


@pytest.mark.real_review
def test_a_played_hand_in_the_widget_gets_the_real_review(store: MatchStore) -> None:
    w = widget(store)
    pass_any(w)
    play_hand(w)
    w.open_review()
    items = review_hand(current(w).hand, 0, outside=confirms_costly).mistakes
    assert w.review["mistakes"] == len(items)
    assert [step["trick"] for step in w.review["steps"] if step["mistake"]] == [item.trick for item in items]


def test_a_resumed_match_reviews_its_earlier_hands_in_the_background(store: MatchStore) -> None:
    w = widget(store)
    for _ in range(2):
        play_hand(w)
        w.next_hand()
    again = MatchWidget(store=store)
    calls, reviewer = scripted({4: 1.0})
    again.flow.advice.reviewer = reviewer  # type: ignore[assignment]
    again.resume()
    reviews = [again.flow.review_of(number) for number in (1, 2)]
    assert [len(items or ()) for items in reviews] == [1, 1]
    assert sorted(len(state.tricks) for state, _ in calls) == [13, 13] and len(calls) == 2
    assert [state for state, _ in calls] == list(current(again).history)




def test_the_review_says_its_costly_plays_wait_on_the_puzzles_page_once_they_are_kept(store: MatchStore) -> None:
    w = widget(store)
    w.flow.advice.reviewer = judged_reviewer([])
    play_hand(w)
    w.open_review()
    assert w.review["mistakes"] == 2
    assert w.review["text"].endswith("2 costly plays from this hand are kept for you to try again: they come back "
                                     "under Your mistakes on the puzzles page within 10 minutes, then further apart "
                                     "as you get them right.")
    assert not IDENTIFIER.search(w.review["text"])
    cards = PuzzleStore(store.directory).load().cards  # the match's own data folder
    assert [card.kind for card in cards] == ["play", "play"]
    assert all(card.due <= datetime.now(UTC) + timedelta(minutes=10) for card in cards)  # as the sentence says
    assert all(card.id.startswith(f"match:{w.flow.match_id}:1:") for card in cards)


def test_the_review_promises_nothing_when_its_plays_could_not_be_kept(store: MatchStore) -> None:
    w = widget(store)
    w.flow.advice.reviewer = judged_reviewer([], limit=1)
    (store.directory / "puzzles.json").write_text('{"format": "hearts-lessons-puzzles/9"}', encoding="utf-8")
    play_hand(w)  # a newer version's progress: left alone, nothing saved over it
    w.open_review()
    assert w.review["mistakes"] == 1 and "puzzles page" not in w.review["text"] and w.error == ""


def test_without_a_second_engine_the_page_says_how_many_plays_it_left_out(store: MatchStore) -> None:
    """The static site's kernel has no OpenSpiel: its review leaves out the costly plays it cannot have confirmed
    before the last tricks, and the hand's review, the message and the match's summary all say how many."""
    w = widget(store)
    w.flow.advice.reviewer = review_hand  # no outside judge, as in Pyodide
    play_hand(w)
    engine = review_hand(current(w).hands[0], 0)
    assert engine.unchecked > 0, "the first legal card every time: costly plays before the last tricks"
    left_out = unchecked_words(engine.unchecked)
    assert w.open_review().endswith(left_out)
    assert w.review["text"].endswith(left_out)
    assert w.flow.unchecked_of(1) == engine.unchecked
    assert summary_payload(current(w), w.flow.review_of, w.flow.pass_of, w.flow.unchecked_of).text.endswith(left_out)
