"""The static site's pieces that run without a browser: where the widgets keep data and
link to under Pyodide, and the build's own lock and stand-in wheels.

The browser itself is covered by tests/browser/test_site_browser.py.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

import hearts_learner.files
from hearts_learner.files import DATA_ENV, data_dir, storage_notice
from widgets.lessons import LESSONS, LessonIndex, Progress, completes
from widgets.practice import Practice

ROOT = Path(__file__).resolve().parents[1]


def load_builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def in_the_browser(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Pretend to be Pyodide with a mounted browser drive at ``tmp_path / 'drive'``."""
    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(hearts_learner.files, "BROWSER_DRIVE", drive)
    monkeypatch.delenv(DATA_ENV, raising=False)
    return drive


def test_lesson_links_point_at_the_notebooks_under_voila() -> None:
    assert [item.page for item in LESSONS][:2] == ["01-aim-and-cards.ipynb", "02-tricks.ipynb"]


def test_lesson_links_point_at_the_rendered_pages_in_the_browser(in_the_browser: Path) -> None:
    index = LessonIndex(Progress(in_the_browser / "x"))
    assert [entry["href"] for entry in index.lessons][2] == "03-practice.html?lang=en"


def test_data_lives_on_the_browser_drive_in_the_browser(in_the_browser: Path) -> None:
    assert data_dir() == in_the_browser / "hearts-lessons"
    assert storage_notice() is None
    Progress().mark("03-practice")
    assert json.loads((in_the_browser / "hearts-lessons" / "progress.json").read_text())["completed"] == ["03-practice"]


def test_without_browser_storage_the_learner_is_told(in_the_browser: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hearts_learner.files, "BROWSER_DRIVE", in_the_browser / "missing")
    notice = storage_notice()
    assert notice and "will be lost" in notice
    assert LessonIndex(Progress(in_the_browser)).error == notice
    assert completes("03-practice", Practice("practice-clubs-led"), Progress(in_the_browser)).error == notice


def test_on_a_computer_nothing_is_said() -> None:
    assert storage_notice() is None
    assert LessonIndex(Progress("/nonexistent")).error == ""


def test_a_stand_in_wheel_installs_no_module(tmp_path: Path) -> None:
    wheel = load_builder().stand_in_wheel("jedi", tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert names and all(name.startswith("jedi-0.0.0.dist-info/") for name in names)
    assert "jedi-0.0.0.dist-info/RECORD" in names


def write_wheel(folder: Path, name: str, requires: list[str]) -> Path:
    wheel = folder / f"{name}-1.0-py3-none-any.whl"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n"
    metadata += "".join(f"Requires-Dist: {requirement}\n" for requirement in requires)
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(f"{name}/__init__.py", "")
        archive.writestr(f"{name}-1.0.dist-info/METADATA", metadata)
    return wheel


def test_the_site_lock_lists_browser_dependencies_only(tmp_path: Path) -> None:
    builder = load_builder()
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    (runtime / "pyodide-lock.json").write_text(json.dumps({"info": {"version": "x"}, "packages": {}}))
    wheels = [
        write_wheel(tmp_path, "app", ["base>=1", "server>=1; sys_platform != 'emscripten'"]),
        write_wheel(tmp_path, "base", []),
    ]
    names = builder.write_lock(runtime, wheels, tmp_path / "lock.json")
    lock = json.loads((tmp_path / "lock.json").read_text())
    assert names == ["app", "base"]
    assert lock["packages"]["app"]["depends"] == ["base"]
    assert lock["packages"]["app"]["imports"] == ["app"]
    assert len(lock["packages"]["base"]["sha256"]) == 64


def test_a_browser_dependency_without_a_wheel_stops_the_build(tmp_path: Path) -> None:
    builder = load_builder()
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    (runtime / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": {}}))
    with pytest.raises(SystemExit, match="needs missing"):
        builder.write_lock(runtime, [write_wheel(tmp_path, "app", ["missing"])], tmp_path / "lock.json")
