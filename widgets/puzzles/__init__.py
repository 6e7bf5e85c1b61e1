"""The puzzles page, in its parts: :mod:`~widgets.puzzles.flow` holds the state and decides,
:mod:`~widgets.puzzles.payloads` turns that state into what the front end draws, and
:mod:`~widgets.puzzles.widget` is the thin :class:`PuzzleBoard` between them and the page.

The flow's names are imported here directly; :class:`PuzzleBoard` only when it is first
asked for (PEP 562 ``__getattr__``, as :mod:`widgets` does), so that the flow can be
imported, and tested, without loading traitlets or a widget library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from widgets._lazy import lazy_exports
from widgets.puzzles.flow import GOAL, PATTERNS, Entry, PuzzleFlow

if TYPE_CHECKING:  # what a type checker sees; at run time __getattr__ imports it
    from widgets.puzzles.widget import PuzzleBoard

__all__ = ["GOAL", "PATTERNS", "Entry", "PuzzleBoard", "PuzzleFlow"]


__getattr__, __dir__ = lazy_exports(__name__, {"PuzzleBoard": "widgets.puzzles.widget"}, __all__)
