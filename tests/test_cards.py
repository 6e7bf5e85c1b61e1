"""Cards: notation, parsing of every accepted form, refusal of malformed text, value semantics."""

from __future__ import annotations

import copy
import pickle

import pytest

from hearts_core import DECK, Card, InvalidCardError, Suit, parse_card, parse_cards
from hearts_core.cards import cards_from_mask, mask_of, read_card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("♣10", "♣10"), ("10♣", "♣10"), ("10C", "♣10"), ("TC", "♣10"), ("tc", "♣10"), ("10c", "♣10"),
        ("♠Q", "♠Q"), ("Q♠", "♠Q"), ("qs", "♠Q"), ("QS", "♠Q"), ("q♠", "♠Q"),
        ("♥A", "♥A"), ("ah", "♥A"), ("♦2", "♦2"), ("2d", "♦2"), ("  ♦J ", "♦J"), ("♠️K", "♠K"),
    ],
)
def test_parse_accepts_every_documented_form(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


SPELLINGS = ["♣10", "10♣", "10C", "TC", "tc", "T♣", "♠Q", "Q♠", "qs", "♤Q", "♠️Q", "ah", "♡A", "jd", "2c", "♧2"]


def test_read_card_reads_runs_of_every_spelling_one_way_only() -> None:
    # Every pair of spellings written together reads as the two cards, ending where each ends.
    for first in SPELLINGS:
        for second in SPELLINGS:
            text = first + second
            one = read_card(text)
            assert one is not None and one[1] == len(first), text
            two = read_card(text, one[1])
            assert two is not None and two[1] == len(text), text
            assert (one[0], two[0]) == (parse_card(first), parse_card(second))


@pytest.mark.parametrize(("text", "start"),
                         [("", 0), ("♣1", 0), ("♣2x", 2), ("S10", 0), ("♣2 ♣3", 2), ("2ſ", 0), ("qſ", 0)])
def test_read_card_finds_no_card_where_none_starts(text: str, start: int) -> None:
    assert read_card(text, start) is None


@pytest.mark.parametrize(
    "text", ["", "Q", "♠", "1♠", "11S", "QQ", "♠Q♠", "Q S", "XS", "10", "S10", "♣1O", "queen of spades", "♠Q ♥2"]
)
def test_parse_refuses_malformed_text_and_quotes_it(text: str) -> None:
    with pytest.raises(InvalidCardError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_parse_refuses_non_text() -> None:
    with pytest.raises(InvalidCardError, match="12"):
        parse_card(12)  # type: ignore[arg-type]


def test_parse_cards_keeps_order_and_names_the_bad_item() -> None:
    assert [str(card) for card in parse_cards("♣A ♦K\t♠Q\n2h")] == ["♣A", "♦K", "♠Q", "♥2"]
    with pytest.raises(InvalidCardError, match=r"'ZZ' \(item 2"):
        parse_cards("♣A ZZ ♠Q")


def test_every_card_round_trips_through_str_and_repr() -> None:
    namespace = {"Card": Card, "Suit": Suit}
    for card in DECK:
        assert parse_card(str(card)) is card
        assert eval(repr(card), namespace) is card


def test_cards_are_frozen_hashable_ordered_values() -> None:
    queen = parse_card("♠Q")
    with pytest.raises(AttributeError):
        queen.rank = 2  # type: ignore[misc]
    assert {queen: 13}[Card(Suit.SPADES, 12)] == 13
    assert pickle.loads(pickle.dumps(queen)) is queen
    assert copy.deepcopy(queen) is queen
    assert sorted(parse_cards("♥2 ♠A ♣K ♦3 ♣2")) == list(parse_cards("♣2 ♣K ♦3 ♠A ♥2"))
    assert len(set(DECK)) == 52


def test_card_constructor_validates() -> None:
    with pytest.raises(InvalidCardError):
        Card(Suit.SPADES, 15)
    with pytest.raises(InvalidCardError):
        Card("spades", 12)  # type: ignore[arg-type]


def test_names_and_colours_for_screen_readers() -> None:
    assert parse_card("♠Q").name == "queen of spades"
    assert parse_card("♣10").name == "ten of clubs"
    assert parse_card("♥A").suit.is_red and not parse_card("♣A").suit.is_red


def test_masks_round_trip() -> None:
    hand = parse_cards("♥A ♣2 ♠Q")
    assert cards_from_mask(mask_of(hand)) == tuple(sorted(hand))
