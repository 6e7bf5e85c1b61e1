"""The static site's size and how fast a lesson's first widget appears in the browser.

Builds nothing: run ``./dev site`` first. Serves ``_site/`` with Python's http.server on
127.0.0.1 (any static host behaves the same: the server only sends files), then drives
Debian's Chromium with every request that would leave the machine blocked and counted:

* **cold**: a fresh browser context per load (empty cache, no service worker yet), as a
  learner's first visit;
* **warm**: the same page reloaded in a context that has loaded it once (HTTP cache and
  JupyterLite's service worker in place), as every later visit;
* **without the snapshot**: the same loads with ``kernel.snapshot.gz`` answered 404, so
  each page's kernel starts Pyodide afresh and imports IPython and the lessons itself (how
  the site started before the snapshot), for the like-for-like comparison in one run;
* the browser's memory for one open lesson (its renderer and the Pyodide worker, from
  Chromium's own process list, resident set) is not measured: Chromium's per-tab figure
  needs the task manager; see the issue's prototype figure instead.

    .venv/bin/python benchmarks/site.py [--lesson 03-practice] [--loads 5] [--without-snapshot]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT))  # tools/ holds the server and the gate the site's browser test uses too
from tools.localhost import CHROMIUM, CHROMIUM_FLAGS, gated_context, serve_folder  # noqa: E402


def site_size() -> tuple[float, int]:
    files = [path for path in SITE.rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in files) / 1e6, len(files)


def first_widget(context: BrowserContext, url: str, reuse: bool = False) -> float:
    """Seconds from navigation to the first lesson widget on screen."""
    page = context.pages[0] if reuse and context.pages else context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(".hl-root", timeout=180_000)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lesson", default="03-practice")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--without-snapshot", action="store_true",
                        help="also time every load with the kernel's snapshot withheld")
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit("no _site/: run ./dev site first")
    size, count = site_size()
    outside: list[str] = []
    ways = ["with the snapshot", *(["without the snapshot"] if args.without_snapshot else [])]
    times: dict[tuple[str, str], list[float]] = {(way, cache): [] for way in ways for cache in ("cold", "warm")}
    with serve_folder(SITE) as base, sync_playwright() as playwright:
        url = f"{base}voici/render/{args.lesson}.html"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for _ in range(args.loads):
            for way in ways:  # alternated, so both ways meet the same machine
                context = gated_context(browser, base, outside)
                if way == "without the snapshot":
                    context.route("**/kernel.snapshot.gz", lambda route: route.fulfill(status=404))
                times[way, "cold"].append(first_widget(context, url))
                times[way, "warm"].append(first_widget(context, url, reuse=True))
                context.close()
        browser.close()
    print(f"site: {size:.1f} MB in {count} files ({SITE.relative_to(ROOT)}/)")
    for (way, cache), seconds in times.items():
        print(f"{args.lesson}: first widget, {cache} cache, {way}: median {statistics.median(seconds):.1f} s "
              f"(min {min(seconds):.1f}, max {max(seconds):.1f}, {len(seconds)} loads)")
    if args.without_snapshot:
        for cache in ("cold", "warm"):
            ratio = statistics.median(times[ways[1], cache]) / statistics.median(times[ways[0], cache])
            print(f"{cache} cache: the snapshot makes the first widget {ratio:.1f}x as fast")
    print(f"requests that would have left the machine: {len(outside)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
