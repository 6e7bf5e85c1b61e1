"""The analysis board, the puzzles, the practice, the exercises and the glossary speak through the translation layer.

Inside :func:`tests.pseudo.pseudo_language` every translated pattern comes back as ``⟪pattern⟫``,
so a text a learner reads that still has words outside the brackets was built without the
layer.  Each widget is built and used inside the block (positions set, cards tapped,
answers right and wrong), and every string of every synced trait is checked, except:

* strings that are not words (card notation, the position's notation, keys, addresses,
  modes): the trait or payload keys in :data:`NOT_TEXT`;
* a card payload's spoken ``label``: ``widgets._base.card_data`` writes it, a file owned by
  the translation layer's helper (a deck card's own label, written here, *is* checked);
* the engine's own sentences (a verdict's message, the coach's reason, a puzzle's "why", a
  scenario's title and prompt, :func:`widgets.points_quiz.points_working`), which another
  helper converts in ``hearts_core``: each test computes exactly those sentences with the
  engine's own calls and removes them from a text before checking what is left.  Only those
  exact sentences are exempt: a word of ours glued to one is still found.

The front ends are checked two ways: each widget's ``words`` holds the pseudo-translation
of every ``hlT``/``hlTn`` literal of its bundle, and a scan of the JavaScript sources finds
no English literal reaching the page except through ``hlT``/``hlTn``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from hearts_core import Reason, check_play
from hearts_core.puzzles import load_puzzles
from hearts_core.scenarios import MOON_RUNNERS, TRICK_EXAMPLES, position, trick_example
from hearts_learner.puzzle_store import PuzzleStore
from hearts_learner.puzzle_words import due_text, rating_text, streak_text, theme_text
from tests.pseudo import CLOSE, OPEN, pseudo_language, untranslated
from widgets._base import PLURAL_TABLE_KEY, STATIC, HeartsWidget, front_end_patterns
from widgets.analysis import AnalysisBoard
from widgets.exercises import Exercise, LegalCardsQuiz, StopTheMoon, TrickPointsQuiz, WhoTakesQuiz
from widgets.glossary import LINK_TEXTS, RULE_ENTRIES, rule_link, rule_words
from widgets.points_quiz import points_working
from widgets.practice import Practice
from widgets.puzzles import PuzzleBoard

MY_JS = ("analysis_board.js", "puzzle_board.js", "practice.js", "exercise_parts.js", "exercises.js")

NOT_TEXT = frozenset({
    "mode", "link", "position_text", "target", "asked", "puzzle_id", "selected", "theme", "kind", "picked",
    "href", "key", "suit", "place", "rank", "symbol", "reason",
})
"""Trait and payload keys holding notation, keys, reason codes or addresses, never words (see the module docstring).

A card's ``text`` (``♠Q``) is checked like any string: card notation passes on its own; a
lone rank (``Q``) would not, so ``rank`` is skipped."""
SKIPPED_TRAITS = frozenset({"words", "error", "layout", "tooltip", "tabbable"})
"""``words`` is the table checked on its own; ``error`` and the rest belong to ``widgets._base`` / ipywidgets."""

AT = datetime(2026, 12, 1, 12, tzinfo=UTC)


def _is_card(item: dict[str, Any]) -> bool:
    return "rank" in item and "symbol" in item


def strings(value: object, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string a learner may read in a trait's value, with where it is (``facts[1]``)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from strings(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in NOT_TEXT:
                continue
            if key == "label" and _is_card(value) and not value.get("place"):
                continue  # card_data's spoken name (widgets/_base.py); a deck card's own label is ours
            yield from strings(item, f"{path}.{key}")


def shown(widget: HeartsWidget) -> Iterator[tuple[str, str]]:
    """Every learner-readable string of ``widget``'s synced traits."""
    for name in sorted(widget.trait_names(sync=True)):
        if name.startswith("_") or name in SKIPPED_TRAITS or name in NOT_TEXT:
            continue
        yield from strings(getattr(widget, name), name)


def leftovers(widget: HeartsWidget, engine: Iterable[str] = ()) -> dict[str, list[str]]:
    """Where ``widget`` shows words outside the pseudo-language's brackets, the engine's sentences removed."""
    exempt = sorted((text for text in engine if text), key=len, reverse=True)
    found = {}
    for where, text in shown(widget):
        ours = text
        for sentence in exempt:
            ours = ours.replace(sentence, " ")
        if words := untranslated(ours):
            found[where] = words
    return found


def assert_translated(widget: HeartsWidget, engine: Iterable[str] = ()) -> None:
    found = leftovers(widget, engine)
    assert found == {}, f"{type(widget).__name__} shows words outside the translation layer: {found}"


def assert_words_cover_bundle(widget: HeartsWidget) -> None:
    """Every hlT/hlTn literal of the widget's bundle has its (pseudo) translation in ``words``."""
    singles, plurals = front_end_patterns(bundle_of(widget))
    words = widget.words
    assert singles and PLURAL_TABLE_KEY in words
    for pattern in singles:
        assert words.get(pattern) == OPEN + pattern + CLOSE, pattern
    for one, many in plurals:
        forms = words.get(one + "\u0004" + many)
        assert isinstance(forms, list) and forms and all(form.startswith(OPEN) for form in forms), (one, many)


def bundle_of(widget: HeartsWidget) -> str:
    """The widget class's bundle (instances get a trait of that name from anywidget)."""
    for cls in type(widget).__mro__:
        esm = vars(cls).get("_esm")
        if isinstance(esm, str):
            return esm
    raise AssertionError(f"{type(widget).__name__} has no bundle")


def own_patterns(*files: str) -> set[str]:
    """The hlT literals of some of our front-end files."""
    singles: set[str] = set()
    for name in files:
        found, plurals = front_end_patterns((STATIC / name).read_text(encoding="utf-8"))
        singles |= set(found) | {form for pair in plurals for form in pair}
    return singles


# ------------------------------------------------------------------ the test of the test


def test_the_check_finds_a_word_built_outside_the_layer() -> None:
    with pseudo_language():
        board = AnalysisBoard.from_text("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2")
        assert leftovers(board) == {}
        board.facts = [*board.facts, "Hearts are broken."]
        board.message = {"kind": "prompt", "badge": "", "text": "⟪Tap a card.⟫ Nothing changed."}
        found = leftovers(board)
    assert found == {f"facts[{len(board.facts) - 1}]": ["Hearts", "are", "broken"], "message.text": ["Nothing",
                                                                                                       "changed"]}
    # An engine sentence is exempt only as a whole: a word glued to it is still found.
    assert leftovers(board, ["Hearts are broken."]) == {"message.text": ["Nothing", "changed"]}


# ------------------------------------------------------------------ the analysis board


def test_the_analysis_board_speaks_through_the_layer_in_every_mode() -> None:
    engine: set[str] = set()
    with pseudo_language():
        board = AnalysisBoard.example()  # mid-trick, with cards the rules refuse and a choice for the coach
        assert_words_cover_bundle(board)
        assert_translated(board)
        view = board.position
        assert view is not None
        for card in view.hand:  # why? on every card: the engine's verdict, our badge
            board.why(card)
            engine.add(view.explain(card).message)
            assert_translated(board, engine)
        advice = board.ask_coach()
        assert advice is not None and len(board.coach["rows"]) > 1
        engine.add(advice.reason)
        assert_translated(board, engine)
        assert board.play_on()
        assert_translated(board)
        refused = next(card for card in board.state.hand(0) if card not in board.state.legal_plays()) \
            if board.state is not None and board.state.to_move == 0 else None
        if refused is not None:
            assert not board.play(refused)
            assert_translated(board)
        assert board.computer_play()
        assert_translated(board)
        board.computers_to_you()
        assert_translated(board)
        assert board.back() and board.forward()
        assert_translated(board)
        assert board.analyse_here()
        assert_translated(board)
        board.stop_playing()
        board.edit()
        assert board.mode == "setup"
        assert_translated(board)  # the deck's placed cards say where they are, in our words
        assert any(card["place"] for row in board.deck for card in row["cards"])
        board.clear()
        for text in ("♣2", "♣3", "♥A"):
            board.tap_deck(text)
        board.choose_leader(0)
        assert board.message["text"] == OPEN + "You lead the first trick." + CLOSE
        board.choose_leader(2)  # you hold ♣2: refused
        assert_translated(board)
        board.choose_target("play")
        board.tap_deck("♣2")
        board.tap_deck("♣2")  # played already
        board.tap_deck("♥K")  # CPU1 may not follow ♣2 with a heart it is not known to need
        assert_translated(board)
        board.take_back()
        board.analyse()  # thirteen cards are missing: refused with the reader's sentence inside ours
        assert_translated(board)
        board.paste("not a position")
        board.open_record("{", 1, 1)
        board.open_record("a line", 1, 1)
        assert_translated(board)
    assert board.message["kind"] == "refused"


def test_analysis_board_english_is_unchanged() -> None:
    board = AnalysisBoard()
    board.tap_deck("♣3")
    board.choose_leader(0)
    assert board.message["text"] == "You lead the first trick."
    board.choose_leader(1)
    assert board.message["text"] == "CPU1 leads the first trick."
    assert [row["label"] for row in board.deck] == ["clubs", "diamonds", "spades", "hearts"]
    placed = next(card for row in board.deck for card in row["cards"] if card["place"])
    assert placed["label"] == "three of clubs, in your hand"


# ------------------------------------------------------------------ the puzzle board


def _wrong_card(board: PuzzleBoard) -> Any:
    view = board.puzzle.view()
    return next((card for card in view.legal_plays() if not board.puzzle.check(card).correct), None)


def test_the_puzzle_board_speaks_through_the_layer_right_wrong_and_refused(tmp_path: Path) -> None:
    engine: set[str] = set()
    with pseudo_language():
        board = PuzzleBoard(store=PuzzleStore(tmp_path), clock=lambda: AT, seed=1)
        assert_words_cover_bundle(board)
        assert_translated(board)
        view = board.puzzle.view()
        illegal = next((card for card in view.hand if card not in view.legal_plays()), None)
        if illegal is not None:
            assert not board.select(illegal)
            assert_translated(board)
        board.confirm()  # nothing chosen yet
        answer = board.choose(str(board.puzzle.solution))
        assert answer is not None and answer.correct
        engine.add(answer.why)
        assert_translated(board, engine)
        board.select(str(board.puzzle.solution))  # answered already
        assert_translated(board, engine)
        wrong = None
        for _ in range(len(load_puzzles())):
            assert board.next_puzzle()
            wrong = _wrong_card(board)
            if wrong is not None:
                break
            board.choose(str(board.puzzle.solution))
        assert wrong is not None, "no shipped puzzle has a legal card that is wrong"
        assert_translated(board)
        answer = board.choose(wrong)
        assert answer is not None and not answer.correct
        engine.add(answer.why)
        assert_translated(board, engine)
        assert board.message["kind"] == "wrong"
        board.puzzle_of_the_day()
        board.choose_theme(board.themes[1]["key"])
        assert_translated(board, engine)


def test_a_lesson_s_puzzles_and_a_worked_position_speak_through_the_layer(tmp_path: Path) -> None:
    with pseudo_language():
        lesson = PuzzleBoard.for_lesson("14-queen-of-spades", store=PuzzleStore(tmp_path), clock=lambda: AT)
        answer = lesson.choose(str(lesson.puzzle.solution))
        assert answer is not None
        assert_translated(lesson, [answer.why])
        assert lesson.lesson_text.startswith(OPEN)
        worked = PuzzleBoard.worked_example("14-queen-of-spades", clock=lambda: AT)
        assert_translated(worked)


def test_puzzle_progress_texts_are_said_through_the_layer(tmp_path: Path) -> None:
    with pseudo_language():
        board = PuzzleBoard(store=PuzzleStore(tmp_path), clock=lambda: AT, seed=3)
        board.choose(str(board.puzzle.solution))
        progress = board.progress
        texts = [rating_text(progress), streak_text(progress), due_text(progress, AT)]
        texts += [theme_text("⟪void⟫", record) for record in progress.accuracy().values()]
    assert texts and all(untranslated(text) == [] for text in texts), texts


# ------------------------------------------------------------------ practice


@pytest.mark.parametrize("name", ["practice-clubs-led", "practice-no-clubs"])
def test_practice_speaks_through_the_layer_as_cards_are_tapped(name: str) -> None:
    with pseudo_language():
        practice = Practice(name)
        assert_words_cover_bundle(practice)
        where = practice.position
        engine = {where.title, where.prompt}
        assert_translated(practice, engine)
        for card in where.hand:
            feedback = practice.choose(card)
            engine.add(check_play(where.hand, where.trick, card, first_trick=where.first_trick,
                                  hearts_broken=where.hearts_broken).message)
            assert_translated(practice, engine)
            if feedback.legal:
                assert practice.feedback["trick"][-1]["you"] is True
    assert practice.answered


def test_practice_english_is_unchanged() -> None:
    practice = Practice("practice-clubs-led")
    assert practice.choose("♣3").consequence == "CPU2 takes the trick with ♣K and 1 point."
    assert practice.question == (practice.position.prompt or "Which card would you play?")


# ------------------------------------------------------------------ the exercises


def _exercise_engine(exercise: Exercise) -> set[str]:
    """The engine's sentences an exercise quotes: its scenario's title and prompt, every card's verdict."""
    question = exercise.question
    engine = set()
    where = getattr(question, "position", None)
    if where is not None:
        engine |= {where.title, where.prompt}
        engine |= {check_play(where.hand, where.trick, card, first_trick=where.first_trick,
                              hearts_broken=where.hearts_broken).message for card in where.hand}
    trick = getattr(question, "trick", None)
    if trick is not None:
        engine.add(points_working(trick.cards))
    return engine


@pytest.mark.parametrize("name", ["lead-two-of-clubs", "need-not-beat", "first-trick-no-points", "discard-a-heart"])
def test_the_legal_cards_quiz_speaks_through_the_layer(name: str) -> None:
    with pseudo_language():
        quiz = LegalCardsQuiz(name)
        assert_words_cover_bundle(quiz)
        engine = _exercise_engine(quiz)
        assert_translated(quiz, engine)
        quiz.check()  # nothing picked
        assert quiz.notice.startswith(OPEN)
        where = position(name)
        legal = [card for card in where.hand if check_play(where.hand, where.trick, card,
                                                            first_trick=where.first_trick,
                                                            hearts_broken=where.hearts_broken).legal]
        wrong = [card for card in where.hand if card not in legal]
        for card in wrong[:2] or legal[:1]:
            quiz.toggle(card)
        quiz.check()  # wrong (or short) answer: the slips, plural or not
        assert_translated(quiz, engine)
        for text in list(quiz.picked):
            quiz.toggle(text)
        for card in legal:
            quiz.toggle(card)
        assert quiz.check()["correct"]
        assert_translated(quiz, engine)


@pytest.mark.parametrize("name", sorted(TRICK_EXAMPLES))
def test_the_trick_quizzes_speak_through_the_layer(name: str) -> None:
    with pseudo_language():
        for quiz in (WhoTakesQuiz(name), TrickPointsQuiz(name)):
            assert_words_cover_bundle(quiz)
            engine = _exercise_engine(quiz)
            assert_translated(quiz, engine)
            for choice in quiz.choices:  # every answer, wrong and right
                quiz.answer(choice["value"])
                assert_translated(quiz, engine)
            assert quiz.answered


@pytest.mark.parametrize("name", sorted(MOON_RUNNERS))
def test_stop_the_moon_speaks_through_the_layer(name: str) -> None:
    with pseudo_language():
        quiz = StopTheMoon(name)
        engine = _exercise_engine(quiz)
        assert_translated(quiz, engine)
        for card in position(name).hand:
            quiz.answer(str(card))
            assert_translated(quiz, engine)


def test_exercise_english_is_unchanged() -> None:
    quiz = WhoTakesQuiz("off-suit-ace")
    assert quiz.title == "Who takes this trick?" and quiz.prompt == "Pick the player who takes it."
    trick = trick_example("off-suit-ace")
    off = [card for card in trick.cards if card.suit is not trick.cards[0].suit]
    taking = quiz.answer(quiz.choices[0]["value"])["lines"][0]
    assert "the highest" in taking and taking.endswith(
        "so it cannot win, however high." if len(off) == 1 else "so they cannot win, however high.")
    points = TrickPointsQuiz("queen-on-a-diamond")
    assert points.title == "How many points does this trick carry?"


# ------------------------------------------------------------------ the glossary


def test_glossary_links_are_whole_translated_sentences() -> None:
    assert set(LINK_TEXTS) == set(RULE_ENTRIES)
    for reason, (_, words) in RULE_ENTRIES.items():
        assert rule_link(reason)["text"] == f"Read more: {words}, in the glossary"  # English unchanged
        assert rule_words(reason) == words
    with pseudo_language():
        for reason, text in LINK_TEXTS.items():
            assert rule_link(reason)["text"] == OPEN + text + CLOSE
            assert untranslated(rule_words(reason)) == []
        assert rule_link(Reason.LEGAL) == {} and rule_words(Reason.LEGAL) == ""


# ------------------------------------------------------------------ the front ends


def test_every_front_end_installs_its_words_first() -> None:
    for name in ("analysis_board.js", "puzzle_board.js", "practice.js", "exercises.js"):
        source = (STATIC / name).read_text(encoding="utf-8")
        body = source.split("function render({ model, el }) {", 1)[1]
        assert body.lstrip().startswith("hlUseWords(model);"), name
    parts = (STATIC / "exercise_parts.js").read_text(encoding="utf-8")
    assert parts.split("function hlExercise(model, root) {", 1)[1].lstrip().startswith("hlUseWords(model);")


_JS_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')
_SAID = re.compile(r'\bhlTn?\(\s*"(?:[^"\\\n]|\\.)*"(?:\s*,\s*"(?:[^"\\\n]|\\.)*")?')
_TECHNICAL = re.compile(r"^(?:(?:hl|is)-[\w-]+(?:\s+(?:hl|is)-[\w-]+)*\s?|[\w.:-]*|[\[.:#][^ ]*.*|.*[=\[\]].*)$")
"""Class lists, identifiers, event and tag names, selectors: literals that are never words on a page."""
_TEXT_SINKS = (
    re.compile(r"\.(?:textContent|title|placeholder|innerText)\s*=\s*(" + _JS_LITERAL.pattern + ")"),
    re.compile(r'setAttribute\(\s*"(?:aria-label|title|placeholder|aria-description)"\s*,\s*('
               + _JS_LITERAL.pattern + ")"),
    re.compile(r"\bhlButton\(\s*(" + _JS_LITERAL.pattern + ")"),
    re.compile(r"\bhlEl\([^,()]*,[^,()]*,\s*(" + _JS_LITERAL.pattern + ")"),
    re.compile(r"\bhl(?:Hand|Group|Spoken)\([^,()]*,\s*(" + _JS_LITERAL.pattern + ")"),
)
"""Where a literal is always text a learner reads or hears: any letter in it is a word."""
_GLUE_SINKS = (
    re.compile(r"\.(?:append|prepend)\([^)]*?(" + _JS_LITERAL.pattern + ")"),
    re.compile(r"(" + _JS_LITERAL.pattern + r")\s*\+|\+\s*(" + _JS_LITERAL.pattern + ")"),
)
"""Where a literal may be text or may be technical (a class, an action's name): words unless plainly technical."""


def english_literals(source: str) -> list[str]:
    """String literals in ``source`` that look like English words on their way to the page, not through hlT/hlTn.

    Strict but simple: with every hlT/hlTn literal blanked, any literal holding two words
    (letters, a space, letters) is English unless it is a class list or a selector, and any
    literal with a letter placed where text goes (textContent, an accessible name, a title,
    a placeholder, a button's label, an element's text, appended or glued with ``+``) is
    English unless it is plainly technical.
    """
    blanked = _SAID.sub("hlT(_)", source)
    blanked = re.sub(r"//[^\n]*", "", blanked)  # comments are for readers of the code
    found = []
    for literal in _JS_LITERAL.findall(blanked):
        body = literal[1:-1]
        two_words = re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", body) and not _TECHNICAL.match(body)
        fragment = re.match(r"^[,;:.!?]\s+[A-Za-z]", body)  # ", allowed": a piece glued to a sentence
        if two_words or fragment:
            found.append(body)
    for sinks, strict in ((_TEXT_SINKS, True), (_GLUE_SINKS, False)):
        for sink in sinks:
            for match in sink.finditer(blanked):
                for literal in filter(None, match.groups()):
                    body = literal[1:-1]
                    if re.search(r"[A-Za-z]", body) and (strict or not _TECHNICAL.match(body)):
                        found.append(body)
    return found


def test_the_scan_finds_english_on_its_way_to_the_page() -> None:
    bad = '''
      table.setAttribute("aria-label", "cards on the table");
      const check = hlButton("Check", "check");
      place.append(hlEl("div", "hl-seat-empty", "mine"));
      chip.setAttribute("aria-label", item.card + (item.legal ? ", allowed" : ", not allowed"));
      message.textContent = "Pick";
      el.title = "Details";
    '''
    assert set(english_literals(bad)) >= {"cards on the table", "Check", "mine", ", allowed", ", not allowed",
                                          "Pick", "Details"}
    good = '''
      table.setAttribute("aria-label", hlT("cards on the table"));
      const check = hlButton(hlT("Check"), "check", { className: "hl-check hl-row" });
      message.textContent = hlTn("{count} card", "{count} cards", 2);
      root.querySelector('[data-action="next"]'); const q = ".hl-analysis-setup h3";
      model.on("change:" + name, draw); button.dataset.action = "choice-" + choice.label;
    '''
    assert english_literals(good) == []


@pytest.mark.parametrize("name", MY_JS)
def test_our_front_ends_put_no_english_on_the_page_but_through_hlT(name: str) -> None:
    assert english_literals((STATIC / name).read_text(encoding="utf-8")) == []


def test_the_bundles_words_cover_our_files_literals() -> None:
    """Our files' hlT literals are in the words tables of the widgets that bundle them."""
    with pseudo_language():
        widgets = {"practice.js": Practice("practice-clubs-led"), "exercise_parts.js": WhoTakesQuiz("off-suit-ace")}
    for name, widget in widgets.items():
        assert own_patterns(name) <= set(widget.words), name
