#!/usr/bin/env node
// The CLI is bundled into dist/ by bin/build.mjs (run by `npm ci` through `prepare`).
// A Node older than package.json's engines.node allows gets one line and exit 1,
// not a failure from deep inside a bundled library (bin/engines.mjs).
import { readFileSync } from 'node:fs';
import { supports } from './engines.mjs';

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
if (supports(process.version, range)) await import('../dist/cli.js');
else {
  process.stderr.write(`docplat: Node ${process.version} is not supported: docplat needs Node ${range} (see https://nodejs.org)\n`);
  process.exitCode = 1;
}
