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
    const memory = await snapshot;
    if (memory) {
      try {
        return await restore(loadPyodide, config, memory);
      } catch (error) {
        console.warn("The kernel's snapshot could not be restored; starting Pyodide afresh.", error);
      }
    }
    return loadPyodide(config);
  };

  const fetchSnapshot = async (address) => {
    try {
      const response = await fetch(address);
      if (!response.ok) return null;
      const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
      return new Uint8Array(await new Response(memory).arrayBuffer());
    } catch {
      return null;
    }
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
