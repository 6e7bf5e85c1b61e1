"""The words of the English catalogues: what a page in another language must not say.

A translated page may hold only the few English-looking words its translation keeps on purpose
(:data:`KEPT`). Both readers of a translated page use this list: tests/test_translated_text.py
(its lessons' text and its widgets' first views, without a browser) and
tests/browser/test_translated_pages_browser.py (the page as Chromium shows it).
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]

KEPT = {"cpu", "enter", "escape", "space", "tab", "mb", "elo"}
"""English-looking words a translation keeps: keys as printed on the keyboard, CPU1..CPU3, units."""


def _english_words() -> set[str]:
    words: set[str] = set()
    for path in (ROOT / "hearts_core" / "locale" / "hearts.pot", ROOT / "lessons" / "locale" / "lessons.pot"):
        with path.open("rb") as source:
            for message in read_po(source):
                for pattern in message.id if isinstance(message.id, tuple) else (message.id,):
                    # Placeholders and link targets are not words anyone reads.
                    text = re.sub(r"\{\w*\}|\]\([^)]*\)|<[^>]+>", " ", pattern)
                    words.update(word.lower() for word in re.findall(r"[A-Za-z]{2,}", text))
    return words - KEPT


ENGLISH = _english_words()


def english_in(text: str) -> list[str]:
    """Words of ``text`` that are words of the English catalogues (Latin letters only)."""
    return sorted({word for word in re.findall(r"[A-Za-z]{2,}", text) if word.lower() in ENGLISH})
