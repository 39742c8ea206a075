// A hostile API for terminal tests: a loopback proxy in front of a sandbox
// that poisons EVERY string of its JSON answers with escape sequences (OSC 52
// clipboard, OSC 0 title, OSC 8 link, CSI clear, 8-bit CSI U+009B, NEL, RLO
// U+202E, an isolate, \r, NUL). What the CLI sends back (ids, cursors, bodies)
// is cleaned before it is forwarded, so commands go as deep as they would.
// URLs keep working: their poison is in the fragment, which is never sent.
// Every second page read as Markdown answers 400 with a poisoned message (the
// failure lines of `content export`).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export const POISON = '\x1b]52;c;cG9pc29uZWQ=\x07\x1b]0;pwned\x07\x1b]8;;https://evil.example/\x1b\\\x1b[2J\u009b6n\x85\u202e\u2066\r\0';

const strip = (s: string) => s.split(POISON).join('');

/** Which fields are poisoned (by key; an array's items by the array's key): all of them unless told otherwise. */
export type Poisons = (key: string) => boolean;

function poison(value: unknown, poisons: Poisons, key = ''): unknown {
  if (typeof value === 'string') {
    if (!poisons(key)) return value;
    return /^https?:\/\//i.test(value) ? `${value}#${POISON}` : `${POISON}${value}${POISON}`;
  }
  if (Array.isArray(value)) return value.map((v) => poison(v, poisons, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, poisons, k)]));
  return value;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return strip(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v)]));
  return value;
}

export interface PoisonProxy {
  /** Base API URL (with /v1), as DOCPLAT_API_URL. */
  url: string;
  close(): Promise<void>;
}

/** Starts the poisoning proxy in front of `target` (a sandbox's API URL). */
export async function startPoisonProxy(target: string, poisons: Poisons = () => true): Promise<PoisonProxy> {
  const origin = new URL(target).origin;
  let markdownReads = 0;
  const server: Server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://proxy');
      const path = url.pathname
        .split('/')
        .map((seg) => {
          try {
            return encodeURIComponent(strip(decodeURIComponent(seg)));
          } catch {
            return seg;
          }
        })
        .join('/');
      const query = new URLSearchParams();
      for (const [k, v] of url.searchParams) query.append(k, strip(v));
      if (query.get('format') === 'markdown' && ++markdownReads % 2 === 0) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(poison({ error: { code: 400, message: 'this page is poisoned' } }, poisons)));
        return;
      }
      const type = String(req.headers['content-type'] ?? '');
      let body: Blob | string | undefined = raw.length ? new Blob([raw]) : undefined;
      if (body && type.includes('json')) {
        try {
          body = JSON.stringify(clean(JSON.parse(raw.toString('utf8'))));
        } catch {
          /* not JSON: forwarded as is */
        }
      }
      const headers: Record<string, string> = {};
      for (const h of ['authorization', 'content-type', 'accept', 'idempotency-key']) if (typeof req.headers[h] === 'string') headers[h] = req.headers[h] as string;
      const answer = await fetch(`${origin}${path}${[...query].length ? `?${query}` : ''}`, { method: req.method, headers, body, redirect: 'manual' });
      const text = await answer.text();
      const out: Record<string, string> = {};
      for (const h of ['content-type', 'retry-after', 'location']) {
        const v = answer.headers.get(h);
        if (v) out[h] = v;
      }
      let sent = text;
      if (text && (out['content-type'] ?? '').includes('json')) {
        try {
          sent = JSON.stringify(poison(JSON.parse(text), poisons));
        } catch {
          /* not JSON */
        }
      }
      res.writeHead(answer.status, out);
      res.end(sent);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 502, message: `proxy: ${(err as Error).message}` } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${new URL(target).pathname.replace(/\/+$/, '')}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a terminal must never receive from docplat: any escape sequence but
 * the colours (SGR) and the progress line's erase (EL), and the cursor moves
 * of a prompt when `prompts`; any C1 code, bidi control or NUL; a \r that is
 * not a line end or the start of the progress line.
 */
export function rawSequences(screen: string, prompts = false): string[] {
  let s = screen.replace(/\r\n/g, '\n').replace(/\r\x1b\[K/g, '').replace(/\x1b\[[0-9;]*[mK]/g, '');
  // @inquirer's own drawing: cursor moves and shows, line erases (CSI with a final letter, never OSC).
  if (prompts) s = s.replace(/\x1b\[\??[0-9;]*[ABCDEFGHJKhlG]/g, '');
  const found: string[] = [];
  // eslint-disable-next-line no-control-regex
  for (const m of s.matchAll(/\x1b.{0,6}|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gs)) found.push(JSON.stringify(m[0]));
  return found;
}

/** What is wrong with a screen: '' when clean, else the first raw sequences found and the screen. */
export function unclean(what: string, screen: string, prompts = false): string {
  const found = rawSequences(screen, prompts);
  return found.length ? `${what}: raw ${found.slice(0, 5).join(' ')} in ${JSON.stringify(screen.slice(0, 600))}` : '';
}

/** Fails with the first raw sequences found, and where. */
export function expectClean(what: string, screen: string, prompts = false): void {
  expect(unclean(what, screen, prompts)).toBe('');
}
