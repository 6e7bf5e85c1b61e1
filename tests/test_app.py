"""The installable app: the built wheel carries the lessons, and its ``hearts-lessons``
command serves them.

The wheel is built from this checkout and installed into a fresh virtual environment,
where only the wheel's own files can be found: the already installed third-party
packages (Voilà, ipywidgets...) are borrowed from this environment by a ``.pth`` line so
the test stays offline and quick, but this checkout's editable install is not (a ``.pth``
line does not run the editable finder), so a file missing from the wheel fails here.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_lessons_app import cli, lessons_dir
from tools.build_site import wheel_build_lock
from tools.localhost import free_port, wait_until_answering
from widgets.lessons import LESSONS

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    with wheel_build_lock():  # the static site's build may be building it on another worker
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
             "-w", str(out), str(ROOT)],
            check=True, capture_output=True,
        )
    (built,) = out.glob("hearts_lessons-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed; returns its bin folder."""
    venv = tmp_path_factory.mktemp("app") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    inner = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    Path(inner, "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet",
         "--no-deps", "--no-index", str(wheel)],
        check=True, capture_output=True,
    )
    return venv / "bin"


def test_the_wheel_carries_every_lesson_and_the_serving_configuration(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = "hearts_lessons_app/lessons/"
    for item in LESSONS:
        assert f"{shipped}{item.notebook}" in names
    for extra in ("index.ipynb", "voila.json", "jupyter/voila/templates/hearts/index.html.j2"):
        assert f"{shipped}{extra}" in names
    assert "hearts_core/puzzles.json" in names  # the puzzles page's set
    assert "hearts_learner/puzzle_store.py" in names  # the learner's state, which the widgets import
    # Every widget module, those of its subpackages (widgets/records/) too: setuptools ships only listed packages.
    for module in sorted((ROOT / "widgets").rglob("*.py")):
        assert module.relative_to(ROOT).as_posix() in names


def test_the_installed_app_uses_its_own_copy(installed: Path, tmp_path: Path) -> None:
    found = subprocess.run(
        [str(installed / "python"), "-c", "import hearts_core, hearts_lessons_app; "
         "print(hearts_core.__file__); print(hearts_lessons_app.lessons_dir())"],
        check=True, capture_output=True, text=True, cwd=tmp_path,
    ).stdout.split()
    venv = installed.parent.resolve()
    assert all(Path(path).resolve().is_relative_to(venv) for path in found), found


def test_help_names_the_port_and_says_localhost(installed: Path) -> None:
    shown = subprocess.run([str(installed / "hearts-lessons"), "--help"], check=True, capture_output=True, text=True)
    assert "--port" in shown.stdout
    assert "127.0.0.1" in shown.stdout


def test_a_bad_port_is_refused_by_name() -> None:
    with pytest.raises(SystemExit) as refused:
        cli.main(["--port", "70000"])
    assert refused.value.code == 2


def test_a_port_in_use_is_refused_by_name_and_nothing_starts(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["--port", str(port)]) == 2
    said = capsys.readouterr()
    assert f"port {port} is already in use" in said.err and "--port" in said.err
    assert "Hearts Lessons: http" not in said.out  # no address printed for a server that is not there


def test_the_checkout_finds_the_lessons_at_the_root() -> None:
    assert lessons_dir() == ROOT / "lessons"


# A suite started in the background inherits an ignored SIGINT (the shell's rule for
# background jobs), which would make the Ctrl+C below a no-op; a learner's terminal
# delivers it.  The default disposition survives exec, so the command gets it back.
WITH_CTRL_C = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"
)


ONLY_THE_INDEX = [f"--VoilaKernelManager.preheat_denylist={pattern}"
                  for pattern in (r"^(?!(.*/)?index\.ipynb$).*", ".*/ja/[^/]*$", ".*/es/[^/]*$")]
"""Voilà settings the command passes on (as a learner's own would be): a waiting kernel for the English index
only.  These tests open the index alone, and a kernel preheated for each of the twenty other pages cost
some 40 CPU-seconds beside the rest of the suite; every page's waiting kernel is tested on the lesson server
(tests/browser), which uses the same lessons/voila.json."""


@pytest.fixture(scope="module")
def served(installed: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    port = free_port()
    log = tmp_path_factory.mktemp("app-log") / "hearts-lessons.log"
    # The borrowed packages' data files (Voilà's lab template, kernel specs) stay in this
    # environment's share/jupyter; a real install puts them in the app's own prefix.
    env = {
        **os.environ, "HEARTS_LESSONS_DATA": str(tmp_path_factory.mktemp("app-data")),
        "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter"),
    }
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-c", WITH_CTRL_C, str(installed / "hearts-lessons"), "--port", str(port),
             *ONLY_THE_INDEX],
            cwd=tmp_path_factory.mktemp("elsewhere"), env=env, stdout=output, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        try:
            wait_until_answering(process, url, "hearts-lessons")
        except RuntimeError as problem:
            pytest.fail(f"{problem}; its output:\n{log.read_text()}")
        yield url, log
    finally:
        process.send_signal(signal.SIGINT)  # what Ctrl+C sends
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def test_the_command_serves_the_index_and_prints_only_the_url(served: tuple[str, Path]) -> None:
    url, log = served
    with urllib.request.urlopen(url + "voila/render/index.ipynb", timeout=60) as response:
        page = response.read().decode("utf-8")
    assert response.status == 200
    # The index's code cell ran in the app's kernel: its widget, which holds every word of the
    # page (its heading too, so that the language picker can re-say them), is in the page.
    assert "application/vnd.jupyter.widget-view+json" in page
    printed = log.read_text(encoding="utf-8").splitlines()
    assert printed[0].startswith(f"Hearts Lessons: http://localhost:{url.rsplit(':', 1)[1]}")
    assert len(printed) <= 2, printed
