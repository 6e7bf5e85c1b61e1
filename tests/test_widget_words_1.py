"""Every word the match page and the small widgets show goes through the translation layer.

Each widget is built and driven inside ``tests/pseudo.py``'s pseudo-language, where every
translated pattern comes back as ``⟪pattern⟫``: a text a learner reads that still holds a
word outside the brackets was built without the layer.  Texts other modules write (the
engine's verdicts and coach reasons, the glossary's rule names, the card payloads of
``widgets/_base.py``) are their owners' to translate: they are taken out of a text, by
value, before it is checked, so what is left is what these widgets wrote themselves.

The front ends are checked twice: the widget's ``words`` has every ``hlT``/``hlTn``
literal of its bundle (in the pseudo-language, so each comes back wrapped), and a scan of
the JavaScript finds no English literal put on the page except through ``hlT``/``hlTn``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_core import DECK, IllegalMove, Rules
from hearts_core.review import HandReview, Mistake
from hearts_core.scenarios import SCORE_EXAMPLES, TRICK_EXAMPLES
from hearts_learner.match_store import MatchStore
from tests.pseudo import CLOSE, OPEN, pseudo_language, untranslated
from widgets import MatchWidget
from widgets._base import HeartsWidget, front_end_patterns
from widgets.drill import Drill
from widgets.explainer import CardExplainer
from widgets.pass_picker import PassPicker
from widgets.points_quiz import PointsQuiz
from widgets.records import MistakeHunt, RecordViewer
from widgets.score_table import ScoreQuiz, ScoreTable
from widgets.trick_scene import TrickScene

STATIC = Path(__file__).parent.parent / "widgets" / "static"
FRONT_ENDS = sorted([*STATIC.glob("match/*.js"), *(STATIC / f"{name}.js" for name in (
    "trick_scene", "score_table", "pass_picker", "record_viewer", "explainer", "drill", "points_quiz"))])

# Keys whose values are codes the front end reads, never shown: setting names, values, outcomes, links.
CODES = frozenset({"value", "outcome", "reason", "href", "match_id", "pass_direction", "level", "analysis", "link"})
CODE_PLACES = re.compile(r"option_lists\.options\[\d+\]\.name$")  # the setting each option sets


def is_card(value: object) -> bool:
    """A card payload (``widgets._base.card_data``): notation, and a spoken label that is _base's to translate."""
    return isinstance(value, dict) and {"rank", "symbol", "suit"} <= value.keys()


def strings(value: object, path: str = "") -> Iterator[tuple[str, str]]:
    """Every shown string in a trait's value, with where it is."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict) and not is_card(value):
        for key, item in value.items():
            if key not in CODES:
                yield from strings(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from strings(item, f"{path}[{index}]")


def words_outside(widget: HeartsWidget, traits: list[str], foreign: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """The words outside the pseudo-language's brackets in ``traits``, by place; ``foreign`` texts taken out first."""
    found = {}
    for trait in traits:
        for path, text in strings(getattr(widget, trait, ""), trait):
            if CODE_PLACES.search(path):
                continue
            mine = text
            for other in sorted((item for item in foreign if item), key=len, reverse=True):
                mine = mine.replace(other, " ")
            if outside := untranslated(mine):
                found[path] = outside
    return found


def assert_words_cover_the_front_end(widget: HeartsWidget) -> None:
    singles, plurals = front_end_patterns(widget._esm)
    assert singles, "a front end with no hlT literal is not what this test expects"
    assert all(widget.words[pattern] == OPEN + pattern + CLOSE for pattern in singles)
    for one, many in plurals:
        assert [form.strip(OPEN + CLOSE) for form in widget.words[one + "\u0004" + many]] == [one, many]


# ------------------------------------------------------------------ the match page

MATCH_TRAITS = ["header", "seats", "table", "last_trick", "scores", "result", "coach", "story", "sheet", "review",
                "summary", "history", "offer", "message", "notice", "option_lists"]


def scripted_reviewer(state: Any, seat: int) -> HandReview:
    """Two costly plays in every hand (tricks 2 and 5), so the review and the summary have all their parts."""
    items = []
    for trick in (2, 5):
        played = state.tricks[trick - 1].played_by(seat)
        better = next(card for card in state.dealt(seat) if card is not played)
        items.append(Mistake(trick, played, better, 3.0, "", 3.0, 0.0))
    return HandReview(seat, tuple(items), len(state.tricks), state.points_taken[seat])


def engine_texts(widget: MatchWidget) -> tuple[str, ...]:
    """What the engine wrote into the match page's texts (its coach's reasons, its refusals)."""
    coach = widget.coach or {}
    return (coach.get("advice", ""), *(step.get("why", "") for step in (widget.review or {}).get("steps", [])))


def check_match(widget: MatchWidget, seen: dict[str, list[str]], *foreign: str) -> None:
    seen.update(words_outside(widget, MATCH_TRAITS, (*engine_texts(widget), *foreign)))


def test_a_match_says_everything_through_the_layer(tmp_path: Path) -> None:
    seen: dict[str, list[str]] = {}
    with pseudo_language():
        w = MatchWidget(seed=7, store=MatchStore(tmp_path), speed="instant", show_coach=True, show_danger=True,
                        rules=Rules(target=1))
        w.flow.advice.reviewer = scripted_reviewer  # type: ignore[assignment]
        w.flow.advice.puzzles = None  # the scripted mistakes are no puzzles
        assert_words_cover_the_front_end(w)
        check_match(w, seen)
        w.hint()
        advice = w.flow.recommendation(force=True)
        check_match(w, seen, advice.reason if advice else "")
        for card in [card["text"] for card in w.hand[:4]]:
            w.toggle_pass(card)  # the fourth is refused: three are chosen already
            check_match(w, seen)
        stranger = next(str(card) for card in DECK if str(card) not in {item["text"] for item in w.hand})
        w.toggle_pass(stranger)
        check_match(w, seen)
        w.confirm_pass()
        check_match(w, seen)
        while w.screen == "playing":
            illegal = [card["text"] for card in w.hand if card["legal"] is False]
            if illegal:
                w.choose(illegal[0])
                check_match(w, seen, w.message)  # the refusal is the engine's verdict, said as it is
            w.hint()
            advice = w.flow.recommendation(force=True)
            check_match(w, seen, advice.reason if advice else "")
            w.choose(next(card["text"] for card in w.hand if card["legal"]))
            check_match(w, seen)
            w.play_selected()
            check_match(w, seen)
        assert w.screen == "match_over" and w.result["text"] and w.summary["rows"]
        w.open_review()
        assert w.review["steps"]
        check_match(w, seen)
        w.close_review()
        w.set_option("no_such_setting", 1)
        check_match(w, seen)
        w.new_match(seed=3)
        for card in [card["text"] for card in w.hand[:3]]:
            w.toggle_pass(card)
            check_match(w, seen)
        w.confirm_pass()  # progress, so that a new page offers to resume
        check_match(w, seen)
        other = MatchWidget(store=MatchStore(tmp_path), speed="instant")
        assert other.screen == "offer"
        check_match(other, seen)
        other.resume()
        other.choose(next(card["text"] for card in other.hand if card["legal"]))
        other.play_selected()
        check_match(other, seen)
        w.choose(next(card["text"] for card in w.hand if card["legal"]))  # the other page has saved since: Reload
        assert w.stale
        check_match(w, seen)
    assert seen == {}


def test_the_history_label_and_the_notices_are_whole_patterns(tmp_path: Path) -> None:
    store = MatchStore(tmp_path)
    store.stats_path.write_text("not json", encoding="utf-8")
    with pseudo_language():
        w = MatchWidget(seed=7, store=store, speed="instant", rules=Rules(target=1))
        # The detail in brackets is the reader's own description of the file, in English by design.
        problem = w.notice[w.notice.index("(") + 1:w.notice.index(")")]
        assert words_outside(w, ["notice"], (problem, store.stats_path.name)) == {}
        assert w.notice.startswith(OPEN)


# ------------------------------------------------------------------ the small widgets


@pytest.mark.parametrize("name", sorted(TRICK_EXAMPLES))
def test_a_trick_scene_says_every_step_through_the_layer(name: str) -> None:
    with pseudo_language():
        scene = TrickScene(name)
        assert_words_cover_the_front_end(scene)
        seen = words_outside(scene, ["title", "seats", "played", "led", "caption"])
        while scene.step < scene.total:
            scene.step_forward()
            seen.update(words_outside(scene, ["played", "led", "caption"]))
    assert seen == {}
    # The front end learns which seat is the learner's from Python, never by comparing names.
    learner = [index for index, seat in enumerate(scene.example.leader + offset for offset in range(4))
               if seat % 4 == 0]
    assert scene.learner == learner[0]


@pytest.mark.parametrize("name", sorted(SCORE_EXAMPLES))
def test_score_tables_and_quizzes_say_everything_through_the_layer(name: str) -> None:
    traits = ["title", "rows", "moon", "ending", "winners", "question", "choices", "feedback"]
    with pseudo_language():
        table = ScoreTable(name)
        assert_words_cover_the_front_end(table)
        seen = words_outside(table, traits)
        for choice in ("goes-on", "shared", 0, 1):
            quiz = ScoreQuiz(name)
            seen.update(words_outside(quiz, traits))
            quiz.answer(choice)
            seen.update(words_outside(quiz, traits))
    assert seen == {}


def test_a_score_table_from_a_match_says_its_title_through_the_layer(tmp_path: Path) -> None:
    with pseudo_language():
        w = MatchWidget(seed=7, store=MatchStore(tmp_path), speed="instant", rules=Rules(target=1))
        while w.screen != "match_over":
            if w.screen == "passing":
                for card in [card["text"] for card in w.hand[:3]]:
                    w.toggle_pass(card)
                w.confirm_pass()
            else:
                w.choose(next(card["text"] for card in w.hand if card["legal"]))
                w.play_selected()
        assert w.match is not None
        table = ScoreTable.from_match(w.match)
        assert words_outside(table, ["title", "rows", "moon", "ending", "winners"]) == {}


def test_the_pass_picker_says_everything_through_the_layer() -> None:
    traits = ["title", "direction_text", "status", "summary", "practice_text"]
    with pseudo_language():
        picker = PassPicker("pass-high-cards", seed=3)
        assert_words_cover_the_front_end(picker)
        seen = words_outside(picker, traits)
        for card in [card["text"] for card in picker.hand[:4]]:
            picker.toggle(card)
            seen.update(words_outside(picker, traits))
        picker.toggle(picker.hand[3]["text"])
        picker.confirm()
        seen.update(words_outside(picker, traits))
        with pytest.raises(IllegalMove) as refused:
            picker.toggle(picker.hand[0]["text"])
        assert untranslated(refused.value.verdict.message) == []
        picker.another_deal()
        seen.update(words_outside(picker, traits))
        practice = PassPicker.practice(goal=2, seed=5)
        seen.update(words_outside(practice, traits))
        for direction in ("right", "across"):
            seen.update(words_outside(PassPicker(hand=[str(card) for card in DECK[:13]], direction=direction), traits))
    assert seen == {}


def viewer_foreign(viewer: RecordViewer) -> tuple[str, ...]:
    """The engine's refusals and the glossary's rule names that the viewer quotes."""
    return tuple(text for problem in getattr(viewer.flow, "all_problems", viewer.problems) or viewer.problems
                 for text in (problem["message"], problem["rule"]))


VIEWER_TRAITS = ["title", "status", "source", "load_error", "frame", "problems", "past_matches", "feedback"]


def test_the_record_viewer_says_every_frame_through_the_layer(tmp_path: Path) -> None:
    with pseudo_language():
        viewer = RecordViewer.sample("mistakes")
        assert_words_cover_the_front_end(viewer)
        foreign = viewer_foreign(viewer)
        seen = {}
        for step in range(viewer.frame_count):
            viewer.goto(step)
            seen.update(words_outside(viewer, VIEWER_TRAITS, foreign))
        for bad in ("", "hello", '{"format": "nope"}', "{" + "x" * 10):
            viewer.load_text(bad)
            seen.update(words_outside(viewer, ["load_error"]))
        viewer.load_sample("nope")
        seen.update(words_outside(viewer, ["load_error"], ("mistakes",)))
        viewer.load_last_match(MatchStore(tmp_path))
        seen.update(words_outside(viewer, ["load_error"]))
        viewer.load_past_match(0, MatchStore(tmp_path))
        seen.update(words_outside(viewer, ["load_error"]))
        viewer.load_text("x" * 2_000_001)
        seen.update(words_outside(viewer, ["load_error"]))
        moon = RecordViewer.moon()
        seen.update(words_outside(moon, VIEWER_TRAITS))
        moon.load_sample("mistakes")
        for step in range(moon.frame_count):
            moon.goto(step)
            seen.update(words_outside(moon, VIEWER_TRAITS))
        fresh = RecordViewer()
        seen.update(words_outside(fresh, VIEWER_TRAITS))
    assert seen == {}


def test_the_mistake_hunt_says_everything_through_the_layer() -> None:
    with pseudo_language():
        hunt = MistakeHunt.sample("mistakes")
        foreign = viewer_foreign(hunt)
        seen = words_outside(hunt, VIEWER_TRAITS, foreign)
        for step in range(hunt.frame_count):
            hunt.goto(step)
            seen.update(words_outside(hunt, VIEWER_TRAITS, foreign))
            legal = [index for index, card in enumerate(hunt.frame["cards"]) if not card["illegal"]]
            if legal and hunt.hunting:
                hunt.mark(legal[0])
                seen.update(words_outside(hunt, VIEWER_TRAITS, foreign))
        for problem in list(hunt.flow.all_problems):
            if hunt.hunting:
                hunt.goto(problem["step"])
                hunt.mark(len(hunt.frame["cards"]) - 1)
                seen.update(words_outside(hunt, VIEWER_TRAITS, foreign))
    assert seen == {}
    assert not hunt.hunting


def test_the_explainer_drill_and_points_quiz_say_everything_through_the_layer() -> None:
    with pseudo_language():
        explainer = CardExplainer("practice-clubs-led")
        assert_words_cover_the_front_end(explainer)
        seen = words_outside(explainer, ["title", "prompt", "table"])
        drill = Drill(["points", "who-takes"], seed=7)
        assert_words_cover_the_front_end(drill)
        seen.update(words_outside(drill, ["rule_names"]))
        for example in (None, "fifteen-points"):
            quiz = PointsQuiz("♥3 ♥9 ♥K ♠Q", question="How many points for taking these cards?") if example is None \
                else PointsQuiz(example=example)
            if example is None:
                assert_words_cover_the_front_end(quiz)
            seen.update(words_outside(quiz, ["question"]))
            for value in quiz.choices:
                quiz.choose(value)
                seen.update(words_outside(quiz, ["feedback"]))
        no_points = PointsQuiz("♣2 ♦5")
        no_points.choose(0)
        seen.update(words_outside(no_points, ["question", "feedback"]))
    assert seen == {}


# ------------------------------------------------------------------ the front ends' source

_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`', re.S)
_TRANSLATED = re.compile(r'\bhlTn?\(\s*"(?:[^"\\\n]|\\.)*"(?:\s*,\s*"(?:[^"\\\n]|\\.)*")?')
# Where a literal is put on the page: an element's text, a button's label, an accessible name, a title.
_SHOWN = re.compile(r'(?:hlEl\([^,()]*,[^,()]*,\s*|hlButton\(\s*|hlGroup\([^,()]*,\s*|hlHand\([^,()]*,\s*|'
                    r'\.(?:textContent|placeholder|title|innerText)\s*=\s*|'
                    r'setAttribute\(\s*"(?:aria-label|title|placeholder|aria-description)"\s*,\s*|\baria:\s*)$')
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_'’-]*")
_WORD = re.compile(r"^[A-Za-z][a-z'’]*$")  # a word of prose; code has dashes, underscores, digits or camelCase
_KEYS = frozenset({"Home", "End", "Enter", "Escape"})


def english_literals(source: str) -> list[str]:
    """String literals that look like words for a learner and are not the pattern of an hlT/hlTn call.

    A literal is English when it is put on the page (an element's text, a button's label, an
    accessible name) and holds a letter, or anywhere when it reads as prose: words and no code
    token (a class, a selector), with a capital, a space between them or a bracket.
    """
    code = re.sub(r"^\s*//.*$", "", source, flags=re.M)
    code = _TRANSLATED.sub("hlT(", code)
    found = []
    for literal in _LITERAL.finditer(code):
        text = re.sub(r"\$\{[^}]*\}", " ", literal.group()[1:-1])
        tokens = _TOKEN.findall(text)
        if not tokens:
            continue
        words = [token for token in tokens if _WORD.match(token) and token not in _KEYS]
        shown = bool(_SHOWN.search(code[max(0, literal.start() - 80):literal.start()]))
        # A selector, a media query or a class list holds a code token ("hl-card", "min-width"): not prose.
        code_like = len(words) < len([token for token in tokens if token not in _KEYS])
        prose = bool(words) and not code_like and (
            any(word[0].isupper() for word in words) or bool(re.search(r"\s", text.strip()) or "(" in text))
        if shown or prose:
            found.append(literal.group())
    return found


@pytest.mark.parametrize("path", FRONT_ENDS, ids=lambda path: str(path.relative_to(STATIC)))
def test_front_ends_put_no_english_on_the_page_but_through_hlT(path: Path) -> None:
    assert english_literals(path.read_text(encoding="utf-8")) == []


def test_the_scan_finds_an_english_label() -> None:
    assert english_literals('const b = hlButton("Play", "play");') == ['"Play"']
    assert english_literals('el.textContent = "winning";') == ['"winning"']
    assert english_literals("row.append(hlEl(\"span\", \"hl-seat\", `Hand ${n}`));") == ["`Hand ${n}`"]
    assert english_literals('x.setAttribute("aria-label", "your hand");') == ['"your hand"']
    assert english_literals('label + " (led)"') == ['" (led)"']
    assert english_literals('const said = "Nothing loaded yet.";') == ['"Nothing loaded yet."']
    assert english_literals('root.querySelectorAll(".hl-hand button.hl-card"); a.accept = ".json,text/json";') == []
    assert english_literals('hlButton(hlT("Play"), "play", { className: "hl-a is-b" });') == []
    assert english_literals('if (event.key === "Escape") hlEl("div", "hl-row hl-actions");') == []


def test_the_front_ends_never_compare_a_seat_name_with_you() -> None:
    for path in FRONT_ENDS:
        source = path.read_text(encoding="utf-8")
        assert not re.search(r'===?\s*(?:hlT\()?"You"|"You"\)?\s*===?', source), path.name
        assert 'next: "You"' not in source, path.name
