"""The test servers' ports: each pytest-xdist worker draws from its own block, below the
ephemeral range a kernel's sockets take ports from, and skips a port something holds."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys

import pytest

from tools import localhost


def ports(monkeypatch: pytest.MonkeyPatch, worker: str | None, count: int) -> list[int]:
    if worker is None:
        monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    else:
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    monkeypatch.setattr(localhost, "_next_port", [])
    return [localhost.free_port() for _ in range(count)]


def ephemeral_floor() -> int:
    with open("/proc/sys/net/ipv4/ip_local_port_range", encoding="ascii") as ranges:
        return int(ranges.read().split()[0])


def test_two_workers_never_share_a_port(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, outside = (ports(monkeypatch, worker, 30) for worker in ("gw0", "gw1", None))
    assert not set(first) & set(second) and not set(first) & set(outside) and not set(second) & set(outside)
    for block in (first, second, outside):
        assert len(set(block)) == len(block), "a port handed out twice by one process"
        assert max(block) < ephemeral_floor(), "a port in the range kernels draw theirs from"


def test_a_port_in_use_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    ports(monkeypatch, "gw3", 1)
    upcoming = localhost._next_port[0]  # the port it would hand out next
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", upcoming))
        holder.listen()
        got = localhost.free_port()
    assert got != upcoming


def _python(code: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)


def test_a_server_that_never_answers_is_stopped_before_the_error() -> None:
    with _python("import time; time.sleep(60)") as silent:
        with pytest.raises(RuntimeError, match="did not answer within 1 s"):
            localhost.wait_until_answering(silent, f"http://127.0.0.1:{localhost.free_port()}/", "silent", timeout=1)
        assert silent.poll() is not None


def test_a_process_deaf_to_being_asked_to_stop_is_killed() -> None:
    with _python("import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                 "print('ready', flush=True); time.sleep(60)") as deaf:
        assert deaf.stdout is not None and deaf.stdout.readline() == b"ready\n"  # deaf before it is asked
        localhost.stop(deaf, grace=0.5)
        assert deaf.returncode == -signal.SIGKILL
