"""The notebook authors' reference: it builds without a warning, and every code example in it runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
EXAMPLE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
PAGES_WITH_CODE = sorted(path.name for path in DOCS.glob("*.md") if EXAMPLE.search(path.read_text(encoding="utf-8")))


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
