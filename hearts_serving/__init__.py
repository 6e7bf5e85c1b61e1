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
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

__all__ = ["PoolSafeKernelManager"]


class PoolSafeKernelManager(AsyncMappingKernelManager):
    """Culls idle kernels, never one whose page may still connect, soon one whose page never came."""

    unconnected_grace = Float(
        60.0, config=True,
        help="Seconds a kernel handed to a page may wait for the page to connect; after that (and as long "
             "quiet) a kernel that never had a page is shut down without waiting for the idle timeout.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._connected_once: set[str] = set()
        self._waiting_since: dict[str, datetime] = {}

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
