"""The analysis board's page links: a position in the page's address, and back out of it.

Design choices:

* **The notation is the link.**  A position crosses in the page's address as one line of
  ``docs/notation.md`` (``?position=...``), written by :func:`hearts_core.format_position`
  and read back by :func:`read_position` through :func:`hearts_core.parse_position`, the
  engine's one reader; this module is the board's one seam to the notation.
* **Always from your chair.**  A position read is turned so its seat is seat 0, "You"
  (:func:`hearts_core.views.turned_to_you`): Hearts is the same game whichever seat is
  numbered 0, and the engine's and the coach's words then name every seat as the board does.
* Other pages (the puzzles board, the match's "Review this hand") link a position to the
  board with :func:`analysis_link`; they import this module, not the widget, so they do not
  load the board to name its page.  The flow imports it too, and so loads no front end.

>>> view = read_position("1 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 0:♣2")  # seat 1's view, seen from its chair
>>> view.seat, urllib.parse.unquote(position_link(view))
(0, '?position=0 ♣8♦3♦5♦8♦Q♦A♠8♠9♠A♥4♥7♥10♥K hold - 3:♣2')
>>> analysis_link(view)["text"]
'Open this position on the analysis board'
"""

from __future__ import annotations

import urllib.parse
from typing import Final

from hearts_core.notation import format_position, parse_position
from hearts_core.state import SeatView
from hearts_core.views import turned_to_you
from hearts_core.wording import say
from widgets.analysis.words import PATTERNS

__all__ = ["ANALYSIS_PAGE", "LINK_PARAMETER", "analysis_link", "position_link", "read_position"]

ANALYSIS_PAGE: Final = "analysis.ipynb"
"""The analysis board's page, relative to the lessons (``page_address(ANALYSIS_PAGE) + position_link(view)``)."""
LINK_PARAMETER: Final = "position"
"""The query parameter of the page's link that carries the position (``?position=...``)."""


def read_position(text: str) -> SeatView:
    """The position written in ``text`` (one line of ``docs/notation.md``), from the chair of its seat.

    This and :func:`position_link` are the board's one seam to the notation.

    Raises:
        InvalidPositionError: the text is not a position; the message names the wrong part.
    """
    return turned_to_you(parse_position(text))


def position_link(view: SeatView | None) -> str:
    """The query part of the page's link for ``view`` (``?position=...``), or ``""`` for no position."""
    if view is None:
        return ""
    return "?" + urllib.parse.urlencode({LINK_PARAMETER: format_position(view)}, quote_via=urllib.parse.quote,
                                        safe=":/")


def analysis_link(view: SeatView, text: str = "") -> dict[str, str]:
    """A link (``href``, ``text``) that opens ``view`` on the analysis board, from any lesson page."""
    # The flow imports this module for read_position and loads no front end; widgets._base brings anywidget.
    from widgets._base import page_address  # noqa: PLC0415 - only when a page makes a link

    return {"href": page_address(ANALYSIS_PAGE) + position_link(view), "text": text or say(PATTERNS["open_here"])}
