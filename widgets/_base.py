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
* A message is untrusted input: anything a page can send arrives here, not only what our
  front ends send.  :meth:`HeartsWidget._dispatch` checks its shape (an object naming a
  known action), its argument names (the method's signature) and their JSON types (the
  method's annotations) before calling anything, and never raises: an exception escaping
  a comm callback reaches the page as a full traceback, whatever Voilà's settings say.
  A refused message changes nothing but the error box, which gets one plain sentence; the
  details go to the log, cut short so a huge message cannot flood it.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import logging
import re
import reprlib
import sys
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Final

import anywidget
import traitlets

from hearts_core import Card, seat_name, wording
from hearts_core.display import card_css
from hearts_core.phrasing import by_seat
from hearts_core.wording import (
    LEARNER_SEAT,
    card_button_name,
    card_name,
    language,
    marked,
    plural_index,
    say,
    translate,
    translate_n,
)

__all__ = [
    "ESM_FILE_MARK", "EVERYONE", "FAILED", "FIRST_VIEW_MIME", "REFUSED", "HeartsWidget", "bundle_css", "bundle_esm",
    "card_data", "cards_data", "command",
    "failure_sentence", "page_address",
]

STATIC = Path(__file__).parent / "static"
_Method = typing.TypeVar("_Method", bound=Callable[..., Any])
_Result = typing.TypeVar("_Result")
log = logging.getLogger("hearts_lessons.widgets")

EVERYONE: Final = "everyone"
"""A widget whose first render is the same for every learner (:meth:`HeartsWidget.first_view_audience`)."""
FIRST_VIEW_MIME: Final = "application/vnd.hearts-lessons.first-view+json"
"""The part of a widget's displayed output that tells Voilà's template whom its first render is for
(``hearts_serving.first_views`` reads it: the server cannot ask the kernel)."""

# What the learner reads when the page sends something no action accepts (a stale page,
# a mismatched front end, or a hand-made message): one sentence, nothing from the input.
REFUSED = marked("The page asked for something this widget cannot do, so nothing changed. Reloading the page may help.")
# Longest text of a failure shown in the error box (an exception may quote its input).
MAX_SHOWN = 300
_brief = reprlib.Repr()
_brief.maxstring = _brief.maxother = 120
_brief.maxlevel = 3


ESM_FILE_MARK = "// ---- file: "
"""Starts each file's part of a bundle, so a test (or a reader of the page source) can split it again."""


# What the learner reads when an action fails for a reason of ours (a bug, a missing
# platform feature): never the exception's own text, which names code, not the game.
FAILED = marked("Something went wrong on our side, so nothing changed. Reloading the page may help.")


def failure_sentence(problem: Exception) -> str:
    """The sentence a learner sees for an action that raised ``problem``.

    Value errors are raised by the engine and the widgets with messages written for
    people (a card that is not a card, a step that does not exist), so they are shown,
    cut short; anything else is a fault of ours and gets :data:`FAILED`.
    """
    if not isinstance(problem, ValueError):
        return say(FAILED)
    text = str(problem)
    return say("Something went wrong: {problem}", problem=text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…")


def bundle_esm(*names: str) -> str:
    """The shared card code followed by the widget's module files ``names``, in order.

    A big front end is split by panel into several files; they share one module scope,
    so a later file may use what an earlier one defines.
    """
    return "\n".join(f"{ESM_FILE_MARK}{name}\n" + (STATIC / name).read_text(encoding="utf-8")
                     for name in ("cards.js", *names))


_JS_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_HLT = re.compile(r"\bhlT\(\s*" + _JS_STRING)
_HLTN = re.compile(r"\bhlTn\(\s*" + _JS_STRING + r"\s*,\s*" + _JS_STRING)
PLURAL_TABLE_KEY: Final = "\u0004plural"


def _js_text(literal: str) -> str:
    """A double-quoted JavaScript literal's text (the front ends write only simple escapes)."""
    return str(json.loads(f'"{literal}"')) if "\\" in literal else literal


def front_end_patterns(esm: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The English patterns a bundle's front end says: its ``hlT("...")`` and ``hlTn("...", "...")`` literals."""
    singles = tuple(dict.fromkeys(_js_text(found) for found in _HLT.findall(esm)))
    plurals = tuple(dict.fromkeys((_js_text(one), _js_text(many)) for one, many in _HLTN.findall(esm)))
    return singles, plurals


@functools.cache
def front_end_words(esm: str, language_code: str) -> dict[str, Any]:
    """What a front end needs to speak the active language (``language_code`` keys the cache).

    Each ``hlT`` pattern maps to its translation; each ``hlTn`` pair, keyed
    ``singular + "\\u0004" + plural``, to its list of forms; :data:`PLURAL_TABLE_KEY`
    to the form each count 0-199 takes.  English sends only the table: the patterns are
    their own English.
    """
    singles, plurals = front_end_patterns(esm)
    words: dict[str, Any] = {PLURAL_TABLE_KEY: [plural_index(count) for count in range(200)]}
    if language_code == "en":
        return words
    words.update({pattern: translate(pattern) for pattern in singles})
    forms = sorted(set(words[PLURAL_TABLE_KEY]))
    for one, many in plurals:
        # One count per form: the first count the rule sends to that form.
        examples = [words[PLURAL_TABLE_KEY].index(form) for form in forms]
        words[one + "\u0004" + many] = [translate_n(one, many, count) for count in examples]
    return words


def bundle_css(*names: str) -> str:
    """The shared card styles, plus the widget's own style files ``names`` (none, one, or a shared part and its own)."""
    return "\n".join([card_css(), *((STATIC / name).read_text(encoding="utf-8") for name in names if name)])


def card_data(card: Card) -> dict[str, Any]:
    """What the front end needs to draw and announce ``card``."""
    return {
        "text": str(card),
        "rank": card.rank_text,
        "symbol": card.suit.symbol,
        "suit": card.suit.plural,
        "label": card_name(card),
        "name": card_button_name(card),
    }


def cards_data(cards: Iterable[Card], **flags: Callable[[Card], Any]) -> list[dict[str, Any]]:
    """Card payloads, each with extra fields computed by ``flags`` (e.g. ``legal=...``)."""
    return [{**card_data(card), **{key: rule(card) for key, rule in flags.items()}} for card in cards]


CARD_LED: Final = marked("{seat} led {card} ({name}).")
CARD_PLAYED: Final = marked("{seat} played {card} ({name}).")
YOU_LED: Final = marked("You led {card} ({name}).")
YOU_PLAYED: Final = marked("You played {card} ({name}).")


def spoken_plays(seats: Iterable[int], cards: Iterable[Card]) -> list[str]:
    """A trick's cards for a screen reader, in play order: "CPU1 led ♣10 (ten of clubs)." and so on."""
    return [by_seat(seat, YOU_PLAYED, CARD_PLAYED, card=card, name=card_name(card)) if offset
            else by_seat(seat, YOU_LED, CARD_LED, card=card, name=card_name(card))
            for offset, (seat, card) in enumerate(zip(seats, cards, strict=True))]


def played_data(seats: Iterable[int], cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Cards on the table, each with the name of the seat that played it and whether that is the
    learner (in play order): front ends choose the learner's own sentences by ``you``, never by
    comparing names."""
    return [{"seat": seat_name(seat), "you": seat == LEARNER_SEAT, "card": card_data(card)}
            for seat, card in zip(seats, cards, strict=True)]



_COMMAND_MARK: Final = "_hearts_command"


def command(name: str) -> Callable[[_Method], _Method]:
    """Declare a widget method as what the page's message ``{"type": name, ...}`` runs.

    The command's arguments are the method's parameters, checked against its annotations before
    it runs (:meth:`HeartsWidget._dispatch`), so a command is declared once, where it is defined,
    in the spirit of ``anywidget.experimental.command``; no list of names to keep in step.
    """

    def mark(method: _Method) -> _Method:
        setattr(method, _COMMAND_MARK, name)
        return method

    return mark


class HeartsWidget(anywidget.AnyWidget):
    """Base class: four-colour option, an error box, and message dispatch to methods."""

    four_colour = traitlets.Bool(False).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    """The active language's forms of every pattern the front end says (see :func:`front_end_words`)."""

    _command_names: typing.ClassVar[dict[str, str]] = {}
    """Message type -> method name, gathered from :func:`command` marks by :meth:`__init_subclass__`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Gathered once per class, base classes first, so a subclass adds commands (Drill's "next")
        # and an override of a marked method is still the one called (looked up by name on the instance).
        super().__init_subclass__(**kwargs)
        names: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for attribute, value in vars(klass).items():
                name = getattr(value, _COMMAND_MARK, None)
                if isinstance(name, str):
                    names[name] = attribute
        cls._command_names = names

    def __init__(self, **kwargs: Any) -> None:
        # Before a word is said: the page's language, if it was settled elsewhere (the static
        # site's kernel snapshot, taken in another folder; hearts_core.wording).
        wording.follow_page()
        super().__init__(**kwargs)
        self.relabel()
        self.on_msg(self._dispatch)

    @contextlib.contextmanager
    def changing_together(self) -> Iterator[None]:
        """Change several traits as one: Python's observers run once all are set, and the front end
        gets them in one message. ``hold_trait_notifications`` alone still sends each trait by
        itself, and the front end drew between them (a new hand wearing the old verdict's marks)."""
        with self.hold_sync(), self.hold_trait_notifications():
            yield

    def relabel(self) -> None:
        """Send the front end its words in the active language (after :func:`hearts_core.wording.set_language`)."""
        esm = getattr(self, "_esm", "")
        self.words = front_end_words(esm if isinstance(esm, str) else "", language())

    def page_commands(self) -> dict[str, Callable[..., Any]]:
        """What the page may ask of this widget: message type -> bound method (``page_opened`` as ``"opened"``)."""
        return {"opened": self.page_opened,
                **{name: getattr(self, attribute) for name, attribute in type(self)._command_names.items()}}

    def _act(self, action: Callable[..., _Result], *arguments: Any) -> _Result:
        """Run one action of the widget's flow, then show its outcome (even when it failed half-way).

        The widgets in parts (a flow that decides, a thin widget: the match, the puzzles, the
        record viewer) run every command through this; :meth:`_sync` copies the flow's state in.
        """
        try:
            return action(*arguments)
        finally:
            self._sync()

    def _sync(self) -> None:
        """Copy the flow's state into the traits; a widget with a flow overrides this (nothing by default)."""

    def first_view_audience(self) -> str | None:
        """Whose page may show this widget's first render drawn ahead of time (``tools/first_views.py``).

        :data:`EVERYONE` (the default) for a widget that draws the same for every learner; the
        name of one kind of learner (the match's ``"newcomer"``) for a widget that shows that
        learner's opening now; ``None`` for a render no page can show ahead of time.
        """
        return EVERYONE

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        audience = self.first_view_audience()
        # ipywidgets gives (data, metadata), or nothing where no front end can show a widget.
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict) and audience != EVERYONE:
            data[FIRST_VIEW_MIME] = {"audience": audience}
        return bundle

    def page_opened(self) -> object:
        """The page showing this widget has just opened (its front end says so as it renders).

        With Voilà's preheated kernels a lesson runs, and builds its widgets, before any
        learner asks for it; a widget that shows what the learner saved re-reads it here.
        Nothing to do by default.
        """
        return None

    def _dispatch(self, _widget: object, content: object, _buffers: object) -> bool:
        """Run the action a front-end message names; True if it ran, False if refused or failed.

        Never raises (see the module docstring).  The error box is cleared before the action
        runs, so it is empty after a successful one unless the action itself reported a
        problem (a progress save that failed, say).
        """
        try:
            action, arguments = self._checked(content)
        except _Refused as refusal:
            log.warning("refused a message from the page (%s): %s", refusal, _brief.repr(content))
            self.error = say(REFUSED)
            return False
        try:
            self.error = ""
            action(**arguments)
        except Exception as problem:  # shown to the learner, logged for the maintainer
            log.exception("widget action failed: %s", _brief.repr(content))
            self.error = failure_sentence(problem)
            return False
        return True

    def _checked(self, content: object) -> tuple[Callable[..., Any], dict[str, Any]]:
        """The method ``content`` names and its arguments, or :class:`_Refused` saying what is wrong."""
        if not isinstance(content, dict):
            raise _Refused(f"a message must be an object, not {type(content).__name__}")
        name = content.get("type")
        actions = self.page_commands()
        if not isinstance(name, str) or name not in actions:
            raise _Refused(f"unknown action; known: {', '.join(sorted(actions))}")
        action = actions[name]
        arguments = {key: value for key, value in content.items() if key != "type"}
        signature, hints = _parameters(action)
        try:
            bound = signature.bind(**arguments)
        except TypeError as problem:
            raise _Refused(f"{name}: {problem}") from None
        for key, value in bound.arguments.items():
            if key not in hints or not _fits(value, hints[key]):
                raise _Refused(f"{name}: argument {key!r} has the wrong type ({type(value).__name__})")
        return action, arguments


class _Refused(Exception):
    """A front-end message that no action accepts; its text is for the log only."""


def _parameters(action: Callable[..., Any]) -> tuple[inspect.Signature, dict[str, Any]]:
    """An action's signature (without ``self``) and its resolved annotations."""
    function = getattr(action, "__func__", None)
    if function is None:  # not a bound method: nothing to cache it by without keeping it alive
        return inspect.signature(action), typing.get_type_hints(action)
    return _method_parameters(function)


@functools.cache
def _method_parameters(function: Callable[..., Any]) -> tuple[inspect.Signature, dict[str, Any]]:
    # Cached per function, not per bound method: a bound method would keep its widget alive.
    signature = inspect.signature(function)
    without_self = signature.replace(parameters=list(signature.parameters.values())[1:])
    return without_self, typing.get_type_hints(function)


def _fits(value: object, hint: Any) -> bool:
    """Whether a JSON value from the page is what annotation ``hint`` asks for.

    Only what JSON can carry can fit: a parameter annotated ``Card | str`` accepts a
    string, one annotated ``MatchStore | None`` only ``None``.  Anything this does not
    understand is refused, never guessed.
    """
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, option) for option in typing.get_args(hint))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return isinstance(value, list) and all(_fits(element, item) for element in value)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return False


def page_address(notebook: str) -> str:
    """A lesson notebook's address relative to the other lessons, on the server in use.

    Under Pyodide (``sys.platform == "emscripten"``) the page is the static site's
    ``.html``; under Voilà it is the notebook itself.
    """
    if sys.platform == "emscripten":
        return notebook.removesuffix(".ipynb") + ".html"
    return notebook
