"""Joining whole sentences for a learner, through the translation layer.

Design choices:

* A message that says two things is two whole patterns, each translated on its own; they
  are put side by side by :func:`hearts_core.phrasing.sentences` (a pattern too, so a
  language that writes no space between sentences, Japanese, drops it in its catalogue),
  the engine's own joiner, so the engine and the widgets space sentences alike.
* A figure a reason quotes is explained where it is quoted, once, in words shared by every
  page that quotes it: :data:`POINTS_QUESTION` and :data:`POINTS_ANSWER` say what "you
  should end the hand with about 7 points" is, shown only beside a reason that makes an
  :class:`~hearts_core.facts.Expected` claim (:func:`quotes_hand_score`).  The answer says
  how the figure is made (the unseen cards dealt many ways that fit what the seat has seen,
  each deal played out, the seat's points averaged; those already taken included), which
  is what :meth:`hearts_core.bots.HardBot.appraise` does.
* A list of items that are not a spoken series ("You 0, CPU1 5") is joined with the same
  ``"{items}, {item}"`` pattern :func:`hearts_core.wording.and_list` uses between items.

>>> nonempty_sentences("Hand 2 is over.", "", "Press Next hand.")
'Hand 2 is over. Press Next hand.'
>>> comma_list(["You 0", "CPU1 5", "CPU2 8"])
'You 0, CPU1 5, CPU2 8'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from hearts_core import phrasing
from hearts_core.facts import Expected, Fact
from hearts_core.wording import marked, say

__all__ = ["POINTS_ANSWER", "POINTS_QUESTION", "Message", "comma_list", "nonempty_sentences", "points_help",
           "quotes_hand_score"]

POINTS_QUESTION: Final = marked("What does “you should end the hand with” mean?")
POINTS_ANSWER: Final = marked(
    "It is the score you can expect for this hand if you play that card: the points you have already taken plus "
    "those the rest of the hand should bring. It is worked out by dealing the cards you cannot see in many ways "
    "that fit what you have seen, playing each deal out to the end and averaging your points. Fewer is better. "
    "It is an average, so one hand can turn out better or worse.")


def quotes_hand_score(facts: Iterable[Fact]) -> bool:
    """True when a reason stating ``facts`` quotes the points the seat should end the hand with."""
    return any(isinstance(fact, Expected) for fact in facts)


def points_help(facts: Iterable[Fact]) -> dict[str, str]:
    """:data:`POINTS_QUESTION` and :data:`POINTS_ANSWER` (``question``, ``answer``) in the active language
    when a reason stating ``facts`` quotes the hand's score; empty otherwise, so nothing unsaid is explained."""
    if not quotes_hand_score(facts):
        return {}
    return {"question": say(POINTS_QUESTION), "answer": say(POINTS_ANSWER)}


def nonempty_sentences(*texts: str) -> str:
    """Whole sentences side by side, in order; empty ones are left out."""
    return phrasing.sentences(text for text in texts if text)


def comma_list(items: Iterable[object]) -> str:
    """Items separated by commas (no "and"): ``a, b, c``; ``""`` when empty."""
    joined = ""
    for item in items:
        joined = say("{items}, {item}", items=joined, item=item) if joined else str(item)
    return joined


@dataclass(frozen=True, slots=True)
class Message:
    """What a board says under the hand: its ``kind`` (the front end styles by it: "prompt", "refused",
    "allowed", "not-allowed", "right", "wrong", "done"), a short ``badge`` and the whole ``text``."""

    kind: str
    badge: str
    text: str
