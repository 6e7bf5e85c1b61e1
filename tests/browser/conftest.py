"""Browser fixtures: a real Voilà server and Debian's Chromium driven by Playwright.

Playwright cannot download its own browser here, so it launches the system Chromium
(``/usr/bin/chromium``, or ``$HEARTS_CHROMIUM``); ``./dev test`` installs it when missing.
Each test page starts clean: no cookie, storage or tab of another test is left
(:class:`FreshPages`), so saved state never leaks between tests.
Screenshots (see pages.py) go to ``test-artifacts/screenshots`` for a person to look at.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Playwright, Request, sync_playwright

from tests.browser.pages import AXE, ROOT, VIEWPORTS
from tools.localhost import CHROMIUM, CHROMIUM_FLAGS, free_port, stop, wait_until_answering

NOTEBOOKS = Path(__file__).parent / "notebooks"
# Voilà 0.5 ships JupyterLab 4.2 while the widget extensions are built against a newer 4.x:
# module federation accepts the older shared modules and warns once for each
# (voila-dashboards/voila#1514). Those are the only warnings a page may log.
UPSTREAM_VERSION_WARNING = re.compile(r"^(Unsatisfied version|No satisfying version) .* shared (singleton )?module ")


MISSING_MODEL = "Error: widget model not found"
"""What Voilà's front end logs for a widget whose model it did not restore (voila-dashboards/voila#920)."""
RECOVERY_NOTE = "Hearts Lessons: reloading the page: its widgets' models were missing"
"""What the hearts template's recover.html logs just before it reloads such a page."""


def watch_console(page: Page, upstream: tuple[re.Pattern[str], ...] = (UPSTREAM_VERSION_WARNING,)) -> list[str]:
    """The list ``page``'s uncaught errors and console problems go into as they happen.

    A problem is any console error, and any warning but the ``upstream`` ones. One upstream
    error is forgiven where the page recovered from it: a widget's missing model, in a page that
    then reloaded itself (recover.html), and only in that page, not in the one that replaced it.
    """
    problems: list[str] = []
    missing: list[str] = []  # this document's missing-model errors, while they may still be forgiven
    recovering = False

    def noted(kind: str, text: str, where: str) -> None:
        nonlocal recovering
        problem = f"console {kind}: {text[:300]} ({where})"
        if kind == "info" and text.startswith(RECOVERY_NOTE):
            recovering = True
            for forgiven in missing:
                problems.remove(forgiven)
            missing.clear()
        elif kind == "error" and text.startswith(MISSING_MODEL):
            if not recovering:
                missing.append(problem)
                problems.append(problem)
        elif kind == "error" or (kind == "warning" and not any(known.match(text) for known in upstream)):
            problems.append(problem)

    def navigated(frame: Frame) -> None:
        nonlocal recovering
        if frame == page.main_frame:
            recovering = False
            missing.clear()

    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: noted(message.type, message.text, message.location.get("url", "")))
    page.on("framenavigated", navigated)
    return problems


def start_voila(
    directory: Path, data_dir: Path, extra: list[str] | None = None, env: dict[str, str] | None = None,
    log: Path | None = None, timeout: float = 60,
) -> tuple[subprocess.Popen[bytes], str]:
    """Start Voilà on ``directory``; return the process and its base URL once it answers.

    Its output goes to ``log`` when given (a test may wait for what Voilà reports).
    """
    port = free_port()
    env = {**os.environ, "HEARTS_LESSONS_DATA": str(data_dir), **(env or {})}
    with log.open("wb") if log else open(os.devnull, "wb") as output:
        process = subprocess.Popen(
            # No retries: Voilà would move to another port silently, and the test would talk to
            # whatever answers at this one.
            [sys.executable, "-m", "voila", str(directory), "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *(extra or [])],
            cwd=directory, env=env, stdout=output, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/"
    wait_until_answering(process, url, "voila", timeout=timeout)
    return process, url


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the served widgets save matches and statistics during the tests."""
    return tmp_path_factory.mktemp("hearts-data")


@pytest.fixture(scope="session")
def widget_server(data_dir: Path) -> Iterator[str]:
    """Voilà serving the widget test notebooks with the lessons' offline template (no CDN request)."""
    # The same front-end extensions as the lessons (lessons/voila.json): the static site's
    # Pyodide kernel extension, installed with the site's tools, must not load in Voilà pages.
    denylist = json.loads((ROOT / "lessons" / "voila.json").read_text(encoding="utf-8"))["VoilaConfiguration"][
        "extension_denylist"]
    process, url = start_voila(NOTEBOOKS, data_dir,
                               extra=["--template=hearts", f"--VoilaConfiguration.extension_denylist={denylist!r}"],
                               env={"JUPYTER_PATH": str(ROOT / "lessons" / "jupyter")})
    yield url
    stop(process, grace=20)


def serve_lessons(data_dir: Path, extra: list[str] | None = None) -> Iterator[str]:
    """Voilà serving the lessons as ``./dev serve`` does (lessons/voila.json), saving into ``data_dir``."""
    lessons = ROOT / "lessons"
    # Its pool preheats a kernel for every lesson at once, on a machine that is starting the other
    # workers' servers too: more than Voilà's usual minute before it answers. The pool stays where it
    # starts: tests move between languages far faster than a learner, and following each move
    # (hearts_serving's follow_folder, tested in tests/test_serving.py) would restart it every time.
    process, url = start_voila(lessons, data_dir, extra=["--PoolSafeKernelManager.follow_folder=False", *(extra or [])],
                               env={"JUPYTER_PATH": str(lessons / "jupyter")}, timeout=180)
    yield url
    stop(process, grace=20)


@pytest.fixture(scope="session")
def lesson_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà serving the lessons exactly as ``./dev serve`` does, with its own data directory."""
    yield from serve_lessons(tmp_path_factory.mktemp("lesson-data"))


ALL_BUT_AN_INDEX = r"^(?!(.*/)?index\.ipynb$).*"
"""A preheat denylist pattern naming every notebook but an index (the translated ones stay denied)."""


@pytest.fixture(scope="session")
def translation_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The lesson server for the files reading the translated pages (tests/parallel.py runs them
    apart): as ``./dev serve``, whose pool preheats no translated page either, but with no kernel
    waiting for an English lesson these files never open (the language picker's index has one)."""
    served = json.loads((ROOT / "lessons" / "voila.json").read_text(encoding="utf-8"))
    denied = [*served["VoilaKernelManager"]["preheat_denylist"], ALL_BUT_AN_INDEX]
    yield from serve_lessons(tmp_path_factory.mktemp("translation-data"),
                             extra=[f"--VoilaKernelManager.preheat_denylist={denied!r}"])


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}; run ./dev test, which installs Debian's chromium")
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium for tests that need a context of their own (routes, init scripts, a cold cache)."""
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    yield chromium
    chromium.close()


CLEARED_STORAGE = "cookies,local_storage,indexeddb,websql,file_systems,service_workers,cache_storage"
"""What :meth:`FreshPages.release` clears for every origin a test visited: all but the HTTP cache."""


class FreshPages:
    """Pages for one test at a time in one Chromium profile kept for the session, cleaned between tests.

    Why not a fresh context per test: Playwright's contexts are incognito, and Chromium keeps no
    compiled-code cache for an incognito profile, so every page compiled Voilà's whole front end
    again. In a profile on disk the second load of a page costs half the CPU (1.45 against 2.85
    Chromium CPU-seconds, the median of six loads of one lesson), and CPU is what the suite's time is.
    Isolation is kept by hand: a test's tabs are closed after it, and every origin it visited
    loses its cookies and storage (:data:`CLEARED_STORAGE`), so only cached files carry over.
    A test that needs more than that (routes, init scripts, a cold start) takes ``browser``.
    """

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.keeper = context.pages[0] if context.pages else context.new_page()
        self.visited: set[str] = set()
        context.on("request", self._note_origin)

    def _note_origin(self, request: Request) -> None:
        scheme, _, rest = request.url.partition("://")
        if scheme in ("http", "https"):
            self.visited.add(f"{scheme}://{rest.partition('/')[0]}")

    def new_page(self, width: int = 1280, height: int = 800) -> Page:
        """A new tab at this size."""
        page = self.context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        return page

    def release(self) -> None:
        """Close every tab the test opened and clear what its origins stored."""
        for page in self.context.pages:
            if page is not self.keeper:
                page.close()
        self.context.clear_cookies()
        session = self.context.new_cdp_session(self.keeper)
        try:
            for origin in sorted(self.visited):
                session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED_STORAGE})
        finally:
            session.detach()
        self.visited.clear()
        self.context.remove_listener("request", self._note_origin)


@pytest.fixture(scope="session")
def profile(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """The session's Chromium profile on disk (one per worker), which :func:`fresh_pages` lends out."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"), executable_path=CHROMIUM, args=CHROMIUM_FLAGS,
        viewport={"width": 1280, "height": 800})
    # A page without a preheated kernel ends its HTML only once its kernel has run every cell (Voilà
    # streams it), and a second tab's kernel answers its first action only once it has started: as
    # long as the widgets' own waits. Playwright's 30 s ran out on full runs, once for a navigation,
    # once for a resumed match (test_a_second_tab_on_the_same_match_is_told_to_reload).
    context.set_default_navigation_timeout(60_000)
    context.set_default_timeout(60_000)
    yield context
    context.close()


@pytest.fixture
def fresh_pages(profile: BrowserContext) -> Iterator[FreshPages]:
    """New tabs for this test in the session's profile, with nothing another test left behind."""
    pages = FreshPages(profile)
    yield pages
    pages.release()


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core's script, which ``pages.serious_violations`` injects into a page."""
    if not AXE.exists():
        pytest.fail(f"axe-core not found at {AXE}; run ./dev test, which installs it with npm")
    return AXE


@pytest.fixture(params=list(VIEWPORTS))
def page(request: pytest.FixtureRequest, fresh_pages: FreshPages) -> Iterator[Page]:
    """A fresh page at each viewport (desktop 1280x800 and phone 375x800)."""
    page = fresh_pages.new_page(*VIEWPORTS[request.param])
    # A clean console: any error Chromium logs (a failed resource, a widget that did not load),
    # or any warning but the upstream version notes, fails the test.
    errors = watch_console(page)
    # The console does not name a failed resource: note which it was.
    page.on("response", lambda response: errors.append(f"HTTP {response.status} {response.url}")
            if response.status >= 400 else None)
    # The lessons must work offline: record any request that leaves this machine.
    external: list[str] = []
    local = ("http://127.0.0.1", "ws://127.0.0.1", "blob:", "data:")
    page.on("request", lambda request: None if request.url.startswith(local) else external.append(request.url))
    page.external_requests = external  # type: ignore[attr-defined]
    page.viewport_name = request.param  # type: ignore[attr-defined]
    page.js_errors = errors  # type: ignore[attr-defined]
    yield page
    fresh_pages.release()
    assert not errors, f"errors in the browser console: {errors}"
