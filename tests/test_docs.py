"""The documentation: it builds without a warning, every page is listed, every code example runs,
and the architecture page places every module of the engine."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
EXAMPLE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
TOCTREE = re.compile(r"^```\{toctree\}\n(.*?)^```", re.MULTILINE | re.DOTALL)
PAGES_WITH_CODE = sorted(path.name for path in DOCS.glob("*.md") if EXAMPLE.search(path.read_text(encoding="utf-8")))


def test_the_engine_tour_runs_as_a_doctest() -> None:
    """The engine's five lines (once the README's, run the way python-chess runs its README)."""
    result = doctest.testfile(str(DOCS / "engine.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0


def test_every_page_is_in_the_table_of_contents() -> None:
    listed = {line.strip() for tree in TOCTREE.findall((DOCS / "index.md").read_text(encoding="utf-8"))
              for line in tree.splitlines() if line.strip() and not line.startswith(":")}
    pages = {path.stem for path in DOCS.glob("*.md")} - {"index"}
    assert pages <= listed, f"pages no table of contents lists: {sorted(pages - listed)}"
    assert listed <= pages, f"listed pages that do not exist: {sorted(listed - pages)}"


def test_the_architecture_page_places_every_engine_module() -> None:
    """Each module of hearts_core has its row (layer, module, role) on docs/architecture.md."""
    page = (DOCS / "architecture.md").read_text(encoding="utf-8")
    placed = set(re.findall(r"^\| \d+ \| `(\w+)` \|", page, flags=re.MULTILINE))
    programs = {"__init__", "__main__", "cli", "arena", "display"}  # named in the text beneath the table
    modules = {path.stem for path in (DOCS.parent / "hearts_core").glob("*.py")} - programs
    assert modules <= placed, f"modules with no layer on docs/architecture.md: {sorted(modules - placed)}"
    assert placed <= modules, f"docs/architecture.md places modules that do not exist: {sorted(placed - modules)}"
    assert all(f"`{name}`" in page for name in programs - {"__init__"})


def test_there_are_examples_to_run() -> None:
    assert "write-a-lesson.md" in PAGES_WITH_CODE


@pytest.mark.parametrize("name", PAGES_WITH_CODE)
def test_every_example_on_a_page_runs_in_order(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's blocks share one namespace, as a notebook's cells do; the last line of a block may be a picture."""
    monkeypatch.setenv("HEARTS_LESSONS_DATA", str(tmp_path))
    namespace: dict[str, object] = {"__name__": f"docs.{name}"}
    for number, block in enumerate(EXAMPLE.findall((DOCS / name).read_text(encoding="utf-8")), start=1):
        code = compile(block, f"{name} block {number}", "exec")
        exec(code, namespace)  # the documentation's own examples
        last = block.strip().splitlines()[-1].split("#")[0].strip()
        if last.isidentifier():  # a bare name shown as a cell's picture: it must draw one
            shown = namespace[last]
            drawn = getattr(shown, "_repr_html_", None)
            assert drawn is None or '<div class="hl-root' in drawn(), f"{name} block {number}: {last} draws nothing"


def test_the_reference_builds_offline_without_a_warning(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-E", "-b", "html",
                             str(DOCS), str(tmp_path / "html")], check=False, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    page = (tmp_path / "html" / "api.html").read_text(encoding="utf-8")
    for name in ("parse_card", "HandState", "PuzzleBoard", "recommend"):  # the reference holds the docstrings
        assert name in page, name
