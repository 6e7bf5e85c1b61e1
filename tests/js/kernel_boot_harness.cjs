// Runs tools/kernel_boot.js the way the kernel's worker does, with a stand-in runtime and
// network, and prints what it did as JSON (tests/test_kernel_boot.py reads it).
// Usage: node kernel_boot_harness.cjs <kernel_boot.js> <scenario>
//   scenario: gzip | unpacked | missing | corrupt | refused
"use strict";
const fs = require("node:fs");
const vm = require("node:vm");
const zlib = require("node:zlib");

const [script, scenario] = process.argv.slice(2);
const memory = Uint8Array.from([7, 1, 2, 9]); // the "snapshot": its bytes must reach Pyodide as they are
const bodies = {
  gzip: zlib.gzipSync(memory),
  unpacked: memory,
  corrupt: Uint8Array.from([0x1f, 0x8b, 0, 1, 2]),
  refused: zlib.gzipSync(memory),
};
const calls = [];
const warnings = [];
const runtime = {
  _api: { install: (...args) => calls.push(["api.install", ...args]) },
  loadPackage: async (packages) => calls.push(["loadPackage", packages]),
  runPython: (code) => calls.push(["runPython", code]),
};
let deserializer = null;
const worker = {
  location: { href: "http://site.test/extensions/kernel/worker.js" },
  URL, Blob, Response, DecompressionStream, Uint8Array, Proxy, Reflect, JSON,
  console: { warn: (...parts) => warnings.push(parts.map(String).join(" ")) },
  fetch: async (address) => {
    calls.push(["fetch", String(address)]);
    const body = bodies[scenario];
    return body ? new Response(body, { status: 200 }) : new Response("", { status: 404 });
  },
  importScripts: (address) => {
    calls.push(["importScripts", String(address)]);
    worker.self.loadPyodide = async (config) => {
      const { _loadSnapshot: snapshot, _snapshotDeserializer: standIn, ...rest } = config;
      calls.push(["loadPyodide", rest, snapshot ? Array.from(snapshot) : null]);
      if (snapshot && scenario === "refused") throw new Error("Snapshot build id mismatch");
      deserializer = standIn ?? null;
      return runtime;
    };
  },
};
worker.self = worker;
vm.createContext(worker);
vm.runInContext(fs.readFileSync(script, "utf8"), worker);

(async () => {
  const config = { indexURL: "http://site.test/static/pyodide/", packages: ["hearts-lessons"], lockFileURL: "lock.json" };
  const started = await worker.self.loadPyodide(config);
  const reached = {};
  if (deserializer) {
    // What Python kept in the snapshot reaches the restored runtime's own functions.
    deserializer({ root: "pyodide", key: "loadPackage" })(["later"]);
    deserializer({ root: "api", key: "install" })("wheel");
    reached.public = deserializer({ root: "pyodide" }).runPython === runtime.runPython;
    reached.api = "install" in deserializer({ root: "api" });
  }
  console.log(JSON.stringify({ calls, warnings, reached, same: started === runtime, memory: Array.from(memory) }));
})();
