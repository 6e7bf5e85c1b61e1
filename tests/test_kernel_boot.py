"""The static site's Pyodide loader (``tools/kernel_boot.js``) under node, with a stand-in runtime.

The site's browser test shows pages restoring the real snapshot; this covers each way the
loader can go, quickly: a gzipped snapshot, one a host already unpacked, none at all, one
that cannot be read, and one the runtime refuses.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
HARNESS = Path(__file__).parent / "js" / "kernel_boot_harness.cjs"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def boot(scenario: str) -> dict[str, Any]:
    done = subprocess.run(["node", str(HARNESS), str(ROOT / "tools" / "kernel_boot.js"), scenario],
                          capture_output=True, text=True, check=True, timeout=60)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def loads(result: dict[str, Any]) -> list[list[Any]]:
    return [call for call in result["calls"] if call[0] == "loadPyodide"]


@pytest.mark.parametrize("scenario", ["gzip", "unpacked"])
def test_a_snapshot_is_restored_then_the_wheels_loaded_and_random_reseeded(scenario: str) -> None:
    result = boot(scenario)
    assert result["same"] and result["warnings"] == []
    fetched = [call[1] for call in result["calls"] if call[0] == "fetch"]
    assert fetched == ["http://site.test/static/pyodide/kernel.snapshot.gz"]
    (load,) = loads(result)
    assert load[2] == result["memory"]  # the snapshot's own bytes, unpacked once
    assert "packages" not in load[1]  # the wheels come after the restore, for their files
    after = [call for call in result["calls"] if call[0] in ("loadPackage", "runPython")]
    assert after[:2] == [["loadPackage", ["hearts-lessons"]], ["runPython", "import random; random.seed()"]]
    # The runtime functions Python kept reach the restored runtime.
    assert ["loadPackage", ["later"]] in result["calls"] and ["api.install", "wheel"] in result["calls"]
    assert result["reached"] == {"public": True, "api": True}


def test_without_a_snapshot_pyodide_starts_as_usual() -> None:
    result = boot("missing")
    assert result["same"] and result["warnings"] == []
    (load,) = loads(result)
    assert load[1]["packages"] == ["hearts-lessons"] and load[2] is None


@pytest.mark.parametrize("scenario", ["corrupt", "refused"])
def test_a_snapshot_that_cannot_be_used_is_said_and_pyodide_starts_afresh(scenario: str) -> None:
    result = boot(scenario)
    assert result["same"]
    assert len(result["warnings"]) == 1 and "starting Pyodide afresh" in result["warnings"][0]
    fresh = loads(result)[-1]
    assert fresh[1]["packages"] == ["hearts-lessons"] and fresh[2] is None
