"""Practice at the trait level: choose cards as a learner would and compare with the engine."""

from __future__ import annotations

import pytest

from hearts_core import InvalidPositionError, Match, Rules, check_play, format_position, parse_card
from hearts_core.scenarios import POSITIONS, position
from widgets.practice import Practice


def test_shows_the_question_the_table_and_the_hand() -> None:
    practice = Practice("practice-clubs-led")
    assert practice.question == "CPU1, CPU2 and CPU3 have played. Which card would you play?"
    assert practice.seats == ["CPU1", "CPU2", "CPU3", "You"]
    assert [(item["seat"], item["card"]["text"]) for item in practice.table] == [
        ("CPU1", "♣10"), ("CPU2", "♣K"), ("CPU3", "♥5"),
    ]
    # Ask before telling: the hand carries no verdict before a card is tried.
    assert [card["text"] for card in practice.hand] == ["♣3", "♣A", "♠Q", "♦7", "♥9"]
    assert all("legal" not in card for card in practice.hand)
    assert (practice.answered, practice.tried, practice.feedback) == (False, [], {})


def test_first_try_is_a_legal_first_card() -> None:
    right, wrong = Practice("practice-clubs-led"), Practice("practice-clubs-led")
    right.choose("♣3")
    wrong.choose("♠Q")
    wrong.choose("♣3")
    assert (right.answered, right.first_try) == (True, True)
    assert (wrong.answered, wrong.first_try) == (True, False)
    assert wrong.feedback["link"] == {}
    refused = Practice("practice-clubs-led")
    refused.choose("♠Q")
    assert refused.feedback["link"]["href"] == "glossary.ipynb#follow"


def test_an_illegal_card_says_why_in_the_engines_words_and_does_not_answer() -> None:
    practice = Practice("practice-clubs-led")
    feedback = practice.choose("♠Q")
    assert not feedback.legal and feedback.reason == "must_follow_suit"
    assert feedback.message == "Clubs were led and you hold ♣3 and ♣A, so you must play one of them."
    assert feedback.consequence == "" and feedback.winner is None
    assert practice.feedback["message"] == feedback.message and practice.feedback["trick"] == []
    assert practice.answered is False
    assert practice.tried == [{"card": "♠Q", "legal": False}]


def test_the_verdict_and_the_cards_mark_reach_the_front_end_in_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    # Sent one by one, the message said "refused" while the card was not yet marked (a test's look fell between).
    practice = Practice("practice-clubs-led")
    sent: list[set[str]] = []
    monkeypatch.setattr(practice, "send_state", lambda key: sent.append({key} if isinstance(key, str) else set(key)))
    practice.choose("♠Q")
    assert len(sent) == 1 and {"feedback", "tried", "selected"} <= sent[0], sent


def test_a_legal_card_tells_who_takes_the_trick() -> None:
    practice = Practice("practice-clubs-led")
    low = practice.choose("♣3")
    assert low.legal and low.consequence == "CPU2 takes the trick with ♣K and 1 point."
    assert (low.winner, low.points) == (2, 1)
    assert practice.answered is True
    assert [(item["seat"], item["card"]["text"], item["winner"]) for item in practice.feedback["trick"]] == [
        ("CPU1", "♣10", False), ("CPU2", "♣K", True), ("CPU3", "♥5", False), ("You", "♣3", False),
    ]
    # The page picks the learner's own sentences by "you", never by comparing names with "You".
    assert [item["you"] for item in practice.feedback["trick"]] == [False, False, False, True]
    assert [item["you"] for item in practice.table] == [False, False, False]
    high = practice.choose("♣A")
    assert high.consequence == "You take the trick with ♣A and 1 point."


@pytest.mark.parametrize(("card", "points"), [("♠Q", 14), ("♥9", 2), ("♥J", 2), ("♦4", 1), ("♦7", 1)])
def test_without_clubs_anything_goes_and_the_points_follow(card: str, points: int) -> None:
    feedback = Practice("practice-no-clubs").choose(card)
    assert feedback.legal
    assert feedback.consequence == f"CPU2 takes the trick with ♣K and {points} point{'s' if points > 1 else ''}."


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_card_of_every_position_agrees_with_the_engine(name: str) -> None:
    where = position(name)
    practice = Practice(name)
    for card in where.hand:
        feedback = practice.choose(card)
        verdict = check_play(where.hand, where.trick, card,
                             first_trick=where.first_trick, hearts_broken=where.hearts_broken)
        assert (feedback.legal, feedback.reason, feedback.message) == (
            verdict.legal, verdict.reason.value, verdict.message,
        )
        outcome = where.outcome(card) if verdict.legal else None
        assert (feedback.winner, feedback.points) == (outcome or (None, None))
    assert [item["card"] for item in practice.tried] == [str(card) for card in where.hand]
    assert practice.answered == bool(where.legal())


def test_trying_again_keeps_each_card_once_and_answered_stays() -> None:
    practice = Practice("practice-clubs-led")
    for card in ("♠Q", "♣3", "♠Q", "♥9", "♣3"):
        practice.choose(card)
    assert practice.tried == [
        {"card": "♠Q", "legal": False}, {"card": "♣3", "legal": True}, {"card": "♥9", "legal": False},
    ]
    assert practice.answered is True  # a later illegal try does not undo the answer
    assert practice.selected == "♣3"


def test_an_unfinished_trick_says_so() -> None:
    feedback = Practice("need-not-beat").choose("♣3")
    assert feedback.legal and feedback.winner is None
    assert feedback.consequence.startswith("The trick is not finished yet")


def test_a_card_not_in_the_hand_is_refused_by_the_engine() -> None:
    feedback = Practice("practice-clubs-led").choose(parse_card("♥A"))
    assert (feedback.legal, feedback.reason) == (False, "not_in_hand")


def test_messages_from_the_front_end_reach_choose() -> None:
    practice = Practice("practice-clubs-led")
    practice._dispatch(practice, {"type": "choose", "card": "♣A"}, None)
    assert practice.error == "" and practice.answered and practice.selected == "♣A"
    practice._dispatch(practice, {"type": "choose", "card": "♣Z"}, None)
    assert practice.error.startswith("Something went wrong:") and "♣Z" in practice.error
    assert practice.selected == "♣A" and len(practice.tried) == 1  # a bad message changes nothing


GUIDES_POSITION = ("0 ♣3♣A♦7♠Q♥9 hold 0:♣2♣J♣Q♦A/2:♦5♦K♦2♦6/3:♠6♠2♠7♠8/2:♦8♦9♦3♦10/1:♠9♠10♠J♠3/3:♦J♦4♦Q♥2/"
                   "1:♠K♥3♥4♠4/1:♠A♥6♥7♠5 1:♣10♣K♥5")


def test_a_position_in_the_notation_asks_the_same_question_as_the_named_one() -> None:
    from_notation = Practice.from_position(GUIDES_POSITION, prompt="Which card?")
    named = Practice("practice-clubs-led")
    assert sorted(from_notation.hand, key=str) == sorted(named.hand, key=str) and from_notation.table == named.table
    assert from_notation.question == "Which card?"
    for card in ("♣3", "♠Q", "♥9", "♣A"):
        assert from_notation.choose(card) == named.choose(card)


def test_a_position_at_another_seat_is_asked_from_that_seat_and_judged_on_its_whole_history() -> None:
    match = Match.new(seed=11, rules=Rules(qs_breaks_hearts=True))
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    while not (match.hand.current_trick and match.hand.to_move == 2 and len(match.hand.tricks) >= 3):
        match.play(match.legal_plays()[0])
    view = match.hand.view(2)
    practice = Practice.from_position(format_position(view))
    assert [card["text"] for card in practice.hand] == [str(card) for card in view.hand]
    leader = match.hand.trick_leader
    assert leader is not None
    assert practice.seats[0] == ("You" if leader == 2 else f"CPU{(leader - 2) % 4}")
    for card in view.hand:  # every verdict is the engine's on the whole position, house rules included
        assert practice.choose(card).reason == view.explain(card).reason.value


@pytest.mark.parametrize(("text", "part", "says"), [
    ("0 ♣3♣3♣A♦7♠Q♥9 hold - 0:", "hand, card 2", "written twice"),
    ("not a position", "position", "3 fields"),
    (GUIDES_POSITION.replace(" 1:♣10♣K♥5", " 1:♣10♣K♥5♣4"), "table", "4 cards"),
    (GUIDES_POSITION.replace(" 1:♣10♣K♥5", " 1:♣10♣K"), "position", "not seat 0's turn"),
])
def test_a_position_that_asks_nothing_or_cannot_be_read_is_refused_by_its_part(text: str, part: str,
                                                                                says: str) -> None:
    with pytest.raises(InvalidPositionError) as refused:
        Practice.from_position(text)
    assert refused.value.part == part and str(refused.value).startswith(part + ":") and says in str(refused.value)
