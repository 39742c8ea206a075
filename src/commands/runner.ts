// The one runner of declared commands (define.ts). Its stages live in
// runner/: register.ts (commander) hands what was typed to pipeline.ts, which
// takes every command down the same road: bind → check → resolve → plan →
// confirm → send → render (src/README.md). Hand-written `run` handlers get
// the same tools on their context (ctx.api, ctx.resolve, ctx.readUserFile:
// tools.ts) and import nothing from here
// (test/commands/runner/imports.test.ts). What the rest of the program needs:
export { registerCommands } from './runner/register.js';
export { flagChoices, flagSpec } from './missing.js';
