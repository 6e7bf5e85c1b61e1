"""Joining whole sentences for a learner, through the translation layer.

Design choices:

* A message that says two things is two whole patterns, each translated on its own; they
  are put side by side by :func:`hearts_core.phrasing.sentences` (a pattern too, so a
  language that writes no space between sentences, Japanese, drops it in its catalogue),
  the engine's own joiner, so the engine and the widgets space sentences alike.
* A list of items that are not a spoken series ("You 0, CPU1 5") is joined with the same
  ``"{items}, {item}"`` pattern :func:`hearts_core.wording.and_list` uses between items.

>>> sentences("Hand 2 is over.", "", "Press Next hand.")
'Hand 2 is over. Press Next hand.'
>>> comma_list(["You 0", "CPU1 5", "CPU2 8"])
'You 0, CPU1 5, CPU2 8'
"""

from __future__ import annotations

from collections.abc import Iterable

from hearts_core import phrasing
from hearts_core.wording import say

__all__ = ["comma_list", "sentences"]


def sentences(*texts: str) -> str:
    """Whole sentences side by side, in order; empty ones are left out."""
    return phrasing.sentences(text for text in texts if text)


def comma_list(items: Iterable[object]) -> str:
    """Items separated by commas (no "and"): ``a, b, c``; ``""`` when empty."""
    joined = ""
    for item in items:
        joined = say("{items}, {item}", items=joined, item=item) if joined else str(item)
    return joined
