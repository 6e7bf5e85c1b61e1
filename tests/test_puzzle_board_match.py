"""The puzzle board on a match puzzle (issue 35, lesson 21): the match score on the board, and Show me's match."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hearts_core import wording
from hearts_core.cards import to_card
from hearts_core.coach import position_seed
from hearts_core.difference import PLAY_OUT_DEALS, showcase
from hearts_core.scoring import Outcome, match_outcome, match_winners
from hearts_core.state import HandState
from hearts_learner.puzzle_store import PuzzleStore
from tests.match_puzzle_fixture import BOARD_TOTALS, match_puzzle
from tests.support import cited_puzzle
from tests.test_difference import HEART_DEAL, HEART_PLAYS
from widgets.puzzles import PuzzleBoard
from widgets.puzzles import flow as flow_module
from widgets.puzzles.payloads import match_said, match_totals

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def board(tmp_path: Path, *, mode: str = "page") -> PuzzleBoard:
    return PuzzleBoard((match_puzzle(),), store=PuzzleStore(tmp_path), clock=lambda: NOON, seed=7, mode=mode,
                       goal=1 if mode == "worked" else 5)


def test_a_match_puzzle_shows_each_total_before_the_hand_and_with_its_points_so_far(tmp_path: Path) -> None:
    widget = board(tmp_path)
    view = widget.puzzle.view()
    assert view.match_totals == BOARD_TOTALS and view.points_taken == (1, 13, 0, 5)
    assert widget.match_totals == {
        "heading": "The match score",
        "columns": ["Player", "Total before this hand", "With this hand's points so far"],
        "rows": [{"seat": "You", "before": "60", "now": "61", "you": True},
                 {"seat": "CPU1", "before": "70", "now": "83", "you": False},
                 {"seat": "CPU2", "before": "62", "now": "62", "you": False},
                 {"seat": "CPU3", "before": "95", "now": "100", "you": False}],
        "said": "Counting this hand's points so far, CPU3's total is already 100, so the match ends after this hand "
                "and the lowest total then wins.",
    }
    # A lesson's worked position is the same board: it shows the score too.
    assert board(tmp_path / "worked", mode="worked").match_totals == widget.match_totals


def test_a_puzzle_without_totals_shows_no_match_score(tmp_path: Path) -> None:
    puzzle = cited_puzzle("2026-300-39")
    assert puzzle.view().match_totals is None
    widget = PuzzleBoard((puzzle,), store=PuzzleStore(tmp_path), clock=lambda: NOON, seed=7)
    assert widget.match_totals == {}


def test_the_score_says_who_already_reaches_100_and_only_when_no_moon_can_undo_it() -> None:
    view = match_puzzle().view()  # points taken this hand: You 1, CPU1 13, CPU3 5
    said = match_totals(dataclasses.replace(view, match_totals=(99, 70, 62, 80)))["said"]
    assert said == ("Counting this hand's points so far, your total is already 100, so the match ends after this hand "
                    "and the lowest total then wins.")
    said = match_totals(dataclasses.replace(view, match_totals=(99, 90, 62, 95)))["said"]
    assert said == ("Counting this hand's points so far, You, CPU1 and CPU3 already have 100 or more, so the match "
                    "ends after this hand and the lowest total then wins.")
    rule = "A total of 100 or more after this hand ends the match, and the lowest total then wins."
    assert match_totals(dataclasses.replace(view, match_totals=(10, 20, 30, 40)))["said"] == rule
    # Only CPU1 has taken points (15): it could still take them all and shoot the moon, so no end is promised.
    state = HandState.new(HEART_DEAL, "hold")
    for card in HEART_PLAYS.split():
        state.play(card)
    alone = state.view(0, match_totals=(70, 88, 95, 70))
    assert alone.points_taken == (0, 15, 0, 0)
    assert match_totals(alone)["said"] == rule


def test_show_me_on_a_match_puzzle_says_each_lines_final_totals_and_who_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, object]] = []
    real = flow_module.showcase
    monkeypatch.setattr(flow_module, "showcase",
                        lambda *args, **kwargs: calls.append(kwargs) or real(*args, **kwargs))
    widget = board(tmp_path)
    assert widget.puzzle.data["partings"] == {}  # a match puzzle may store no parting: Show me needs none
    widget.choose("♦A")
    assert widget.show()
    assert calls[0]["totals"] == BOARD_TOTALS and calls[0]["stored"] is None and calls[0]["named"] is None
    layout = widget.flow.shown.layout if widget.flow.shown is not None else None
    view = widget.puzzle.view()
    assert layout == showcase(view, to_card("♥8"), to_card("♦A"), deals=PLAY_OUT_DEALS, seed=position_seed(view),
                              totals=BOARD_TOTALS)
    # The lines shown end the match differently: ♥8's wins it, ♦A's does not (checked by the scoring rules).
    finals = {line.card: tuple(total + score for total, score in zip(BOARD_TOTALS, line.scores, strict=True))
              for line in (layout.best, layout.other)}
    assert match_outcome(finals[to_card("♥8")], 0) is Outcome.WON
    assert match_outcome(finals[to_card("♦A")], 0) is not Outcome.WON
    shown = widget.showcase
    assert layout.turned > 0
    assert shown["intro"] == (
        "This is one way the hidden cards could lie: one deal of the 100 played out, with everyone playing on "
        f"sensibly. In {layout.turned} of them, ♥8 ends the match better for you than ♦A (a win rather than a draw "
        "or a loss, or a draw rather than a loss), and this deal is one. Step through the tricks to see where the "
        "two cards part.")
    assert [line["label"] for line in shown["lines"]] == ["Your card: ♦A", "The better card: ♥8"]
    mine, better = (finals[to_card(card)] for card in ("♦A", "♥8"))
    listed = [", ".join(f"{seat} {total}" for seat, total in zip(("You", "CPU1", "CPU2", "CPU3"), totals, strict=True))
              for totals in (mine, better)]
    [winner] = match_winners(mine) or ()
    assert [line["match"] for line in shown["lines"]] == [
        f"After ♦A the match ends at {listed[0]}: {wording.seat_name(winner)} wins the match.",
        f"After ♥8 the match ends at {listed[1]}: you win the match."]
    # The lines part at the first trick someone else takes, or with other points: both takers said.
    [step] = [step for step in shown["steps"] if step["parting"]]
    number = layout.parting
    assert number is not None and step["heading"] == f"Trick {number} of 13"
    theirs, ours = (next(trick for trick in line.tricks if trick.number == number) for line in (layout.other,
                                                                                             layout.best))
    assert (theirs.winner, theirs.points) != (ours.winner, ours.points)
    assert step["marker"] == (
        f"Here the lines part: with ♦A played at trick 10, {wording.seat_name(theirs.winner)} took this trick and "
        f"{wording.points_phrase(theirs.points)}; with ♥8 played then, {wording.seat_name(ours.winner)} took it and "
        f"{wording.points_phrase(ours.points)}.")


@pytest.mark.parametrize(("totals", "said"), [
    ((60, 70, 62, 95), "you win the match"),  # the line's scores are You 1, CPU1 17, CPU2 3, CPU3 5
    ((64, 70, 62, 95), "you share the lowest total with CPU2, a draw"),
    ((65, 70, 62, 95), "CPU2 wins the match"),
    ((65, 83, 62, 60), "CPU2 and CPU3 share the win"),
    ((10, 20, 30, 40), "nobody has reached 100, so the match goes on"),
])
def test_each_end_of_the_match_is_said_in_words(totals: tuple[int, int, int, int], said: str) -> None:
    view = match_puzzle().view()
    layout = showcase(view, to_card("♥8"), to_card("♦A"), deals=PLAY_OUT_DEALS, seed=position_seed(view),
                      totals=BOARD_TOTALS)
    line = dataclasses.replace(layout.best, scores=(1, 17, 3, 5))
    text = match_said(dataclasses.replace(layout, totals=totals), line)
    finals = tuple(total + score for total, score in zip(totals, line.scores, strict=True))
    assert text.endswith(f": {said}.") and text.startswith("After ♥8 ")
    assert ", ".join(f"{seat} {total}" for seat, total in zip(("You", "CPU1", "CPU2", "CPU3"), finals,
                                                                  strict=True)) in text
    assert match_said(dataclasses.replace(layout, totals=None), line) == ""


def test_the_match_words_are_said_in_japanese_and_spanish(tmp_path: Path) -> None:
    for language, heading in (("ja", "対戦"), ("es", "partida")):
        wording.set_language(language)
        try:
            widget = board(tmp_path / language)
            widget.choose("♦A")
            assert widget.show()
            texts = [widget.match_totals["heading"], *widget.match_totals["columns"], widget.match_totals["said"],
                     widget.showcase["intro"],
                     *(line["match"] for line in widget.showcase["lines"]),
                     *(step["marker"] for step in widget.showcase["steps"] if step["marker"])]
            assert heading in widget.match_totals["heading"]
            assert not [text for text in texts if "match" in text or "{" in text or "_" in text]
        finally:
            wording.set_language("en")
