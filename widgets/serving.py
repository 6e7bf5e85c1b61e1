"""Serving glue: the kernel manager ``lessons/voila.json`` gives Voilà.

Voilà's preheated kernels cut a lesson's start-up to what the browser needs: each lesson
is already executed in a waiting kernel when a learner asks for it. Voilà 0.5 keeps pooled
kernels away from the idle culler, but stops protecting a kernel the moment it hands it
to a page, and the kernel's last activity is still the time it finished preheating. If
the culler runs in the second before the page's websocket connects, it culls that kernel
and the page waits for ever on a kernel that no longer exists ("Kernel does not exist"
in the log). Reproduced with a 20 s idle timeout and 1 s culling interval: 2 of 2 loads.

:class:`PoolSafeKernelManager` closes that gap without touching Voilà's pool: a kernel no
page has connected to yet gets a full idle period counted from when the culler first sees
it outside the pool (the handing out), and only then may it be culled. Kernels that have
had a page, and dead kernels, are culled by the ordinary rules. Voilà builds its pooling manager as a
subclass of this class, so the check runs after Voilà has set pooled kernels aside.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class PoolSafeKernelManager(AsyncMappingKernelManager):
    """Culls idle kernels, but never one handed to a page that has not connected yet."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._connected_once: set[str] = set()
        self._waiting_since: dict[str, datetime] = {}

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        self._waiting_since.pop(kernel_id, None)
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        dead = getattr(self._kernels.get(kernel_id), "execution_state", None) == "dead"
        if kernel_id not in self._connected_once and not dead:
            first_seen = self._waiting_since.setdefault(kernel_id, utcnow())
            if utcnow() - first_seen <= timedelta(seconds=self.cull_idle_timeout):
                return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]

    def remove_kernel(self, kernel_id: str) -> Any:
        self._connected_once.discard(kernel_id)
        self._waiting_since.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)
