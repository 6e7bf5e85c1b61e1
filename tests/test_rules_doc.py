"""docs/rules.md stays true to the engine: codes, options, rule numbers, notation and examples.

The rule book is prose, so these tests read it the way a maintainer would: each claim that
the code can check (a reason code exists, a default is what the table says, a card typed
this way reads as that card, rule N is the one ``rule_walk`` checks under that number) is
checked here against the engine itself, never against a copy of the answer.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from pathlib import Path

import pytest

from hearts_core import (
    HEART_POINTS,
    POINTS_PER_HAND,
    QUEEN_OF_SPADES_POINTS,
    SEAT_NAMES,
    ActionReason,
    InvalidCardError,
    PassDirection,
    Reason,
    Rules,
    check_play,
    legality,
    match_winners,
    parse_card,
    penalty_points,
    trick_winner,
)

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
PROSE = " ".join(DOC.split())  # line breaks do not matter when looking for a sentence
# Places where code and prose may cite a rule by number.
CITING = [ROOT / "hearts_core", ROOT / "hearts_learner", ROOT / "widgets", ROOT / "tests", ROOT / "benchmarks",
          ROOT / "lessons"]
CITING_SUFFIXES = {".py", ".js", ".ipynb", ".md"}
CITATION = re.compile(r"\brules? (\d+)(?:\s*(?:to|and|-|–)\s*(\d+))?", re.IGNORECASE)
HEADING = re.compile(r"^### Rule (\d+): ", re.MULTILINE)


def section(heading_start: str) -> str:
    """The text of the section whose heading starts with ``heading_start``, up to the next heading."""
    start = DOC.index(heading_start)
    following = re.compile(r"^#{2,3} ", re.MULTILINE).search(DOC, start + len(heading_start))
    return DOC[start: following.start() if following else len(DOC)]


def table_rows(text: str) -> list[list[str]]:
    """The body rows of the Markdown tables in ``text`` (no headers), as lists of stripped cells."""
    lines = text.splitlines()
    separator = re.compile(r"\|[-| ]+\|")
    rows = []
    for number, line in enumerate(lines):
        if not line.startswith("|") or separator.fullmatch(line):
            continue
        if number + 1 < len(lines) and separator.fullmatch(lines[number + 1]):
            continue  # the header row
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def first_table(after: str) -> list[list[str]]:
    """The body rows of the first table after the text ``after``."""
    start = DOC.index("\n|", DOC.index(after))
    end = DOC.find("\n\n", start + 1)
    return table_rows(DOC[start: end if end != -1 else len(DOC)])


def code(cell: str) -> str:
    """The text inside the backticks of a table cell such as ```♣10```."""
    found = re.fullmatch(r"`([^`]+)`", cell)
    assert found, f"expected a `code` cell, not {cell!r}"
    return found[1]


# ----------------------------------------------------------------- rule numbers


def test_rules_are_numbered_from_one_without_gaps_and_anchored() -> None:
    numbers = [int(n) for n in HEADING.findall(DOC)]
    assert numbers == list(range(1, len(numbers) + 1))
    for number in numbers:
        assert f'<a id="rule-{number}"></a>' in DOC


def test_every_rule_number_cited_in_the_project_exists() -> None:
    documented = {int(n) for n in HEADING.findall(DOC)}
    cited: dict[int, list[str]] = {}
    for folder in CITING:
        for path in folder.rglob("*"):
            skip = ".ipynb_checkpoints" in path.parts or path.name == Path(__file__).name
            if path.suffix not in CITING_SUFFIXES or skip:
                continue
            for match in CITATION.finditer(path.read_text(encoding="utf-8")):
                first, last = int(match[1]), int(match[2] or match[1])
                for number in range(first, last + 1):
                    cited.setdefault(number, []).append(str(path.relative_to(ROOT)))
    assert cited, "the search for citations found nothing: the pattern is broken"
    missing = {number: places for number, places in cited.items() if number not in documented}
    assert not missing, f"rules cited but not in docs/rules.md: {missing}"


def kernel_source(name: str) -> str:
    """The source of the kernel's function or class ``name``, read from kernel.py (a compiled build has none)."""
    path = Path(legality.__file__).with_name("kernel.py")
    text = path.read_text(encoding="utf-8")
    node = next(node for node in ast.parse(text).body
                if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == name)
    return ast.get_source_segment(text, node) or ""


def test_rule_walk_checks_each_rule_under_the_number_the_doc_gives_it() -> None:
    # Pair every "Rule N" comment in rule_walk with the reason its step returns.
    pairs: list[tuple[int, Reason]] = []
    pending: int | None = None
    for line in kernel_source("rule_walk").splitlines():
        comment = re.search(r"#\s*Rule (\d+)", line)
        if comment:
            pending = int(comment[1])
        # The kernel reads each Reason member once into a module constant (``_MUST_FOLLOW_SUIT``)
        # so that the hot path skips the enum look-up; accept both spellings.
        for name in re.findall(r"(?:Reason\.|\b_)([A-Z][A-Z_]+)\b", line):
            if name not in Reason.__members__:
                continue
            if pending is not None and Reason[name] is not Reason.LEGAL:
                pairs.append((pending, Reason[name]))
                pending = None
    assert sorted(number for number, _ in pairs) == [3, 4, 5, 6]
    reason_rule = {code(row[0]): row[1] for row in first_table("The play rules")}
    for number, reason in pairs:
        assert f"`{reason.value}`" in section(f"### Rule {number}:"), (number, reason)
        assert reason_rule[reason.value] == f"[{number}](#rule-{number})"


# ----------------------------------------------------------------- reason codes


def test_every_reason_code_is_documented_once_in_checking_order() -> None:
    play_rows = first_table("The play rules")
    assert [code(row[0]) for row in play_rows] == [reason.value for reason in Reason]
    action_rows = first_table("Refusals that come from")
    assert [code(row[0]) for row in action_rows] == [reason.value for reason in ActionReason]
    for row in play_rows + action_rows:
        assert row[-1].endswith("."), f"{row[0]} has no meaning written out"


def test_every_allowance_is_documented_under_the_rule_that_grants_it() -> None:
    allowance = getattr(legality, "Allowance", None)
    if allowance is None:
        pytest.skip("this engine does not name allowances yet (the rules kernel of issue 10 adds them)")
    rows = first_table("### Why a card is allowed")
    assert [code(row[0]) for row in rows] == [member.value for member in allowance]
    # The engine states each allowance's rule in the member's docstring: "Rule 4's other side: ...".
    granted = dict(re.findall(r'= "(\w+)"\s+"""Rule (\d+)', kernel_source("Allowance")))
    assert set(granted) == {member.value for member in allowance}
    for row in rows:
        number = granted[code(row[0])]
        assert row[1] == f"[{number}](#rule-{number})", row


# --------------------------------------------------------------------- variants


def test_every_rules_field_is_documented_with_its_real_default() -> None:
    rows = {code(row[0]): row for row in table_rows(section("## Variants"))}
    fields = {field.name: field.default for field in dataclasses.fields(Rules)}
    assert set(rows) == set(fields)
    for name, default in fields.items():
        assert json.loads(code(rows[name][1])) == default, name
        assert f"**`{name} = " in DOC, f"the doc does not say why {name} defaults as it does"
    assert Rules.from_dict({name: json.loads(code(row[1])) for name, row in rows.items()}) == Rules()


# ------------------------------------------------------------- seats and cards


def test_seat_names_and_pass_directions_match_the_engine() -> None:
    seats = table_rows(section("## Seats and play order"))
    assert [(int(row[0]), row[1]) for row in seats] == list(enumerate(SEAT_NAMES))
    for row in table_rows(section("### Pass directions")):
        direction = PassDirection(code(row[1]))
        hands = [int(n) for n in re.findall(r"\d+", row[0])]
        assert hands and all(PassDirection.for_hand(n) is direction for n in hands), row
        if direction is PassDirection.HOLD:
            assert direction.offset == 0
        else:
            assert f"(*s* + {direction.offset}) mod 4" in row[2], row
            receiver, giver = SEAT_NAMES[direction.receiver(0)], SEAT_NAMES[direction.passer(0)]
            assert f"gives to {receiver}, gets from {giver}" in row[3], row


def test_every_card_in_the_notation_table_reads_as_the_card_it_claims() -> None:
    rows = table_rows(section("## Cards and how to write them"))
    assert len(rows) >= 10
    for typed, meant in ((code(row[0]), code(row[1])) for row in rows):
        card = parse_card(meant)
        assert str(card) == meant, f"{meant!r} is not written in the house notation"
        assert parse_card(typed) is card, f"{typed!r} should read as {meant}"
    assert any("\ufe0f" in code(row[0]) for row in rows), "the emoji-selector example lost its selector"


def test_the_notation_the_doc_refuses_is_refused() -> None:
    refused = re.search(r"Not cards, and refused with `InvalidCardError`[^:]*:(.*?)\n\n", DOC, re.DOTALL)
    assert refused is not None
    examples = re.findall(r"`([^`]+)`", refused[1])
    assert len(examples) >= 5
    for text in examples:
        with pytest.raises(InvalidCardError, match=re.escape(repr(text))):
            parse_card(text)


def test_house_notation_examples_round_trip() -> None:
    examples = re.findall(r"`([♣♦♠♥](?:10|[2-9JQKA]))`", section("## Cards and how to write them"))
    assert len(set(examples)) >= 5
    for text in examples:
        assert str(parse_card(text)) == text


# ---------------------------------------------------------------- worked examples


def test_the_worked_examples_are_what_the_engine_answers() -> None:
    assert f"A heart costs {HEART_POINTS} point, ♠Q costs {QUEEN_OF_SPADES_POINTS}," in PROSE
    assert f"That makes {POINTS_PER_HAND} points in every hand" in PROSE
    # Rule 7: the off-suit ace.
    assert "CPU1 takes the trick with ♣K" in PROSE
    assert trick_winner("♣10 ♣K ♣3 ♥A") == 1 and penalty_points("♣10 ♣K ♣3 ♥A") == 1
    # Rule 8: two counts.
    assert "♥2, ♥8, ♠Q and ♣5 carries 15 points" in PROSE and penalty_points("♥2 ♥8 ♠Q ♣5") == 15
    assert "♥3, ♥9, ♥K and ♠Q in a hand costs 16" in PROSE and penalty_points("♥3 ♥9 ♥K ♠Q") == 16
    # Rule 5: only the pointless card.
    assert "holding ♠Q, ♥3 and ♦7 may only play ♦7" in PROSE
    for card, reason in (("♦7", Reason.LEGAL), ("♥3", Reason.NO_POINTS_ON_FIRST_TRICK),
                         ("♠Q", Reason.NO_POINTS_ON_FIRST_TRICK)):
        assert check_play("♠Q ♥3 ♦7", "♣2", card, first_trick=True, hearts_broken=False).reason is reason
    # Rule 10: reaching 100 ends the match, the lowest total wins.
    assert "The totals are 27, 51, 45 and 100" in PROSE and "You win with 27" in PROSE
    totals = tuple(b + h for b, h in zip((24, 35, 40, 98), (3, 16, 5, 2), strict=True))
    assert totals == (27, 51, 45, 100) and match_winners(totals, Rules()) == (0,)


def test_the_code_cites_the_rules_kept_in_this_repository() -> None:
    # The table rules once lived outside the repository; every citation must now reach docs/rules.md.
    bare = re.compile(r"(?<![/\w])rules\.md")
    offenders = []
    for folder in ("hearts_core", "hearts_learner", "widgets", "hearts_serving", "tests", "benchmarks", "lessons"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".js", ".css", ".ipynb", ".md"} or ".ipynb_checkpoints" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if bare.search(line) and "docs/rules.md" not in line and '"rules.md"' not in line:
                    offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert not offenders, f"cite docs/rules.md, not a bare rules.md: {offenders}"
