"""The notation's refusals as a learner reads them: said through the translation layer, the message unchanged.

``parse_position`` refuses a line with an English message that the checker prints and the
docs pin (``tests/test_notation.py``), and a ``said`` sentence that the analysis board
shows.  What this file guards:

* every refusal test_notation.py provokes, and each of them with the seat numbers turned
  (so each seat in turn is "You"), has a ``said`` with no word outside the pseudo-language's
  brackets, no reason code and no "seat 0 (You)", and names the same part;
* every learner pattern in hearts_core/notation.py (and its two private modules) is said by one of those refusals (so
  none is dead or unreachable), and each marked pattern is filled with exactly its
  placeholders;
* in English, ``said`` reads as a plain sentence, and the message does not depend on the
  language (apart from the engine's own verdict, which it quotes);
* the analysis board shows ``said``; a wrong pass of many cards counts them through the layer.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_core import (
    HandState,
    IllegalMove,
    InvalidPositionError,
    deal_hands,
    format_position,
    parse_position,
    wording,
)
from hearts_core.kernel import Reason
from hearts_core.legality import ActionReason
from hearts_core.rules import SEAT_NAMES
from tests.pseudo import PSEUDO_CODE, PseudoTranslations, pseudo_language, untranslated
from tests.test_notation import EXAMPLE, PASSING, PRACTICE, REFUSALS, seeded_states
from widgets.analysis import AnalysisBoard

SOURCES = tuple(Path(__file__).resolve().parents[1] / "hearts_core" / name
                for name in ("notation.py", "_notation_fields.py", "_notation_reader.py"))
"""The notation's modules (its face, its fields and refusals, its joining checks)."""
CODES = [code.value for code in (*Reason, *ActionReason)]
ENGLISH_SEAT = re.compile(r"\bseat [0-3] \(")

# Refusals the shared table does not reach: every seat of a seat-naming sentence in the
# learner's chair comes from turning these, and the rest are parts or counts of their own.
OVER = format_position(list(seeded_states(3))[-1].view(1))  # a hand played to its end
MORE = [
    (OVER.rsplit(" ", 1)[0] + " 0:", "table"),  # a trick on the table after the thirteenth
    ("0 ♣2♣2 hold - 0:", "hand, card 2"),  # the board's own example
    (PRACTICE + "\nx", "position"),  # two lines
    (EXAMPLE.replace("left-♠10♥7♥K", "left-♠10♥7♥K♥K"), "pass"),  # too many passed cards (4)
    (EXAMPLE.replace("left-♠10♥7♥K", "left-♠10"), "pass"),  # one passed card
    (EXAMPLE.replace("+♣9♦3♦9", "+"), "pass"),  # no received cards
    (EXAMPLE.replace("+♣9♦3♦9", "+♣9"), "pass"),  # one received card
    (EXAMPLE.replace("+♣9♦3♦9", "+" + "♣2♣3♣4♣5♣6♣7♣8♣9♣10♣J♣Q♣K♣A♦2"), "pass"),  # more than 13 received
    (EXAMPLE.replace("left-♠10♥7♥K", "left-" + "♣2♣3♣4♣5♣6♣7♣8♣9♣10♣J♣Q♣K♣A♦2"), "pass"),  # more than 13 passed
    (EXAMPLE.replace("+♣9♦3♦9", "+♣9♦3♣9"), "pass, received card 3"),  # received twice
    (EXAMPLE.replace("+♣9♦3♦9", "+♣9♦3♣K"), "pass, received card 3"),  # the seat it came from plays it
    ("2 ♣7♣9♣A♦3♦9♦K♠4♠7♠8♠10♥2♥3♥6 left-♣2♥7♥K+♣9♦3♦9 - 2:", "table"),  # passed ♣2, leads anyway
    (PRACTICE.replace("2:♦5♦K♦2♦6", "2:♦5"), "tricks, trick 2"),  # one card in a finished trick
    (PRACTICE.replace("2:♦5♦K♦2♦6", "2:" + "♣2♣3♣4♣5♣6♣7♣8♣9♣10♣J♣Q♣K♣A♦3"), "tricks, trick 2"),
    (PRACTICE.replace("1:♣10♣K♥5", "1:" + "♣2♣3♣4♣5♣6♣7♣8♣9♣10♣J♣Q♣K♣A♦3"), "table"),
    ("0", "position"),  # one field
    ("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 2:♦2", "table, card 1"),  # another seat breaks rule 3
    # another seat leads a heart before hearts are broken, holding few and many cards of other suits
    ("0 ♣3♣4♣5♣6♣7♣8♣9♣10♣J♣Q hold 0:♣2♣A♦5♦6/1:♥2♦7♦8♦9/1:♠2♠3♠4♠5 0:", "tricks, trick 2, card 1"),
    ("0 ♣9♣10♣J♣Q♣K♠2 hold 0:♣2♣A♦5♦6/1:♥2♦7♦8♣3/1:♠A♦9♦10♣4/1:♠K♦J♦Q♣5/1:♠Q♦K♦A♣6/1:♠J♦2♦3♣7/1:♠10♦4♥3♣8 1:",
     "tricks, trick 2, card 1"),
]


def turned(line: str, by: int) -> str:
    """The line with every seat number (the seat and each leader) turned by ``by``: the same game, seats renamed."""
    def seat(text: str) -> str:
        return str((int(text) + by) % 4) if text in ("0", "1", "2", "3") else text

    fields = line.split(" ")
    if not fields:
        return line
    fields[0] = seat(fields[0])
    for index in (3, 4):
        if index < len(fields):
            fields[index] = re.sub(r"(^|/)([0-3])(?=:)", lambda match: match[1] + seat(match[2]), fields[index])
    return " ".join(fields)


def refused(text: str) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as refusal:
        parse_position(text)
    return refusal.value


def cases() -> Iterator[tuple[str, str]]:
    """(line, part) for every refusal of the shared table and this file's, each turned four ways."""
    for text, part in [(text, part) for text, part, _ in REFUSALS] + MORE:
        for by in range(4):
            yield turned(text, by), part


CASES = list(dict.fromkeys(cases()))


class Recording(PseudoTranslations):
    """The pseudo-language, keeping every pattern it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return super().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked |= {msgid1, msgid2}
        return super().ngettext(msgid1, msgid2, n)


@pytest.mark.parametrize(("text", "part"), CASES)
def test_every_refusal_is_said_through_the_layer_and_names_its_part(text: str, part: str) -> None:
    with pseudo_language():
        error = refused(text)
    assert error.part == part
    assert error.said is not None and error.said.startswith("⟪")
    assert untranslated(error.said) == [], error.said
    assert not any(code in error.said for code in CODES), error.said
    assert not ENGLISH_SEAT.search(error.said), error.said


def test_every_learner_pattern_of_the_notation_is_said_by_some_refusal() -> None:
    recording = Recording()
    wording.use_catalogue(recording, PSEUDO_CODE)
    try:
        for text, _ in CASES:
            refused(text)
        refused(5)  # type: ignore[arg-type]  # not text at all
    finally:
        wording.set_language("en")
    patterns = {pattern for pattern, _ in _learner_patterns()}
    assert len(patterns) > 60
    assert patterns - recording.asked == set()


def _learner_patterns() -> list[tuple[str, set[str] | None]]:
    """Every literal pattern the notation says or marks, with the keywords its call fills (None: filled elsewhere)."""
    found: list[tuple[str, set[str] | None]] = []
    nodes = [node for source in SOURCES for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))]
    for node in nodes:
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        given = {keyword.arg for keyword in node.keywords if keyword.arg}
        literals = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
        if node.func.id in ("say", "say_n") and literals:
            found += [(pattern, given | ({"count"} if node.func.id == "say_n" else set())) for pattern in literals]
        elif node.func.id == "marked":
            found.append((literals[0], None))
        elif node.func.id == "_refuse":  # _refuse(part, marked(pattern), **values)
            (pattern,) = [arg.args[0].value for arg in node.args  # type: ignore[attr-defined]
                          if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "marked"]
            found.append((pattern, given))
    return found


def _placeholders(pattern: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(pattern) if name is not None}


def test_each_refusal_pattern_is_filled_with_exactly_its_placeholders() -> None:
    checked = 0
    for pattern, given in _learner_patterns():
        if given is not None:
            assert _placeholders(pattern) <= given and given - _placeholders(pattern) <= {"count"}, (pattern, given)
            checked += 1
    assert checked > 50


def test_in_english_said_is_a_plain_sentence_and_the_message_is_as_before() -> None:
    for text, part in CASES:
        error = refused(text)
        said = error.said
        assert said is not None
        assert str(error).startswith(f"{part}: ") and error.part == part
        words = re.sub(r"'[^']*'", "''", said)  # the learner's own text, quoted, is not the sentence's
        assert words.startswith("In ") and words.endswith(".") and ".." not in words, said
        assert not any(code in said for code in CODES) and not ENGLISH_SEAT.search(said), said
        # "You" is said only at the start of a sentence; elsewhere the pattern says "you".
        assert not re.search(r"[^.:] You\b", words), said
        assert not any(f"{name}'s" in words for name in SEAT_NAMES), said
        quoted = not any(code in str(error) for code in CODES)  # quotes no verdict of the engine
        if quoted:
            with pseudo_language():
                again = refused(text)
            assert str(again) == str(error), "the message is English whatever the language"


def test_the_message_of_a_refusal_is_unchanged() -> None:
    # Pinned here as well as in docs/notation.md: the checker's and the API's text.
    assert str(refused(PRACTICE.replace("♣3♣A♦7♠Q♥9", "♣3♣A♦7♠Q♥9♥K"))) == (
        "hand: 6 cards, but seat 0 (You) has played 8 of its 13, so it holds 5")
    assert str(refused(EXAMPLE.replace("left-♠10♥7♥K", "left-♠10♥7♣5"))) == (
        "pass, passed card 3: seat 2 (CPU2) passed ♣5 to seat 3 (CPU3), but seat 0 (You) plays it "
        "(tricks, trick 1, card 3)")
    assert str(refused(PASSING.replace("left", "left-♣10♦2♥2"))) == (
        "pass, passed card 3: ♥2 is not in the hand, and a seat passes cards it holds")


def test_the_learners_sentences_read_as_written() -> None:
    assert refused(PRACTICE.replace("♣3♣A♦7♠Q♥9", "♣3♣A♦7♠Q♥9♥K")).said == (
        "In the hand: 6 cards are written, but you have played 8 of your 13, so you hold 5.")
    assert refused(turned(EXAMPLE.replace("left-♠10♥7♥K", "left-♠10♥7♣5"), 2)).said == (
        "In the pass, passed card 3: You passed ♣5 to CPU1, but CPU2 plays it (card 3 of trick 1).")
    assert refused("0 ♣2♣3♣A♦2♦3♦4♦7♠2♠3♠4♠5♠Q hold - 0:♥9").said == (
        "In the trick on the table, card 1: You played ♥9, which the rules do not allow. The first trick always "
        "opens with ♣2, so you must lead ♣2, not ♥9.")
    said = refused(EXAMPLE.replace("left-♠10♥7♥K", "left-♠10♥7♣6").replace("2:♣2♣6♣5♣K", "2:♣2♥K♣5♣K")).said
    assert said == ("In trick 1, card 2: CPU3 played ♥K, which the rules do not allow. Clubs were led and CPU3 "
                    "holds ♣6, so CPU3 must play it. What CPU3 held is known from the cards CPU3 plays later and "
                    "the cards passed to CPU3.")


def test_the_analysis_board_shows_the_refusals_sentence() -> None:
    bad = PRACTICE.replace("♣3♣A♦7♠Q♥9", "♣3♣3♦7♠Q♥9")
    with pseudo_language():
        board = AnalysisBoard()
        assert not board.paste(bad)
        said = refused(bad).said
        assert said is not None and said in board.message["text"]
        assert untranslated(board.message["text"]) == []
    board = AnalysisBoard()
    assert not board.open_link(bad)
    assert board.message["text"].endswith(" In the hand, card 2: ♣3 is written twice (first at card 1 of the hand).")


def test_a_wrong_pass_of_many_cards_counts_them_through_the_layer() -> None:
    state = HandState.new(deal_hands(seed=5, hand_number=1), "left")
    many = [str(card) for card in state.hand(0)] * 2  # 26 cards, 13 of them shown
    with pseudo_language(), pytest.raises(IllegalMove) as refusal:
        state.pass_cards(0, many)
    message = refusal.value.verdict.message
    assert untranslated(message) == [], message
    with pytest.raises(IllegalMove) as refusal:
        state.pass_cards(0, many)
    assert refusal.value.verdict.message.endswith(" … (26 cards).")
