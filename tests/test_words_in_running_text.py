"""Names inside Spanish and Japanese sentences: a lesson's, a part's or a theme's title reads as a name.

Spanish sets a title in running text in lower case, or quotes it «…» and keeps its capital;
a capital in mid-sentence reads as a mistake ("Primero vienen Las reglas").  Japanese quotes a
title 「…」 and lists titles with 、: a theme ending in a verb followed by と reads as "if"
(「♠Aや♠Kで上から出さないとスートを数える」).  Read from the shipped catalogues and the
sentences the puzzle board says, not from the code that writes them.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from hearts_core import wording
from hearts_core.puzzle_themes import THEMES
from hearts_core.puzzles import load_puzzles
from hearts_learner.puzzle_store import PuzzleStore
from widgets.lessons import PARTS
from widgets.puzzles import PuzzleBoard

ROOT = Path(__file__).resolve().parent.parent
SPANISH = (ROOT / "hearts_core/locale/es/LC_MESSAGES/hearts.po", ROOT / "lessons/locale/es/LC_MESSAGES/lessons.po")
THEMES_SAID = "Themes of this puzzle: {themes}."


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    wording.set_language("en")


def _titles() -> list[str]:
    """Every lesson's, part's and theme's title, in English (the message ids)."""
    lessons = tomllib.loads((ROOT / "widgets/lessons.toml").read_text(encoding="utf-8"))["lesson"]
    return [*(lesson["title"] for lesson in lessons), *(name for name, _ in PARTS.values()), *THEMES.values()]


def _spanish_messages() -> Iterator[tuple[list[str], list[str]]]:
    """Each Spanish message: its English forms and its Spanish ones."""
    for path in SPANISH:
        with path.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    ids, forms = message.id, message.string
                    yield ([*ids] if isinstance(ids, tuple) else [str(ids)],
                           [*forms] if isinstance(forms, tuple) else [str(forms or "")])


def _spanish_sentences() -> Iterator[str]:
    for _, forms in _spanish_messages():
        yield from forms


def _capital_mid_sentence(text: str, title: str) -> bool:
    """``title`` (capitalised) follows a lower-case word in ``text``, bold or a link's text at most between them."""
    return re.search(r"[a-záéíóúñ] (\*\*|\[|\*)?" + re.escape(title), text) is not None


def test_no_spanish_sentence_capitalises_a_title_in_mid_sentence() -> None:
    wording.set_language("es")
    titles = [wording.translate(title) for title in _titles()]
    assert all(title[0].isupper() or not title[0].isalpha() for title in titles)
    wrong = [(title, text) for text in _spanish_sentences() for title in titles
             if title[0].isalpha() and _capital_mid_sentence(text, title)]
    assert wrong == []


def _themes_said(tmp_path: Path, language: str) -> tuple[list[str], str]:
    """A puzzle with two themes or more, answered on a puzzle board speaking ``language``: its themes and the words."""
    wording.set_language(language)
    themed = next(puzzle for puzzle in load_puzzles() if len(puzzle.theme_keys) >= 2)
    widget = PuzzleBoard((themed,), store=PuzzleStore(tmp_path / language), seed=7)
    widget.choose(str(themed.solution))
    text = widget.message["text"]
    said = text[text.index(wording.translate(THEMES_SAID).split("{")[0]):]  # the message's last sentence
    return [wording.say(THEMES[key]) for key in themed.theme_keys], said


def test_a_puzzles_themes_read_as_names_in_spanish(tmp_path: Path) -> None:
    names, text = _themes_said(tmp_path, "es")
    assert all(f"«{name}»" in text for name in names), text
    # Outside the quotes that set off each name, no capital follows the sentence's first letter.
    assert not re.search(r"[A-ZÁÉÍÓÚÑ]", re.sub(r"«[^»]*»", "", text)[1:]), text


def test_a_puzzles_themes_are_quoted_and_listed_without_to_in_japanese(tmp_path: Path) -> None:
    names, text = _themes_said(tmp_path, "ja")
    assert all(f"「{name}」" in text for name in names), text
    assert "と「" not in text and "」と" not in text, text


@pytest.mark.parametrize("keys", [("no_cover", "count"), ("duck", "drop_queen", "play_last"), ("stop_moon",)])
def test_a_list_of_names_sets_off_each_name(keys: tuple[str, ...]) -> None:
    for language, (left, right), joiners in (("en", "“”", (", ", " and ")), ("es", "«»", (", ", " y ")),
                                             ("ja", "「」", ("、",))):
        wording.set_language(language)
        names = [wording.say(THEMES[key]) for key in keys]
        text = wording.names_list(names)
        assert text.startswith(left + names[0] + right) and text.endswith(left + names[-1] + right)
        between = re.sub(left + "[^" + right + "]*" + right, "|", text)
        assert set(between.split("|")) <= {"", *joiners}, text


def test_spanish_calls_the_puzzle_rating_a_level_never_the_score() -> None:
    rating = re.compile(r"\brat(ing|ed)\b", re.IGNORECASE)
    seen = 0
    for ids, forms in _spanish_messages():
        if any(rating.search(text) for text in ids):
            seen += 1
            for text in forms:
                assert "puntuaci" not in text.lower() and "nivel" in text.lower(), (ids[0], text)
    assert seen >= 10
