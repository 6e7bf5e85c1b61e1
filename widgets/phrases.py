"""Joining whole sentences for a learner, through the translation layer.

Design choices:

* A message that says two things is two whole patterns, each translated on its own; the
  way they are put side by side is a pattern too (``"{first} {second}"``), so a language
  that writes no space between sentences (Japanese) can drop it in its catalogue.
* A list of items that are not a spoken series ("You 0, CPU1 5") is joined with the same
  ``"{items}, {item}"`` pattern :func:`hearts_core.wording.and_list` uses between items.

>>> sentences("Hand 2 is over.", "", "Press Next hand.")
'Hand 2 is over. Press Next hand.'
>>> comma_list(["You 0", "CPU1 5", "CPU2 8"])
'You 0, CPU1 5, CPU2 8'
"""

from __future__ import annotations

from collections.abc import Iterable

from hearts_core.wording import say

__all__ = ["comma_list", "sentences"]


def sentences(*texts: str) -> str:
    """Whole sentences side by side, in order; empty ones are left out."""
    joined = ""
    for text in texts:
        if not text:
            continue
        joined = say("{first} {second}", first=joined, second=text) if joined else text
    return joined


def comma_list(items: Iterable[object]) -> str:
    """Items separated by commas (no "and"): ``a, b, c``; ``""`` when empty."""
    joined = ""
    for item in items:
        joined = say("{items}, {item}", items=joined, item=item) if joined else str(item)
    return joined
