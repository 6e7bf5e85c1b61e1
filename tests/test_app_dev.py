"""``./dev`` installs only when the project's requirements changed, quietly, with the lock.

The script runs for real in a scratch copy of the project whose ``.venv/bin/python`` is a
recorder: it writes down each call instead of running pip, so the test sees exactly
when ``./dev`` would install and with which arguments, in well under a second.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def scratch_project(tmp_path: Path) -> Path:
    for name in ("dev", "pyproject.toml", "requirements.lock"):
        shutil.copy2(ROOT / name, tmp_path / name)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/bin/sh\necho "$@" >> "$(dirname "$0")/../calls"\n')
    python.chmod(0o755)
    return tmp_path


def install(project: Path) -> tuple[str, list[str]]:
    done = subprocess.run(["./dev", "install"], cwd=project, capture_output=True, text=True, check=True)
    calls = project / ".venv" / "calls"
    return done.stdout + done.stderr, calls.read_text().splitlines() if calls.exists() else []


def pip(calls: list[str]) -> list[str]:
    return [call for call in calls if "pip install" in call]


def test_dev_installs_with_the_lock_once_then_only_after_a_change(tmp_path: Path) -> None:
    project = scratch_project(tmp_path)
    printed, calls = install(project)
    assert len(pip(calls)) == 1 and "-c requirements.lock" in pip(calls)[0]
    assert pip(calls)[0].startswith("-m uv pip install")  # uv, bootstrapped once with pip when missing
    assert len(printed.splitlines()) == 1  # one line saying it installs, pip's output goes to a log

    printed, calls = install(project)
    assert (printed, len(pip(calls))) == ("", 1)  # unchanged: no pip at all, nothing printed

    with (project / "requirements.lock").open("a") as lock:
        lock.write("# refreshed\n")
    _, calls = install(project)
    assert len(pip(calls)) == 2
    # Every run brings the compiled rules kernel up to date (tools/compile_kernel.py does nothing when it is).
    assert [call for call in calls if call.startswith("tools/compile_kernel.py")] == ["tools/compile_kernel.py"] * 3


def test_the_whole_suite_runs_on_every_core_thorough_or_not_and_a_selection_as_given(tmp_path: Path) -> None:
    project = scratch_project(tmp_path)
    tools = project / ".venv" / "bin"
    for name in ("ruff", "mypy", "npm"):  # npm: ./dev looks for it before the site's tests
        (tools / name).write_text("#!/bin/sh\n")
        (tools / name).chmod(0o755)
    env = {"PATH": f"{tools}:/usr/bin:/bin", "HOME": str(tmp_path)}
    subprocess.run(["./dev", "test"], cwd=project, env=env, capture_output=True, check=True)
    subprocess.run(["./dev", "test", "tests/test_cards.py", "-x"], cwd=project, env=env, capture_output=True,
                   check=True)
    subprocess.run(["./dev", "test", "--thorough"], cwd=project, env=env, capture_output=True, check=True)
    subprocess.run(["./dev", "test", "--thorough", "tests/test_coach_claims.py"], cwd=project, env=env,
                   capture_output=True, check=True)
    calls = (tools.parent / "calls").read_text().splitlines()
    # Each of the four runs compiles the kernel (beside ruff and mypy), once, before its pytest.
    assert [call for call in calls if call.startswith(("tools/compile_kernel.py", "-m pytest"))][::2] == [
        "tools/compile_kernel.py"] * 4
    pytest_calls = [call for call in calls if call.startswith("-m pytest")]
    workers = f"--numprocesses={len(os.sched_getaffinity(0))}"  # a worker per core
    assert pytest_calls == [f"-m pytest {workers}", "-m pytest tests/test_cards.py -x",
                            # The long run is still the whole suite on every core; a long selection, as given.
                            f"-m pytest {workers} --thorough",
                            "-m pytest --thorough tests/test_coach_claims.py"]
    # The whole suite builds the static site beside the tests, which wait for its status; a selection
    # leaves the build to the site's own tests, if it has any.
    assert [call for call in calls if call.startswith("tools/build_site.py")] == [
        "tools/build_site.py --stored-first-views"] * 2
    assert (project / ".cache" / "site-build.status").read_text() == "0\n"
