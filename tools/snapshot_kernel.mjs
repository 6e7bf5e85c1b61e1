// Take a memory snapshot of a started kernel, for the static site's pages to restore.
// Usage: node tools/snapshot_kernel.mjs <static/pyodide dir> <module> [<package>/...]
//
// A page's kernel spends most of its start importing IPython, the kernel and the lessons'
// packages. That work is the same on every page, so it is done once here, with the site's
// own Pyodide and wheels, and its memory written to kernel.snapshot.gz; kernel_boot.js
// restores it in the browser. An argument ending in "/" imports every module of that
// package. The wheels are unpacked by hand rather than by loadPackage, whose record of
// loaded packages a snapshot may not hold; the page loads them again for their files.
// _makeSnapshot and _loadSnapshot are Pyodide's underscored (unstable) options: they are
// pinned with the runtime (build_site.PYODIDE_VERSION), the site's browser test checks
// that pages do restore the snapshot, and kernel_boot.js starts afresh if one cannot.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

// A failure in Python arrives as a PythonError: print its type and message, not the
// minified line of the runtime that Node would quote around it.
process.on("uncaughtException", (error) => {
  console.error([error?.type, error?.message].filter(Boolean).join(": ") || String(error));
  process.exit(1);
});

const [folder, ...modules] = process.argv.slice(2);
// Pyodide under node takes sys.argv from node's command line; a page's has none, and the
// snapshot (published with the site) must not carry this machine's paths.
process.argv = process.argv.slice(0, 1);
const runtime = resolve(folder) + "/";
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const lock = readFileSync(join(runtime, "pyodide-lock.json"), "utf8");
const pyodide = await loadPyodide({ indexURL: runtime, lockFileContents: lock, _makeSnapshot: true });

const unpack = pyodide.runPython(`
import sysconfig, zipfile
def unpack(wheel):
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(sysconfig.get_paths()["purelib"])
unpack
`);
for (const { file_name: name } of Object.values(JSON.parse(lock).packages)) {
  pyodide.FS.writeFile("/tmp/wheel.whl", readFileSync(join(runtime, name)));
  unpack("/tmp/wheel.whl");
}
unpack.destroy();
pyodide.runPython("del unpack");
pyodide.globals.set("wanted", pyodide.toPy(modules));
await pyodide.runPythonAsync(`
import importlib, pkgutil, tempfile
importlib.invalidate_caches()
for name in wanted:
    if name.endswith("/"):
        package = importlib.import_module(name[:-1])
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    else:
        importlib.import_module(name)
# Every page restores this memory: nothing random may be fixed in it but what the page
# reseeds (the random module); tempfile's name sequence would be shared by all pages.
assert tempfile._name_sequence is None, "tempfile names were drawn at import"
# Looking up package metadata (widgets do, at import) caches a zipfile.Path per zip on
# sys.path, and so holds the standard library's zip open. A page's first loadPackage
# clears that cache and its garbage closes a descriptor the page never had, printing
# "Bad file descriptor" into a lesson. Clear it here, where the file really is open.
importlib.invalidate_caches()
del wanted
`);

// Nor may the memory hold a file open: its descriptor means nothing in a page, and closing
// it there (whenever the garbage collector gets to it) prints "Bad file descriptor" into
// the lesson. Garbage is collected first, so only files something still holds are left.
const openFiles = pyodide.runPython(`
import gc, io
gc.collect()
def _descriptor(stream):
    try:
        return stream.fileno()
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return -1
[repr(o) for o in gc.get_objects() if isinstance(o, io.IOBase) and not o.closed and _descriptor(o) > 2]
`);
const held = openFiles.toJs();
openFiles.destroy();
pyodide.runPython("del gc, io, _descriptor");
if (held.length) {
  console.error(`the kernel's memory would hold open files: ${held.join(", ")}`);
  process.exit(1);
}

// Python keeps a few of the runtime's own functions (micropip's installer, the kernel's
// import loader): each is written as where it lives, for the page to point at its own.
const roots = { pyodide, api: pyodide._api };
const where = (value) => {
  for (const [root, holder] of Object.entries(roots)) {
    if (value === holder) return { root };
    for (const key of Object.getOwnPropertyNames(holder)) {
      try {
        if (holder[key] === value) return { root, key };
      } catch {
        // a getter that cannot run here holds nothing Python kept
      }
    }
  }
  throw new Error(`the kernel holds a JavaScript value the snapshot cannot name: ${String(value).slice(0, 80)}`);
};
const snapshot = pyodide.makeMemorySnapshot({ serializer: where });
writeFileSync(join(runtime, "kernel.snapshot.gz"), gzipSync(snapshot, { level: 6 }));
console.log(`${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
