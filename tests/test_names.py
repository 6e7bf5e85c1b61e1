"""No two public names of the project mean different things.

A reader who meets ``Position`` or ``HIGH_RANK`` in one module must be able to trust that it is
the same thing everywhere it is public: a re-export of one object is fine, two objects under
one name are not (``facts.Position`` and ``scenarios.Position`` were; ``HIGH_RANK`` was 10, 9 and
♠Q's rank in three modules).  A public name is one listed in a module's ``__all__``.

A few names are conventions that every module of a kind defines for itself, on purpose; they
are listed in ``PER_MODULE`` with the reason.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict
from collections.abc import Iterable
from types import ModuleType

import hearts_core
import hearts_learner
import widgets

PER_MODULE = {
    "PATTERNS": "each widget module's sentences its front end says, gathered for the catalogue",
    "GOAL": "each exercise's own number of right answers",
    "labels": "each page's fixed words (buttons, headings), translated, from its own table",
    "LABELS": "each page's table of the fixed words its front end labels with",
    "main": "each program's entry point (hearts_core.cli, hearts_core.arena)",
}


def public_modules() -> list[str]:
    names = []
    for package in (hearts_core, hearts_learner, widgets):
        names.append(package.__name__)
        names.extend(info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
                     if not info.name.rsplit(".", 1)[-1].startswith("_") and not info.name.endswith("__main__"))
    return names


def doubles(modules: Iterable[ModuleType]) -> dict[str, list[str]]:
    """Each public name bound to more than one object, with the modules listing it."""
    meanings: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for module in modules:
        for public in getattr(module, "__all__", ()):
            if public not in PER_MODULE:
                meanings[public][id(getattr(module, public))].append(module.__name__)
    return {public: sorted(where for places in found.values() for where in places)
            for public, found in meanings.items() if len(found) > 1}


def test_a_public_name_is_one_thing_wherever_it_is_public() -> None:
    found = doubles(importlib.import_module(name) for name in public_modules())
    assert not found, f"one name, several things: {found}"


def test_the_checker_finds_a_planted_double_and_accepts_a_re_export() -> None:
    first, second, again = ModuleType("first"), ModuleType("second"), ModuleType("again")
    thing = object()
    for module, value in ((first, thing), (second, object()), (again, thing)):
        module.__all__ = ["Planted"]  # type: ignore[attr-defined]
        module.Planted = value  # type: ignore[attr-defined]
    assert doubles([first, again]) == {}
    assert doubles([first, second, again]) == {"Planted": ["again", "first", "second"]}
