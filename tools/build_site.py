"""Build the static site: every lesson running in the learner's browser (``./dev site``).

The result, ``_site/``, is plain files for any static host: Voici (Voilà's static sibling,
on JupyterLite) renders each notebook to a page whose Python runs under Pyodide in the
browser. Nothing is fetched from a CDN or from PyPI when a learner opens a page; all of it
comes from the package registries here, at build time, into ``build/site-cache``:

* the Pyodide runtime from the npm package ``pyodide`` (``npm pack``, integrity checked),
  placed in the lite dir's ``static/pyodide/``, because the kernel's default is a CDN;
* the project's wheel, built from this checkout, and the pure-Python wheels it needs in
  the browser (``pip download`` for Python 3.13, pinned by ``requirements.lock``); the
  wheel's server-side requirements carry an ``emscripten`` marker and are not among them;
* the kernel's own wheels (its ``ipykernel`` shim, ``pyodide_kernel``, ``piplite``), from
  the ``jupyterlite-pyodide-kernel`` package.

Pyodide's own ``pyodide-lock.json`` lists ~300 packages that only its CDN serves, so the
site gets a lock over exactly the local wheels, and every one the kernel or the lessons
import is preloaded in one parallel ``loadPyodide`` call: no installer runs at page load,
and ``disablePyPIFallback`` is set so a missing package fails here rather than reaching out.
The kernel installs ``sqlite3`` (IPython's history) and ``jedi`` (completion) at boot;
Voici pages use neither and only the CDN serves ``sqlite3``, so both resolve to empty
stand-in wheels built here: IPython runs without history and completion when they are
missing, and the jedi stand-in saves ~5 MB and its import on every page. Every wheel is
then compiled to bytecode by that same Pyodide under node (``tools/compile_wheels.mjs``),
as Pyodide does for the wheels it distributes, so pages do not compile IPython at start.

Importing IPython, the kernel and the lessons' packages is still most of a page's start,
and the same on every page. So the build starts that kernel once, under node with the
site's own runtime and wheels, and keeps its memory: Pyodide's memory snapshot
(``tools/snapshot_kernel.mjs``, ``static/pyodide/kernel.snapshot.gz``). The pages' kernel
loads ``tools/kernel_boot.js`` in place of ``pyodide.js`` (the kernel's ``pyodideUrl``,
set in ``finish_pages``); it restores the snapshot, loads the wheels for their files and
reseeds Python's random draws, or starts Pyodide afresh when the snapshot cannot be used.
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import jinja2
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

from hearts_core.wording import TRANSLATED
from hearts_learner.files import APP_NAME

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tools beside this one, however it is loaded
from first_views import capture as capture_first_views
from first_views import insert as insert_first_views
from first_views import stored as stored_first_views

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "build" / "site-cache"
OUTPUT = ROOT / "_site"
LOCK = ROOT / "requirements.lock"

# The runtime the kernel extension 0.7.0 was built for, and the npm registry's integrity
# for its tarball: a changed tarball stops the build.
PYODIDE_VERSION = "0.29.0"
PYODIDE_INTEGRITY = "sha512-ObIvsTmcrxAWKg+FT1GjfSdDmQc5CabnYe/nn5BCuhr9BVVITeQ24DBdZuG5B2tIiAZ9YonBpnDB7cmHZyd2Rw=="
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
# Pyodide 0.29 is CPython 3.13 on emscripten: the browser's wheels are chosen for it.
BROWSER_PYTHON = "3.13"
BROWSER_MARKERS = {
    "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
    "platform_machine": "wasm32", "implementation_name": "cpython", "platform_python_implementation": "CPython",
    "python_version": BROWSER_PYTHON, "python_full_version": "3.13.2", "extra": "",
}
# micropip is the browser's installer (piplite runs on it); the version Pyodide 0.29 ships.
BROWSER_EXTRAS = ("micropip==0.11.0",)
# Empty wheels for what the kernel installs at boot but the lessons never use (see above).
STAND_INS = ("sqlite3", "jedi")
# What the kernel installs at boot (initKernel), preloaded here instead.
KERNEL_PACKAGES = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")
KERNEL_WHEELS = ("ipykernel-", "pyodide_kernel-", "piplite-", "widgetsnbextension-4")
# The kernel's worker loads this in place of pyodide.js: it restores the kernel's snapshot.
KERNEL_BOOT = "kernel_boot.js"
# What the snapshot has imported: the kernel's modules, and every module of the lessons'
# packages ("name/"), so a page imports none of them itself.
SNAPSHOT_IMPORTS = ("piplite.piplite", "pyodide_kernel", "hearts_core/", "hearts_learner/", "widgets/")
PAGES_IGNORED = ("voila.json", "jupyter_server_config.json", "jupyter")


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def run(command: list[str], **kwargs: object) -> None:
    """Run a build step quietly; show its output only when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        shown = "\n".join(line for line in (done.stdout + done.stderr).splitlines()
                          if not line.startswith("WARNING: Location"))
        raise SystemExit(f"{' '.join(command[:4])}... failed:\n{shown[-4000:]}")


def pyodide_runtime() -> Path:
    """The unpacked npm package ``pyodide`` (downloaded once into the cache)."""
    folder = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (folder / "package" / "pyodide.asm.wasm").is_file():
        return folder / "package"
    folder.mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=folder)
    tarball = folder / f"pyodide-{PYODIDE_VERSION}.tgz"
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != PYODIDE_INTEGRITY:
        raise SystemExit(f"{tarball.name}: integrity {digest} is not the pinned {PYODIDE_INTEGRITY}")
    with tarfile.open(tarball) as archive:
        archive.extractall(folder, filter="data")
    return folder / "package"


def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        name = next(item for item in archive.namelist() if item.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))


def browser_requirements(wheel: Path) -> list[Requirement]:
    """The wheel's requirements that apply in the browser (markers evaluated for Pyodide)."""
    wanted = []
    for line in wheel_metadata(wheel).get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(BROWSER_MARKERS):
            wanted.append(requirement)
    return wanted


@contextmanager
def wheel_build_lock() -> Iterator[None]:
    """Hold while pip builds the project's wheel from this checkout.

    pip builds a local project in place: setuptools writes ``build/lib``, ``build/bdist.*``
    and the egg-info inside the checkout, so two builds at once (this one and
    tests/test_app.py's on two test workers, or ``./dev site`` during a test run) would
    remove each other's files. The second waits for the first.
    """
    (ROOT / "build").mkdir(exist_ok=True)
    with (ROOT / "build" / "wheel-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def project_wheel(folder: Path) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    with wheel_build_lock():
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
             "-w", str(folder), str(ROOT)])
    (wheel,) = folder.glob("hearts_lessons-*.whl")
    return wheel


def locked_versions() -> dict[str, str]:
    """``name -> version`` pinned in requirements.lock."""
    pins: dict[str, str] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        found = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if found:
            pins[canonicalize_name(found[1])] = found[2]
    return pins


def download_browser_wheels(project: Path, runtime: Path, folder: Path) -> None:
    """Pure-Python wheels for the project's browser requirements and theirs, at pinned versions.

    A package Pyodide's own distribution carries comes at Pyodide's version (the kernel
    extension was built against those: ``pyodide_kernel`` 0.7 fails with IPython 9.18);
    every other one at requirements.lock's. pip would evaluate the requirements' markers
    for this machine (and want psutil, a compiled package, for IPython), so the closure
    is walked here with Pyodide's markers, one level per ``pip download --no-deps`` call.
    """
    pins = locked_versions()
    shipped = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    pins.update({canonicalize_name(name): package["version"] for name, package in shipped.items()})
    for extra in BROWSER_EXTRAS:
        requirement = Requirement(extra)
        pins[canonicalize_name(requirement.name)] = str(requirement.specifier).removeprefix("==")
    skipped = {canonicalize_name(name) for name in (*STAND_INS, "ipykernel", "widgetsnbextension")}
    wanted = {canonicalize_name(r.name) for r in browser_requirements(project)}
    wanted |= {canonicalize_name(Requirement(extra).name) for extra in BROWSER_EXTRAS}
    wanted -= skipped
    stamp = folder / ".pins"
    key = json.dumps([sorted(wanted), pins])
    if stamp.is_file() and stamp.read_text() == key:
        return
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    have: set[str] = set()
    while wanted - have:
        batch = sorted(wanted - have)
        unpinned = [name for name in batch if name not in pins]
        if unpinned:
            raise SystemExit(f"the browser needs {', '.join(unpinned)}, which requirements.lock does not pin")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--python-version", BROWSER_PYTHON, "--implementation", "py", "--abi", "none",
             "-d", str(folder), *(f"{name}=={pins[name]}" for name in batch)])
        have |= set(batch)
        for wheel in folder.glob("*.whl"):
            for requirement in browser_requirements(wheel):
                wanted.add(canonicalize_name(requirement.name))
        wanted -= skipped
    stamp.write_text(key)


def stand_in_wheel(name: str, folder: Path) -> Path:
    """An installable wheel named ``name`` holding no module (``import name`` fails as if absent)."""
    wheel = folder / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                            f"Summary: Hearts Lessons' empty stand-in: {name} is not used by the lesson pages\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: hearts-lessons\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(
        f"{path},sha256={base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).decode().rstrip('=')},"
        f"{len(text.encode())}\n" for path, text in files.items()
    ) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in {**files, f"{info}/RECORD": record}.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return wheel


def top_level_imports(wheel: Path) -> list[str]:
    names = set()
    with zipfile.ZipFile(wheel) as archive:
        for item in archive.namelist():
            head = item.split("/", 1)[0]
            if head.endswith((".dist-info", ".data")):
                continue
            if "/" in item or item.endswith(".py"):
                names.add(head.removesuffix(".py"))
    return sorted(names)


def write_lock(runtime: Path, wheels: list[Path], target: Path) -> list[str]:
    """Write a pyodide-lock.json over exactly ``wheels``; returns the package names in it."""
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    by_name = {canonicalize_name(parse_wheel_filename(wheel.name)[0]): wheel for wheel in wheels}
    packages = {}
    for name, wheel in sorted(by_name.items()):
        depends = []
        for line in wheel_metadata(wheel).get_all("Requires-Dist") or []:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate(BROWSER_MARKERS):
                continue
            needed = canonicalize_name(requirement.name)
            if needed not in by_name:
                raise SystemExit(f"{wheel.name} needs {requirement} in the browser, and no wheel provides it")
            depends.append(needed)
        packages[name] = {
            "name": name, "version": str(parse_wheel_filename(wheel.name)[1]), "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": top_level_imports(wheel), "depends": sorted(set(depends)),
            "unvendored_tests": False, "shared_library": False,
        }
    target.write_text(json.dumps({"info": info, "packages": packages}, indent=1), encoding="utf-8")
    return sorted(packages)


def compiled(runtime: Path, wheels: list[Path], folder: Path) -> list[Path]:
    """The wheels with their modules compiled to bytecode by Pyodide's own CPython.

    Compiling IPython, pygments, prompt_toolkit... at every page start is most of what a
    page spends in Python before the first widget; Pyodide compiles the wheels it
    distributes in the same way. Each compiled wheel is cached under its source's hash.
    """
    folder.mkdir(parents=True, exist_ok=True)
    results, todo = [], []
    for wheel in wheels:
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]
        target = folder / digest / wheel.name
        results.append(target)
        if not target.is_file():
            target.parent.mkdir(exist_ok=True)
            todo += [str(wheel), str(target)]
    if todo:
        run(["node", str(ROOT / "tools" / "compile_wheels.mjs"), str(runtime), *todo])
    return results


def lite_dir(runtime: Path, wheels: list[Path], folder: Path) -> None:
    """The JupyterLite project Voici builds from: the runtime, the wheels, the settings."""
    shutil.rmtree(folder, ignore_errors=True)
    static = folder / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(runtime / name, static / name)
    for wheel in wheels:
        shutil.copy2(wheel, static / wheel.name)
    names = write_lock(runtime, wheels, static / "pyodide-lock.json")
    missing = [name for name in KERNEL_PACKAGES if canonicalize_name(name) not in names]
    if missing:
        raise SystemExit(f"no wheel for what the kernel installs at boot: {', '.join(missing)}")
    preload = sorted({*KERNEL_PACKAGES, "hearts-lessons"})
    shutil.copy2(ROOT / "tools" / KERNEL_BOOT, static / KERNEL_BOOT)
    settings = {
        "pyodideUrl": "./static/pyodide/pyodide.js",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": preload, "lockFileURL": "static/pyodide/pyodide-lock.json"},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings}},
    }
    (folder / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")


def snapshot_kernel(folder: Path) -> None:
    """The memory of a started kernel, restored by every page instead of importing it all.

    Importing IPython, the kernel and the lessons' packages is the same work on every
    page and most of its start; ``tools/snapshot_kernel.mjs`` does it once, under node,
    with the site's own runtime and wheels (``static/pyodide/kernel.snapshot.gz``).
    """
    run(["node", str(ROOT / "tools" / "snapshot_kernel.mjs"), str(folder / "static" / "pyodide"),
         *SNAPSHOT_IMPORTS])


DATA_NOTE = """\
This folder keeps your Hearts Lessons progress in this browser: the lessons you have
finished, your saved match, your statistics and your finished matches.
"""


def contents(folder: Path) -> None:
    """The notebooks the pages render, and the learner's data folder with a note on what it keeps.

    JupyterLite's drive asks the site for a folder's listing before it adds the browser's own
    files, and makes a new folder by creating "Untitled Folder" and renaming it. A data folder
    known only to the browser would cost a 404, and an error in the console, on a learner's
    first save; published with the site, it is simply there.
    """
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for notebook in sorted((ROOT / "lessons").glob("*.ipynb")):
        shutil.copy2(notebook, folder / notebook.name)
    # One site for every language: each translation's pages in its own folder (ja/03-practice.html),
    # where the page's kernel starts, so it speaks the folder's language (hearts_core.wording).
    for code in TRANSLATED:
        (folder / code).mkdir()
        for notebook in sorted((ROOT / "lessons" / code).glob("*.ipynb")):
            shutil.copy2(notebook, folder / code / notebook.name)
    data = folder / APP_NAME
    data.mkdir()
    (data / "README.txt").write_text(DATA_NOTE, encoding="utf-8")


PYODIDE_URL = re.compile(r'("pyodideUrl": *"[^"]*static/pyodide/)pyodide\.js"')
CDN_LINK = re.compile(r'<link[^>]*href="https?://[^"]*"[^>]*>\s*')
FRONT_DOOR = ROOT / "lessons" / "jupyter" / "voila" / "templates" / "hearts" / "tree-lab.html"
"""The served app's redirect to the lesson index; the site opens on the same page."""


def front_door() -> str:
    """The site's ``index.html``: Voilà's folder page, leading to the site's own index page."""
    page = jinja2.Template(FRONT_DOOR.read_text(encoding="utf-8"))
    return str(page.render(index_url="voici/render/index.html"))


CHARSET = re.compile(r"<meta charset=[^>]*>", re.IGNORECASE)
LANGUAGE_SCRIPT = FRONT_DOOR.parent / "language.html"
"""The pages' language from their folder, and ``?lang=`` (the Voilà template includes the same file)."""


def language_script() -> str:
    """The script of ``language.html``, its template comment dropped."""
    return re.sub(r"\{#-.*?-#\}\s*", "", LANGUAGE_SCRIPT.read_text(encoding="utf-8"), flags=re.DOTALL)


def finish_pages(output: Path, first_views: dict[str, dict[str, Any]]) -> None:
    """Point the kernel at the snapshot's loader, drop the pages' CDN stylesheets, open on the index.

    Each rendered page gets the language script first in its head (``language.html``), shows its
    text at once, and gets its widgets' first views (``first_views``, from :mod:`tools.first_views`).

    The kernel's build step sets ``pyodideUrl`` to the lite dir's ``pyodide.js`` in every
    page's settings, whatever jupyter-lite.json said, so it is set to ``kernel_boot.js``
    here. Font Awesome's stylesheet is dropped: the lessons draw no icons.
    """
    pointed = 0
    language = language_script()
    rendered = output / "voici" / "render"
    for page in [*output.rglob("*.html"), *output.rglob("jupyter-lite.json")]:
        text = page.read_text(encoding="utf-8")
        if page.is_relative_to(rendered) and page.suffix == ".html":
            # After the charset, which must come within the page's first 1024 bytes.
            text = CHARSET.sub(lambda found: found.group(0) + "\n" + language, text, count=1)
            text = insert_first_views(text, first_views.get(page.relative_to(rendered).with_suffix("").as_posix()))
        finished, count = PYODIDE_URL.subn(rf'\g<1>{KERNEL_BOOT}"', CDN_LINK.sub("", text))
        pointed += count
        if finished != text:
            page.write_text(finished, encoding="utf-8")
    if not pointed:
        raise SystemExit("no page's settings name pyodide.js: the kernel would not restore its snapshot")
    (output / "index.html").write_text(front_door(), encoding="utf-8")
    (output / ".nojekyll").write_text("")  # hosts that run Jekyll must not hide _-prefixed files


def build(output: Path, *, stored_views: bool = False) -> None:
    started = time.monotonic()
    CACHE.mkdir(parents=True, exist_ok=True)
    runtime = pyodide_runtime()
    log(f"Pyodide {PYODIDE_VERSION} runtime from npm")
    project = project_wheel(CACHE / "project")
    download_browser_wheels(project, runtime, CACHE / "wheels")
    kernel_pypi = Path(sys.prefix, "share", "jupyter", "labextensions", "@jupyterlite",
                       "pyodide-kernel-extension", "static", "pypi")
    stand_ins = CACHE / "stand-ins"
    stand_ins.mkdir(exist_ok=True)
    kernel_wheels = [wheel for wheel in kernel_pypi.glob("*.whl") if wheel.name.startswith(KERNEL_WHEELS)]
    downloaded = [wheel for wheel in (CACHE / "wheels").glob("*.whl")
                  if canonicalize_name(parse_wheel_filename(wheel.name)[0]) not in
                  {*(canonicalize_name(name) for name in STAND_INS), "widgetsnbextension", "ipykernel"}]
    wheels = [project, *downloaded, *kernel_wheels, *(stand_in_wheel(name, stand_ins) for name in STAND_INS)]
    wheels = compiled(runtime, wheels, CACHE / "compiled")
    log(f"{len(wheels)} wheels for the browser, compiled to bytecode")
    lite = CACHE / "lite"
    lite_dir(runtime, wheels, lite)
    snapshot_kernel(lite)
    log("kernel snapshot taken")
    contents(CACHE / "contents")
    shutil.rmtree(output, ignore_errors=True)
    # JupyterLite's task database would skip steps whose inputs it thinks unchanged, and
    # the output is rebuilt whole anyway (it takes seconds).
    (CACHE / ".jupyterlite.doit.db").unlink(missing_ok=True)
    run([str(Path(sys.executable).parent / "voici"), "build", "--lite-dir", str(lite),
         "--contents", str(CACHE / "contents"), "--output-dir", str(output),
         "--no-sourcemaps", "--no-unused-shared-packages"], cwd=CACHE)
    if stored_views:
        views = stored_first_views()  # every language's, as the site's
        log(f"first views for {sum(len(page['cells']) for page in views.values())} widget cells, as stored")
    else:
        views = capture_first_views(("en", *TRANSLATED))
        log(f"first views drawn for {sum(len(page['cells']) for page in views.values())} widget cells")
    finish_pages(output, views)
    # The notebook authors' reference, beside the lessons (docs/conf.py; `./dev docs` builds the same).
    run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(ROOT / "docs"), str(output / "docs")])
    size = sum(path.stat().st_size for path in output.rglob("*") if path.is_file())
    log(f"built {output} ({size / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site (lessons in the browser) into _site/.")
    parser.add_argument("--output", type=Path, default=OUTPUT, help=f"where to build (default {OUTPUT.name}/)")
    parser.add_argument("--stored-first-views", action="store_true",
                        help="take the widgets' first views from hearts_serving/first_views.json instead of drawing "
                             "them (the test suite's build: another test checks them against a fresh drawing)")
    args = parser.parse_args(argv)
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    build(args.output.resolve(), stored_views=args.stored_first_views)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
