"""The analysis board: set up any position, ask the rules and the coach about it, play on, share it.

The board is in parts, as the match page is:

- :mod:`widgets.analysis.flow`: the controller, plain Python (no traitlets): the board's
  state (the setup, the position analysed, play on with Back and Forward) and every decision;
- :mod:`widgets.analysis.payloads`: what the front end draws, built from the flow's state;
- :mod:`widgets.analysis.widget`: :class:`AnalysisBoard`, the thin widget (traits and commands);
- :mod:`widgets.analysis.links`: the page's link (``?position=``) and the links other pages
  make to the board (:func:`analysis_link`);
- :mod:`widgets.analysis.words`: every sentence and label, each a whole pattern.

Every name below is importable from here, but the widget's module is imported only when
one of its names is first asked for (PEP 562 ``__getattr__``, as :mod:`widgets` does): the
puzzles board and the match page import :func:`analysis_link` to name the board's page,
and need not load the board itself to do so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts_core.views import turned_to_you
from widgets._lazy import lazy_exports
from widgets.analysis.links import ANALYSIS_PAGE, LINK_PARAMETER, analysis_link, position_link, read_position
from widgets.analysis.words import PATTERNS

if TYPE_CHECKING:  # what a type checker and a reader see; at run time __getattr__ imports them
    from widgets.analysis.widget import EXAMPLE_PUZZLE, AnalysisBoard

_HOMES = {"AnalysisBoard": "widgets.analysis.widget", "EXAMPLE_PUZZLE": "widgets.analysis.widget"}

__all__ = [
    "ANALYSIS_PAGE", "EXAMPLE_PUZZLE", "LINK_PARAMETER", "PATTERNS", "AnalysisBoard", "analysis_link",
    "position_link", "read_position", "turned_to_you",
]


__getattr__, __dir__ = lazy_exports(__name__, _HOMES, __all__)
