"""The import layers of docs/architecture.md hold: no module imports from a layer above its own.

Read from the source with ``ast`` (no import runs), so a lazy import inside a function counts
as much as one at the top: an upward dependency is one wherever it is written.  Two kinds of
import are not dependencies and are skipped: those under ``if TYPE_CHECKING:`` (types only)
and the engine's pictures, ``hearts_core.display``, which a value may import only inside its
``_repr_html_`` (python-chess imports its SVG drawing the same way), when a notebook asks.

Every module of the four packages must be placed in ``LAYERS`` (a new module fails until it
is), and the table must agree with docs/architecture.md's engine table.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent

ENGINE_LAYERS: dict[str, int] = {
    "errors": 1,
    "cards": 2, "rules": 2, "openspiel": 2,
    "wording": 3, "phrasing": 3,
    "kernel": 4, "_kernel_build": 4, "_card_masks": 4, "legality": 4, "state": 4, "views": 4, "scoring": 4,
    "records": 4, "match": 4, "notation": 4, "_notation_fields": 4, "_notation_reader": 4,
    "knowledge": 5, "policy": 5, "fastsim": 5, "bots": 5,
    "facts": 6, "parting_facts": 6, "pass_facts": 6, "pass_judge": 6, "coach": 6, "coach_analysis": 6,
    "coach_judgement": 6,
    "coach_words": 6, "difference": 6, "review": 6, "puzzles": 6, "puzzle_records": 6, "puzzle_themes": 6,
    "puzzle_difficulty": 6, "hunts": 6, "mining": 6, "match_stakes": 6, "match_mining": 6, "match_words": 6,
    "independent_judge": 6,
    "drills": 6, "scenarios": 6,
    # Programs, not layers: nothing in the library imports them.
    "cli": 7, "arena": 7, "__main__": 7,
}
"""Each ``hearts_core`` module's layer (docs/architecture.md); the package's ``__init__`` re-exports
and is checked as the top of the engine."""

LEARNER = 8
REFEREE = 8
"""OpenSpiel's judge (``hearts_referee``): beside the learner's state, on the engine; the widgets ask it."""
WIDGETS = 9
DISPLAY = "hearts_core.display"


def layer(module: str) -> int:
    """The layer of a dotted module name of the project (``KeyError`` for one not placed)."""
    package, _, rest = module.partition(".")
    if package == "hearts_core":
        name = rest.split(".")[0]
        return 7 if name == "" else ENGINE_LAYERS[name]
    if package == "hearts_learner":
        return LEARNER
    if package == "hearts_referee":
        return REFEREE
    if package == "widgets":
        return WIDGETS
    raise KeyError(module)


def modules() -> Iterator[tuple[str, Path]]:
    for package in ("hearts_core", "hearts_learner", "hearts_referee", "widgets"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            yield name, path


def imports(path: Path) -> Iterator[tuple[str, str | None]]:
    """Each project module ``path`` imports, with the function it is imported in (None at the top)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node: ast.AST, function: str | None) -> Iterator[tuple[str, str | None]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (item for branch in child.orelse for item in walk(branch, function))
                continue
            if isinstance(child, ast.Import):
                yield from ((alias.name, function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                yield child.module, function
                # ``from widgets import storage``: a submodule named as a name
                yield from ((f"{child.module}.{alias.name}", function) for alias in child.names)
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            yield from walk(child, inner)

    for module, function in walk(tree, None):
        if module.split(".")[0] in ("hearts_core", "hearts_learner", "widgets"):
            yield module, function


def placed(module: str) -> bool:
    try:
        layer(module)
    except KeyError:
        return False
    return True


MODULES = dict(modules())


def test_every_module_is_placed_in_a_layer() -> None:
    engine = {name.split(".")[1] for name in MODULES if name.startswith("hearts_core.")}
    assert engine - {"display"} == set(ENGINE_LAYERS), "place each new hearts_core module in ENGINE_LAYERS"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_from_a_layer_above_its_own(name: str) -> None:
    if name == DISPLAY:
        return
    own = layer(name)
    upward = []
    for imported, function in imports(MODULES[name]):
        if imported == DISPLAY or imported.startswith(DISPLAY + "."):
            if name.startswith("hearts_core") and function != "_repr_html_":
                upward.append(f"{imported} outside _repr_html_")
            continue
        if not placed(imported):
            continue  # a name imported from a package (``from widgets import MatchWidget``), not a module
        if layer(imported) > own:
            upward.append(f"{imported} (layer {layer(imported)}) in {function or 'the module'}")
    assert not upward, f"{name} (layer {own}) imports upwards: {upward}"


def test_display_imports_only_what_is_below_the_values_that_draw_themselves() -> None:
    # display draws values of layers 2 to 6 but may build only on layers 1 to 4 at run time.
    assert all(layer(imported) <= 4 for imported, _ in imports(MODULES[DISPLAY]) if placed(imported))


def test_the_architecture_page_places_each_engine_module_in_the_same_layer() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = dict((name, int(number)) for number, name in re.findall(r"^\| (\d) \| `(\w+)` \|", page, re.M))
    for name, number in rows.items():
        assert ENGINE_LAYERS.get(name) == number, f"docs/architecture.md puts {name} in layer {number}"


def test_a_planted_upward_import_is_caught(tmp_path: Path) -> None:
    # The checker itself: an engine module reaching for the coach, or for a widget, is found.
    planted = tmp_path / "planted.py"
    planted.write_text("import hearts_core.coach\n\ndef later():\n    from widgets import MatchWidget\n",
                       encoding="utf-8")
    found = [(module, layer(module)) for module, _ in imports(planted) if placed(module)]
    assert ("hearts_core.coach", 6) in found
    assert max(number for _, number in found) == WIDGETS
