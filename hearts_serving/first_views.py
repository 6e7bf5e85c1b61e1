"""First views under Voilà: each lesson's widgets drawn ahead of time, in the page the server sends.

A Voilà page draws its widgets only once the browser has fetched and started Voilà's front end
(4.3 MB of scripts): about a second warm, two to three seconds on a cold cache, with the page
hidden behind a spinner meanwhile.  The static site solved the same wait with first views
(``tools/first_views.py``): each widget cell's first render, drawn at build time by the
widget's own front end, shown at once and handed over to the live widget when it has drawn.
This module gives Voilà the same views, as Jinja filters the ``hearts`` template calls
(``lessons/voila.json`` registers them on ``VoilaExporter``).

Design choices:

* **The same views as the site, committed.**  ``tools/first_views.py write`` stores every
  language's views in ``first_views.json`` beside this module (a test checks it against a
  fresh drawing), so the server only looks them up: no browser, no execution per request.
  A cell has a view only if it draws the same for every learner (a newcomer and one with a
  past, another day), so the view is right for whoever opens the page.
* **The page's language is the browser's to know.**  Voilà tells the template a notebook's
  name but not its folder, and the translated lessons share their cells' ids.  So a cell gets
  a copy per language that has one, each marked with ``lang``; a style shows only the copy in
  the language of the page (its ``<html lang>``, set in the head by ``language.html``).
* **A view for newcomers only, when the widget shows it.**  The guided match's first view is a
  newcomer's first deal (``tools/first_views.py``).  Voilà renders the page once its kernel has
  run the cell, so the template can ask the executed widget: its output says whom its render is
  for (``widgets._base.FIRST_VIEW_MIME``), and the copy goes in only when that is the view's
  learner.  A preheated page is rendered before the learner asks for it; if the learner has
  played since, the page's head hides the copy (``first_view.html``).
* **No Jupyter import.**  Voilà's server imports this; it reads a JSON file, nothing more.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

VIEWS = Path(__file__).with_name("first_views.json")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
FIRST_VIEW = "application/vnd.hearts-lessons.first-view+json"
"""Whom a widget's render is for, in its output (``widgets._base.FIRST_VIEW_MIME``; a test keeps them equal)."""


@cache
def _stored() -> dict[str, Any]:
    """``first_views.json``: ``{"styles": {key: css}, "pages": {page: {"cells": {id: markup}, "styles": [key]}}}``."""
    try:
        stored: dict[str, Any] = json.loads(VIEWS.read_text(encoding="utf-8"))
    except FileNotFoundError:  # a checkout that never wrote them: pages wait for their widgets, as before
        return {"styles": {}, "pages": {}}
    return stored


def _pages_of(notebook: str) -> dict[str, Mapping[str, Any]]:
    """The stored pages named ``notebook`` in every language, by language code."""
    pages: dict[str, Mapping[str, Any]] = {}
    for page, views in _stored()["pages"].items():
        code, _, name = page.rpartition("/")
        if name == notebook:
            pages[code or "en"] = views
    return pages


def _audience(output: Mapping[str, Any] | None) -> object:
    """Whom the executed widget of ``output`` says its render is for (``None``: it did not say)."""
    data = (output or {}).get("data") or {}
    said = data.get(FIRST_VIEW)
    return said.get("audience") if isinstance(said, Mapping) else None


def cell_first_views(cell: Mapping[str, Any], notebook: str, output: Mapping[str, Any] | None = None) -> str:
    """The first views of a widget ``cell`` of ``notebook`` (a name without folder or suffix): one per language.

    Each sits where Voilà will put the live output (an output area's child), inert and hidden
    from screen readers; an empty string when the cell has none.  A view for one kind of learner
    only goes in when the cell's executed ``output`` says its widget is showing that learner's view.
    """
    cell_id = cell.get("id")
    copies = []
    for code, views in _pages_of(notebook).items():
        markup = views["cells"].get(cell_id)
        audience = views.get("for", {}).get(cell_id)
        if audience is not None and _audience(output) != audience:
            continue
        if markup:
            # Voilà's own output element for a widget, with its classes: the copy is laid out as the live one.
            marked_for = f' data-hl-for="{html.escape(audience)}"' if audience else ""
            opening = ('<div class="lm-Widget lm-Panel jp-OutputArea-output hl-first-view"'
                       f' lang="{html.escape(code)}"{marked_for} aria-hidden="true" inert>')
            copies.append(f'{opening}<div class="lm-Widget">{markup}</div></div>')
    return "".join(copies)


def page_first_view_styles(notebook: str) -> str:
    """The widgets' styles ``notebook``'s first views need, and the rule showing one language's copy."""
    pages = _pages_of(notebook)
    if not pages:
        return ""
    styles = _stored()["styles"]
    keys = list(dict.fromkeys(key for views in pages.values() for key in views["styles"]))
    # Only the copy in the page's language shows (none, on a page in a language without one:
    # its live widget comes as before).
    codes = sorted({page.rpartition("/")[0] or "en" for page in _stored()["pages"]})
    one_language = " ".join(f'html[lang="{code}"] .hl-first-view:not([lang="{code}"]) {{ display: none; }}'
                            for code in codes)
    return "".join(f"<style>{styles[key]}</style>" for key in keys) + f"<style>{one_language}</style>"


def shows_a_widget(output: Mapping[str, Any]) -> bool:
    """True when a cell ``output`` is a widget's view (the outputs a first view stands in for)."""
    return WIDGET_VIEW in (output.get("data") or {})
