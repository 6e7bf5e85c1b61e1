"""The ordinary run leaves out what only ``--thorough`` runs (conftest.py), and says so."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import conftest


class Item:
    def __init__(self, name: str, *, thorough_only: bool) -> None:
        self.name = name
        self.marked = thorough_only

    def get_closest_marker(self, name: str) -> object:
        return object() if name == "thorough_only" and self.marked else None


def run_sized(thorough: bool) -> tuple[list[str], list[str]]:
    deselected: list[str] = []
    config = SimpleNamespace(
        getoption=lambda name: thorough if name == "thorough" else pytest.fail(f"asked for {name}"),
        hook=SimpleNamespace(pytest_deselected=lambda items: deselected.extend(item.name for item in items)),
    )
    items = [Item("a", thorough_only=False), Item("b", thorough_only=True), Item("c", thorough_only=False)]
    conftest.pytest_collection_modifyitems(config, items)  # type: ignore[arg-type]
    return [item.name for item in items], deselected


def test_a_thorough_only_test_runs_in_the_long_run_only_and_is_reported_deselected() -> None:
    assert run_sized(thorough=False) == (["a", "c"], ["b"])
    assert run_sized(thorough=True) == (["a", "b", "c"], [])


def test_the_mark_is_declared_with_what_covers_it(pytestconfig: pytest.Config) -> None:
    declared = [line for line in pytestconfig.getini("markers") if line.startswith("thorough_only")]
    assert declared and "names the test covering it" in declared[0]
