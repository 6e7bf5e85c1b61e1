"""The README a newcomer reads first: the two commands, short, and every link leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAX_LINES = 150  # read in two minutes; everything else lives in docs/
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "./dev serve" in first_block and "./dev test" in first_block
    assert (README.parent / ".ci" / "run").read_text().strip().endswith("exec ./dev test")


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < MAX_LINES, f"README.md has {len(lines)} lines; move detail into docs/"


def test_every_relative_link_in_the_readme_leads_to_a_file() -> None:
    targets = [target for target in LINK.findall(README.read_text(encoding="utf-8")) if "://" not in target]
    assert any(target.startswith("docs/") for target in targets)
    missing = [target for target in targets if not (ROOT / target.split("#", 1)[0]).is_file()]
    assert not missing, f"README links to files that do not exist: {missing}"


def test_the_readme_shows_a_picture_of_a_lesson() -> None:
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", README.read_text(encoding="utf-8"))
    assert pictures and all((ROOT / picture).is_file() for picture in pictures)
