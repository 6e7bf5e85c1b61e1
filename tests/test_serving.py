"""The kernel manager lessons/voila.json gives Voilà: idle kernels are culled, never one
handed to a page that may still connect (Voilà's preheated kernels), and soon one whose page
never came (a bare GET). See hearts_serving.

These start real kernels and run jupyter_server's own culling step; only the clock moves.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from jupyter_server._tz import utcnow
from nbformat.v4 import new_notebook
from traitlets.config.loader import JSONFileConfigLoader
from voila.execute import VoilaExecutor

import hearts_serving
from hearts_serving import PoolSafeKernelManager

IDLE_TIMEOUT = 600
GRACE = 30
VOILA_JSON = Path(__file__).parents[1] / "lessons" / "voila.json"


class Clock:
    def __init__(self) -> None:
        self.offset = timedelta()

    def now(self) -> datetime:
        return utcnow() + self.offset


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(hearts_serving, "utcnow", clock.now)
    return clock


def run(scenario: Callable[[PoolSafeKernelManager], Awaitable[None]]) -> None:
    """Run ``scenario`` on a fresh manager, on an event loop of its own (the browser tests'
    Playwright may hold this thread's); every kernel it started is shut down after, pass or fail."""
    async def main() -> None:
        kernels = manager()
        try:
            await scenario(kernels)
        finally:
            await kernels.shutdown_all()

    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, main()).result()


async def started_kernel(kernels: PoolSafeKernelManager) -> str:
    """A new kernel, once it answers (one shut down while still starting prints a traceback)."""
    kernel_id: str = await kernels.start_kernel()
    client = kernels.get_kernel(kernel_id).client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
    finally:
        client.stop_channels()
    return kernel_id


async def preheated_kernel(kernels: PoolSafeKernelManager) -> str:
    """A kernel that finished its work long ago, as a pooled kernel has when handed out."""
    kernel_id = await started_kernel(kernels)
    kernels.get_kernel(kernel_id).last_activity = utcnow() - timedelta(minutes=10)
    return kernel_id


def manager() -> PoolSafeKernelManager:
    return PoolSafeKernelManager(cull_idle_timeout=IDLE_TIMEOUT, unconnected_grace=GRACE)


def test_a_kernel_handed_out_is_not_culled_before_its_page_connects(clock: Clock) -> None:
    async def scenario(kernels: PoolSafeKernelManager) -> None:
        kernel_id = await preheated_kernel(kernels)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id in kernels, "culled while its page was still loading"
        clock.offset = timedelta(seconds=GRACE - 1)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id in kernels
        kernels.notify_connect(kernel_id)  # the page came: ordinary rules from now on
        clock.offset = timedelta(seconds=GRACE + 5)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id in kernels, "culled with a page connected"

    run(scenario)


def test_a_kernel_whose_page_never_came_goes_after_the_grace_not_the_idle_timeout(clock: Clock) -> None:
    """A bare GET: the page's HTML was fetched, its websocket never connected."""
    async def scenario(kernels: PoolSafeKernelManager) -> None:
        kernel_id = await preheated_kernel(kernels)
        await kernels.cull_kernel_if_idle(kernel_id)  # the culler first sees it handed out
        clock.offset = timedelta(seconds=GRACE + 1)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id not in kernels, "kept until the idle timeout"
        assert not kernels._connected_once and not kernels._waiting_since  # nothing left behind

    run(scenario)


def test_a_kernel_that_never_had_a_page_but_is_still_working_is_kept(clock: Clock) -> None:
    """A kernel still running its notebook (Voilà executing it, or preheating it) is not a bare GET's."""
    async def scenario(kernels: PoolSafeKernelManager) -> None:
        kernel_id = await started_kernel(kernels)  # active just now
        await kernels.cull_kernel_if_idle(kernel_id)
        clock.offset = timedelta(seconds=GRACE + 1)
        kernels.get_kernel(kernel_id).last_activity = clock.now() - timedelta(seconds=GRACE - 5)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id in kernels, "culled while it was still working"
        kernels.get_kernel(kernel_id).execution_state = "busy"
        clock.offset = timedelta(seconds=3 * GRACE)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id in kernels, "culled while busy"
        kernels.get_kernel(kernel_id).execution_state = "idle"
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id not in kernels  # quiet for longer than the grace, and never a page

    run(scenario)


def test_a_kernel_whose_page_has_come_and_gone_is_culled_when_idle(clock: Clock) -> None:
    async def scenario(kernels: PoolSafeKernelManager) -> None:
        kernel_id = await preheated_kernel(kernels)
        kernels.notify_connect(kernel_id)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id in kernels, "culled with a page connected"
        kernels.notify_disconnect(kernel_id)
        await kernels.cull_kernel_if_idle(kernel_id)
        assert kernel_id not in kernels
        assert not kernels._connected_once and not kernels._waiting_since  # nothing left behind

    run(scenario)


def test_the_lessons_are_served_with_this_manager_and_preheated_kernels() -> None:
    config = json.loads(VOILA_JSON.read_text())
    voila = config["VoilaConfiguration"]
    assert voila["multi_kernel_manager_class"] == "hearts_serving.PoolSafeKernelManager"
    assert voila["preheat_kernel"] is True
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0


def test_the_grace_reaches_the_manager_from_voila_json() -> None:
    config = JSONFileConfigLoader(VOILA_JSON.name, str(VOILA_JSON.parent)).load_config()
    kernels = PoolSafeKernelManager(config=config)
    assert kernels.unconnected_grace == 60 < kernels.cull_idle_timeout == 600


def test_the_server_glue_imports_no_widget() -> None:
    """The Voilà server process imports hearts_serving; the widgets belong in the kernels."""
    code = ("import sys, hearts_serving; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('widgets', 'hearts_core', 'anywidget')))")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


def test_cell_output_is_awaited_long_enough_under_load() -> None:
    """nbclient waits 4 s for a cell's output after the kernel replies, then silently drops
    it: under the 20-learner load run (benchmarks/serve.py) that left a page without its
    widget. voila.json must reach Voilà's executor with a longer wait."""
    config = JSONFileConfigLoader(VOILA_JSON.name, str(VOILA_JSON.parent)).load_config()
    executor = VoilaExecutor(new_notebook(), config=config)
    assert executor.iopub_timeout >= 30
    assert executor.raise_on_iopub_timeout is False  # a slow cell still renders, late rather than never


# ------------------------------------------------------- the waiting kernels follow the learner's language


class PoolLikeVoilas(PoolSafeKernelManager):
    """The part of Voilà's pooling manager hearts_serving leans on: ``_pools`` of waiting kernels by page,
    ``fill_if_needed`` and ``fill_delay``; filling only notes what it was asked."""

    def __init__(self, root: Path, **kwargs: object) -> None:
        super().__init__(root_dir=str(root), warm_wait=2.0, **kwargs)
        self.fill_delay = 0.01
        self._pools: dict[str, list[Awaitable[dict[str, str]]]] = {}
        self.filled: list[tuple[str, float]] = []
        self.rendering: dict[str, asyncio.Future[None]] = {}
        self.retired: list[str] = []

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None) -> None:
        assert notebook_name is not None and delay is not None
        self.filled.append((notebook_name, delay))
        # Started at once; its notebook runs until the test lets it finish (``run_notebooks``).
        waiting: asyncio.Future[dict[str, object]] = asyncio.get_running_loop().create_future()
        rendering: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.rendering[notebook_name] = rendering
        waiting.set_result({"kernel_id": f"kernel of {notebook_name}", "task": rendering})
        self._pools.setdefault(notebook_name, []).append(waiting)

    async def run_notebooks(self) -> None:
        """Let every started kernel finish running its notebook, until the pool has nothing left to start."""
        while self._warming is not None and not self._warming.done():
            for rendering in self.rendering.values():
                if not rendering.done():
                    rendering.set_result(None)
            await asyncio.sleep(0.02)

    def __contains__(self, kernel_id: object) -> bool:
        return str(kernel_id).startswith("kernel of ") or super().__contains__(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: object, **kwargs: object) -> None:
        if kernel_id.startswith("kernel of "):
            self.retired.append(kernel_id)
        else:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    for name in ("index", "01-aim", "02-tricks", "ja/index", "ja/01-aim", "ja/02-tricks", "es/01-aim"):
        (tmp_path / f"{name}.ipynb").parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    return tmp_path


def test_a_page_in_another_language_moves_the_waiting_kernels_to_that_language(lessons: Path) -> None:
    async def scenario() -> None:
        kernels = PoolLikeVoilas(lessons)
        for page in ("index.ipynb", "01-aim.ipynb", "02-tricks.ipynb"):  # as Voilà fills them at start
            kernels.fill_if_needed(delay=0, notebook_name=page)
        kernels.filled.clear()
        assert kernels.move_pool_to("") == []  # English waits already: nothing moves
        assert kernels.move_pool_to("ja") == ["ja/index.ipynb", "ja/01-aim.ipynb", "ja/02-tricks.ipynb"]
        # One page at a time, index first: the next starts only once the one before has run its notebook.
        await asyncio.sleep(0.1)
        assert kernels.filled == [("ja/index.ipynb", 0)]
        kernels.rendering["ja/index.ipynb"].set_result(None)
        await asyncio.sleep(0.05)
        assert [name for name, _ in kernels.filled] == ["ja/index.ipynb", "ja/01-aim.ipynb"]
        await kernels.run_notebooks()
        assert [name for name, _ in kernels.filled] == ["ja/index.ipynb", "ja/01-aim.ipynb", "ja/02-tricks.ipynb"]
        await asyncio.gather(*kernels._retiring)
        assert sorted(kernels.retired) == ["kernel of 01-aim.ipynb", "kernel of 02-tricks.ipynb",
                                           "kernel of index.ipynb"]
        assert {name: len(pool) for name, pool in kernels._pools.items()} == {
            "index.ipynb": 0, "01-aim.ipynb": 0, "02-tricks.ipynb": 0,
            "ja/index.ipynb": 1, "ja/01-aim.ipynb": 1, "ja/02-tricks.ipynb": 1}
        assert kernels.move_pool_to("ja") == []  # a second page in Japanese moves nothing
        assert kernels.move_pool_to("es") == ["es/01-aim.ipynb"]  # and on as the learner goes
        await kernels.run_notebooks()
        assert kernels.move_pool_to(".") == ["index.ipynb", "01-aim.ipynb", "02-tricks.ipynb"]
        await kernels.run_notebooks()
        await asyncio.gather(*kernels._retiring)
        assert {name for name, pool in kernels._pools.items() if pool} == {
            "index.ipynb", "01-aim.ipynb", "02-tricks.ipynb"}

    with ThreadPoolExecutor(max_workers=1) as thread:  # an event loop of its own, as run() gives its scenarios
        thread.submit(asyncio.run, scenario()).result()


def test_a_page_served_without_a_waiting_kernel_moves_the_pool_and_a_preheat_does_not(lessons: Path) -> None:
    """Voilà starts a kernel with VOILA_PREHEAT=False for a page, =True to fill a pool."""
    async def scenario(_: PoolSafeKernelManager) -> None:
        kernels, still = PoolLikeVoilas(lessons), PoolLikeVoilas(lessons, follow_folder=False)
        try:
            env = {**os.environ, "VOILA_PREHEAT": "True"}
            await kernels.start_kernel(path="ja", env=env)
            assert kernels.filled == []
            await kernels.start_kernel(path="ja", env={**env, "VOILA_PREHEAT": "False"})
            await kernels.run_notebooks()
            assert [name for name, _ in kernels.filled] == ["ja/index.ipynb", "ja/01-aim.ipynb", "ja/02-tricks.ipynb"]
            await still.start_kernel(path="es", env={**env, "VOILA_PREHEAT": "False"})
            assert still.filled == []
        finally:
            await kernels.shutdown_all()
            await still.shutdown_all()

    run(scenario)
