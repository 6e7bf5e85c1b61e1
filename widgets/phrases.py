"""Joining whole sentences for a learner, through the translation layer.

Design choices:

* A message that says two things is two whole patterns, each translated on its own; they
  are put side by side by :func:`hearts_core.phrasing.sentences` (a pattern too, so a
  language that writes no space between sentences, Japanese, drops it in its catalogue),
  the engine's own joiner, so the engine and the widgets space sentences alike.
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

from hearts_core import phrasing
from hearts_core.wording import say

__all__ = ["Message", "comma_list", "nonempty_sentences"]


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
