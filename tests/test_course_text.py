"""What the strategy lessons teach, read from their markdown: the ideas the puzzles then need.

Three lines of lessons 13 and 14 once taught less than the puzzles ask (issue 35): any card below
the winner was as good as another, a trick without points cost nothing, and ♠A and ♠K were always
to be kept under the winning spade. These tests hold the corrected ideas, not their sentences: a
lesson may say them in other words, but not drop them. Where a lesson gives an example in cards,
the cards are checked against the idea with the engine's own ordering, so an example that stops
illustrating it fails here. (That a translation names the same cards as the English is checked
for every lesson message in tests/test_translations.py.)
"""

from __future__ import annotations

import json
import re
from itertools import pairwise, product
from pathlib import Path

from hearts_core import Card, parse_card
from hearts_core.rules import MATCH_TARGET, MOON_POINTS, POINTS_PER_HAND, QUEEN_OF_SPADES_POINTS
from hearts_core.scoring import Outcome, match_outcome, match_winners
from hearts_core.state import PassDirection

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
CARD = r"[♣♦♠♥](?:10|[2-9JQKA])"


def blocks(notebook: str) -> list[str]:
    """A lesson's markdown as its paragraphs and list items, each on one line."""
    cells = json.loads((LESSONS / notebook).read_text(encoding="utf-8"))["cells"]
    found: list[list[str]] = []
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        current: list[str] | None = None
        for line in "".join(cell["source"]).split("\n"):
            if not line.strip():
                current = None
            elif current is not None and (line.startswith("  ") or not line.startswith(("* ", "#"))):
                current.append(line.strip())
            else:
                current = [line.strip()]
                found.append(current)
    return [" ".join(lines) for lines in found]


def cards_in(text: str) -> list[Card]:
    return [parse_card(token) for token in re.findall(CARD, text)]


def test_lesson_13_teaches_ducking_with_the_highest_card_that_still_loses() -> None:
    teaching = [block for block in blocks("13-leading-and-ducking.ipynb")
                if re.search(r"\bhighest (?:card|one)\b", block) and re.search(r"\bduck", block, re.I)]
    assert teaching, "lesson 13 no longer teaches ducking with the highest card that still loses"
    block = teaching[0]
    assert re.search(r"\blower cards?\b", block) and re.search(r"\b(?:later|exits?)\b", block), \
        "the lesson must say why: the lower cards are kept for later tricks"
    # The example in cards: the winning card, the hand, and the card the lesson plays.
    winning = re.search(rf"({CARD}) is winning", block)
    holding = re.search(rf"you hold ((?:{CARD}(?:, | and )?)+)", block)
    played = re.search(rf"\b[Pp]lay ({CARD})(?! instead)", block)
    assert winning and holding and played, f"no worked example in cards in: {block}"
    winner, hand, card = parse_card(winning[1]), cards_in(holding[1]), parse_card(played[1])
    losing = [held for held in hand if held.suit == winner.suit and held.rank < winner.rank]
    assert len(losing) >= 2, "the example must offer a choice of cards that lose"
    assert card == max(losing, key=lambda held: held.rank), f"{card} is not the highest card under {winner}"
    assert any(held.rank < card.rank for held in losing), "the example keeps no lower card for later"


def test_lesson_13_says_that_taking_a_trick_without_points_means_leading_the_next() -> None:
    pointless = [block for block in blocks("13-leading-and-ducking.ipynb") if re.search(r"\bno points\b", block)]
    assert pointless
    for block in pointless:
        assert re.search(r"\blead(?:s|ing)?\b[^.]*\bnext\b", block), \
            f"a trick without points is spoken of without the lead its winner must make: {block}"


def test_lesson_14_lets_only_the_last_player_on_a_trick_without_the_queen_play_a_high_spade() -> None:
    advice = [block for block in blocks("14-queen-of-spades.ipynb") if "under the winning spade" in block]
    assert advice, "lesson 14 no longer says to play under the winning spade while the queen is out"
    for block in advice:
        # Holding her yourself is another matter (under ♠A you drop her, not ♠K): the advice is for
        # when somebody else holds her.
        somebody_else = r"\b(?:somebody|someone|another player)\b[^.]*\bholds? her\b|\byou do not hold her\b"
        assert re.search(somebody_else, block), f"the advice must say it is for when somebody else holds ♠Q: {block}"
        sentences = re.split(r"(?<=\.)\s+", block)
        exception = [index for index, sentence in enumerate(sentences)
                     if re.search(r"\bplay(?:s|ing)? last\b", sentence)
                     and re.search(r"♠Q is not in (?:the|that) trick", sentence)]
        assert exception, f"the exception (playing last, ♠Q not in the trick) is not stated: {block}"
        after = " ".join(sentences[exception[0]:])
        assert "♠A" in after and "♠K" in after, "the exception must name the cards it frees: ♠A and ♠K"


def test_lesson_18_shows_a_guard_in_cards_and_an_exit_only_while_higher_cards_are_out() -> None:
    teaching = blocks("18-exits-and-guards.ipynb")
    guarding = [block for block in teaching if re.search(rf"\bHolding {CARD} with ", block)]
    assert guarding, "lesson 18 no longer shows a guard in cards"
    block = guarding[0]
    shown = re.search(rf"Holding ({CARD}) with ((?:{CARD}(?:, | and )?)+)", block)
    assert shown
    high, guards = parse_card(shown[1]), cards_in(shown[2])
    # A guard is a lower card of the same suit, and each one lets its high card pass one lead of that suit.
    assert guards and all(guard.suit == high.suit and guard.rank < high.rank for guard in guards), block
    leads = re.search(r"\bthe first (one|two|three|four) \w+ leads?\b", block)
    assert leads and ["one", "two", "three", "four"].index(leads[1]) + 1 == len(guards), block
    assert re.search(r"\bearly\b[^.]*\balone\b", block), "the lesson must say what spending the guards leaves"
    # An exit is a card that higher cards still out will beat: once they are played, the low card wins.
    out = r"\bhigher cards\b[^.]*\b(?:still out|in other hands)\b"
    counting = [block for block in teaching if re.search(out, block) and re.search(r"\bplayed\b[^.]*\bwins\b", block)]
    assert counting, "lesson 18 must say an exit is one only while higher cards of its suit are out"


def test_lesson_19_sends_each_pass_where_the_rules_do_and_says_a_hold_hand_tells_nothing() -> None:
    teaching = blocks("19-the-cards-you-passed.ipynb")
    # The receivers as the learner sees them, by the engine's own pass directions.
    for block in teaching:
        for direction, seat in re.findall(r"\bpassing (left|right|across)\b[^,.]*?\b(CPU[123])\b", block, re.I):
            receiver = PassDirection(direction.lower()).receiver(0)
            assert seat == f"CPU{receiver}", (direction, seat, block)
    said = " ".join(teaching)
    assert len(re.findall(r"\bpassing (?:left|right|across)\b", said, re.I)) == 3, "each direction once"
    # Until played: a passed card is with its receiver, who cannot be void in its suit; and not on a hold hand.
    assert re.search(r"\bcannot have run out\b", said) and re.search(r"\bhold hand\b.{0,40}\bnobody passes\b", said)


def test_lesson_20_counts_the_hearts_down_the_suit_with_your_own_hand_and_says_who_can_still_shoot() -> None:
    teaching = blocks("20-counting-the-hearts.ipynb")
    said = " ".join(teaching)
    assert re.search(r"\bthirteen hearts\b", said, re.I)
    # The highest heart left steps down the suit as the ones above it go, one rank at a time in the engine's order.
    falling = next(block for block in teaching if "is the highest heart left" in block)
    steps = list(dict.fromkeys(cards_in(falling.split("Count your own hand")[0])))
    assert len(steps) >= 3 and all(card.suit == steps[0].suit for card in steps), falling
    assert all(higher.rank == lower.rank + 1 for higher, lower in pairwise(steps)), falling
    # "Left" counts your own hand: a higher heart of yours keeps a lower one from being the highest left.
    own = re.search(rf"\bwhile you hold ({CARD}) yourself, your ({CARD}) is not the highest heart left\b", said)
    assert own and parse_card(own[1]).rank > parse_card(own[2]).rank and parse_card(own[1]).suit == parse_card(
        own[2]).suit
    # The moon needs every heart and ♠Q in one player's tricks: points in two players' tricks end it for everyone.
    assert re.search(r"\bevery\s+heart and ♠Q\b", said)
    assert re.search(r"\btwo players have taken points\b[^.]*\bnobody can\b", said)


TOTALS = r"You (\d+), CPU1 (\d+), CPU2 (\d+) and CPU3 (\d+)"
HAND = r"You (\d+) points?, CPU1 (\d+), CPU2 (\d+|none) and CPU3 (\d+)"


def four(found: re.Match[str] | None) -> list[int]:
    assert found, "no totals of the four players"
    return [0 if number == "none" else int(number) for number in found.groups()]


def test_lesson_21_adds_up_its_examples_and_sends_the_queen_where_the_match_is_won() -> None:
    """Every figure of lesson 21's examples is re-derived from the rules' scoring (docs/rules.md, "The match")."""
    teaching = blocks("21-the-match-score.ipynb")
    # The score table: a hand of 26 points takes CPU3 to exactly 100, and You win with the lowest total.
    table = next(block for block in teaching if "Reaching 100 never wins" in block)
    before, hand = four(re.search(TOTALS, table)), four(re.search(HAND, table))
    after = [total + points for total, points in zip(before, hand, strict=True)]
    assert sum(hand) == POINTS_PER_HAND and after[3] == MATCH_TARGET and "exactly 100" in table
    assert match_outcome(after, 0) is Outcome.WON
    assert re.search(rf"\bwith {after[0]}, ahead of CPU2 on {after[2]} and CPU1 on {after[1]}\b", table)
    # The worked example: CPU3 is past 100 with this hand's points, ♠Q and two hearts are still out. Every way
    # they can fall, You win exactly when ♠Q goes to CPU1, however the hearts go.
    example = next(block for block in teaching if block.startswith("The totals before a hand are"))
    before, taken = four(re.search(TOTALS, example)), four(re.search(HAND, example))
    left = POINTS_PER_HAND - sum(taken)
    assert left == QUEEN_OF_SPADES_POINTS + 2 and re.search(rf"♠Q and two hearts are still out: {left} points", example)
    now = [total + points for total, points in zip(before, taken, strict=True)]
    assert f"{before[3]} + {taken[3]} = {now[3]}" in example and now[3] >= MATCH_TARGET
    assert sum(1 for points in taken if points) >= 2  # nobody can shoot the moon: the hand ends the match
    assert re.search(rf"You are on {now[0]}, CPU1 on {now[1]}, {now[0] - now[1]} below you", example)
    for queen, *hearts in product(range(4), repeat=3):
        final = list(now)
        final[queen] += QUEEN_OF_SPADES_POINTS
        for seat in hearts:
            final[seat] += 1
        assert (match_outcome(final, 0) is Outcome.WON) == (queen == 1), (queen, hearts)
        if queen in (2, 3):  # "♠Q on CPU3, or on CPU2, changes nothing: CPU1 wins the match with 53 to 55"
            assert match_winners(final) == (1,) and now[1] <= final[1] <= now[1] + 2
    assert f"CPU1 wins the match with {now[1]} to {now[1] + 2}" in example
    assert f"♠Q on CPU1 makes {now[1] + QUEEN_OF_SPADES_POINTS}" in example and f"with {now[0] + 2}." in example
    # A lead of 9 over the second lowest: 8 points more than that player still wins, 9 draws, 10 loses.
    lead = next(block for block in teaching if "When you lead" in block)
    gap = int(re.search(r"your total is (\d+) below the second lowest", lead)[1])  # type: ignore[index]
    outcomes = [match_outcome([50 + more, 50 + gap, 120, 80], 0) for more in (gap - 1, gap, gap + 1)]
    assert outcomes == [Outcome.WON, Outcome.DRAWN, Outcome.LOST]
    assert re.search(rf"up to {gap - 1} points more\b.*\b{gap} more is a draw\b.*\b{gap + 1} more loses\b", lead)
    # A moon adds 26 to each of the other three totals: it ends the match from 74 on.
    near = next(block for block in teaching if "Near 100" in block)
    floor = int(re.search(r"whenever one of them is (\d+) or more", near)[1])  # type: ignore[index]
    assert floor + MOON_POINTS == MATCH_TARGET
