"""The Binder launch, short of building the image: what mybinder runs, run here.

mybinder installs the project with ``binder/postBuild`` (the same ``pip install .`` the
virtual environment already holds), then starts a Jupyter server through ``binder/start``
and opens ``voila/render/lessons/index.ipynb`` (the README's launch link). Here the same
``start`` wraps a Jupyter server on the repository, and Chromium follows that path: the
index renders with its lesson links, and a lesson opened from it renders and answers (each
page looked at in both 1280x800 and 375x800 by a resize: a served page costs a kernel).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT, free_port, wait_until_answering
from tests.browser.pages import each_viewport
from widgets.lessons import LESSONS

LAUNCH_PATH = "voila/render/lessons/index.ipynb"


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "HEARTS_LESSONS_DATA": str(tmp_path_factory.mktemp("binder-data"))}
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    process = subprocess.Popen(
        ["bash", "binder/start", sys.executable, "-m", "jupyter", "server", "--no-browser",
         f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
         "--ServerApp.password=", f"--ServerApp.root_dir={ROOT}",
         "--allow-root"],  # CI may run as root; mybinder never does
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    wait_until_answering(process, f"{url}api/status", "the Binder start command", timeout=90)
    yield url
    process.terminate()
    process.wait(timeout=20)


@pytest.mark.parametrize("page", ["desktop"], indirect=True)  # and 375x800, by a resize
def test_the_binder_launch_path_opens_the_index_and_a_lesson(binder_server: str, page: Page) -> None:
    page.goto(binder_server + LAUNCH_PATH, wait_until="domcontentloaded")
    links = page.locator(".hl-index .hl-lesson-link")
    expect(links.first).to_be_visible(timeout=60_000)
    for _ in each_viewport(page):
        expect(links.first).to_be_visible()
        expect(links).to_have_count(len(LESSONS))
    page.get_by_role("link", name=re.compile("Lesson 3:")).click()  # at 375x800
    page.wait_for_selector(".hl-practice", timeout=60_000)
    assert page.url.endswith("/voila/render/lessons/03-practice.ipynb?lang=en")
    widget = page.locator(".hl-practice").first
    widget.locator('.hl-hand .hl-card[data-card="♠Q"]').click()
    for _ in each_viewport(page):
        expect(widget.locator(".hl-message.is-illegal")).to_contain_text("you must play one of them")
        assert "Traceback" not in page.inner_text("body")
    assert not page.js_errors  # type: ignore[attr-defined]
    assert not page.external_requests, f"needs the network: {page.external_requests}"  # type: ignore[attr-defined]


def test_binder_installs_the_project_and_serves_through_its_start_script() -> None:
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert re.search(r"pip install .*\s\.\s*$", post_build, re.MULTILINE), post_build
    for script in ("postBuild", "start"):
        assert os.access(ROOT / "binder" / script, os.X_OK), f"binder/{script} must be executable"
    assert Path(ROOT / "binder" / "runtime.txt").read_text().startswith("python-3.")
