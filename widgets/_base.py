"""What every Hearts Lessons widget shares: assets, card payloads, actions and errors.

Design choices:

* Front ends are anywidget ES modules kept as files in ``static/`` (one per widget, or
  one folder of panel files for a big one, plus the shared ``cards.js``/``cards.css``),
  bundled here at import time; Python sources hold no JavaScript.
* Cards cross to the front end as small dictionaries carrying everything needed to draw
  and announce them (text, rank, symbol, suit, spoken label): the front end renders, it
  never parses notation or decides a rule.
* The learner's actions (tap a card, press a button) arrive as custom messages and are
  dispatched to the widget's public Python methods, the same ones the tests call, so a
  trait-level test exercises exactly the code a real tap runs.  An exception in a handler
  is shown in the widget's error box and logged, never swallowed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hearts_core import Card

__all__ = ["ESM_FILE_MARK", "HeartsWidget", "bundle_css", "bundle_esm", "card_data", "cards_data"]

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("hearts_lessons.widgets")


ESM_FILE_MARK = "// ---- file: "
"""Starts each file's part of a bundle, so a test (or a reader of the page source) can split it again."""


def bundle_esm(*names: str) -> str:
    """The shared card code followed by the widget's module files ``names``, in order.

    A big front end is split by panel into several files; they share one module scope,
    so a later file may use what an earlier one defines.
    """
    return "\n".join(f"{ESM_FILE_MARK}{name}\n" + (STATIC / name).read_text(encoding="utf-8")
                     for name in ("cards.js", *names))


def bundle_css(name: str | None = None) -> str:
    """The shared card styles, plus widget ``name``'s own if it has any."""
    parts = [(STATIC / "cards.css").read_text(encoding="utf-8")]
    if name:
        parts.append((STATIC / name).read_text(encoding="utf-8"))
    return "\n".join(parts)


def card_data(card: Card) -> dict[str, Any]:
    """What the front end needs to draw and announce ``card``."""
    return {
        "text": str(card),
        "rank": card.rank_text,
        "symbol": card.suit.symbol,
        "suit": card.suit.plural,
        "label": card.name,
    }


def cards_data(cards: Iterable[Card], **flags: Callable[[Card], Any]) -> list[dict[str, Any]]:
    """Card payloads, each with extra fields computed by ``flags`` (e.g. ``legal=...``)."""
    return [{**card_data(card), **{key: rule(card) for key, rule in flags.items()}} for card in cards]



class HeartsWidget(anywidget.AnyWidget):
    """Base class: four-colour option, an error box, and message dispatch to methods."""

    four_colour = traitlets.Bool(False).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._dispatch)

    def _actions(self) -> dict[str, Callable[..., Any]]:
        """Message type -> method; widgets extend this."""
        return {}

    def page_opened(self) -> object:
        """The page showing this widget has just opened (its front end says so as it renders).

        With Voilà's preheated kernels a lesson runs, and builds its widgets, before any
        learner asks for it; a widget that shows what the learner saved re-reads it here.
        Nothing to do by default.
        """
        return None

    def _dispatch(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        action = {"opened": self.page_opened, **self._actions()}.get(str(content.get("type")))
        if action is None:
            self.error = f"Unknown action {content.get('type')!r}."
            return
        try:
            arguments = {key: value for key, value in content.items() if key != "type"}
            action(**arguments)
            self.error = ""
        except Exception as problem:  # shown to the learner, logged for the maintainer
            log.exception("widget action %r failed", content)
            self.error = f"Something went wrong: {problem}"
