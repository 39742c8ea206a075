#!/usr/bin/env node
// The CLI is bundled into dist/ by bin/build.mjs (run by `npm ci` through `prepare`).
import '../dist/cli.js';
