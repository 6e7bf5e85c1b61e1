"""A pseudo-language for tests: every translated pattern comes back wrapped in ⟪ and ⟫.

A text a learner sees that holds letters outside the brackets was built without the
translation layer (an f-string, a glued fragment, an English literal in a front end).
Card notation (``♠Q``, ``10♣``) and numbers carry no words and are allowed bare.

    with pseudo_language():
        widget = Practice("practice-clubs-led")
        assert untranslated(widget.prompt) == []
"""

from __future__ import annotations

import contextlib
import gettext
import re
from collections.abc import Iterator

from hearts_core import wording

OPEN, CLOSE = "⟪", "⟫"
PSEUDO_CODE = "qps"
_CARD = re.compile(r"[♣♦♠♥](?:10|[2-9JQKA])|(?:10|[2-9JQKA])[♣♦♠♥]")


class PseudoTranslations(gettext.NullTranslations):
    """Wraps every message, keeping its placeholders, so a translated text is visible as such."""

    def gettext(self, message: str) -> str:
        return OPEN + message + CLOSE

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return OPEN + (msgid1 if n == 1 else msgid2) + CLOSE


@contextlib.contextmanager
def pseudo_language() -> Iterator[None]:
    """Say everything in the pseudo-language inside the block, then return to the language before it."""
    before = wording.language()
    wording.use_catalogue(PseudoTranslations(), PSEUDO_CODE)
    try:
        yield
    finally:
        wording.set_language(before)


def untranslated(text: str) -> list[str]:
    """The words of ``text`` outside every ⟪…⟫ (nested brackets allowed), card notation removed."""
    outside: list[str] = []
    depth = 0
    for char in text:
        if char == OPEN:
            depth += 1
            outside.append(" ")
        elif char == CLOSE:
            depth = max(0, depth - 1)
            outside.append(" ")
        elif depth == 0:
            outside.append(char)
    bare = _CARD.sub(" ", "".join(outside))
    return re.findall(r"[^\W\d_]+", bare)
