"""ScoreTable at the trait level: the guides' example, moons, ties, and live matches, checked with the engine."""

from __future__ import annotations

import pytest

from hearts_core import DECK, HandState, InvalidPositionError, Match, Rules, match_winners, parse_cards
from hearts_core.bots import make_bot
from hearts_core.scenarios import ScoreExample
from widgets.score_table import ScoreQuiz, ScoreTable


def example(before: tuple[int, int, int, int], this_hand: tuple[int, int, int, int]) -> ScoreExample:
    return ScoreExample("test", "A test table", before, this_hand)


def column(table: ScoreTable, key: str) -> list[object]:
    return [row[key] for row in table.rows]


def test_reaching_100_ends_the_match_and_the_lowest_wins() -> None:
    table = ScoreTable("reaching-100")
    assert table.title == "The hand that ends the match"
    assert column(table, "player") == ["You", "CPU1", "CPU2", "CPU3"]
    assert column(table, "before") == [24, 35, 40, 98]
    assert column(table, "this_hand_text") == ["+3", "+16", "+5", "+2"]
    assert column(table, "total") == [27, 51, 45, 100]
    assert column(table, "reached") == [False, False, False, True]
    assert column(table, "winner") == [True, False, False, False]
    assert table.ending == "The match is over: You win with 27. Reaching 100 does not win."
    assert (table.over, table.draw, table.winners, table.moon) == (True, False, ["You"], "")


def test_below_the_target_the_match_goes_on() -> None:
    table = ScoreTable(example((10, 20, 30, 40), (5, 5, 10, 6)))
    assert match_winners((15, 25, 40, 46)) is None
    assert (table.over, table.ending) == (False, "Nobody has reached 100 yet, so the match goes on.")


def test_a_moon_is_announced() -> None:
    table = ScoreTable(example((10, 20, 30, 40), (26, 0, 26, 26)))
    assert table.moon == ("CPU1 shot the moon: they took every heart and ♠Q, so CPU1 scores 0 for this hand "
                          "and everyone else scores 26.")
    assert column(table, "this_hand_text") == ["+26", "0", "+26", "+26"]
    mine = ScoreTable(example((0, 0, 0, 0), (0, 26, 26, 26)))
    assert mine.moon.startswith("You shot the moon: you took every heart and ♠Q, so you score 0")


def test_the_moon_follows_the_rules_variant() -> None:
    subtract = Rules(moon_subtracts=True)
    table = ScoreTable(example((74, 20, 30, 40), (-26, 0, 0, 0)), rules=subtract)
    assert table.moon.endswith("so you score -26 for this hand and everyone else scores 0.")
    assert ScoreTable(example((74, 20, 30, 40), (0, 26, 26, 26)), rules=subtract).moon == ""


def test_no_moon_for_ordinary_scores() -> None:
    assert ScoreTable(example((0, 0, 0, 0), (0, 13, 13, 0))).moon == ""


def test_sharing_the_lowest_total_is_a_draw_for_the_learner() -> None:
    table = ScoreTable(example((40, 90, 40, 50), (0, 20, 0, 6)))
    assert table.ending == ("The match is over: You and CPU2 share the lowest total, 40, so it is a draw. "
                            "Reaching 100 does not win.")
    assert (table.draw, table.winners) == (True, ["You", "CPU2"])
    assert column(table, "winner") == [True, False, True, False]


def test_computers_sharing_the_win() -> None:
    table = ScoreTable(example((80, 90, 40, 40), (0, 20, 0, 0)))
    assert table.ending == "The match is over: CPU2 and CPU3 share the win with 40. Reaching 100 does not win."
    assert not table.draw


def test_play_on_rule_continues_a_tie() -> None:
    table = ScoreTable(example((40, 90, 40, 50), (0, 20, 0, 6)), rules=Rules(tie_rule="play_on"))
    assert not table.over and table.winners == []
    assert table.ending.startswith("CPU1 reached 100, but the lowest total is shared, so the match goes on")


def play_out(match: Match, seed: int = 0) -> None:
    """Finish the current hand with seeded normal players."""
    bots = [make_bot("normal", seed=seed + seat) for seat in range(4)]
    if match.hand.phase.value == "passing":
        for seat in range(4):
            match.pass_cards(seat, bots[seat].choose_pass(match.view(seat)))
    while not match.hand.is_over:
        seat = match.to_move
        assert seat is not None
        match.play(bots[seat].choose_play(match.view(seat)), seat=seat)


def test_from_match_follows_a_live_match_to_its_end() -> None:
    match = Match.new(seed=5)
    with pytest.raises(InvalidPositionError, match="no hand of this match is finished"):
        ScoreTable.from_match(match)
    play_out(match)
    table = ScoreTable.from_match(match)
    while True:
        table.show_match(match)
        assert table.title == f"After hand {match.hand_number}"
        assert tuple(column(table, "total")) == match.totals
        assert tuple(column(table, "this_hand")) == match.hand.scores
        assert tuple(column(table, "before")) == match.totals_before_hand
        assert table.over == match.is_over
        if match.is_over:
            break
        match.next_hand()
        play_out(match, seed=match.hand_number)
    assert match.winners is not None
    assert table.winners == [("You", "CPU1", "CPU2", "CPU3")[seat] for seat in match.winners]
    assert table.ending.startswith("The match is over:")


def test_from_match_announces_a_moon_the_engine_saw() -> None:
    # You hold ♣A, the top three spades and the top nine hearts: every trick is yours.
    mine = parse_cards("♣A ♠A ♠K ♠Q ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A")
    rest = [card for card in DECK if card not in mine]
    state = HandState.new([mine, rest[0::3], rest[1::3], rest[2::3]], "hold")
    order = iter(parse_cards("♣A ♠A ♠K ♠Q ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♥6"))
    others = [make_bot("random", seed=seat) for seat in range(4)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.play(next(order) if seat == 0 else others[seat].choose_play(state.view(seat)), seat=seat)
    assert state.moon_shooter == 0
    table = ScoreTable.from_match(Match(seed=0, rules=Rules(), hands=[state]))
    assert column(table, "this_hand") == [0, 26, 26, 26]
    assert table.moon.startswith("You shot the moon")


def test_there_is_nothing_to_click() -> None:
    table = ScoreTable("reaching-100")
    table._dispatch(table, {"type": "sort"}, None)
    assert table.error.startswith("The page asked for something this widget cannot do")
    assert table.ending == "The match is over: You win with 27. Reaching 100 does not win."


def test_the_score_quiz_asks_before_it_shows_the_totals_and_the_ending() -> None:
    quiz = ScoreQuiz("reaching-100")
    assert quiz.asking and quiz.ending == "" and quiz.moon == "" and not quiz.over and quiz.winners == []
    assert [row["total"] for row in quiz.rows] == [None] * 4 and not any(row["winner"] for row in quiz.rows)
    assert "ends the match" not in quiz.title  # the example's title would tell
    assert [row["this_hand_text"] for row in quiz.rows] == ["+3", "+16", "+5", "+2"]
    with pytest.raises(ValueError, match="not one of the answers"):
        quiz.answer("CPU9")
    assert quiz.asking and quiz.attempts == 0  # a bad answer changes nothing
    wrong = quiz.answer(3)  # CPU3 reached 100: that ends the match, it does not win it
    assert not wrong["correct"] and not quiz.answered and not quiz.asking
    assert wrong["summary"] == "Not quite. The match is over: You win with 27. Reaching 100 does not win."
    assert [row["total"] for row in quiz.rows] == [27, 51, 45, 100]
    right = quiz.answer("0")
    assert right["correct"] and quiz.answered and not quiz.first_try
    assert match_winners((27, 51, 45, 100), Rules()) == (0,)


@pytest.mark.parametrize(("before", "this_hand", "right"), [
    ((24, 35, 40, 60), (3, 16, 5, 2), "goes-on"),
    ((80, 90, 80, 95), (10, 5, 10, 6), "shared"),
])
def test_the_score_quiz_grades_by_the_engine(before: tuple[int, int, int, int],
                                              this_hand: tuple[int, int, int, int], right: str) -> None:
    quiz = ScoreQuiz(example(before, this_hand))
    assert quiz.answer(right)["correct"] and quiz.first_try
    assert quiz._dispatch(quiz, {"type": "answer", "choice": "goes-on"}, None)
