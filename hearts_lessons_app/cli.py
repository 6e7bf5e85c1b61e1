"""The ``hearts-lessons`` command: serve the shipped lessons with Voilà.

Voilà reads ``voila.json`` from its working directory and templates from ``JUPYTER_PATH``,
so the command moves into the lessons folder and puts the lessons' ``jupyter/`` folder
first on that path before starting Voilà in this process (one process to stop with
Ctrl+C, nothing left behind). Voilà's own start-up lines are turned down to warnings:
the learner needs the one URL this command prints. Kernels talk to the server over
local sockets in the user's runtime folder (``ipc``) rather than TCP ports that any user
of the machine could connect to (ipykernel warns about the latter at every start).

``--lang ja`` serves the course in Japanese: the URL printed (and opened, with ``--open``)
is the Japanese index, ``voila/render/ja/index.ipynb?lang=ja``, and Voilà's preheated
kernels wait on that language's pages instead of the English ones (``preheat_denylist``;
a kernel per page and language would be three times the memory). A page of another
language opens from a fresh kernel, and the waiting kernels then move to that language's
pages (``hearts_serving.PoolSafeKernelManager.follow_folder``).

The command knows only its own few options (``--port``, ``--host``, ``--lang``, ``--open``
and its opposite ``--no-browser``, the default). Any other option is Voilà's business: it is
handed to Voilà unchanged, as is everything after ``--`` (what ``./dev serve --`` passes),
and Voilà refuses what it does not know itself. Abbreviations are off, so ``--no`` or
``--op`` is never taken for one of this command's options.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Sequence
from pathlib import Path

from voila.app import Voila  # type: ignore[import-untyped]

from hearts_core.wording import LANGUAGES
from hearts_lessons_app import lessons_dir

DEFAULT_PORT = 8866
DEFAULT_HOST = "127.0.0.1"


def parser() -> argparse.ArgumentParser:
    """The command's arguments (``hearts-lessons --help``)."""
    result = argparse.ArgumentParser(
        prog="hearts-lessons",
        description="Serve the Hearts lessons in your browser (Voilà; Ctrl+C stops).",
        epilog="Options this command does not know, and everything after --, go to Voilà unchanged, "
        "e.g. hearts-lessons --Voila.log_level=INFO",
        allow_abbrev=False,
    )
    result.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to serve on (default {DEFAULT_PORT})")
    result.add_argument(
        "--host", default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: only this computer can open the lessons)",
    )
    browser = result.add_mutually_exclusive_group()
    browser.add_argument("--open", action="store_true", help="open the lesson index in a web browser")
    browser.add_argument("--no-browser", action="store_true", help="do not open a web browser (the default)")
    result.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the course's language: opens that language's index (default: English, or the "
                             "language chosen on the index before)")
    result.add_argument("--print-lessons-dir", action="store_true", help="print where the lessons are and exit")
    return result


def start_page(code: str | None) -> str:
    """The path the learner starts at: the front door (which leads to the index), or a language's index."""
    if code is None:
        return ""
    return f"voila/render/{'' if code == 'en' else code + '/'}index.ipynb?lang={code}"


def preheated_only(code: str | None, folder: Path) -> list[str]:
    """Voilà's ``preheat_denylist`` keeping preheated kernels for language ``code``'s pages only.

    Voilà matches each pattern against the notebook's whole path (``folder/ja/03-practice.ipynb``).
    """
    others = [f".*/{other}/[^/]*$" for other in LANGUAGES if other not in ("en", code)]
    return others if code in (None, "en") else [re.escape(str(folder)) + "/[^/]*$", *others]


def open_when_ready(url: str, host: str, port: int, *, wait: float = 60.0) -> threading.Thread:
    """Open ``url`` in a web browser as soon as the server accepts connections (Voilà opens only "/")."""
    def opener() -> None:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((host, port), timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        webbrowser.open(url)

    thread = threading.Thread(target=opener, name="open-the-lessons", daemon=True)
    thread.start()
    return thread


def port_taken(host: str, port: int) -> bool:
    """Whether something already listens on ``host``:``port`` (another Hearts Lessons, say)."""
    with socket.socket() as sock:
        # As the server binds (tornado sets it): a port a stopped server left in TIME_WAIT is free.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1" if host in ("localhost", "") else host, port))
        except OSError:
            return True
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in args_in:
        cut = args_in.index("--")
        args_in, extra = args_in[:cut], args_in[cut + 1:]
    args, unknown = parser().parse_known_args(args_in)
    extra = unknown + extra
    if not 0 < args.port < 65536:
        parser().error(f"--port must be between 1 and 65535, not {args.port}")
    folder = lessons_dir()
    if args.print_lessons_dir:
        print(folder)
        return 0
    # Voilà would quietly serve on another port, and the address printed would lead
    # the learner elsewhere: say so and stop instead (and tell Voilà not to move, below).
    if port_taken(args.host, args.port):
        print(f"hearts-lessons: port {args.port} is already in use (another Hearts Lessons may be running); "
              f"stop it or choose another port, for example --port {args.port + 1}", file=sys.stderr)
        return 2
    template_path = str(folder / "jupyter")
    previous = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = template_path + (os.pathsep + previous if previous else "")
    os.chdir(folder)
    shown = "localhost" if args.host in ("127.0.0.1", "localhost") else args.host
    url = f"http://{shown}:{args.port}/{start_page(args.lang)}"
    print(f"Hearts Lessons: {url}  (opens the lesson index; Ctrl+C stops)", flush=True)
    denylist = "--VoilaKernelManager.preheat_denylist"
    defaults = [
        setting for setting in ("--Voila.log_level=ERROR", "--KernelManager.transport=ipc", "--Voila.port_retries=0",
                                *(f"{denylist}={pattern}" for pattern in preheated_only(args.lang, folder)))
        if not any(arg.startswith(setting.split("=")[0]) for arg in extra)
    ]
    # Voilà itself opens only the front door; a language's index is opened here.
    voila_opens = args.open and args.lang is None
    if args.open and not voila_opens:
        open_when_ready(url, "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host, args.port)
    Voila.launch_instance(argv=[
        str(folder), f"--port={args.port}", f"--Voila.ip={args.host}",
        *defaults, *([] if voila_opens else ["--no-browser"]), *extra,
    ])
    return 0
