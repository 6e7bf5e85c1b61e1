"""The kernel manager lessons/voila.json gives Voilà: idle kernels are culled, but never one
handed to a page that has not connected yet (Voilà's preheated kernels, see widgets.serving).

These start real kernels and run jupyter_server's own culling step; only the clock moves.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from jupyter_server._tz import utcnow
from nbformat.v4 import new_notebook
from traitlets.config.loader import JSONFileConfigLoader
from voila.execute import VoilaExecutor

import widgets.serving
from widgets.serving import PoolSafeKernelManager

IDLE_TIMEOUT = 30
VOILA_JSON = Path(__file__).parents[1] / "lessons" / "voila.json"


class Clock:
    def __init__(self) -> None:
        self.offset = timedelta()

    def now(self) -> datetime:
        return utcnow() + self.offset


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(widgets.serving, "utcnow", clock.now)
    return clock


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run on an event loop of its own (the browser tests' Playwright may hold this thread's)."""
    async def main() -> None:
        await scenario()

    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, main()).result()


async def preheated_kernel(manager: PoolSafeKernelManager) -> str:
    """A kernel that finished its work long ago, as a pooled kernel has when handed out."""
    kernel_id: str = await manager.start_kernel()
    manager.get_kernel(kernel_id).last_activity = utcnow() - timedelta(minutes=10)
    return kernel_id


def test_a_kernel_handed_out_is_not_culled_before_its_page_connects(clock: Clock) -> None:
    async def scenario() -> None:
        manager = PoolSafeKernelManager(cull_idle_timeout=IDLE_TIMEOUT)
        try:
            kernel_id = await preheated_kernel(manager)
            await manager.cull_kernel_if_idle(kernel_id)
            assert kernel_id in manager, "culled while its page was still loading"
            clock.offset = timedelta(seconds=IDLE_TIMEOUT - 1)
            await manager.cull_kernel_if_idle(kernel_id)
            assert kernel_id in manager
            # The page never came: after a whole idle period the kernel goes.
            clock.offset = timedelta(seconds=IDLE_TIMEOUT + 1)
            await manager.cull_kernel_if_idle(kernel_id)
            assert kernel_id not in manager
        finally:
            await manager.shutdown_all()

    run(scenario)


def test_a_kernel_whose_page_has_come_and_gone_is_culled_when_idle(clock: Clock) -> None:
    async def scenario() -> None:
        manager = PoolSafeKernelManager(cull_idle_timeout=IDLE_TIMEOUT)
        try:
            kernel_id = await preheated_kernel(manager)
            manager.notify_connect(kernel_id)
            await manager.cull_kernel_if_idle(kernel_id)
            assert kernel_id in manager, "culled with a page connected"
            manager.notify_disconnect(kernel_id)
            await manager.cull_kernel_if_idle(kernel_id)
            assert kernel_id not in manager
            assert not manager._connected_once and not manager._waiting_since  # nothing left behind
        finally:
            await manager.shutdown_all()

    run(scenario)


def test_the_lessons_are_served_with_this_manager_and_preheated_kernels() -> None:
    config = json.loads(VOILA_JSON.read_text())
    voila = config["VoilaConfiguration"]
    assert voila["multi_kernel_manager_class"] == "widgets.serving.PoolSafeKernelManager"
    assert voila["preheat_kernel"] is True
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0


def test_cell_output_is_awaited_long_enough_under_load() -> None:
    """nbclient waits 4 s for a cell's output after the kernel replies, then silently drops
    it: under the 20-learner load run (benchmarks/serve.py) that left a page without its
    widget. voila.json must reach Voilà's executor with a longer wait."""
    config = JSONFileConfigLoader(VOILA_JSON.name, str(VOILA_JSON.parent)).load_config()
    executor = VoilaExecutor(new_notebook(), config=config)
    assert executor.iopub_timeout >= 30
    assert executor.raise_on_iopub_timeout is False  # a slow cell still renders, late rather than never
