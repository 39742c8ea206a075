#!/usr/bin/env node
// The CLI is bundled into dist/ by bin/build.mjs (run by `npm ci` through `prepare`).
// CommonJS (bin/package.json): Node starts no ES module loader for a command.
// A Node older than package.json's engines.node allows gets one line and exit 1,
// not a failure from deep inside a bundled library (bin/engines.cjs).
const range = require('../package.json').engines.node;
if (require('./engines.cjs').supports(process.version, range)) require('../dist/cli.cjs');
else {
  process.stderr.write(`docplat: Node ${process.version} is not supported: docplat needs Node ${range} (see https://nodejs.org)\n`);
  process.exitCode = 1;
}
