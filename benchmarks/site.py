"""The static site's size, and how fast each lesson shows its first cards and gets its live widget.

Builds nothing: run ``./dev site`` first (``--site DIR`` times another build, such as one made
from an older commit, so a before and an after are timed by the same script). Serves the site
with Python's http.server on 127.0.0.1 (any static host behaves the same: the server only sends
files), then drives Debian's Chromium with every request that would leave the machine blocked
and counted. Per page and load, two moments, from the navigation's start in the page's own clock:

* **first cards**: the first card on screen, drawn at build time (tools/first_views.py) or by
  the live widget, whichever comes first: when a learner first sees the exercise;
* **live**: the live widget drawn by the page's Python and every first view handed over: when a
  tap is answered.

Each page is loaded **cold** (a fresh browser context: empty cache, no service worker yet, as a
learner's first visit) and then **warm** (reloaded in that context, as every later visit).
``--without-snapshot`` adds the same loads with ``kernel.snapshot.gz`` answered 404 (each
page's kernel then imports IPython and the lessons itself), alternated with the others so
both meet the same machine. ``--against DIR`` does the same with another build (one made from
an older commit): a before and an after in one run, load by load, so a slow minute of the
machine falls on both; two runs one after the other differed by half a second on lesson 9.

    .venv/bin/python benchmarks/site.py [--lessons 03-practice 07-scoring] [--loads 5] [--without-snapshot]
    .venv/bin/python benchmarks/site.py --site /tmp/before/_site     # the same figures for another build
    .venv/bin/python benchmarks/site.py --against /tmp/before/_site  # this build and another, alternated
"""

from __future__ import annotations

import argparse
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tools/ holds the server and the gate the site's browser test uses too
from tools.localhost import CHROMIUM, CHROMIUM_FLAGS, gated_context, serve_folder  # noqa: E402
from widgets.lessons import LESSONS  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from marks import BOTH_STAMPED, MARKS  # noqa: E402


def site_size(site: Path) -> tuple[float, int]:
    files = [path for path in site.rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in files) / 1e6, len(files)


def moments(page: Page) -> tuple[float, float]:
    """Seconds to the first cards and to the live widget, for the page just navigated to."""
    page.wait_for_function(BOTH_STAMPED, timeout=180_000)
    first, live = page.evaluate("[window.hlFirstCards, window.hlLive]")
    return first / 1000, live / 1000


def load(context: BrowserContext, url: str, warm: bool) -> tuple[float, float]:
    if warm:
        page = context.pages[0]
        page.reload(wait_until="commit")
    else:
        page = context.new_page()
        page.add_init_script(MARKS)
        page.goto(url, wait_until="commit")
    return moments(page)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lessons", nargs="+", default=[lesson.key for lesson in LESSONS if lesson.key[:2].isdigit()],
                        help="pages to time (default: every lesson, 1 to 17)")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--site", type=Path, default=ROOT / "_site", help="the built site to serve (default _site/)")
    parser.add_argument("--without-snapshot", action="store_true",
                        help="also time every load with the kernel's snapshot withheld")
    parser.add_argument("--against", type=Path, help="also time another build, load by load in turn with this one")
    args = parser.parse_args()
    sites = [args.site.resolve(), *([args.against.resolve()] if args.against else [])]
    for site in sites:
        if not (site / "index.html").is_file():
            sys.exit(f"no {site}/index.html: run ./dev site first")
    outside: list[str] = []
    # Each way to load a page: its name, which build, and whether the snapshot is withheld.
    ways = [("with the snapshot", 0, False), *([("without the snapshot", 0, True)] if args.without_snapshot else []),
            *([(f"against {sites[1]}", 1, False)] if args.against else [])]
    figures: dict[tuple[str, str, str], list[float]] = {}
    with ExitStack() as stack, sync_playwright() as playwright:
        bases = [stack.enter_context(serve_folder(site)) for site in sites]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for _ in range(args.loads):
            for lesson in args.lessons:
                for way, build, withheld in ways:  # alternated, so every way meets the same machine
                    base = bases[build]
                    url = f"{base}voici/render/{lesson}.html"
                    context = gated_context(browser, base, outside)
                    if withheld:
                        context.route("**/kernel.snapshot.gz", lambda route: route.fulfill(status=404))
                    for cache in ("cold", "warm"):
                        first, live = load(context, url, warm=cache == "warm")
                        figures.setdefault((way, cache, "first cards"), []).append(first)
                        figures.setdefault((way, cache, "live"), []).append(live)
                        figures.setdefault((way, cache, f"first cards {lesson}"), []).append(first)
                        figures.setdefault((way, cache, f"live {lesson}"), []).append(live)
                    context.close()
        browser.close()
    for site in sites:
        size, count = site_size(site)
        print(f"site: {size:.1f} MB in {count} files ({site})")
    print(f"{len(args.lessons)} pages x {args.loads} loads each; seconds from navigation, median (min to max)")
    for way, _, _ in ways:
        for cache in ("cold", "warm"):
            for moment in ("first cards", "live"):
                seconds = figures[way, cache, moment]
                print(f"{way}, {cache} cache, {moment}: median {statistics.median(seconds):.2f} s "
                      f"({min(seconds):.2f} to {max(seconds):.2f}, {len(seconds)} loads)")
            by_page = {lesson: statistics.median(figures[way, cache, f"first cards {lesson}"])
                       for lesson in args.lessons}
            worst = max(by_page, key=by_page.__getitem__)
            print(f"  slowest page to first cards, {cache}: {worst} (median {by_page[worst]:.2f} s)")
    for way, _, _ in [ways[0], *(ways[-1:] if args.against else [])]:
        print(f"\nby page, {way}: median seconds (worst)")
        print(f"{'page':<24} {'first cards cold':>17} {'warm':>13} {'live cold':>13} {'warm':>13}")
        for lesson in args.lessons:
            cells = [figures[way, cache, f"{moment} {lesson}"] for moment in ("first cards", "live")
                     for cache in ("cold", "warm")]
            first_cold, first_warm, live_cold, live_warm = (
                f"{statistics.median(seconds):.2f} ({max(seconds):.2f})" for seconds in cells)
            print(f"{lesson:<24} {first_cold:>17} {first_warm:>13} {live_cold:>13} {live_warm:>13}")
    if args.without_snapshot:
        for cache in ("cold", "warm"):
            ratio = (statistics.median(figures[ways[1][0], cache, "live"])
                     / statistics.median(figures[ways[0][0], cache, "live"]))
            print(f"{cache} cache: the snapshot makes the live widget {ratio:.1f}x as fast")
    if args.against:
        for cache in ("cold", "warm"):
            for moment in ("first cards", "live"):
                ratio = (statistics.median(figures[ways[0][0], cache, moment])
                         / statistics.median(figures[ways[-1][0], cache, moment]))
                print(f"{cache} cache, {moment}: this build takes {ratio:.2f}x the other's time (medians)")
    print(f"requests that would have left the machine: {len(outside)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
