"""Helpers for browser tests: open a served notebook, save a screenshot for a person to see."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot as ``<name>-<viewport>.png`` for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}-{page.viewport_name}.png"  # type: ignore[attr-defined]
    page.screenshot(path=str(path), full_page=True)
    return path


def open_notebook(page: Page, base_url: str, notebook: str, ready: str) -> None:
    """Open a served notebook and wait until ``ready`` (a CSS selector) is visible."""
    page.goto(f"{base_url}voila/render/{notebook}", wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=60_000)
    assert "Traceback" not in page.inner_text("body")
