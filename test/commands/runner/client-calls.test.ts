// One road for every request: a command sends through ctx.api, whose requests
// are built from the operation table (retries, masked fields and the answer's
// shape from the operation) and leave through the send stage
// (runner/send.ts), the one module that takes the context's client. The raw
// request (client/raw.ts) is for `docplat api` and for downloads from a URL
// the API gave. This reads every module of src/commands.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, modules } from './imports.js';

/** The one module that takes the context's client. */
const DOOR = 'runner/send.ts';

/** Where a client for another API URL and token is made (`ctx.api.connect`). */
const CONNECT = 'tools.ts';

/** Who may send a raw request: `docplat api`, and the downloads from a URL the API gave. */
const RAW = ['api/', 'files/download.ts', 'openapi/publish.ts', 'org/live.ts'];

/** What a module of src/commands (`path`, relative) does that only some may. */
function reaches(path: string, text: string): string[] {
  const found: string[] = [];
  if (/\bctx\.client\(|\.client\(\s*\)/.test(text) && path !== DOOR) found.push(`${path} takes the client (ctx.client())`);
  if (/\bApiClient\b/.test(text) && path !== DOOR) found.push(`${path} holds an ApiClient`);
  if (/\bmakeClient\(/.test(text) && path !== CONNECT) found.push(`${path} makes a client (use ctx.api.connect)`);
  if (/\bapi\.raw\(|\brawRequest\b|client\/raw\.js/.test(text) && path !== CONNECT && !RAW.some((r) => path.startsWith(r))) found.push(`${path} sends a raw request`);
  return found;
}

const sources = [...modules(COMMANDS)].map((file) => [relative(COMMANDS, file).split('\\').join('/'), readFileSync(file, 'utf8')] as const);

describe('every request goes down the one road', () => {
  it('finds a module that reaches around it (the check can fail)', () => {
    expect(reaches('spaces/x.ts', 'const client = await ctx.client();')).toEqual(['spaces/x.ts takes the client (ctx.client())']);
    expect(reaches('auth/x.ts', 'const c = await ctx.makeClient(url, token);')).toEqual(['auth/x.ts makes a client (use ctx.api.connect)']);
    expect(reaches('sites/x.ts', "await ctx.api.send(ctx.api.raw('GET', url));")).toEqual(['sites/x.ts sends a raw request']);
    expect(reaches('files/download.ts', "await ctx.api.send(ctx.api.raw('GET', url, { as: 'stream' }));")).toEqual([]);
    expect(reaches('ids.ts', "import type { ApiClient } from '../client/http.js';")).toEqual(['ids.ts holds an ApiClient']);
  });

  it('no module of src/commands takes the client but the send stage', () => {
    expect(sources.flatMap(([path, text]) => reaches(path, text))).toEqual([]);
  });
});
