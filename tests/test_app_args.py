"""The ``hearts-lessons`` command's arguments: what it keeps for itself and what it hands to Voilà.

Voilà is not started: its ``launch_instance`` is replaced by a recorder, so each test sees
the exact command line the app would give Voilà (the served app itself is tested in
``tests/test_app.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hearts_lessons_app import cli, lessons_dir


@pytest.fixture
def voila_argv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[list[str]]:
    """The argv of every Voilà launch; cwd and JUPYTER_PATH are restored afterwards."""
    launched: list[list[str]] = []
    monkeypatch.setattr("hearts_lessons_app.cli.Voila.launch_instance", lambda argv: launched.append(list(argv)))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "elsewhere"))
    return launched


def run(argv: list[str], launched: list[list[str]]) -> list[str]:
    assert cli.main(argv) == 0
    assert len(launched) == 1
    return launched[0]


def test_the_default_serves_the_lessons_on_localhost_without_a_browser(voila_argv: list[list[str]]) -> None:
    argv = run([], voila_argv)
    assert argv[0] == str(lessons_dir())
    assert "--port=8866" in argv and "--Voila.ip=127.0.0.1" in argv
    assert argv.count("--no-browser") == 1
    assert Path.cwd() == lessons_dir()
    assert os.environ["JUPYTER_PATH"].split(os.pathsep)[0] == str(lessons_dir() / "jupyter")


def test_no_browser_is_accepted_and_is_the_default(voila_argv: list[list[str]]) -> None:
    argv = run(["--no-browser"], voila_argv)
    assert argv.count("--no-browser") == 1  # said once, not handed on a second time


def test_open_leaves_the_browser_to_voila(voila_argv: list[list[str]]) -> None:
    argv = run(["--open", "--port", "9001"], voila_argv)
    assert "--no-browser" not in argv
    assert "--port=9001" in argv


def test_open_and_no_browser_together_are_refused(
    voila_argv: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        cli.main(["--open", "--no-browser"])
    assert refused.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
    assert voila_argv == []


def test_unknown_options_go_to_voila_in_order_after_its_own(voila_argv: list[list[str]]) -> None:
    argv = run(["--Voila.log_level=INFO", "--port", "9002", "--VoilaConfiguration.show_tracebacks", "True"],
               voila_argv)
    assert argv[-3:] == ["--Voila.log_level=INFO", "--VoilaConfiguration.show_tracebacks", "True"]
    # An option given by the learner replaces the command's default for it.
    assert "--Voila.log_level=ERROR" not in argv
    assert "--KernelManager.transport=ipc" in argv
    assert "--port=9002" in argv


def test_arguments_after_a_double_dash_still_go_to_voila_unchanged(voila_argv: list[list[str]]) -> None:
    # What ./dev serve -- ... passes: even an option this command knows goes to Voilà after --.
    argv = run(["--port=8866", "--", "--open", "--Voila.log_level=DEBUG"], voila_argv)
    assert argv[-2:] == ["--open", "--Voila.log_level=DEBUG"]
    assert "--no-browser" in argv  # this command's own --open was not given


def test_abbreviations_are_not_taken_for_this_commands_options(voila_argv: list[list[str]]) -> None:
    argv = run(["--op", "--no"], voila_argv)
    assert argv[-2:] == ["--op", "--no"]  # Voilà's to judge (it refuses them), not --open or --no-browser
    assert "--no-browser" in argv


def test_a_bad_port_is_still_refused_here(voila_argv: list[list[str]]) -> None:
    for port in ("0", "70000", "http"):
        with pytest.raises(SystemExit) as refused:
            cli.main(["--port", port])
        assert refused.value.code == 2
    assert voila_argv == []
