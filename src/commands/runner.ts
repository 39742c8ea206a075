// The one runner of declared commands (define.ts). Its stages live in
// runner/: register.ts (commander) hands what was typed to pipeline.ts, which
// takes every command down the same road: bind → resolve → check → plan →
// confirm → send → render. Hand-written `run` handlers get the same tools on
// their context (ctx.api, ctx.resolve, ctx.readUserFile: runner/tools.ts) and
// import nothing from here (test/commands/runner/imports.test.ts).
export { registerCommands } from './runner/register.js';
export { execute } from './runner/pipeline.js';
export { send } from './runner/send.js';
export { checkedRequest } from './naming.js';
export { DEFAULT_LIMIT } from './listing.js';
export { flagChoices, flagSpec } from './missing.js';
export { readUserFile } from './user-file.js';
