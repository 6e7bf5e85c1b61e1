"""The engine's notebook pictures (hearts_core.display): what they draw is what the engine says."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from hearts_core import Hand, HandState, Match, parse_cards
from hearts_core.cards import DECK, to_card
from hearts_core.coach import recommend
from hearts_core.match import deal_hands
from hearts_core.review import review_hand
from hearts_core.wording import and_list, seat_name
from tests.support import second_opinion_agrees

IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


class Picture(HTMLParser):
    """The cards of a picture (with their attributes) and its visible words."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.cards: list[dict[str, str | None]] = []
        self.hands: list[list[str]] = []
        self.winners: list[str] = []
        self.words: list[str] = []
        self.scripts = 0
        self._skip = 0
        self._stack: list[str] = []
        self._winner = False
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        self._stack.append(tag)
        if tag == "script":
            self.scripts += 1
        if tag == "style":
            self._skip += 1
        if "hl-hand" in classes:
            self.hands.append([])
        if "hl-played" in classes:
            self._winner = "is-winner" in classes
        if "hl-card" in classes:
            self.cards.append(found)
            if self.hands:
                self.hands[-1].append(found["data-card"] or "")
            if self._winner:
                self.winners.append(found["data-card"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.words.append(data.strip())

    @property
    def text(self) -> str:
        return " ".join(self.words)


def played_match(seed: int = 5, plays: int = 20) -> Match:
    match = Match.new(seed=seed)
    for seat in range(4):
        match.pass_cards(seat, match.hand.hand(seat)[:3])
    for _ in range(plays):
        match.play(match.legal_plays()[0])
    return match


def assert_speakable(picture: Picture, html: str) -> None:
    assert picture.scripts == 0 and "<style>" in html
    assert html.startswith('<div class="hl-root hl-picture"') and 'aria-label="' in html[:200]
    for card in picture.cards:  # every card is an image named as the widgets name it
        named = to_card(card["data-card"] or "")
        assert card["role"] == "img"
        assert card["aria-label"] == f"{named.rank_text}{named.suit.symbol}, {named.name}"
    assert not IDENTIFIER.findall(picture.text), IDENTIFIER.findall(picture.text)


def test_a_card_draws_as_the_widgets_draw_it_and_its_repr_stays_code() -> None:
    card = to_card("♠Q")
    html = card._repr_html_()
    picture = Picture(html)
    assert [found["data-card"] for found in picture.cards] == ["♠Q"]
    assert picture.cards[0]["data-suit"] == "spades"
    assert eval(repr(card), {"Card": type(card), **vars(__import__("hearts_core"))}) is card
    assert_speakable(picture, html)


def test_a_hand_in_play_shows_the_seat_to_move_with_the_engines_playable_cards() -> None:
    match = played_match()
    state = match.hand
    html = state._repr_html_()
    picture = Picture(html)
    seat = state.to_move
    assert seat is not None
    hand = picture.hands[-1]
    assert hand == [str(card) for card in state.hand(seat)]
    legal = {found["data-card"] for found in picture.cards if found.get("data-legal") == "true"}
    assert legal == {str(card) for card in state.legal_plays()}
    assert f"{seat_name(seat)} to play." in picture.text or "You to play." in picture.text
    assert f"Trick {len(state.tricks) + 1} of 13." in picture.text
    assert_speakable(picture, html)


def test_a_trick_shows_four_cards_from_its_leader_and_marks_the_winner() -> None:
    trick = played_match().hand.tricks[2]
    html = trick._repr_html_()
    picture = Picture(html)
    assert [found["data-card"] for found in picture.cards] == [str(card) for card in trick.cards]
    assert picture.winners == [str(trick.played_by(trick.winner))]
    assert f"{seat_name(trick.winner)} took the trick with {trick.played_by(trick.winner)}" in picture.text
    assert_speakable(picture, html)


def test_a_verdict_shows_the_engines_reason() -> None:
    state = played_match().hand
    refused = next(card for card in state.hand(state.to_move or 0) if card not in state.legal_plays())
    verdict = state.explain(refused)
    picture = Picture(verdict._repr_html_())
    assert picture.cards[0]["data-legal"] == "false" and picture.cards[0]["data-card"] == str(refused)
    assert "Not allowed" in picture.text and verdict.message in picture.text
    allowed = Picture(state.explain(state.legal_plays()[0])._repr_html_())
    assert "Allowed" in allowed.text and "Not allowed" not in allowed.text


def test_a_finished_hand_shows_all_four_hands_and_the_scores() -> None:
    match = played_match(plays=52)
    state = match.hand
    assert state.is_over
    picture = Picture(state._repr_html_())
    assert len(picture.hands) == 4 and sorted(card for hand in picture.hands for card in hand) == sorted(
        str(card) for card in DECK)
    for seat, hand in enumerate(picture.hands):
        assert {to_card(card) for card in hand} == {card for player, card in state.plays if player == seat}
    assert "Your cards after the pass" in picture.text and "You's" not in picture.text
    sheet = Picture(match._repr_html_())
    assert " ".join(str(total) for total in match.totals) in sheet.text
    assert "Hand 1 is over; the match goes on." in sheet.text


def test_a_passing_hand_shows_every_seats_hand_and_the_direction() -> None:
    state = HandState.new(deal_hands(seed=3, hand_number=2), "right")
    picture = Picture(state._repr_html_())
    assert [[to_card(card) for card in hand] for hand in picture.hands] == [list(state.hand(seat)) for seat in range(4)]
    assert "pass to the right" in picture.text


def test_a_view_and_the_coach_and_a_review_draw_what_they_hold() -> None:
    match = played_match(seed=4, plays=21)  # a deal whose review finds a costly pass and a repeated mistake
    view = match.hand.view(match.hand.to_move or 0)
    seen = Picture(view._repr_html_())
    assert seen.hands[-1] == [str(card) for card in view.hand]
    advice = recommend(view)
    drawn = Picture(advice._repr_html_())
    assert [found["data-card"] for found in drawn.cards] == [str(card) for card in advice.choice]
    assert advice.reason in drawn.text
    while not match.hand.is_over:
        match.play(match.legal_plays()[0])
    review = review_hand(match.hand, 0, outside=second_opinion_agrees)
    shown = Picture(review._repr_html_())
    assert review.summary() in shown.text and "Review of your hand" in shown.text
    for group in review.groups:  # one entry per mistake, a repeated one once with its tricks
        if group.repeated:
            assert (f"Tricks {and_list(group.tricks)}: {and_list(group.played)} were played; {group.better} was better "
                    "each time (one mistake, repeated).") in shown.text
        else:
            assert f"Trick {group.tricks[0]}: {group.played[0]} was played; {group.better} was better." in shown.text
    assert any(group.repeated for group in review.groups)  # this hand repeats one
    passing = review.pass_mistake  # the three lowest cards passed: a costly pass, drawn first
    assert passing is not None and passing.describe() in shown.text
    assert [found["data-card"] for found in shown.cards] == [
        *(str(card) for card in (*passing.passed, *passing.better)),
        *(str(card) for group in review.groups for card in (*group.played, group.better))]


@pytest.mark.parametrize("name", ["card", "state", "match"])
def test_no_picture_carries_a_script(name: str) -> None:
    match = played_match()
    html = {"card": to_card("♥A")._repr_html_(), "state": match.hand._repr_html_(), "match": match._repr_html_()}[name]
    assert "<script" not in html.lower() and "onclick" not in html.lower()


def test_a_hand_is_a_tuple_that_draws_itself() -> None:
    state = HandState.new(deal_hands(seed=3, hand_number=4), "hold")
    hand = state.hand(0)
    assert isinstance(hand, Hand) and hand == tuple(hand) and repr(hand) == repr(tuple(hand))
    picture = Picture(hand._repr_html_())
    assert picture.hands == [[str(card) for card in hand]]
    assert "Your hand" in hand._repr_html_()
    assert parse_cards("♣A ♦K")._repr_html_().count('class="hl-card') == 2
