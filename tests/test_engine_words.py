"""Every text the engine builds for a learner goes through the translation layer.

Built inside ``pseudo_language()``, each translated pattern comes back as ``⟪pattern⟫``; a
word outside the brackets was glued on in English.  The last tests read the engine's
source: every literal pattern said with ``say``/``say_n`` (or kept with ``marked`` for a
coach claim) has exactly the placeholders its call fills, so no translation can ask for a
value that is never given, and no value is silently dropped.
"""

from __future__ import annotations

import ast
import functools
import random
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hearts_core import display, wording
from hearts_core.cards import parse_card, parse_cards
from hearts_core.coach import recommend
from hearts_core.drills import DRILL_RULES, deal_item
from hearts_core.kernel import Allowance, Reason
from hearts_core.legality import ActionReason, IllegalMove, Verdict, check_play
from hearts_core.match import Match, deal_hands
from hearts_core.pass_judge import judge_pass
from hearts_core.puzzles import load_puzzles
from hearts_core.review import review_hand
from hearts_core.scenarios import PASS_EXAMPLES, POSITIONS, SCORE_EXAMPLES, TRICK_EXAMPLES
from hearts_core.state import HandState, Trick
from tests.pseudo import pseudo_language, untranslated
from tests.support import second_opinion_agrees

RANK_LETTERS = {"J", "Q", "K", "A"}
PACKAGE = Path(__file__).resolve().parents[1] / "hearts_core"

# (hand, trick, card, first_trick, hearts_broken): one position per reason and allowance.
PLAYS = [
    ("♣2 ♣5 ♦7", "", "♣5", True, False),  # must lead ♣2
    ("♣2 ♣5 ♦7", "", "♣2", True, False),  # leads ♣2
    ("♣3 ♣A ♠Q ♦7 ♥9", "♣10 ♣K ♥5", "♠Q", False, True),  # must follow (two cards)
    ("♣3 ♠Q ♦7 ♥9", "♣10 ♣K ♥5", "♠Q", False, True),  # must follow (one card)
    ("♣3 ♣A ♠Q ♦7 ♥9", "♣10 ♣K ♥5", "♣A", False, True),  # follows suit
    ("♠Q ♥3 ♦7", "♣2", "♥3", True, False),  # no points on the first trick (one other card)
    ("♠Q ♥3 ♦7 ♦9", "♣2", "♥3", True, False),  # no points on the first trick (two other cards)
    ("♠Q ♥3 ♦7", "♣2", "♦7", True, False),  # first trick, no points
    ("♠Q ♥3 ♥7", "♣2", "♥3", True, False),  # only penalty cards
    ("♥3 ♦7", "", "♥3", False, False),  # hearts not broken (named cards)
    ("♥3 ♦7 ♦8 ♦9 ♣3 ♣4", "", "♥3", False, False),  # hearts not broken (cards of other suits)
    ("♥3 ♥7", "", "♥3", False, False),  # only hearts left
    ("♥3 ♦7", "", "♥3", False, True),  # leads freely, a heart
    ("♥3 ♦7", "", "♦7", False, True),  # leads freely
    ("♥3 ♦7", "♣5", "♥3", False, False),  # discards, breaking hearts
    ("♥3 ♦7", "♣5", "♦7", False, False),  # discards
    ("♥3 ♦7", "♣5", "♠Q", False, False),  # not in hand
]


def _verdicts() -> list[Verdict]:
    verdicts = [check_play(hand, trick, card, first_trick=first, hearts_broken=broken)
                for hand, trick, card, first, broken in PLAYS]
    state = HandState.new(deal_hands(3, 1), "left")
    verdicts.append(state.explain(state.hand(0)[0]))  # cards are being passed
    for seat in range(4):
        state.pass_cards(seat, state.hand(seat)[:3])
    mover = state.to_move
    assert mover is not None
    other = (mover + 1) % 4
    verdicts.append(state.explain(state.hand(other)[0], seat=other))  # not this seat's turn
    if mover != 0:
        verdicts.append(state.explain(state.hand(0)[0], seat=0))
    return verdicts


def _refusals() -> list[Verdict]:
    """Every refusal a pass or a deal can raise, as the learner's and another seat's."""
    refused: list[Verdict] = []

    def attempt(action: object) -> None:
        try:
            action()  # type: ignore[operator]
        except IllegalMove as error:
            refused.append(error.verdict)
        else:  # pragma: no cover - the test below names the missing refusal
            raise AssertionError("the action was not refused")

    state = HandState.new(deal_hands(5, 1), "left")
    hand0, hand1 = state.hand(0), state.hand(1)
    attempt(lambda: state.pass_cards(0, hand0[:2]))
    attempt(lambda: state.pass_cards(0, ()))
    attempt(lambda: state.pass_cards(0, (*hand0[:2], hand1[0])))
    attempt(lambda: state.pass_cards(1, (*hand1[:1], *hand0[:2])))
    attempt(lambda: state.pass_cards(1, (*hand1[:2], hand0[0])))
    state.pass_cards(0, hand0[:3])
    state.pass_cards(1, hand1[:3])
    attempt(lambda: state.pass_cards(0, hand0[3:6]))
    attempt(lambda: state.pass_cards(1, hand1[3:6]))
    for seat in (2, 3):
        state.pass_cards(seat, state.hand(seat)[:3])
    attempt(lambda: state.pass_cards(2, state.hand(2)[:3]))
    hold = HandState.new(deal_hands(5, 4), "hold")
    attempt(lambda: hold.pass_cards(0, hold.hand(0)[:3]))
    match = Match.new(2)
    attempt(match.next_hand)
    return refused


def test_every_verdict_is_said_through_the_layer() -> None:
    with pseudo_language():
        verdicts = _verdicts()
    assert {verdict.reason for verdict in verdicts} >= set(Reason) - {Reason.LEGAL} | {
        ActionReason.WRONG_PHASE, ActionReason.NOT_YOUR_TURN}
    assert {verdict.allowance for verdict in verdicts if verdict.legal} == set(Allowance)
    for verdict in verdicts:
        assert verdict.message.startswith("⟪"), verdict.message
        assert untranslated(verdict.message) == [], verdict.message


def test_every_pass_and_phase_refusal_is_said_through_the_layer() -> None:
    with pseudo_language():
        refused = _refusals()
    assert {verdict.reason for verdict in refused} == {
        ActionReason.WRONG_PASS, ActionReason.ALREADY_PASSED, ActionReason.WRONG_PHASE, Reason.NOT_IN_HAND}
    for verdict in refused:
        assert untranslated(verdict.message) == [], verdict.message


def test_the_english_verdicts_read_as_before() -> None:
    verdict = check_play("♥3 ♦7", "♣5", "♥3", first_trick=False, hearts_broken=False)
    assert verdict.message == "You have no clubs, so you may discard any card, ♥3 included. Playing it breaks hearts."
    follow = check_play("♣3 ♠Q", "♣10", "♠Q", first_trick=False, hearts_broken=True)
    assert follow.message == "Clubs were led and you hold ♣3, so you must play it."
    refused = _refusals()
    assert refused[0].message.startswith("Pass exactly 3 different cards, not 2: ")
    assert refused[1].message == "Pass exactly 3 different cards, not 0: none chosen."
    assert refused[3].message.startswith("CPU1 does not hold ") and refused[3].message.endswith("so cannot pass them.")
    assert refused[5].message.startswith("You have already passed ")
    assert refused[6].message.startswith("CPU1 has already passed ")


@pytest.mark.parametrize("seed", range(4))
def test_coach_reasons_are_said_through_the_layer(seed: int) -> None:
    rng = random.Random(seed)
    state = HandState.new(deal_hands(seed, 4), "hold")
    target = rng.randrange(4, 44)
    while len(state.plays) < target or len(state.legal_plays()) < 2:
        state.play(rng.choice(state.legal_plays()))
    with pseudo_language():
        advice = recommend(state.view(state.to_move or 0), seed=seed, time_budget=0.02)
    assert advice.reason
    assert untranslated(advice.reason) == [], advice.reason


def test_the_coachs_pass_reasons_are_said_through_the_layer() -> None:
    state = HandState.new(deal_hands(8, 1), "left")
    with pseudo_language():
        advice = recommend(state.view(0), time_budget=0.02)
    assert untranslated(advice.reason) == [], advice.reason


def test_review_texts_are_said_through_the_layer() -> None:
    rng = random.Random(11)
    state = HandState.new(deal_hands(11, 4), "hold")
    while not state.is_over:
        state.play(rng.choice(state.legal_plays()))
    with pseudo_language():
        review = review_hand(state, 0, outside=second_opinion_agrees)
        texts = [review.summary(), review.describe(), *(mistake.why for mistake in review.mistakes)]
        picture = display.review_html(review)
    assert review.mistakes, "a random hand makes costly plays to explain"
    for text in texts:
        assert untranslated(text) == [], text
    assert visible_untranslated(picture) == []


def test_pass_judgements_are_said_through_the_layer() -> None:
    hand = parse_cards("♣A ♣4 ♣7 ♦K ♦3 ♦9 ♠Q ♠5 ♥2 ♥6 ♥8 ♥J ♦6")
    for passed in ("♣A ♦K ♠Q", "♣4 ♦3 ♥2", "♠5 ♥J ♦9"):
        with pseudo_language():
            judged = judge_pass(hand, parse_cards(passed), deals=4)
            texts = [judged.summary, *judged.lines()]
        for text in texts:
            assert untranslated(text) == [], text


def test_puzzle_answers_are_said_through_the_layer() -> None:
    for puzzle in load_puzzles()[:6]:
        view = puzzle.view()
        held = [card for card in view.hand if card not in view.legal_plays()]
        others = [card for card in view.legal_plays() if card is not puzzle.solution]
        tried = [puzzle.solution, *others[:2], *held[:1]]
        with pseudo_language():
            answers = [puzzle.check(card) for card in tried]
            themes = puzzle.themes
        for answer in answers:
            assert untranslated(answer.why) == [], answer.why
        for theme in themes:
            assert untranslated(theme) == [], theme


def test_drill_and_scenario_texts_are_shown_through_the_layer() -> None:
    with pseudo_language():
        texts = [text for rule in DRILL_RULES.values() for text in (rule.shown_name, rule.shown_prompt)]
        for rule in DRILL_RULES:
            item = deal_item(rule, 3)
            shown = item.position if item.position is not None else item.trick
            assert shown is not None
            texts.append(shown.shown_title)
            if item.position is not None:
                texts.append(item.position.shown_prompt)
        texts += [p.shown_title for p in POSITIONS.values()] + [p.shown_prompt for p in POSITIONS.values()]
        texts += [e.shown_title for table in (TRICK_EXAMPLES, PASS_EXAMPLES, SCORE_EXAMPLES) for e in table.values()]
    for text in texts:
        assert text.startswith("⟪") and untranslated(text) == [], text
    assert deal_item("points", 3).trick is not None


class _Visible(HTMLParser):
    """The texts of a picture a learner meets: its text nodes and its accessible names."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = tag == "style"
        self.texts += [value for name, value in attrs if name in ("aria-label", "title") and value]

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.texts.append(data)


def visible_untranslated(html: str) -> list[str]:
    parser = _Visible()
    parser.feed(html)
    # A card's corner writes its rank alone (J, Q, K, A): notation, not a word.
    return [word for text in parser.texts for word in untranslated(text) if word not in RANK_LETTERS]


def test_display_pictures_are_said_through_the_layer() -> None:
    rng = random.Random(4)
    match = Match.new(4)
    state = match.hand
    with pseudo_language():
        pictures = [display.card_html(parse_card("♠Q")), display.hand_html(state.hand(0)),
                    display.hand_html(state.hand(2), 2), display.state_html(state)]
    for seat in range(4):
        state.pass_cards(seat, state.hand(seat)[:3])
    while len(state.tricks) < 3 or state.current_trick == ():
        state.play(rng.choice(state.legal_plays()))
    with pseudo_language():
        pictures += [display.state_html(state), display.view_html(state.view(0)), display.match_html(match),
                     display.trick_html(state.tricks[0], 1), display.trick_html(state.tricks[1]),
                     display.verdict_html(state.explain(state.legal_plays()[0])),
                     display.recommendation_html(recommend(state.view(state.to_move or 0), time_budget=0.02))]
    while not state.is_over:
        state.play(rng.choice(state.legal_plays()))
    with pseudo_language():
        pictures += [display.state_html(state), display.match_html(match)]
    for picture in pictures:
        assert visible_untranslated(picture) == [], picture


# ------------------------------------------------------------------ the source


@functools.cache  # parsed once: every parametrized case and each plural pair's other form read the same scan
def _said_calls() -> list[tuple[str, int, str, set[str], bool]]:
    """(file, line, pattern, keywords given, counted) for every literal pattern said in hearts_core."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "wording.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or not node.args:
                continue
            given = {keyword.arg for keyword in node.keywords if keyword.arg}
            first = node.args[0]
            if node.func.id == "say" and isinstance(first, ast.Constant):
                found.append((path.name, node.lineno, first.value, given, False))
            elif node.func.id == "say_n" and isinstance(first, ast.Constant):
                second = node.args[1]
                assert isinstance(second, ast.Constant), f"{path.name}:{node.lineno}: a plural form is not a literal"
                found.append((path.name, node.lineno, first.value, given, True))
                found.append((path.name, node.lineno, second.value, given, True))
            elif (node.func.id == "claim" and isinstance(first, ast.Call) and isinstance(first.func, ast.Name)
                  and first.func.id == "marked"):
                found.append((path.name, node.lineno, first.args[0].value, given, False))  # type: ignore[attr-defined]
    return found


def _placeholders(pattern: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(pattern) if name is not None}


def test_the_scan_finds_the_engines_patterns() -> None:
    files = {item[0] for item in _said_calls()}
    assert {"legality.py", "state.py", "coach.py", "review.py", "puzzles.py", "match.py"} <= files
    assert len(_said_calls()) > 80


@pytest.mark.parametrize("call", _said_calls(), ids=lambda call: f"{call[0]}:{call[1]}")
def test_every_said_pattern_has_the_placeholders_its_call_fills(call: tuple[str, int, str, set[str], bool]) -> None:
    _, _, pattern, given, counted = call
    wanted = _placeholders(pattern)
    if counted:  # say_n fills {count} itself; a form may leave it out ("a higher club")
        wanted.discard("count")
        given = given - {"count"}
        assert given <= _placeholders(pattern) | _other_form_placeholders(call), (pattern, given)
        assert wanted <= given, (pattern, given)
    else:
        assert wanted == given, (pattern, given)


def _other_form_placeholders(call: tuple[str, int, str, set[str], bool]) -> set[str]:
    """A plural pair's two forms may each leave out a value the other uses (``{suit}`` against ``{suits}``)."""
    return {name for other in _said_calls() if other[:2] == call[:2] for name in _placeholders(other[2])}


def test_marked_tables_fill_the_placeholders_they_are_said_with() -> None:
    """display's pictures say their table's patterns with literal keys: each gets exactly its placeholders."""
    source = (PACKAGE / "display.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "say"
                and isinstance(node.args[0], ast.Subscript) and isinstance(node.args[0].slice, ast.Constant)):
            pattern = display.PATTERNS[node.args[0].slice.value]
            assert _placeholders(pattern) == {keyword.arg for keyword in node.keywords}, pattern


def test_no_english_only_helpers_remain_in_the_engine() -> None:
    for path in PACKAGE.glob("*.py"):
        if path.name in ("wording.py", "cards.py"):  # the layer itself; cards.py's English API (Card.name)
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\b(subject|verb|plural)\(", text), path.name
        assert not re.search(r"\.plural\b(?!_)|\.singular\b", text), path.name


@pytest.mark.parametrize(("language", "yours", "theirs"), [
    ("en", ["You led ♣K.", "You took the trick with ♣K: 1 point."], ["CPU3 led ♣K.", "CPU3 took the trick with ♣K"]),
    ("es", ["Saliste con ♣K.", "Te llevaste la baza con ♣K"], ["CPU3 salió con ♣K.", "CPU3 se llevó la baza con ♣K"]),
    ("ja", ["あなたが♣Kをリードしました。", "あなたが♣Kでトリックを取りました"],
     ["CPU3が♣Kをリードしました。", "CPU3が♣Kで"]),
])
def test_the_learner_has_patterns_of_their_own(language: str, yours: list[str], theirs: list[str]) -> None:
    # "You" is not one more seat name: Spanish gives it its own verb form (saliste, not salió),
    # so a sentence about the learner is the learner's pattern, never "{seat}" filled with "Tú".
    cards = tuple(parse_cards("♣K ♣10 ♣3 ♥A"))  # the leader's ♣K takes it
    wording.set_language(language)
    try:
        learner = display.trick_html(Trick(leader=0, cards=cards, winner=0, points=1), 1)
        others = display.trick_html(Trick(leader=3, cards=cards, winner=3, points=1), 1)
        you_name = wording.seat_name(0)
    finally:
        wording.set_language("en")
    for text in yours:
        assert text in learner, (text, learner[-400:])
    for text in theirs:
        assert text in others, (text, others[-400:])
    assert f"{you_name}:" not in learner


@pytest.mark.parametrize(("language", "six", "queen"), [
    ("en", "6 of diamonds", "queen of spades"),
    ("es", "6 de diamantes", "reina de picas"),
    ("ja", "ダイヤの6", "スペードのクイーン"),
])
def test_a_card_on_screen_is_named_with_its_corners_rank_and_its_suit_once(language: str, six: str,
                                                                           queen: str) -> None:
    # Issue 36: a screen reader read "6♦, six of diamonds" (the glyph is spoken as a suit too).
    wording.set_language(language)
    try:
        named = wording.card_button_name(parse_card("6D")), wording.card_button_name(parse_card("QS"))
    finally:
        wording.set_language("en")
    assert named == (six, queen)
