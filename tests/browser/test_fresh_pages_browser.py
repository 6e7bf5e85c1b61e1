"""The pages the browser tests share a Chromium profile through (conftest.FreshPages) start clean.

Most browser tests take their page from one profile kept for the session, for its compiled-code
cache; what makes that safe is that a test leaves nothing else behind. A lesson remembers a
learner in the browser (the language chosen, a returning learner, a session's reload guard), so
a leak would let one test pass on what another did.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from tests.browser.conftest import FreshPages
from tools.localhost import serve_folder

REMEMBER = """() => {
  localStorage.setItem("hl-test", "kept");
  sessionStorage.setItem("hl-test", "kept");
  document.cookie = "hl-test=kept; path=/";
  return new Promise((done, fail) => {
    const request = indexedDB.open("hl-test");
    request.onupgradeneeded = () => request.result.createObjectStore("kept");
    request.onsuccess = () => { request.result.close(); done(true); };
    request.onerror = fail;
  });
}"""
RECALL = """async () => ({
  local: localStorage.getItem("hl-test"),
  session: sessionStorage.getItem("hl-test"),
  cookie: document.cookie,
  databases: (await indexedDB.databases()).map(({ name }) => name),
})"""


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("origin")
    (folder / "index.html").write_text("<!doctype html><title>origin</title><p>here</p>", encoding="utf-8")
    with serve_folder(folder) as url:
        yield url


def test_a_released_test_leaves_no_tab_cookie_or_storage_to_the_next(profile: BrowserContext, origin: str) -> None:
    first = FreshPages(profile)
    page = first.new_page(375, 800)
    page.goto(origin)
    page.evaluate(REMEMBER)
    second_tab = first.new_page()
    second_tab.goto(origin)
    remembered = second_tab.evaluate(RECALL)
    assert remembered["local"] == "kept" and "hl-test=kept" in remembered["cookie"]  # the check can see them
    assert "hl-test" in remembered["databases"]
    first.release()
    assert profile.pages == [first.keeper], "every tab the test opened is closed"

    following = FreshPages(profile)
    page = following.new_page()
    assert page.viewport_size == {"width": 1280, "height": 800}
    page.goto(origin)
    assert page.evaluate(RECALL) == {"local": None, "session": None, "cookie": "", "databases": []}
    following.release()
