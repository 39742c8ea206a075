#!/usr/bin/env node
// The CLI is bundled into dist/ by bin/build.mjs (run by `npm ci` through `prepare`).
// CommonJS (bin/package.json): Node starts no ES module loader for a command.
require('../dist/cli.cjs');
