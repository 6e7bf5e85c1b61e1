// The static site's Pyodide loader: the kernel's worker loads this in place of pyodide.js
// (the kernel extension's `pyodideUrl` setting) and calls its loadPyodide.
//
// It starts Pyodide from kernel.snapshot.gz, the memory of a kernel that has already
// imported IPython, the kernel and the lessons (tools/snapshot_kernel.mjs), instead of
// importing them again on every page; that import is most of a page's start. The
// snapshot holds no files, so the wheels are then loaded for theirs (modules imported
// later, the lessons' data), and the random module is reseeded: every page restores the
// same memory. Without the snapshot, or if it cannot be restored, Pyodide starts as usual.
"use strict";

(() => {
  const startKernel = async (config) => {
    const folder = new URL(config.indexURL, self.location.href);
    const snapshot = fetchSnapshot(new URL("kernel.snapshot.gz", folder));
    importScripts(new URL("pyodide.js", folder).href);
    const loadPyodide = self.loadPyodide;
    self.loadPyodide = startKernel;
    try {
      const memory = await snapshot;
      if (memory) return await restore(loadPyodide, config, memory);
    } catch (error) {
      console.warn("The kernel's snapshot could not be restored; starting Pyodide afresh.", error);
    }
    return loadPyodide(config);
  };

  // null when there is no snapshot to fetch (a site built without one, a network error);
  // a snapshot that arrives but cannot be read rejects, and the page says so.
  const fetchSnapshot = async (address) => {
    let response;
    try {
      response = await fetch(address);
    } catch {
      return null;
    }
    if (!response.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Some hosts send a .gz file with Content-Encoding: gzip, and the browser has already
    // unpacked it: only gzip's own bytes need unpacking here.
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const memory = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(memory).arrayBuffer());
  };

  const restore = async (loadPyodide, config, memory) => {
    // The snapshot names each runtime function Python kept by where it lives
    // ({root, key}); these stand-ins reach the restored runtime's own once it exists.
    const live = {};
    const standIn = ({ root, key }) => {
      if (key === undefined) {
        return new Proxy({}, {
          get: (_, name) => Reflect.get(live[root], name),
          has: (_, name) => Reflect.has(live[root], name),
          ownKeys: () => Reflect.ownKeys(live[root]),
        });
      }
      return function (...args) {
        return live[root][key].apply(live[root], args);
      };
    };
    const { packages = [], ...rest } = config;
    const pyodide = await loadPyodide({ ...rest, _loadSnapshot: memory, _snapshotDeserializer: standIn });
    live.pyodide = pyodide;
    live.api = pyodide._api;
    await pyodide.loadPackage(packages, { messageCallback: () => {} });
    pyodide.runPython("import random; random.seed()");
    return pyodide;
  };

  self.loadPyodide = startKernel;
})();
