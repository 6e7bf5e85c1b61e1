"""The analysis board at the trait level: setup by taps, the engine's words, the coach, play on, the link."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from hearts_core import format_position, parse_position
from hearts_core.cards import mask_of, to_card
from hearts_core.coach import recommend
from hearts_core.legality import describe
from hearts_core.match import Match, deal_hands
from hearts_core.puzzles import load_puzzles
from hearts_core.records import dump_record, load_record, position_before
from hearts_core.rules import Rules
from hearts_core.state import HandState, Phase
from hearts_learner.puzzle_store import PuzzleStore
from tests.support import played_hand
from widgets._base import card_data
from widgets.analysis import EXAMPLE_PUZZLE, LINK_PARAMETER, AnalysisBoard, read_position, turned_to_you
from widgets.match.review_payloads import review_payload
from widgets.puzzles import PuzzleBoard

IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
SYNCED = [*AnalysisBoard.class_own_traits(sync=True), "error"]
SETUP = ("deck", "target", "targets", "leader", "leaders", "setup_hand", "setup_tricks", "setup_status")


def traits(board: AnalysisBoard, *, but: tuple[str, ...] = ("message",)) -> dict[str, Any]:
    """Everything the front end sees, except what is named."""
    return {name: getattr(board, name) for name in SYNCED if name not in but}


def link_value(board: AnalysisBoard) -> str:
    """The position the board's link carries, read as a browser reads a query (URLSearchParams)."""
    return urllib.parse.parse_qs(board.link.removeprefix("?"))[LINK_PARAMETER][0]


# ------------------------------------------------------------------ setup


def test_a_position_set_up_by_taps_is_the_one_the_engine_reaches() -> None:
    state = played_hand(plays=6)  # trick 2 under way
    view = state.view(0)
    board = AnalysisBoard()
    assert board.mode == "setup" and board.position is None and board.link == ""
    for card in view.hand:
        assert board.tap_deck(str(card))
    assert board.choose_leader(view.plays[0][0])
    board.choose_target("play")
    for _, card in view.plays:
        assert board.tap_deck(str(card)), board.message
    assert board.setup_status[0].startswith("Your hand holds all")
    assert board.analyse(), board.message
    assert board.mode == "analyse"
    assert board.position == view
    assert board.position_text == format_position(view)


def test_setup_refusals_say_why_and_change_nothing() -> None:
    state = played_hand(plays=5)
    view = state.view(0)
    board = AnalysisBoard.from_view(view)
    board.edit()
    before = traits(board)

    def refused(action: Any, *arguments: Any, words: str) -> None:
        assert not action(*arguments)
        assert board.message["kind"] == "refused"
        assert words in board.message["text"]
        assert not IDENTIFIER.findall(board.message["text"])
        assert traits(board) == before

    played = str(view.plays[0][1])
    board.choose_target("play")
    before = traits(board)
    refused(board.tap_deck, played, words="has been played already")  # a card twice
    refused(board.choose_leader, 2, words="Take back the cards played first")  # who led is fixed by the plays
    board.choose_target("hand")
    before = traits(board)
    spare = next(str(card) for card in HandState.new(deal_hands(seed=3, hand_number=4), "hold").hand(1)
                 if card not in view.hand and card not in [c for _, c in view.plays])
    refused(board.tap_deck, spare, words="that is all 13")  # a fourteenth card


def test_the_first_leader_is_the_holder_of_the_two_of_clubs_when_you_hold_it() -> None:
    board = AnalysisBoard()
    board.tap_deck("♣2")
    before = traits(board)
    assert not board.choose_leader(1)
    assert "whoever holds ♣2 leads the first trick" in board.message["text"]
    assert traits(board) == before


def test_a_setup_the_engine_refuses_is_refused_in_its_words_and_changes_nothing() -> None:
    state = played_hand(plays=6)
    view = state.view(0)
    board = AnalysisBoard()
    for card in view.hand[:-1]:  # one card short
        board.tap_deck(str(card))
    board.choose_leader(view.plays[0][0])
    board.choose_target("play")
    for _, card in view.plays:
        assert board.tap_deck(str(card)), board.message
    before = traits(board)
    assert not board.analyse()
    assert board.message["kind"] == "refused"
    assert board.message["text"] == ("This position cannot arise in a game. In the hand: 10 cards are written, but "
                                     "you have played 2 of your 13, so you hold 11. Nothing changed.")
    assert traits(board) == before and board.position is None


def test_clear_empties_the_board() -> None:
    board = AnalysisBoard.example()
    board.clear()
    assert board.mode == "setup" and board.position is None and board.link == "" and board.setup_hand == []
    assert all(card["place"] == "" for row in board.deck for card in row["cards"])


# ------------------------------------------------------------------ analyse


def test_every_card_says_what_the_engine_says() -> None:
    board = AnalysisBoard.example()
    view = board.position
    assert view is not None
    legal = view.legal_plays()
    assert {card["text"] for card in board.hand if card["legal"]} == {str(card) for card in legal}
    assert len(legal) < len(view.hand)  # the example has a card the rules refuse
    for card in view.hand:
        verdict = view.explain(card)
        assert board.why(str(card)) is verdict.legal
        assert board.message["text"] == verdict.message
        assert board.message["kind"] == ("allowed" if verdict.legal else "not-allowed")
        assert board.asked == str(card)


def test_the_coach_names_the_card_recommend_names_with_each_legal_cards_points() -> None:
    board = AnalysisBoard.example()
    view = board.position
    assert view is not None
    advice = board.ask_coach()
    expected = recommend(view)
    assert advice is not None and advice.card is expected.card
    assert board.coach["card"]["text"] == str(expected.card)
    assert board.coach["text"] == expected.reason
    assert [row["card"]["text"] for row in board.coach["rows"]] == [str(item.card) for item in expected.alternatives]
    assert {row["card"]["text"] for row in board.coach["rows"]} == {str(card) for card in view.legal_plays()}
    assert [row["best"] for row in board.coach["rows"]].count(True) == 1
    assert all(re.fullmatch(r"less than a point|about \d+ points?|a bonus of about \d+ points?", row["points"])
               for row in board.coach["rows"])


def test_the_coach_waits_for_your_turn() -> None:
    state = played_hand(plays=5)
    mover = state.to_move
    assert mover is not None
    board = AnalysisBoard.from_view(state.view((mover + 1) % 4))
    assert board.ask_coach() is None
    assert "Play on to your turn" in board.coach["text"]


def test_a_view_of_another_seat_is_shown_from_its_chair() -> None:
    state = played_hand(plays=11)
    mover = state.to_move
    assert mover is not None and mover != 0
    view = state.view(mover)
    board = AnalysisBoard.from_view(view)
    seen = board.position
    assert seen is not None and seen.seat == 0 and seen.to_move == 0
    assert seen.hand == view.hand and seen.legal_plays() == view.legal_plays()
    assert board.facts[1] == "It is your turn to play."
    assert seen == turned_to_you(parse_position(format_position(view)))


def test_from_record_opens_the_position_before_a_play() -> None:
    state = played_hand(plays=20)
    text = dump_record(Rules(), [state.to_record()])
    board = AnalysisBoard.from_record(text, 1, 15)
    assert board.position == turned_to_you(position_before(load_record(text), 1, 15))
    assert board.mode == "analyse"


def test_from_puzzle_opens_its_position() -> None:
    puzzle = next(puzzle for puzzle in load_puzzles() if puzzle.id == EXAMPLE_PUZZLE)
    assert AnalysisBoard.from_puzzle(puzzle).position == puzzle.view()


# ------------------------------------------------------------------ play on


def test_play_on_takes_every_seats_play_through_the_engine() -> None:
    board = AnalysisBoard.example()
    start = board.position
    assert start is not None
    assert board.play_on()
    assert board.state is not None
    seen = board.state.view(0)
    assert (seen.hand, seen.plays, seen.to_move) == (start.hand, start.plays, start.to_move)
    assert "one possible layout" in board.labels["layout"]
    # A card the rules refuse for the seat to play: the engine's words, nothing changes.
    state = board.state
    mover = state.to_move
    assert mover is not None
    refused = next(card for card in state.hand(mover) if card not in state.legal_plays())
    before = traits(board)
    assert not board.play(str(refused))
    assert board.message["text"] == f"{state.explain(refused).message} Nothing changed."
    assert traits(board) == before
    # A card of a seat whose turn it is not: the engine's words again.
    other = state.hand((mover + 1) % 4)[0]
    assert not board.play(str(other))
    assert board.message["text"] == f"{state.explain(other, seat=(mover + 1) % 4).message} Nothing changed."
    assert traits(board) == before
    # Any seat's legal card is played for that seat, and the computers play the rest of the hand.
    card = state.legal_plays()[-1]
    assert board.play(str(card))
    assert board.state is not None and board.state.plays[-1] == (mover, card)
    while board.state.to_move is not None:
        assert board.computer_play()
    assert board.state.is_over and board.state.phase is Phase.HAND_OVER
    assert not board.computer_play() and "The hand is over" in board.message["text"]


def test_back_and_forward_restore_exact_states() -> None:
    board = AnalysisBoard.example()
    board.play_on()
    seen = []

    def shown() -> dict[str, Any]:
        return traits(board, but=("message", "steps", "step_text"))  # how many plays are kept grows

    for _ in range(6):
        assert board.state is not None
        seen.append((board.state.copy(), shown()))
        board.computer_play()
    assert board.state is not None
    seen.append((board.state.copy(), shown()))
    for index in range(len(seen) - 1, 0, -1):
        assert board.state == seen[index][0] and shown() == seen[index][1]
        assert board.back()
    assert board.state == seen[0][0] and shown() == seen[0][1]
    assert not board.back() and board.message["text"] == "This is the position you started from."
    for index in range(1, len(seen)):
        assert board.forward()
        assert board.state == seen[index][0] and shown() == seen[index][1]
    assert not board.forward()
    # A new play after stepping back replaces the plays after it.
    board.back()
    board.back()
    assert board.state is not None
    card = board.state.legal_plays()[0]
    board.play(str(card))
    assert board.steps == len(seen) - 1 and board.step == board.steps - 1


def test_computers_play_to_your_turn_and_analyse_here_hides_the_other_hands_again() -> None:
    board = AnalysisBoard.example()
    board.play_on()
    before = traits(board)
    assert board.computers_to_you() == 0 and traits(board) == before  # your turn already: nothing played
    assert board.message["text"] == "It is your turn already: tap one of your cards."
    board.computer_play()  # your card, then the computers'
    assert board.computers_to_you() > 0
    assert board.state is not None and board.state.to_move in (0, None)
    reached = board.state.view(0)
    assert board.analyse_here()
    assert board.mode == "analyse" and board.position is not None
    assert (board.position.hand, board.position.plays) == (reached.hand, reached.plays)
    assert read_position(link_value(board)) == board.position


def test_the_same_board_plays_the_same_layout() -> None:
    first, second = AnalysisBoard.example(seed=4), AnalysisBoard.example(seed=4)
    first.play_on()
    second.play_on()
    assert first.state == second.state


# ------------------------------------------------------------------ the link


def test_a_board_opened_from_its_own_link_shows_the_same_position() -> None:
    for board in (AnalysisBoard.example(), AnalysisBoard.from_view(played_hand(plays=23).view(2))):
        value = link_value(board)
        assert value == board.position_text
        again = AnalysisBoard()
        assert again.open_link(value)
        assert again.position == board.position
        assert traits(again, but=("message", "opened", *SETUP)) == traits(board, but=("message", "opened", *SETUP))
        assert again.opened and not board.opened


def test_the_link_follows_play_on() -> None:
    board = AnalysisBoard.example()
    start = board.link
    board.play_on()
    board.computer_play()
    assert board.link != start
    assert board.state is not None
    assert read_position(link_value(board)).plays == board.state.view(0).plays
    board.back()
    assert board.link == start


@pytest.mark.parametrize(("text", "part"), [("0 junk", "In the position as a whole: 2 fields are written"),
                                            ("7 - hold - -", "In the seat: Seats are"),
                                            ("0 ♣2♣2 hold - 0:", "In the hand, card 2:")])
def test_a_bad_link_leaves_the_board_empty_with_a_sentence(text: str, part: str) -> None:
    board = AnalysisBoard.example()
    assert not board.open_link(text)
    assert board.mode == "setup" and board.position is None and board.link == "" and board.position_text == ""
    assert board.setup_hand == [] and board.message["kind"] == "refused"
    said = board.message["text"]
    assert said.startswith("The position in the page's link cannot be read, so the board is empty.")
    assert part in said and not IDENTIFIER.findall(said)


def test_no_link_keeps_the_board() -> None:
    board = AnalysisBoard.example()
    before = traits(board, but=("message", "opened"))
    assert not board.open_link(None)
    assert traits(board, but=("message", "opened")) == before


@pytest.mark.parametrize("link", [None, "0 junk", "SELF"])
def test_the_board_says_once_it_has_answered_the_link(link: str | None) -> None:
    # The page hides the notebook's board until then: every answer, even a refusal, ends the wait.
    board = AnalysisBoard.example()
    value = link_value(AnalysisBoard.from_view(played_hand(plays=23).view(2))) if link == "SELF" else link
    assert not board.opened
    board.open_link(value)
    assert board.opened


def test_paste_opens_a_line_and_a_bad_line_changes_nothing() -> None:
    board = AnalysisBoard.example()
    board.edit()
    before = traits(board)
    assert not board.paste("1 nonsense")
    assert board.message["kind"] == "refused" and traits(board) == before
    assert not board.paste("   ")
    view = played_hand(plays=11).view(1)
    assert board.paste(format_position(view))
    assert board.position == turned_to_you(view)


def test_taps_arrive_as_messages() -> None:
    board = AnalysisBoard()
    assert board._dispatch(board, {"type": "deck", "card": "♣2"}, [])
    assert board.setup_hand[0]["text"] == "♣2"
    assert board._dispatch(board, {"type": "link", "position": None}, [])
    assert not board._dispatch(board, {"type": "deck", "card": 3}, [])
    assert board._dispatch(board, {"type": "paste", "text": AnalysisBoard.example().position_text}, [])
    assert board.mode == "analyse"


def test_an_answered_puzzle_links_its_position_on_the_analysis_board(tmp_path: Path) -> None:
    puzzles = PuzzleBoard(store=PuzzleStore(tmp_path))
    href = puzzles.analysis_link["href"]
    assert href.startswith("analysis.ipynb?")
    board = AnalysisBoard()
    assert board.open_link(urllib.parse.parse_qs(href.partition("?")[2])[LINK_PARAMETER][0])
    assert board.position == puzzles.puzzle.view()


def test_a_pasted_record_opens_before_a_play_and_a_bad_one_changes_nothing() -> None:
    state = played_hand(plays=20)
    text = dump_record(Rules(), [state.to_record()])
    board = AnalysisBoard()
    before = traits(board)
    for hand, play, words in ((1, 40, "so its positions are before plays 1 to 21"), (2, 1, "there is no hand 2")):
        assert not board.open_record(text, hand, play)
        assert board.message["kind"] == "refused" and words in board.message["text"], board.message
        assert not IDENTIFIER.findall(board.message["text"])
        assert traits(board) == before
    for junk, words in (("not a record", "is not a match record"), ("{\"format\": 1}", "could not be read")):
        assert not board.open_record(junk, 1, 1) and traits(board) == before
        assert words in board.message["text"] and "JSON" not in board.message["text"]
    assert board.open_record(text, 1, 15)
    assert board.position == turned_to_you(position_before(load_record(text), 1, 15))
    assert board._dispatch(board, {"type": "record", "text": text, "hand": 1, "play": 3}, [])
    assert board.position == turned_to_you(position_before(load_record(text), 1, 3))


def test_review_this_hand_links_each_of_your_plays_to_the_position_before_it() -> None:
    hand = played_hand(plays=52)
    match = Match(5, Rules(), [hand])  # a match whose first hand is over
    review = review_payload(match, 1, ())
    assert len(review.steps) == 13
    for number, step in enumerate(review.steps, start=1):
        assert step.analysis is not None and step.analysis["href"].startswith("analysis.ipynb?position=")
        board = AnalysisBoard()
        assert board.open_link(urllib.parse.parse_qs(step.analysis["href"].partition("?")[2])[LINK_PARAMETER][0])
        seen = board.position
        assert seen is not None and seen.to_move == 0 and len(seen.tricks) == number - 1
        assert str(hand.tricks[number - 1].played_by(0)) in {str(card) for card in seen.legal_plays()}
        assert seen == hand_view_before(hand, number)


def hand_view_before(hand: HandState, trick: int) -> Any:
    """Your view just before your card in ``trick``, replayed by hand from the deal."""
    state = HandState.new([hand.dealt(seat) for seat in range(4)], hand.pass_direction, hand.rules)
    for seat, card in hand.plays:
        if state.to_move == 0 and len(state.tricks) == trick - 1:
            break
        state.play(card, seat=seat)
    return state.view(0)


def test_every_word_the_front_end_shows_comes_from_python() -> None:
    source = (Path(__file__).resolve().parents[1] / "widgets" / "static" / "analysis_board.js").read_text()
    wanted = set(re.findall(r"\bwords\.(\w+)", source)) | set(re.findall(r"labels\(\)\.(\w+)", source))
    assert wanted and wanted <= set(AnalysisBoard().labels)
    assert not re.search(r"""textContent\s*=\s*["'][A-Za-z]""", source)  # no English typed into the page


def test_a_play_the_rules_refuse_on_what_is_known_is_refused_at_once_in_the_engines_words() -> None:
    board = AnalysisBoard()
    for card in ("♣3", "♦5"):
        board.tap_deck(card)
    board.choose_leader(1)
    board.choose_target("play")
    before = traits(board)
    assert not board.tap_deck("♥5")  # CPU1 leads the first trick: only ♣2 may open it
    assert board.message["text"] == ("CPU1 cannot have played ♥5 here. The rules would have told CPU1: “The first "
                                     "trick always opens with ♣2, so you must lead ♣2, not ♥5.” Nothing changed.")
    assert traits(board) == before
    for card in ("♣2", "♣K", "♣Q"):
        assert board.tap_deck(card)
    before = traits(board)
    assert not board.tap_deck("♦9")  # you hold ♣3, so you follow clubs
    expected = describe(to_card("♦9"), mask_of([to_card("♣3"), to_card("♦5"), to_card("♦9")]),
                        (to_card("♣2"), to_card("♣K"), to_card("♣Q")), True, False).message
    assert board.message["text"] == f"You cannot have played ♦9 here: {expected} Nothing changed."
    assert traits(board) == before
    assert board.tap_deck("♣3")  # played from your hand
    assert [card["text"] for card in board.setup_hand] == ["♦5"]
    assert board.setup_tricks[0]["plays"][-1] == {"seat": "You", "card": card_data(to_card("♣3"))}
    before = traits(board)
    assert not board.tap_deck("♦5")  # CPU2 took the trick with ♣K and leads: your ♦5 is not CPU2's
    assert board.message["text"] == "♦5 is in your hand, so CPU2 cannot have played it. Nothing changed."
    assert traits(board) == before
