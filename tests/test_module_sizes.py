"""Issue 33: no module a reader must scroll through.

A module of the engine, the learner's state or the widgets (their front ends included) has at
most :data:`LONGEST` lines, unless its docstring (a script's opening comment) says why it is
kept whole; none has more than :data:`LIMIT`.  ``widgets/match`` has a test of its own parts
(tests/test_match_parts.py); this one holds every package to the same rule.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("hearts_core", "hearts_learner", "hearts_serving", "widgets")
LONGEST = 600
LIMIT = 800
KEPT_WHOLE = "Kept whole"
"""How a module's docstring starts the sentence that says why it is longer than :data:`LONGEST`."""


def modules() -> list[Path]:
    found = [path for package in PACKAGES for suffix in ("*.py", "*.js") for path in (ROOT / package).rglob(suffix)]
    return sorted(path for path in found if "node_modules" not in path.parts)


def says_why(path: Path, text: str) -> bool:
    if path.suffix == ".py":
        return KEPT_WHOLE in (ast.get_docstring(ast.parse(text)) or "")
    opening = text.split("\n\n", 1)[0]  # a script's opening comment
    return KEPT_WHOLE in opening


def test_the_rule_reads_every_module() -> None:
    found = modules()
    assert len(found) > 60
    assert ROOT / "hearts_core" / "facts.py" in found and ROOT / "widgets" / "static" / "cards.js" in found


def test_no_module_is_longer_than_a_reader_reads_whole_unless_it_says_why() -> None:
    long = {}
    for path in modules():
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > LIMIT or (lines > LONGEST and not says_why(path, text)):
            long[str(path.relative_to(ROOT))] = lines
    assert long == {}


def test_a_long_module_without_a_reason_is_caught(tmp_path: Path) -> None:
    long = tmp_path / "long.py"
    long.write_text('"""A module."""\n' + "x = 1\n" * LONGEST, encoding="utf-8")
    assert not says_why(long, long.read_text(encoding="utf-8"))
    kept = tmp_path / "kept.py"
    kept.write_text(f'"""A module.\n\n{KEPT_WHOLE}: one catalogue.\n"""\n', encoding="utf-8")
    assert says_why(kept, kept.read_text(encoding="utf-8"))
