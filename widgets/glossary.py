"""Where the glossary lives, and which entry explains each rule a refusal names.

Every refusal a learner reads links to the glossary entry for the rule it applied, so
"why not?" always has a "read more".  The entries themselves are in
``lessons/glossary.ipynb``; a test checks that every anchor named here exists there.
Voilà serves that notebook by its own name, while the static site serves the page Voici
rendered from it (``glossary.html``), so a link's address comes from :func:`widgets._base.page_address`.
"""

from __future__ import annotations

from typing import Final

from hearts_core import Reason
from widgets._base import page_address

__all__ = ["GLOSSARY", "RULE_ENTRIES", "rule_link", "rule_words"]

GLOSSARY: Final = "glossary.ipynb"
"""The glossary notebook, relative to the lessons (the same folder as every lesson)."""

RULE_ENTRIES: Final = {
    Reason.NOT_IN_HAND: ("hand", "playing only cards you hold"),
    Reason.MUST_LEAD_TWO_OF_CLUBS: ("lead", "the first lead"),
    Reason.MUST_FOLLOW_SUIT: ("follow", "following suit"),
    Reason.NO_POINTS_ON_FIRST_TRICK: ("first-trick", "the first trick"),
    Reason.HEARTS_NOT_BROKEN: ("hearts-broken", "breaking hearts"),
}
"""Reason -> (glossary anchor, the words of the link)."""


def rule_link(reason: Reason | str | None) -> dict[str, str]:
    """The glossary link for a refusal: ``{"href": ..., "text": ...}``; empty when no rule of play refused."""
    if reason is None:
        return {}
    try:
        anchor, words = RULE_ENTRIES[Reason(reason)]
    except (KeyError, ValueError):
        return {}
    return {"href": f"{page_address(GLOSSARY)}#{anchor}", "text": f"Read more: {words}, in the glossary"}


def rule_words(reason: Reason | str) -> str:
    """The rule a refusal applied, in words (``"following suit"``); ``""`` for a legal card."""
    try:
        return RULE_ENTRIES[Reason(reason)][1]
    except (KeyError, ValueError):
        return ""
