"""The engine-speed benchmark's loops, run tiny: their checksums, never their times.

``benchmarks/engine_speed.py`` checks every timed call's checksum itself; these tests
keep that guard honest (every loop plays the drawn hands to the drawn scores, and a
loop that skips work is refused) without asserting anything about speed.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "engine_speed.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_speed", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def scripts(bench: ModuleType) -> Sequence[Any]:
    # Eight hands: every pass direction twice.
    return bench.draw_scripts(8, seed=3)


def test_every_engine_only_loop_returns_the_drawn_scores(bench: ModuleType, scripts: Sequence[Any]) -> None:
    expected = bench.expected_checksum(scripts)
    assert sum(expected) in {26 * len(scripts) + 52 * moons for moons in range(len(scripts) + 1)}
    game = bench.pyspiel.load_game("hearts", bench.TABLE_RULES_OPTIONS)
    assert bench.ours_engine_only(scripts) == expected
    assert bench.make_openspiel_engine_only(game)(scripts) == expected
    assert bench.ours_kernel_only(scripts) == expected
    assert bench.cpython_floor(scripts) == expected


def test_scripts_play_whole_hands_through_both_sides(bench: ModuleType, scripts: Sequence[Any]) -> None:
    directions = [script.direction.value for script in scripts]
    assert directions == ["left", "right", "across", "hold"] * 2
    for script in scripts:
        assert len(script.choices) == len(script.their_choices) == len(script.cards) == 52
        assert sorted(script.cards) == list(range(52))
        assert (script.passes is None) == (script.direction.value == "hold")


def test_a_loop_that_skips_work_is_refused(bench: ModuleType, scripts: Sequence[Any]) -> None:
    def skips_the_last_hand(batch: Sequence[Any]) -> Any:
        return bench.ours_engine_only(batch[:-1])

    with pytest.raises(AssertionError, match="checksum"):
        bench.time_engine_only({"skips": skips_the_last_hand}, scripts, 1, lambda: 0.0)


def test_the_floor_refuses_an_illegal_card(bench: ModuleType, scripts: Sequence[Any]) -> None:
    script = scripts[3]  # a hold hand: the first card must be ♣2 (index 0)
    wrong = (script.cards[1], script.cards[0], *script.cards[2:])
    with pytest.raises(AssertionError, match="illegal"):
        bench.cpython_floor([dataclasses.replace(script, cards=wrong)])
