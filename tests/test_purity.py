"""hearts_core must stay a pure engine: no Jupyter or widget library, directly or indirectly."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

FORBIDDEN = ("ipywidgets", "IPython", "anywidget", "traitlets", "voila", "jupyter", "ipykernel", "notebook")
PACKAGE = Path(__file__).resolve().parents[1] / "hearts_core"


def test_no_module_of_hearts_core_imports_jupyter() -> None:
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_importing_hearts_core_loads_no_jupyter_module() -> None:
    code = (
        "import sys, hearts_core, hearts_core.cli, hearts_core.records\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
