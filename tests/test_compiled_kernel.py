"""The compiled build of the rules kernel (tools/compile_kernel.py): the same rules, current, or not used.

``./dev`` compiles ``hearts_core/kernel.py`` with mypyc where the machine can; the browser
and a wheel run the source.  These tests hold the two to one behaviour: the suite runs on
the build (the test command made it), random hands played through both agree card by
card, and a build older than the source, or one asked away with ``HEARTS_PURE_KERNEL=1``,
is not imported.
"""

from __future__ import annotations

import doctest
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import hearts_core.kernel
from hearts_core import Rules, deal_hands
from hearts_core._kernel_build import build_is_current, compiled_build
from hearts_core.cards import mask_of
from tests.support import load_module

PACKAGE = Path(hearts_core.kernel.__file__).resolve().parent
WHERE = "import hearts_core.kernel as k; print(k.__file__)"
# Every house rule at once and none: the variants take the kernel's other branches.
RULE_SETS = (Rules(), Rules(jack_of_diamonds_bonus=True, qs_breaks_hearts=True, moon_subtracts=True))
needs_build = pytest.mark.skipif(compiled_build() is None or os.environ.get("HEARTS_PURE_KERNEL") == "1",
                                 reason="no compiled kernel here (tools/compile_kernel.py found no C compiler)")


@pytest.fixture(scope="module")
def source_kernel() -> ModuleType:
    """``kernel.py`` itself, imported under another name beside whichever build the package runs."""
    return load_module("kernel_from_source", PACKAGE / "kernel.py")


def where_the_kernel_comes_from(package_root: Path, **environment: str) -> str:
    result = subprocess.run([sys.executable, "-c", WHERE], cwd=package_root, capture_output=True, text=True,
                            check=True, env={**os.environ, "PYTHONPATH": str(package_root), **environment})
    return result.stdout.strip()


def test_the_kernels_own_examples_hold_for_its_source(source_kernel: ModuleType) -> None:
    """kernel.py's doctests (conftest.py leaves the file out of the doctest collection)."""
    failed, attempted = doctest.testmod(source_kernel)
    assert attempted > 0 and failed == 0


@needs_build
def test_the_package_runs_the_build_made_from_todays_source() -> None:
    assert build_is_current(), "hearts_core/kernel.py changed since its build: run ./dev install"
    assert Path(hearts_core.kernel.__file__).name != "kernel.py"


@needs_build
@pytest.mark.parametrize("rules", RULE_SETS, ids=["table rules", "every variant"])
def test_the_build_and_the_source_play_random_hands_identically(source_kernel: ModuleType, rules: Rules) -> None:
    built = hearts_core.kernel
    assert built is not source_kernel
    rng = random.Random(24)
    for _ in range(150):
        masks = [mask_of(hand) for hand in deal_hands(rng.randrange(1 << 30))]
        leader = next(seat for seat, mask in enumerate(masks) if mask & built.TWO_OF_CLUBS_BIT)
        tables = [module.Table(list(masks), [], leader, 0, False, [0, 0, 0, 0], rules)
                  for module in (built, source_kernel)]
        while not tables[0].is_over:
            trick = tables[0].trick
            led = trick[0] // 13 if trick else built.LEADING
            walks = [module.rule_walk(table.hands[table.to_move], led, table.tricks_done == 0, table.hearts_broken)
                     for module, table in zip((built, source_kernel), tables, strict=True)]
            # Each build has its own enum classes: their codes are what must agree.
            codes = [(mask, reason.value, allowance.value) for mask, reason, allowance in walks]
            assert codes[0] == codes[1]
            legal = walks[0][0]
            choice = rng.choice([index for index in range(52) if legal >> index & 1])
            winners = [table.play_and_walk(choice) for table in tables]
            assert winners[0] == winners[1]
            states = [(table.hands, table.trick, table.points, table.hearts_broken, table.playable, table.takers,
                       table.jack_taker, table.to_move, table.last_trick_points) for table in tables]
            assert states[0] == states[1]
        assert tables[0].scores() == tables[1].scores()
        assert tables[0].moon_shooter() == tables[1].moon_shooter()


@needs_build
def test_a_build_older_than_the_source_is_not_imported(tmp_path: Path) -> None:
    copy = tmp_path / "hearts_core"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert where_the_kernel_comes_from(tmp_path) == str(copy / compiled_build().name)  # type: ignore[union-attr]
    assert where_the_kernel_comes_from(tmp_path, HEARTS_PURE_KERNEL="1") == str(copy / "kernel.py")
    with (copy / "kernel.py").open("a", encoding="utf-8") as source:
        source.write("\n# an edit made after the build\n")
    assert where_the_kernel_comes_from(tmp_path) == str(copy / "kernel.py")


def test_without_a_build_the_source_is_imported(tmp_path: Path) -> None:
    copy = tmp_path / "hearts_core"
    unbuilt = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "kernel.compiled-from")
    shutil.copytree(PACKAGE, copy, ignore=unbuilt)
    assert where_the_kernel_comes_from(tmp_path) == str(copy / "kernel.py")
