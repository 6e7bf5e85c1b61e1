"""Compile the rules kernel, ``hearts_core/kernel.py``, to a C extension with mypyc (``./dev`` runs this).

Why: the kernel is the engine's hot path (every card the referee or a computer player's
simulation plays goes through :func:`~hearts_core.kernel.rule_walk` and
:meth:`~hearts_core.kernel.Table.play`), and CPython spends most of that time interpreting.
mypyc compiles the same typed source, so there is still one copy of the rules: this tool
adds a faster build of ``kernel.py``, never a second kernel.  mypyc comes with mypy, which
the project already pins for ``mypy --strict``.

How it stays honest:

* The extension is written next to ``kernel.py`` (CPython imports an extension module before
  a source file of the same name) with ``kernel.compiled-from``, the SHA-256 of the source it
  was built from.  ``hearts_core/__init__.py`` imports the source instead whenever that digest
  no longer matches ``kernel.py`` (an edit since the last ``./dev``), so a stale build never
  runs; ``HEARTS_PURE_KERNEL=1`` asks for the source too (benchmarks compare the two).
* Neither file is committed or packaged: the browser (Pyodide), the wheel and a machine
  without a C compiler run ``kernel.py`` as it is, with the same results
  (``tests/test_compiled_kernel.py`` plays random hands through both and compares).

Run with no arguments; it does nothing when the build is current, and exits 0 with a note
when it cannot compile (the pure kernel is correct, only slower).  ``--check`` exits 1 when
the build is missing or stale.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hearts_core"
SOURCE = PACKAGE / "kernel.py"
DIGEST = PACKAGE / "kernel.compiled-from"


def source_digest() -> str:
    return hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def built_files() -> list[Path]:
    """The extension files of a previous build (the module and mypyc's runtime beside it)."""
    return extension_files(PACKAGE)


def extension_files(folder: Path) -> list[Path]:
    # One file can end with several of the suffixes (".cpython-311-x86_64-linux-gnu.so", ".so").
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return sorted({path for suffix in suffixes for path in folder.glob(f"kernel*{suffix}")})


def is_current() -> bool:
    return bool(built_files()) and DIGEST.is_file() and DIGEST.read_text().strip() == source_digest()


def why_not_possible() -> str | None:
    """What this machine lacks to compile, or ``None``."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return "no C compiler (Debian: apt-get install gcc)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Debian: apt-get install python3-dev)"
    return None


def compile_kernel() -> None:
    """Build in a scratch copy of the package (mypyc leaves a build/ folder) and move the result in."""
    digest = source_digest()
    with tempfile.TemporaryDirectory(prefix="hearts-kernel-") as scratch:
        copy = Path(scratch) / "hearts_core"
        shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "static",
                                                                       "locale", "*.json", "*.toml"))
        for path in built_files():
            path.unlink()
        DIGEST.unlink(missing_ok=True)
        subprocess.run([sys.executable, "-m", "mypyc", "hearts_core/kernel.py"], cwd=scratch, check=True,
                       stdout=subprocess.DEVNULL)
        made = extension_files(copy)
        if not made:
            raise RuntimeError("mypyc finished but wrote no extension module")
        for path in made:
            shutil.move(path, PACKAGE / path.name)
    # Written last: a build interrupted before this line is never taken for a current one.
    DIGEST.write_text(digest + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the build is missing or stale; build nothing")
    args = parser.parse_args(argv)
    if is_current():
        return 0
    if args.check:
        print("the compiled kernel is missing or older than hearts_core/kernel.py (run ./dev install)")
        return 1
    missing = why_not_possible()
    if missing is not None:
        print(f"The rules kernel stays pure Python (correct, slower): {missing}.")
        return 0
    print("Compiling the rules kernel (hearts_core/kernel.py) with mypyc...")
    compile_kernel()
    return 0


if __name__ == "__main__":
    sys.exit(main())
