"""Local servers and a browser that stays on this machine, for the browser tests and the benchmarks.

The static site's browser test (tests/browser/test_site_browser.py) and its benchmark
(benchmarks/site.py) must meet the site the same way: ``_site/`` from Python's plain
``http.server`` on 127.0.0.1, and a Chromium context that blocks and counts every request
that would leave the machine. So the server, the gate and the Chromium settings live here
once.  Standard library and Playwright only; the tests import it as ``tools.localhost``
(pytest puts the repository root on the path) and the benchmarks add the repository root
themselves, so both work from a fresh clone.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Route

CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
"""Debian's Chromium: Playwright cannot download its own browser here."""
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOCAL_ONLY = ("blob:", "data:")
"""Requests the page makes to itself; anything else not from the server is outside."""


# Ports are taken below Linux's ephemeral range (32768 and up), where nothing is handed out
# at random: a kernel's ZMQ sockets, bound to port 0, cannot take a port between our check
# and the server's own bind. Each pytest-xdist worker (and a process outside pytest) has a
# block of its own, so two workers never pick the same port either.
PORT_BLOCK = 500
FIRST_PORT = 20_000
_next_port: list[int] = []


def _own_block() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    number = int(worker.removeprefix("gw")) + 1 if worker.removeprefix("gw").isdigit() else 0
    return FIRST_PORT + (number % 20) * PORT_BLOCK


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now, from this process's own block (never another worker's)."""
    if not _next_port:
        # Another run of the same worker number (an earlier session's server still closing)
        # may hold the block's first ports: start at a point this process draws.
        _next_port.append(_own_block() + os.getpid() % PORT_BLOCK)
    start = _own_block()
    for _ in range(PORT_BLOCK):
        port = _next_port[0]
        _next_port[0] = start + (port + 1 - start) % PORT_BLOCK
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port on 127.0.0.1 between {start} and {start + PORT_BLOCK - 1}")


def wait_until_answering(process: subprocess.Popen[bytes], url: str, name: str, timeout: float = 60) -> None:
    """Wait until the server ``process`` answers at ``url``; stop it and fail if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    stop(process)
    raise RuntimeError(f"{name} did not answer within {timeout:.0f} s")


def stop(process: subprocess.Popen[bytes], grace: float = 10) -> None:
    """Stop ``process``: asked first (a server then shuts down its kernels), killed if it has not gone
    within ``grace`` seconds. A Voilà still starting its pool let a test run end with it alive, its
    kernels with it, when it was only asked."""
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """Serve ``folder`` with ``http.server`` on 127.0.0.1; yield its base URL once it answers."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_answering(server, url, "http.server")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


def gated_context(browser: Browser, base: str, outside: list[str]) -> BrowserContext:
    """A 1280x800 context that lets through only ``base`` (and the page's own blobs), noting the rest in ``outside``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    gate(context, base, outside)
    return context


def gate(context: BrowserContext, base: str, outside: list[str]) -> Callable[[Route], None]:
    """Let ``context`` reach only ``base`` (and its pages' own blobs), noting the rest in ``outside``.

    Returns the route handler, for ``context.unroute("**/*", handler)`` when the context outlives the gate.
    """
    def let_through_only_base(route: Route) -> None:
        if route.request.url.startswith((base, *LOCAL_ONLY)):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", let_through_only_base)
    return let_through_only_base
