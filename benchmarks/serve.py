"""How fast the served lessons appear, what each open lesson costs, and 20 learners at once.

Starts Voilà on ``lessons/`` exactly as ``./dev serve`` does (its voila.json and template),
with a scratch data directory and short culling times, then drives Debian's Chromium:

1. time from request to the first cards on screen (a first view, hearts_serving.first_views,
   or a live widget) and to the live widgets (drawn, every first view handed over), per
   lesson (medians of ``--loads`` loads, each in a fresh browser context with a cold cache,
   so each takes a kernel of its own: the preheated one waiting for that lesson, or a new
   one when the pool is still refilling), in the page's own clock (benchmarks/marks.py,
   as benchmarks/site.py measures the static site);
2. kernel memory per open lesson: the resident size of the kernel process serving it;
3. bare GETs: ``--bare-gets`` requests for lesson pages whose websocket never connects
   (a crawler, a link preview, a tab closed while loading). Each takes a kernel; how long
   those kernels live, and the memory they hold, shows hearts_serving's grace for kernels
   that never had a page (voila.json's ``unconnected_grace``, or ``--grace``) against the
   idle timeout they used to wait out;
4. a load run: ``--learners`` pages opening lessons at the same moment; all must render
   and the server must still answer; after the pages close, their kernels must be culled
   (the preheated pool, one waiting kernel per lesson, stays).

    .venv/bin/python benchmarks/serve.py [--loads 5] [--bare-gets 5] [--grace 60] [--learners 20] [--log voila.log]

``--write-preloads`` instead records which scripts a lesson page loads from Voilà's own
bundle and the widget extensions, and writes them into the template's
``preload.html.j2`` (run it again after upgrading Voilà or a widget extension; the
serving browser test fails until then).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from marks import BOTH_STAMPED, MARKS

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
# Longer than the slowest page start under the load run: a kernel whose page has not
# connected yet counts as idle.
CULL_IDLE = 90
CULL_INTERVAL = 10
VOILA_JSON = json.loads((LESSONS / "voila.json").read_text())
PREHEAT = VOILA_JSON["VoilaConfiguration"].get("preheat_kernel", False)
GRACE = VOILA_JSON.get("PoolSafeKernelManager", {}).get("unconnected_grace", 60)
# Seconds between timed loads: one learner at a time, as when a learner moves through the
# lessons. Long enough for the preheated pool to refill (a kernel start and one run of the
# lesson, about 3 s here) before the next request: on this machine the refilling kernel
# and the browser share two cores, which a real learner's browser, on their own device,
# does not. Many learners at once is the load run's question.
BETWEEN_LOADS = 8.0


def start_server(port: int, data: str, log: str | None, grace: float | None,
                 preheat: bool = True, options: tuple[str, ...] = ()) -> subprocess.Popen[bytes]:
    env = {**os.environ, "HEARTS_LESSONS_DATA": data, "JUPYTER_PATH": str(LESSONS / "jupyter")}
    output = open(log, "wb") if log else subprocess.DEVNULL  # noqa: SIM115 (the server keeps it)
    extra = [*options] if grace is None else [*options, f"--PoolSafeKernelManager.unconnected_grace={grace}"]
    if not preheat:
        extra.append("--VoilaConfiguration.preheat_kernel=False")
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", ".", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
         f"--MappingKernelManager.cull_interval={CULL_INTERVAL}", *extra],
        cwd=LESSONS, env=env, stdout=output, stderr=subprocess.STDOUT,
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
    """Let the preheated pool fill (one kernel per notebook, each done running its lesson)."""
    deadline = time.monotonic() + 180
    while len(kernels(server_pid)) < notebooks and time.monotonic() < deadline:
        time.sleep(1)
    # The kernels exist before they have run their lessons: wait until they fall quiet.
    busy = cpu_ticks(server_pid)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = cpu_ticks(server_pid)
        if now - busy < 10:  # under a tenth of a core-second per second, all kernels together
            return
        busy = now


def kernel_processes(server_pid: int) -> dict[int, tuple[str, str]]:
    """Kernel processes of the server: pid -> (/proc status text, command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if int(fields.get("PPid", "0").strip()) == server_pid and "ipykernel" in cmdline:
            found[int(entry.name)] = (status, cmdline)
    return found


def kernels(server_pid: int) -> dict[int, int]:
    """Kernel processes of the server: pid -> resident memory in KiB."""
    return {pid: resident_kib(status) for pid, (status, _) in kernel_processes(server_pid).items()}


def resident_kib(status: str) -> int:
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return int(fields.get("VmRSS", "0 kB").split()[0])


def kernel_memory(server_pid: int, kernel_id: str) -> float:
    """Resident MiB of the kernel with this id (its connection file carries the id)."""
    for status, cmdline in kernel_processes(server_pid).values():
        if kernel_id in cmdline:
            return resident_kib(status) / 1024
    return float("nan")


def cpu_ticks(server_pid: int) -> int:
    total = 0
    for pid in kernel_processes(server_pid):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime
    return total


def load_time(browser: Browser, url: str) -> tuple[float, float]:
    """Seconds from the request to the first cards on screen and to the live widgets."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(MARKS)
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_function(BOTH_STAMPED, timeout=120_000)
    first, live = page.evaluate("[window.hlFirstCards, window.hlLive]")
    context.close()
    return first / 1000, live / 1000


PRELOADS = LESSONS / "jupyter" / "voila" / "templates" / "hearts" / "preload.html.j2"
PRELOADS_HEADER = """{#- Written by `benchmarks/serve.py --write-preloads`: every script a lesson page loads from
    Voila's bundle and the widget extensions, so the browser fetches them all while it parses
    the page instead of in three waves (Voila's chunks once voila.js runs, the extensions once
    the page has loaded, the kernel's chunks once the app has started). -#}
"""
# Where the page's scripts come from, as page_config names them (the template writes them so).
SCRIPT_HOMES = {"/voila/static/": "fullStaticUrl", "/voila/labextensions/": "fullLabextensionsUrl"}


def preloaded_scripts(urls: list[str]) -> list[str]:
    """The template lines preloading the scripts among ``urls`` (paths from the server's root).

    voila.js itself is left out: the page names it, so the browser finds it at once.
    """
    lines = []
    for url in dict.fromkeys(urls):
        for home, option in SCRIPT_HOMES.items():
            if url.startswith(home) and url != "/voila/static/voila.js":
                lines.append(f'<link rel="preload" as="script" href="{{{{ page_config[\'{option}\'] | e }}}}/'
                             f'{url.removeprefix(home)}">')
    return lines


def write_preloads(browser: Browser, base: str, name: str) -> None:
    """Record the scripts lesson ``name`` loads and write the template's list.

    The server must have been started after the list was emptied, without preheating (a
    preheated page is rendered when its kernel starts), so the page is not steered by an old list.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    origin = base.split("/voila/", maxsplit=1)[0]
    scripts: list[str] = []
    page.on("request", lambda request: scripts.append(request.url.removeprefix(origin))
            if request.resource_type == "script" else None)
    page.goto(f"{base}{name}.ipynb")
    page.wait_for_selector(".hl-root", timeout=120_000)
    page.wait_for_load_state("networkidle")
    context.close()
    lines = preloaded_scripts(scripts)
    PRELOADS.write_text(PRELOADS_HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} preloads to {PRELOADS.relative_to(ROOT)}")


def bare_gets(server_pid: int, base: str, notebooks: list[str], count: int, grace: float) -> None:
    """``count`` page requests whose websocket never connects; how long their kernels live."""
    print(f"\nbare GETs: {count} page requests that never connect (grace {grace:.0f} s, "
          f"idle timeout {CULL_IDLE} s, culler every {CULL_INTERVAL} s)")
    orphans = []
    for number in range(count):
        name = notebooks[1 + number % (len(notebooks) - 1)]
        with urllib.request.urlopen(f"{base}{name}.ipynb", timeout=120) as response:
            found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', response.read().decode())
        if found:
            orphans.append(found.group(1))
    sent = time.monotonic()
    held = sum(kernel_memory(server_pid, kernel_id) for kernel_id in orphans)
    lifetimes: dict[str, float] = {}
    deadline = sent + max(grace, CULL_IDLE) * 2 + 60
    while len(lifetimes) < len(orphans) and time.monotonic() < deadline:
        time.sleep(1)
        running = " ".join(cmdline for _, cmdline in kernel_processes(server_pid).values())
        for kernel_id in orphans:
            if kernel_id not in lifetimes and kernel_id not in running:
                lifetimes[kernel_id] = time.monotonic() - sent
    median = statistics.median(lifetimes.values()) if lifetimes else float("nan")
    print(f"  {len(orphans)} kernels handed out holding {held:.0f} MiB; {len(lifetimes)} shut down, median "
          f"{median:.0f} s after the requests (worst {max(lifetimes.values(), default=float('nan')):.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--lessons", nargs="+", metavar="NAME",
                        help="time only these pages (names without .ipynb; default: the index and every lesson)")
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--bare-gets", type=int, default=5)
    parser.add_argument("--grace", type=float, help="override voila.json's unconnected_grace (seconds)")
    parser.add_argument("--port", type=int, default=8871)
    parser.add_argument("--log", help="write the Voilà server's log here")
    parser.add_argument("--write-preloads", action="store_true",
                        help="only record the scripts a lesson page loads into the template's preload list")
    args = parser.parse_args()
    notebooks = ["index", *sorted(path.stem for path in LESSONS.glob("[0-9][0-9]-*.ipynb"))]
    pooled = len(list(LESSONS.glob("*.ipynb")))  # one preheated kernel per page of the folder
    timed = args.lessons or notebooks
    unknown = [name for name in timed if not (LESSONS / f"{name}.ipynb").is_file()]
    if unknown:
        parser.error(f"no such page in lessons/: {', '.join(unknown)}")
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        if args.write_preloads:
            PRELOADS.write_text(PRELOADS_HEADER, encoding="utf-8")
        server = start_server(args.port, data, args.log, args.grace, preheat=not args.write_preloads)
        if PREHEAT and not args.write_preloads:
            wait_for_pool(server.pid, pooled)
            print(f"preheated kernels waiting at start: {len(kernels(server.pid))}")
        base = f"http://127.0.0.1:{args.port}/voila/render/"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        if args.write_preloads:
            write_preloads(browser, base, "03-practice")
            browser.close()
            server.terminate()
            server.wait(timeout=30)
            return
        # A learner's browser is already running when they ask for a lesson: one untimed load
        # pays the browser's own start-up (every timed load still has a cold cache).
        load_time(browser, f"{base}{notebooks[-1]}.ipynb")
        time.sleep(BETWEEN_LOADS)
        try:
            print(f"{'lesson':<22} {'first cards s':>13} {'live s':>7} {'live worst s':>12} {'kernel MiB':>11}")
            every: dict[str, list[float]] = {"first": [], "live": []}
            for name in timed if args.loads > 0 else []:  # --loads 0: only the load run
                times = []
                for _ in range(args.loads):
                    times.append(load_time(browser, f"{base}{name}.ipynb"))
                    time.sleep(BETWEEN_LOADS)
                firsts, lives = [first for first, _ in times], [live for _, live in times]
                every["first"] += firsts
                every["live"] += lives
                # Memory of one open lesson: the kernel serving the page (preheated or not).
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{base}{name}.ipynb")
                page.wait_for_selector(".hl-root", timeout=120_000)
                page.wait_for_timeout(500)
                config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
                memory = kernel_memory(server.pid, config.get("kernelId", "?"))
                context.close()
                print(f"{name:<22} {statistics.median(firsts):>13.2f} {statistics.median(lives):>7.2f} "
                      f"{max(lives):>12.2f} {memory:>11.1f}")
            if every["live"]:
                print(f"{'every load':<22} {statistics.median(every['first']):>13.2f} "
                      f"{statistics.median(every['live']):>7.2f} {max(every['live']):>12.2f}")

            if args.bare_gets > 0:
                grace = args.grace if args.grace is not None else GRACE
                bare_gets(server.pid, base, notebooks, args.bare_gets, grace)

            if args.learners == 0:
                return
            print(f"\nload run: {args.learners} learners open lessons at once")
            # Each learner has a browser of their own, as real learners do: one shared browser
            # would queue every page behind its per-host connection limit.
            learners = [playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                        for _ in range(args.learners)]
            contexts = [learner.new_context() for learner in learners]
            for context in contexts:
                context.add_init_script(MARKS)
            pages = [context.new_page() for context in contexts]
            started = time.perf_counter()
            for number, page in enumerate(pages):
                page.goto(f"{base}{notebooks[number % len(notebooks)]}.ipynb", wait_until="commit")
            rendered = 0
            waits = []  # per learner: from their request to their live widgets, in seconds
            for page in pages:
                try:
                    page.wait_for_function(BOTH_STAMPED, timeout=180_000)
                    rendered += "Traceback" not in page.inner_text("body")
                    waits.append(page.evaluate("window.hlLive") / 1000)
                except Exception as problem:  # a page that never renders is the finding
                    print(f"  {page.url} failed: {str(problem).splitlines()[0]}")
            elapsed = time.perf_counter() - started
            alive = urllib.request.urlopen(f"http://127.0.0.1:{args.port}/", timeout=5).status == 200
            live = len(kernels(server.pid))
            print(f"  rendered {rendered}/{args.learners} in {elapsed:.1f} s; server answering: {alive}; "
                  f"kernels running: {live}")
            if waits:
                print(f"  each learner's wait for their live widgets: median {statistics.median(waits):.1f} s, "
                      f"worst {max(waits):.1f} s")
            for learner in learners:
                learner.close()
            # What may stay: the preheated pool, one waiting kernel per lesson.
            pool = pooled if PREHEAT else 0
            deadline = time.monotonic() + CULL_IDLE * 4 + 30
            while len(kernels(server.pid)) > pool and time.monotonic() < deadline:
                time.sleep(2)
            left = len(kernels(server.pid))
            print(f"  after the pages closed: {left} kernel(s) left, {pool} of them the preheated pool "
                  f"(culled after {CULL_IDLE} s idle, checked every {CULL_INTERVAL} s)")
        finally:
            browser.close()
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
