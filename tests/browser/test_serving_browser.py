"""Preheated kernels under the idle culler, as ``./dev serve`` runs them (lessons/voila.json).

Voilà 0.5 on its own culls a pooled kernel that has waited longer than the idle timeout
if the culler runs between handing it to a page and the page connecting: the page then
never renders. hearts_serving.PoolSafeKernelManager closes that gap; this serves one
lesson with the real configuration, a 4 s idle timeout and a culler running every second.
The opposite leak too: a page fetched but never connected (a bare GET) must not hold its
kernel for the whole idle timeout; here the timeout is 10 minutes and the grace 3 s.
And the page template names up front every script the page will load (preload.html.j2),
seen on the first test's page (a server of its own would cost its kernels for the same page).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, Page

from tests.browser.conftest import ROOT, start_voila, watch_console
from tests.browser.pages import wait_until_live

IDLE_TIMEOUT = 4
LESSON = "02-tricks.ipynb"


def wait_for_line(log: Path, text: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in log.read_text(errors="replace"):
            return
        time.sleep(0.2)
    raise AssertionError(f"Voilà never reported {text!r}:\n{log.read_text(errors='replace')[-3000:]}")


def kernel_exists(base: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}api/kernels/{kernel_id}", timeout=5):
            return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def serve_one_lesson(tmp_path: Path, log: Path, culling: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    """Voilà on a folder holding only LESSON and the shipped voila.json, culling every second."""
    served = tmp_path / "served"
    served.mkdir()
    shutil.copy(ROOT / "lessons" / LESSON, served)
    shutil.copy(ROOT / "lessons" / "voila.json", served)
    return start_voila(served, tmp_path / "data", log=log, env={"JUPYTER_PATH": str(ROOT / "lessons" / "jupyter")},
                       extra=[*culling, "--MappingKernelManager.cull_interval=1"])


def test_a_long_waiting_preheated_kernel_still_serves_its_page_and_preloads_exactly_the_scripts_it_loads(
    browser: Browser, tmp_path: Path,
) -> None:
    log = tmp_path / "voila.log"
    process, base = serve_one_lesson(tmp_path, log, [f"--MappingKernelManager.cull_idle_timeout={IDLE_TIMEOUT}"])
    try:
        wait_for_line(log, f"Kernel pool of {LESSON} is filled", timeout=90)
        time.sleep(IDLE_TIMEOUT + 2)  # the pooled kernel is now idle for longer than the timeout
        context = browser.new_context()
        page = context.new_page()
        problems = watch_console(page)
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url) if request.resource_type == "script" else None)
        page.goto(f"{base}voila/render/{LESSON}")
        page.wait_for_selector(".hl-trick-scene", timeout=30_000)
        wait_until_live(page, timeout=30_000)
        assert "Using pre-heated kernel" in log.read_text(errors="replace")
        assert_preloads_are_the_scripts_loaded(page, base, requested)
        assert not problems, problems
        kernel_id = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")["kernelId"]
        page.locator('.hl-trick-scene [data-action="next"]').click()  # the kernel answers
        page.wait_for_selector('.hl-trick-scene .hl-card[data-card="♣10"]', timeout=10_000)
        assert kernel_exists(base, kernel_id)
        context.close()
        # Once its page has gone, the kernel is culled like any other.
        deadline = time.monotonic() + IDLE_TIMEOUT * 3 + 10
        while kernel_exists(base, kernel_id) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not kernel_exists(base, kernel_id), "the kernel outlived its page by three idle periods"
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_a_kernel_whose_page_never_connects_is_shut_down_after_the_grace(tmp_path: Path) -> None:
    log = tmp_path / "voila.log"
    process, base = serve_one_lesson(tmp_path, log, ["--MappingKernelManager.cull_idle_timeout=600",
                                                     "--PoolSafeKernelManager.unconnected_grace=3"])
    try:
        wait_for_line(log, f"Kernel pool of {LESSON} is filled", timeout=90)
        with urllib.request.urlopen(f"{base}voila/render/{LESSON}", timeout=60) as response:
            html = response.read().decode()  # the page, fetched; its websocket never connects
        found = re.search(r"\"kernelId\":\s*\"([0-9a-f-]+)\"", html)
        assert found, "no kernel id in the page"
        kernel_id = found.group(1)
        assert kernel_exists(base, kernel_id)
        deadline = time.monotonic() + 30  # the grace, plus the kernel's own 3 s of quiet, plus culler rounds
        while kernel_exists(base, kernel_id) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not kernel_exists(base, kernel_id), "a never-connected kernel waited for the idle timeout"
        assert "no page connected to it within" in log.read_text(errors="replace")
    finally:
        process.terminate()
        process.wait(timeout=20)


def assert_preloads_are_the_scripts_loaded(page: Page, base: str, requested: list[str]) -> None:
    """The page preloads exactly the scripts it loads (``requested``, every script URL fetched since it opened).

    The template's list (benchmarks/serve.py --write-preloads) names Voilà's chunks and the
    widget extensions' files by their build hashes: an upgrade that renames one must fail
    here, not leave a page fetching a script twice or preloading one it never uses."""
    page.wait_for_load_state("networkidle")
    preloaded = page.evaluate("[...document.querySelectorAll('link[rel=preload]')].map((link) => link.href)")
    bundled = [url for url in requested if url.startswith((f"{base}voila/static/", f"{base}voila/labextensions/"))]
    stale = "run benchmarks/serve.py --write-preloads"
    assert set(bundled) - set(preloaded) == {f"{base}voila/static/voila.js"}, f"scripts not preloaded: {stale}"
    assert set(preloaded) <= set(bundled), f"preloaded scripts the page never loads: {stale}"
    assert len(bundled) == len(set(bundled)), "a script was fetched twice"
    assert all(link.endswith(".js") or ".js?v=" in link for link in preloaded)
    # Chromium warns about a preload still unused 3 s after the load event (the caller's console watch).
    page.wait_for_timeout(3_500)
