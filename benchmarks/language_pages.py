"""How fast a translated lesson page appears when the learner reached the course with ``?lang=``.

Starts Voilà on ``lessons/`` as ``./dev serve`` does (benchmarks/serve.py's server: voila.json,
English pages preheated at start), lets the pool fill, then walks as a learner who asked for a
language: the English index with ``?lang=<code>`` (replaced at once by the translated index), a
pause to read it, then each timed lesson page of that language with ``?lang=<code>``, ``--loads``
times each, in fresh browser contexts (cold cache), ``BETWEEN_LOADS`` seconds apart. Prints the
time from the request to the live widgets (benchmarks/marks.py, the page's own clock), per
lesson and overall (medians), and how many kernels wait at the end.

``--no-follow`` serves without hearts_serving's pool following the learner's folder
(``PoolSafeKernelManager.follow_folder``): the translated pages are then never preheated.

    .venv/bin/python benchmarks/language_pages.py [--lang ja] [--loads 3] [--no-follow]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import serve

LESSONS_TIMED = ("01-aim-and-cards", "03-practice", "07-scoring", "12-passing-well", "16-counting")
READING = 45.0
"""Seconds the learner spends on the translated index before the first lesson (the pool fills meanwhile)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="ja", choices=("ja", "es"))
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--port", type=int, default=8872)
    parser.add_argument("--no-follow", action="store_true")
    args = parser.parse_args()
    options = ("--PoolSafeKernelManager.follow_folder=False",) if args.no_follow else ()
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = serve.start_server(args.port, data, None, None, options=options)
        try:
            serve.wait_for_pool(server.pid, len(list(serve.LESSONS.glob("*.ipynb"))))
            browser = playwright.chromium.launch(executable_path=serve.CHROMIUM, args=serve.FLAGS)
            base = f"http://127.0.0.1:{args.port}/voila/render/"
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(serve.MARKS)
            index = context.new_page()
            index.goto(f"{base}index.ipynb?lang={args.lang}", wait_until="commit")
            index.wait_for_function("window.hlLive !== undefined", timeout=120_000)  # the index shows no cards
            print(f"index via ?lang={args.lang}: live after {index.evaluate('window.hlLive') / 1000:.2f} s")
            context.close()
            time.sleep(READING)
            lives: list[float] = []
            print(f"{'lesson':<22} {'live s (median)':>15} {'each':>24}")
            for name in LESSONS_TIMED:
                times = []
                for _ in range(args.loads):
                    times.append(serve.load_time(browser, f"{base}{args.lang}/{name}.ipynb?lang={args.lang}")[1])
                    time.sleep(serve.BETWEEN_LOADS)
                lives += times
                print(f"{name:<22} {statistics.median(times):>15.2f} {' '.join(f'{t:.2f}' for t in times):>24}")
            print(f"{'every load':<22} {statistics.median(lives):>15.2f}   (worst {max(lives):.2f})")
            print(f"kernels at the end: {len(serve.kernels(server.pid))}")
            browser.close()
        finally:
            server.terminate()
            server.wait(timeout=60)


if __name__ == "__main__":
    main()
