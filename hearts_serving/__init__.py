"""Serving glue: the kernel manager ``lessons/voila.json`` gives Voilà.

This package sits outside :mod:`widgets` on purpose: the Voilà server process imports
it (to build its kernel manager) and must not import every widget, anywidget and the
rules engine with it; only the kernels run the widgets.

Voilà's preheated kernels cut a lesson's start-up to what the browser needs: each lesson
is already executed in a waiting kernel when a learner asks for it. Voilà 0.5 keeps pooled
kernels away from the idle culler, but stops protecting a kernel the moment it hands it
to a page, and the kernel's last activity is still the time it finished preheating. If
the culler runs in the second before the page's websocket connects, it culls that kernel
and the page waits for ever on a kernel that no longer exists ("Kernel does not exist"
in the log). Reproduced with a 20 s idle timeout and 1 s culling interval: 2 of 2 loads.

:class:`PoolSafeKernelManager` closes that gap without touching Voilà's pool, and closes
the opposite leak too:

* A kernel no page has connected to yet is left alone for ``unconnected_grace`` seconds
  (60 in voila.json), counted from when the culler first sees it outside the pool (the
  handing out): ample for a page to connect.
* After that grace, a kernel that still never had a page, and has been quiet for as long,
  is shut down at once instead of waiting out the full idle timeout (10 minutes): a bare
  GET (a crawler, a link preview, a tab closed while loading) otherwise held a ~60 MB
  kernel for those 10 minutes.  "Quiet" keeps a kernel that is still running its notebook
  (Voilà executing it for a page, or preheating it before the pool protects it).
* Kernels that have had a page, and dead kernels, are culled by the ordinary rules.

Voilà builds its pooling manager as a subclass of this class, so these checks run after
Voilà has set pooled kernels aside.

The waiting kernels follow the learner's language.  One waiting kernel per page and
language would be three times the memory, so Voilà preheats one folder's pages at start
(``preheat_denylist``: English, or the language of ``hearts-lessons --lang``), and a
translation's pages are folders of their own (``lessons/ja``).  A learner who opens a page
of another folder (``?lang=ja`` leads into ``ja/``) gets that page from a fresh kernel, as
before, and with it the pool moves (``follow_folder``): every page of that folder gets a
waiting kernel, index first, one page at a time (each once the one before has run its
notebook, the first after Voilà's ``fill_delay``, so they never compete with the page being
opened nor hold both cores), and the waiting kernels of the other folders are shut down.
Only a page served from a fresh kernel moves the pool, never a preheated one, so one learner
reading one language never moves it.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Bool, Float

__all__ = ["PoolSafeKernelManager"]


class PoolSafeKernelManager(AsyncMappingKernelManager):
    """Culls idle kernels, never one whose page may still connect, soon one whose page never came."""

    unconnected_grace = Float(
        60.0, config=True,
        help="Seconds a kernel handed to a page may wait for the page to connect; after that (and as long "
             "quiet) a kernel that never had a page is shut down without waiting for the idle timeout.",
    )

    follow_folder = Bool(
        True, config=True,
        help="Move the waiting (preheated) kernels to the folder of a page served without one: a learner who "
             "opens a page in another language gets that language's pages preheated (module notes).",
    )
    warm_wait = Float(
        30.0, config=True,
        help="Seconds at most to wait for one page's waiting kernel to run its notebook before starting the "
             "next page's, when the pool moves to a folder.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._connected_once: set[str] = set()
        self._waiting_since: dict[str, datetime] = {}
        self._retiring: set[asyncio.Task[None]] = set()
        self._warming: asyncio.Task[None] | None = None

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        # Voilà marks a kernel started for a page (not to fill its pool) with VOILA_PREHEAT=False.
        env = kwargs.get("env") or {}
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        if self.follow_folder and env.get("VOILA_PREHEAT") == "False":
            self.move_pool_to(str(kwargs.get("path") or ""), opening=kernel_id)
        return kernel_id

    def move_pool_to(self, folder: str, opening: str | None = None) -> list[str]:
        """Give every page in ``folder`` (relative to the lessons) a waiting kernel, and retire the others' ones.

        The first starts once kernel ``opening`` (the page that moved the pool) has run its notebook.

        Returns the pages that will get one, in the order they get it: none when Voilà's pool
        is off, or when a page of ``folder`` already has a waiting kernel (the pool is there).
        """
        pools: dict[str, list[Awaitable[dict[str, Any]]]] | None = getattr(self, "_pools", None)
        if pools is None or not hasattr(self, "fill_if_needed"):
            return []  # no preheating (Voilà's plain kernel manager)
        folder = os.path.normpath(folder or ".")
        if any(pool for name, pool in pools.items() if _folder(name) == folder):
            return []
        root = Path(self.root_dir)
        pages = sorted((str(path.relative_to(root)) for path in (root / folder).glob("*.ipynb")),
                       key=lambda name: (Path(name).name != "index.ipynb", name))
        if not pages:
            return []
        if self._warming is not None:
            self._warming.cancel()  # a move before the last one finished: its remaining pages are not wanted
        self._warming = asyncio.ensure_future(self._warm(pages, opening))
        self.log.info("Preheating the %d pages in %s/ instead of the other folders' pages.", len(pages), folder)
        return pages

    async def _warm(self, pages: list[str], opening: str | None = None) -> None:
        """Retire the other folders' waiting kernels, then fill the pools of ``pages`` (one folder's) one at a
        time, each once the one before has run its notebook.

        One at a time: starting them all at once held both cores for half a minute, and the
        page the learner had just opened waited for them.
        """
        await asyncio.sleep(float(getattr(self, "fill_delay", 0.0)))
        await self._quiet(opening)  # the page being opened goes first
        pools: dict[str, list[Awaitable[dict[str, Any]]]] = self._pools  # type: ignore[attr-defined]
        folder = _folder(pages[0])
        for name, pool in pools.items():
            if pool and _folder(name) != folder:
                waiting, pools[name] = list(pool), []
                for item in waiting:
                    task = asyncio.ensure_future(self._retire(item))
                    self._retiring.add(task)
                    task.add_done_callback(self._retiring.discard)
        for name in pages:
            self.fill_if_needed(delay=0, notebook_name=name)  # type: ignore[attr-defined]
            for item in pools.get(name, []):
                try:
                    started = await item
                except Exception:  # a kernel that failed to start: on to the next page
                    continue
                rendering = started.get("task")
                if isinstance(rendering, asyncio.Future):
                    await asyncio.wait({rendering}, timeout=self.warm_wait)

    async def _quiet(self, kernel_id: str | None) -> None:
        """Wait until kernel ``kernel_id`` has been idle for a second (at most ``warm_wait`` seconds)."""
        deadline = utcnow() + timedelta(seconds=self.warm_wait)
        while kernel_id is not None and utcnow() < deadline:
            kernel = self._kernels.get(kernel_id)
            last = getattr(kernel, "last_activity", None)
            if kernel is None or (getattr(kernel, "execution_state", None) == "idle" and last is not None
                                  and utcnow() - last > timedelta(seconds=1)):
                return
            await asyncio.sleep(0.5)

    async def _retire(self, waiting: Awaitable[dict[str, Any]]) -> None:
        """Shut down a waiting kernel taken out of its pool, once it has started."""
        try:
            kernel_id = (await waiting)["kernel_id"]
        except Exception:  # a kernel that failed to start has nothing to shut down
            return
        if kernel_id in self:
            await self.shutdown_kernel(kernel_id)  # type: ignore[no-untyped-call]

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        self._waiting_since.pop(kernel_id, None)
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        state = getattr(kernel, "execution_state", None)
        if kernel_id in self._connected_once or state == "dead":
            await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
            return
        now = utcnow()
        grace = timedelta(seconds=self.unconnected_grace)
        first_seen = self._waiting_since.setdefault(kernel_id, now)
        if now - first_seen <= grace:
            return  # its page may still be on its way
        last_activity = getattr(kernel, "last_activity", None)
        if state == "busy" or last_activity is None or now - last_activity <= grace:
            return  # still running its notebook
        self.log.warning("Culling kernel %s: no page connected to it within %d s.", kernel_id,
                         int((now - first_seen).total_seconds()))
        await self.shutdown_kernel(kernel_id)  # type: ignore[no-untyped-call]

    def remove_kernel(self, kernel_id: str) -> Any:
        self._connected_once.discard(kernel_id)
        self._waiting_since.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)


def _folder(page: str) -> str:
    """The folder of a page given relative to the lessons (``.`` for the English pages)."""
    return os.path.normpath(os.path.dirname(page) or ".")
