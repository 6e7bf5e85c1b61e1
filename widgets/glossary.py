"""Where the glossary lives, and which entry explains each rule a refusal names.

Every refusal a learner reads links to the glossary entry for the rule it applied, so
"why not?" always has a "read more".  The entries themselves are in
``lessons/glossary.ipynb``; a test checks that every anchor named here exists there.
Voilà serves that notebook by its own name, while the static site serves the page Voici
rendered from it (``glossary.html``), so a link's address comes from :func:`widgets._base.page_address`.

The words of each entry are learner text, kept whole: the rule's name (``"following suit"``)
and the link's whole sentence (``"Read more: following suit, in the glossary"``) are each a
pattern marked for the catalogue and said in the active language when a link is made, so a
translator words every link as a whole and never sees a sentence glued around a name.
"""

from __future__ import annotations

from typing import Final

from hearts_core import Reason
from hearts_core.wording import marked, say
from widgets._base import page_address

__all__ = ["GLOSSARY", "LINK_TEXTS", "RULE_ENTRIES", "rule_link", "rule_words"]

GLOSSARY: Final = "glossary.ipynb"
"""The glossary notebook, relative to the lessons (the same folder as every lesson)."""

RULE_ENTRIES: Final = {
    Reason.NOT_IN_HAND: ("hand", marked("playing only cards you hold")),
    Reason.MUST_LEAD_TWO_OF_CLUBS: ("lead", marked("the first lead")),
    Reason.MUST_FOLLOW_SUIT: ("follow", marked("following suit")),
    Reason.NO_POINTS_ON_FIRST_TRICK: ("first-trick", marked("the first trick")),
    Reason.HEARTS_NOT_BROKEN: ("hearts-broken", marked("breaking hearts")),
}
"""Reason -> (glossary anchor, the rule's name in English: a pattern, said with :func:`rule_words`)."""

LINK_TEXTS: Final = {
    Reason.NOT_IN_HAND: marked("Read more: playing only cards you hold, in the glossary"),
    Reason.MUST_LEAD_TWO_OF_CLUBS: marked("Read more: the first lead, in the glossary"),
    Reason.MUST_FOLLOW_SUIT: marked("Read more: following suit, in the glossary"),
    Reason.NO_POINTS_ON_FIRST_TRICK: marked("Read more: the first trick, in the glossary"),
    Reason.HEARTS_NOT_BROKEN: marked("Read more: breaking hearts, in the glossary"),
}
"""Reason -> the whole sentence of its glossary link, a pattern said in the active language."""


def rule_link(reason: Reason | str | None) -> dict[str, str]:
    """The glossary link for a refusal: ``{"href": ..., "text": ...}``; empty when no rule of play refused."""
    if reason is None:
        return {}
    try:
        rule = Reason(reason)
        anchor, _ = RULE_ENTRIES[rule]
    except (KeyError, ValueError):
        return {}
    return {"href": f"{page_address(GLOSSARY)}#{anchor}", "text": say(LINK_TEXTS[rule])}


def rule_words(reason: Reason | str) -> str:
    """The rule a refusal applied, in words in the active language (``"following suit"``); ``""`` for a legal card."""
    try:
        return say(RULE_ENTRIES[Reason(reason)][1])
    except (KeyError, ValueError):
        return ""
