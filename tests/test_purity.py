"""hearts_core must stay a pure engine, and hearts_learner (the learner's state) as free of Jupyter:
no Jupyter or widget library, directly or indirectly; and hearts_learner never imports the widgets."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = ("ipywidgets", "IPython", "anywidget", "traitlets", "voila", "jupyter", "ipykernel", "notebook")
ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hearts_core"
LEARNER = ROOT / "hearts_learner"
# Imports run one way: hearts_core -> hearts_learner -> widgets.
LEARNER_FORBIDDEN = (*FORBIDDEN, "widgets")


def imported_names(path: Path) -> list[str]:
    """Every module name ``path`` imports, at any depth of the file."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
    return names


@pytest.mark.parametrize(("package", "forbidden"), [(PACKAGE, FORBIDDEN), (LEARNER, LEARNER_FORBIDDEN)],
                         ids=["hearts_core", "hearts_learner"])
def test_no_module_of_the_package_imports_jupyter(package: Path, forbidden: tuple[str, ...]) -> None:
    modules = sorted(package.rglob("*.py"))
    assert modules
    for path in modules:
        for name in imported_names(path):
            assert name.split(".")[0] not in forbidden, f"{path.name} imports {name}"


def test_importing_hearts_core_loads_no_jupyter_module() -> None:
    code = (
        "import sys, hearts_core, hearts_core.cli, hearts_core.records\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_importing_every_module_of_hearts_learner_loads_no_jupyter_module_nor_the_widgets() -> None:
    modules = sorted(f"hearts_learner.{path.stem}" for path in LEARNER.glob("*.py") if path.stem != "__init__")
    assert "hearts_learner.puzzle_store" in modules and "hearts_learner.match_saves" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {LEARNER_FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
