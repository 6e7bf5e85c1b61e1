"""How fast the served lessons appear, what each open lesson costs, and 20 learners at once.

Starts Voilà on ``lessons/`` exactly as ``./dev serve`` does (its voila.json and template),
with a scratch data directory and short culling times, then drives Debian's Chromium:

1. time from request to first rendered widget, per lesson (median of ``--loads`` loads,
   each in a fresh browser context, so every load starts its own kernel);
2. kernel memory per open lesson: the resident size of the kernel process serving it;
3. a load run: ``--learners`` pages opening lessons at the same moment; all must render
   and the server must still answer; after the pages close, the kernels must be culled.

    .venv/bin/python benchmarks/serve.py [--loads 3] [--learners 20]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
# Longer than the slowest page start under the load run: a kernel whose page has not
# connected yet counts as idle.
CULL_IDLE = 90
CULL_INTERVAL = 10
PREHEAT = json.loads((LESSONS / "voila.json").read_text())["VoilaConfiguration"].get("preheat_kernel", False)
BETWEEN_LOADS = 4.0  # seconds: learners arrive apart, and the preheated pool refills


def start_server(port: int, data: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "HEARTS_LESSONS_DATA": data, "JUPYTER_PATH": str(LESSONS / "jupyter")}
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", ".", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
         f"--MappingKernelManager.cull_interval={CULL_INTERVAL}"],
        cwd=LESSONS, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            return process
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("voila did not start")


def wait_for_pool(server_pid: int, notebooks: int) -> None:
    """Let the preheated pool fill (one kernel per notebook) before timing anything."""
    deadline = time.monotonic() + 180
    while len(kernels(server_pid)) < notebooks and time.monotonic() < deadline:
        time.sleep(1)


def kernels(server_pid: int) -> dict[int, int]:
    """Kernel processes of the server: pid -> resident memory in KiB."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if int(fields.get("PPid", "0").strip()) == server_pid and b"ipykernel" in cmdline:
            found[int(entry.name)] = int(fields.get("VmRSS", "0 kB").split()[0])
    return found


def load_time(browser: Browser, url: str) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(".hl-root", timeout=120_000)
    elapsed = time.perf_counter() - started
    context.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--port", type=int, default=8871)
    args = parser.parse_args()
    notebooks = ["index", *sorted(path.stem for path in LESSONS.glob("[0-9][0-9]-*.ipynb"))]
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = start_server(args.port, data)
        if PREHEAT:
            wait_for_pool(server.pid, len(notebooks))
            print(f"preheated kernels waiting at start: {len(kernels(server.pid))}")
        base = f"http://127.0.0.1:{args.port}/voila/render/"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            print(f"{'lesson':<22} {'median s':>9} {'worst s':>8} {'kernel MiB':>11}")
            for name in notebooks:
                times = []
                for _ in range(args.loads):
                    times.append(load_time(browser, f"{base}{name}.ipynb"))
                    time.sleep(BETWEEN_LOADS)
                # Memory of one open lesson: open it, measure the kernel that appears.
                before = set(kernels(server.pid))
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{base}{name}.ipynb")
                page.wait_for_selector(".hl-root", timeout=120_000)
                page.wait_for_timeout(500)
                fresh = {pid: rss for pid, rss in kernels(server.pid).items() if pid not in before}
                memory = max(fresh.values()) / 1024 if fresh else float("nan")
                context.close()
                print(f"{name:<22} {statistics.median(times):>9.2f} {max(times):>8.2f} {memory:>11.1f}")

            print(f"\nload run: {args.learners} learners open lessons at once")
            # Each learner has a browser of their own, as real learners do: one shared browser
            # would queue every page behind its per-host connection limit.
            learners = [playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                        for _ in range(args.learners)]
            contexts = [learner.new_context() for learner in learners]
            pages = [context.new_page() for context in contexts]
            started = time.perf_counter()
            for number, page in enumerate(pages):
                page.goto(f"{base}{notebooks[number % len(notebooks)]}.ipynb", wait_until="commit")
            rendered = 0
            for page in pages:
                try:
                    page.wait_for_selector(".hl-root", timeout=180_000)
                    rendered += "Traceback" not in page.inner_text("body")
                except Exception as problem:  # a page that never renders is the finding
                    print(f"  a page failed: {problem}")
            elapsed = time.perf_counter() - started
            alive = urllib.request.urlopen(f"http://127.0.0.1:{args.port}/", timeout=5).status == 200
            live = len(kernels(server.pid))
            print(f"  rendered {rendered}/{args.learners} in {elapsed:.1f} s; server answering: {alive}; "
                  f"kernels running: {live}")
            for learner in learners:
                learner.close()
            deadline = time.monotonic() + CULL_IDLE * 4 + 30
            while kernels(server.pid) and time.monotonic() < deadline:
                time.sleep(2)
            left = len(kernels(server.pid))
            print(f"  after the pages closed: {left} kernel(s) left "
                  f"(culled after {CULL_IDLE} s idle, checked every {CULL_INTERVAL} s)")
        finally:
            browser.close()
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
