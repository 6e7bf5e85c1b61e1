// Compile wheels' Python to bytecode with the site's own Pyodide (the browser's CPython),
// so a page imports IPython, the widgets and the engine without compiling them first.
// Usage: node tools/compile_wheels.mjs <pyodide dir> <in.whl> <out.whl> [<in.whl> <out.whl>...]
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, ...pairs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(runtime), "pyodide.mjs")).href);
// Nothing is installed here: an empty lock keeps Pyodide from looking for its CDN's.
const info = JSON.parse(readFileSync(join(runtime, "pyodide-lock.json"), "utf8")).info;
const pyodide = await loadPyodide({
  indexURL: resolve(runtime) + "/",
  lockFileContents: JSON.stringify({ info, packages: {} }),
});
const compile = pyodide.runPython(`
import compileall, os, py_compile, shutil, zipfile

def compile_wheel(source, target):
    """Each module's .py replaced by its .pyc beside it (hash-checked never: the files do not change)."""
    shutil.rmtree("/tmp/wheel", ignore_errors=True)
    with zipfile.ZipFile(source) as wheel:
        names = wheel.namelist()
        wheel.extractall("/tmp/wheel")
    compileall.compile_dir("/tmp/wheel", legacy=True, quiet=2,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name in names:
            compiled = f"/tmp/wheel/{name}c"
            if name.endswith(".py") and ".dist-info/" not in name and os.path.exists(compiled):
                out.writestr(zipfile.ZipInfo(name + "c", (2020, 1, 1, 0, 0, 0)), open(compiled, "rb").read())
            else:
                out.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), open(f"/tmp/wheel/{name}", "rb").read())

compile_wheel
`);
for (let index = 0; index < pairs.length; index += 2) {
  pyodide.FS.writeFile("/tmp/in.whl", readFileSync(pairs[index]));
  compile("/tmp/in.whl", "/tmp/out.whl");
  writeFileSync(pairs[index + 1], pyodide.FS.readFile("/tmp/out.whl"));
}
