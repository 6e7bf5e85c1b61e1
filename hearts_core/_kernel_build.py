"""Which build of the rules kernel runs: the compiled one only while it matches ``kernel.py``.

``tools/compile_kernel.py`` (run by ``./dev``) may leave a mypyc build of
``hearts_core/kernel.py`` beside it, with the SHA-256 of the source it came from in
``kernel.compiled-from``.  CPython imports an extension module before a source file of the
same name, so after an edit to ``kernel.py`` the old build would shadow it; this module,
run by the package before anything imports the kernel, loads the source instead in that case,
or when ``HEARTS_PURE_KERNEL=1`` asks for it.  Where there is no build (the browser, a wheel,
a machine without a C compiler) it only looks for the files and returns.  It acts when
imported: the package imports it first.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_SOURCE = _HERE / "kernel.py"
_DIGEST = _HERE / "kernel.compiled-from"
_NAME = "hearts_core.kernel"


def compiled_build() -> Path | None:
    """The compiled kernel beside ``kernel.py``, if one was built here."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = _HERE / f"kernel{suffix}"
        if path.is_file():
            return path
    return None


def build_is_current() -> bool:
    """True when the compiled kernel was built from ``kernel.py`` as it is now."""
    try:
        recorded = _DIGEST.read_text(encoding="ascii").strip()
    except OSError:
        return False
    return recorded == hashlib.sha256(_SOURCE.read_bytes()).hexdigest()


def use_the_source_kernel_unless_built_from_it() -> None:
    """Import ``kernel.py`` itself when the compiled build is stale or not wanted."""
    if _NAME in sys.modules or compiled_build() is None:
        return
    if os.environ.get("HEARTS_PURE_KERNEL") != "1" and build_is_current():
        return
    spec = importlib.util.spec_from_file_location(_NAME, _SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[_NAME] = module
    spec.loader.exec_module(module)
    package = sys.modules.get("hearts_core")
    if package is not None:
        package.kernel = module  # type: ignore[attr-defined]


use_the_source_kernel_unless_built_from_it()
