"""Names a package exports but imports only when first asked for (PEP 562), written once.

``widgets`` and its feature packages (``widgets.analysis``, ``widgets.match``,
``widgets.puzzles``) each export a widget without importing it with the package: a lesson
that uses one widget, or a test of a flow, must not pay for anywidget and every other widget
(see :mod:`widgets`).  This module imports no widget library itself.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(package: str, homes: Mapping[str, str],
                 exported: Iterable[str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, which imports each name of ``homes`` from its
    module (name -> dotted module) when first asked for, then keeps it in the package."""
    public = tuple(exported)

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            # AttributeError (not ImportError) lets ``from package import submodule`` import the submodule.
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *public})

    return __getattr__, __dir__
