// Every file docplat writes from API data (issue 19 items 2, 4, 6, 7, 9, 12,
// 14; issue 21 items 1 and 5), against a hostile server on a real loopback
// port that counts what it is asked and sends: names that try to leave the
// folder or hide their extension, symbolic links planted where temporary
// files go, bodies longer, shorter or slower than declared, a server that
// hangs during an export, a folder another export holds, a tree nested
// 20,000 levels deep, and a folder of the user's own files.
import { execFile, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, baseEnv, lines, runInProcess, startCli, tempDir, until, withTestApi, type TestApi } from '../helpers.js';

const made: string[] = [];
/** A temporary folder, removed after the test. */
function scratch(): string {
  const dir = tempDir();
  made.push(dir);
  return dir;
}
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Hostile {
  url: string;
  origin: string;
  /** Each request, as `METHOD path`. */
  requests: string[];
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
}

/** A server on 127.0.0.1 that answers with `handle`, counts requests, and is closed (its hung connections cut) after the test. */
async function hostile(handle: (req: IncomingMessage, res: ServerResponse, origin: string) => void): Promise<Hostile> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    // The space's own read every export makes (its settings, for a restore: content/backup.ts) is answered here, not counted.
    const space = req.method === 'GET' ? /^\/v1\/spaces\/([^/?]+)$/.exec(req.url ?? '') : null;
    if (space) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'space', id: space[1], title: space[1] }));
    requests.push(`${req.method} ${req.url}`);
    handle(req, res, origin);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `${origin}/v1`,
    origin,
    requests,
    env: (extra = {}) => ({ ...baseEnv({ DOCPLAT_API_URL: `${origin}/v1`, DOCPLAT_TOKEN: 'tok', DOCPLAT_ORG: 'org1' }), ...extra }),
  };
}

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** A space whose files and pages are `files` and `pages`; bytes of a file at /dl/<id> are `bytes(id)`. */
function space(files: Record<string, unknown>[], pages: unknown[] | string = [], bytes: (id: string, res: ServerResponse) => void = (_id, res) => res.end('hello')) {
  return (req: IncomingMessage, res: ServerResponse, origin: string) => {
    const url = new URL(req.url!, origin);
    const withUrl = (f: Record<string, unknown>) => ({ downloadURL: `${origin}/dl/${encodeURIComponent(String(f.key ?? f.id))}`, ...f });
    const file = /^\/v1\/spaces\/S\/content\/files\/([^/]+)$/.exec(url.pathname);
    if (file) {
      const found = files.find((f) => (f.ref ?? f.id) === decodeURIComponent(file[1]));
      if (!found) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: 'Not found' } }));
      return json(res, withUrl(found));
    }
    if (url.pathname === '/v1/spaces/S/content/files') return json(res, { items: files.map(withUrl) });
    if (url.pathname === '/v1/spaces/S/content/pages') {
      // Built as text: JSON.stringify itself cannot nest 20,000 levels.
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(typeof pages === 'string' ? `{"pages":[${pages}]}` : JSON.stringify({ pages }));
    }
    const page = /^\/v1\/spaces\/S\/content\/page\/([^/]+)$/.exec(url.pathname);
    if (page) return json(res, { id: page[1], markdown: `# ${page[1]}\n` });
    if (url.pathname.startsWith('/dl/')) return bytes(decodeURIComponent(url.pathname.slice(4)), res);
    res.writeHead(404).end();
  };
}

/** Every entry under a folder, relative, links not followed. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      out.push(prefix + e.name);
      if (e.isDirectory()) walk(join(d, e.name), `${prefix}${e.name}/`);
    }
  };
  walk(dir, '');
  return out.sort();
}

describe('file names from API data', () => {
  it('files download: a name of ".." with the id ".ssh/authorized_keys" stays one file inside --dest, no dotfile; "..notes.txt" is a name; bidi overrides are stripped', async () => {
    const srv = await hostile(
      space([
        { ref: 'f1', id: '.ssh/authorized_keys', key: 'k1', name: '..', size: 5 },
        { id: 'f2', name: '..notes.txt', size: 5 },
        { id: 'f3', name: 'invoice\u202efdp.exe', size: 5 },
        { id: 'f4', name: '\u2066..\u2069', size: 5 },
      ]),
    );
    const dir = scratch();
    const home = join(dir, 'home');
    mkdirSync(home);
    for (const id of ['f1', 'f2', 'f3', 'f4']) {
      const r = await runInProcess(['files', 'download', 'S', id, '--dest', home], { env: srv.env() });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(tree(dir)).toEqual(['home', 'home/_..notes.txt', 'home/_.ssh_authorized_keys', 'home/f4', 'home/invoicefdp.exe']);
    expect(readFileSync(join(home, '_.ssh_authorized_keys'), 'utf8')).toBe('hello');
    // A name beginning with `..` names the file too.
    const byName = await runInProcess(['files', 'download', 'S', '..notes.txt', '--dest', join(dir, 'notes.txt')], { env: srv.env() });
    expect(byName.code, byName.stderr).toBe(0);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('hello');
  });

  it('content export: the same names become assets inside the folder, bidi overrides stripped', async () => {
    const srv = await hostile(
      space(
        [
          { id: '../../escape', name: '..', size: 5 },
          { id: 'f2', name: '..notes.txt', size: 5 },
          { id: 'f3', name: 'invoice\u202efdp.exe', size: 5 },
        ],
        [{ id: 'p1', title: 'Home', type: 'document', path: 'home\u202e' }],
      ),
    );
    const dir = scratch();
    const r = await runInProcess(['content', 'export', 'S', '--dest', join(dir, 'out')], { env: srv.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(tree(dir).filter((p) => !p.endsWith('.docplat-export.json'))).toEqual([
      'out',
      'out/.gitbook',
      'out/.gitbook/assets',
      'out/.gitbook/assets/_.._.._escape',
      'out/.gitbook/assets/_..notes.txt',
      'out/.gitbook/assets/invoicefdp.exe',
      'out/SUMMARY.md',
      'out/home.md',
    ]);
  });
  it('files download --all without --dest, run in a home folder: names the server chose never make dotfiles (.bash_profile, .npmrc, .git, GIT~1)', async () => {
    const names = ['.bash_profile', '.npmrc', '.git', 'GIT~1', '.ssh', 'notes.txt'];
    const srv = await hostile(space(names.map((name, i) => ({ id: `f${i}`, name, size: 5 }))));
    const home = scratch();
    writeFileSync(join(home, '.bash_profile'), 'mine');
    // The built CLI in the home folder as its working folder: no --dest.
    const r = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(process.execPath, [BIN, 'files', 'download', 'S', '--all'], { cwd: home, env: srv.env() }, (err, _out, stderr) => resolve({ code: err ? Number(err.code) : 0, stderr })),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(tree(home)).toEqual(['.bash_profile', '_.bash_profile', '_.git', '_.npmrc', '_.ssh', '_GIT~1', 'notes.txt']);
    expect(readFileSync(join(home, '.bash_profile'), 'utf8')).toBe('mine');
  });
});

describe('the safe writer', () => {
  it('content export never follows a symbolic link planted at a temporary file\'s name or at README.md', () =>
    withTestApi({}, async (api) => {
      const id = (await api.cli(['spaces', 'list', '--all', '--jq', '.[] | select(.title == "Getting Started") | .id'])).stdout.trim();
      const dir = scratch();
      const victim = join(dir, 'victim.txt');
      writeFileSync(victim, 'precious');
      const out = join(dir, 'out');
      mkdirSync(out);
      // Links at every name the previous writer used for its temporaries (`<target>.<pid>.part`), and at README.md.
      for (const rel of ['README.md', 'faq.md', 'SUMMARY.md', '.docplat-export.json']) symlinkSync(victim, join(out, `${rel}.${process.pid}.part`));
      symlinkSync(victim, join(out, 'README.md'));
      const r = await api.cli(['content', 'export', id, '--dest', out, '--force']);
      expect(readFileSync(victim, 'utf8')).toBe('precious');
      expect(lstatSync(join(out, 'README.md')).isSymbolicLink()).toBe(true);
      expect(r.code).toBe(5);
      expect(lines(r.stderr).filter((l) => l.startsWith('failed:'))).toEqual([expect.stringMatching(/README\.md.*symbolic link/)]);
      expect(readFileSync(join(out, 'faq.md'), 'utf8')).toMatch(/^# FAQ/m);
    }));

  it('files download --force and openapi content --dest never replace a symbolic link', async () => {
    const srv = await hostile((req, res, origin) => {
      if (req.url === '/v1/orgs/org1/openapi/pets/versions/latest/content') return json(res, { url: `${origin}/doc.yaml` });
      if (req.url === '/doc.yaml') return void res.end('openapi: 3.0.0\n');
      return space([{ id: 'f1', name: 'a.bin', size: 5 }])(req, res, origin);
    });
    const dir = scratch();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(dir, 'a.bin'));
    symlinkSync(victim, join(dir, 'doc.yaml'));
    const dl = await runInProcess(['files', 'download', 'S', 'f1', '--dest', join(dir, 'a.bin'), '--force'], { env: srv.env() });
    expect(dl.code).toBe(1);
    expect(dl.stderr).toMatch(/symbolic link/);
    const oa = await runInProcess(['openapi', 'content', 'pets', '--dest', join(dir, 'doc.yaml'), '--force'], { env: srv.env() });
    expect(oa.code).toBe(1);
    expect(oa.stderr).toMatch(/symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(join(dir, 'a.bin')).isSymbolicLink() && lstatSync(join(dir, 'doc.yaml')).isSymbolicLink()).toBe(true);
    expect(tree(dir)).toEqual(['a.bin', 'doc.yaml', 'victim.txt']);
  });
});

describe('download bounds', () => {
  /** Bytes the server sent to /dl/<id>, per id. */
  const sent = new Map<string, number>();
  const bodies = (id: string, res: ServerResponse) => {
    const write = (chunk: Buffer) => {
      sent.set(id, (sent.get(id) ?? 0) + chunk.length);
      return res.write(chunk);
    };
    if (id === 'endless' || id === 'huge') {
      // No length (or one of 10^12); bytes for as long as the client reads, 5 s at most.
      if (id === 'huge') res.writeHead(200, { 'content-length': String(10 ** 12) });
      const until = Date.now() + 5000;
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (Date.now() < until && !res.destroyed) if (!write(chunk)) return void res.once('drain', pump);
        res.end();
      };
      return pump();
    }
    // The -large ones are declared over 8 MB: the download takes the other transport (node:http rather than undici).
    const length = id.endsWith('-large') ? String(20 << 20) : '100';
    if (id.startsWith('short')) {
      res.writeHead(200, { 'content-length': length });
      write(Buffer.alloc(37, 97));
      return void setTimeout(() => res.socket?.destroy(), 50);
    }
    if (id.startsWith('stall')) {
      res.writeHead(200, { 'content-length': length });
      return void write(Buffer.alloc(10, 97));
    }
    res.writeHead(200, { 'content-length': '37' });
    res.end(Buffer.alloc(37, 97));
  };
  const files = [
    { id: 'endless', name: 'endless.bin', size: 10 },
    { id: 'huge', name: 'huge.bin', size: 10 },
    { id: 'short', name: 'short.bin', size: 100 },
    { id: 'stall', name: 'stall.bin', size: 100 },
    { id: 'drift', name: 'drift.bin', size: 0 },
    { id: 'short-large', name: 'short-large.bin', size: 20 << 20 },
    { id: 'stall-large', name: 'stall-large.bin', size: 20 << 20 },
  ];

  it('a body past the declared size stops there (no Content-Length: the size and a margin)', async () => {
    const srv = await hostile(space(files, [], bodies));
    const dir = scratch();
    const r = await runInProcess(['files', 'download', 'S', 'endless', '--dest', dir, '--timeout', '2'], { env: srv.env() });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: download of endless\.bin stopped: the server sent more than the file's size of 10 bytes/)]);
    expect(sent.get('endless')!).toBeLessThan(8 << 20);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a Content-Length of 10^12 for a file whose size says 10 bytes is refused before a byte is read (the smaller bound holds)', async () => {
    const srv = await hostile(space(files, [], bodies));
    const dir = scratch();
    for (const args of [['--dest', dir], ['--dest', '-']]) {
      sent.delete('huge');
      const r = await runInProcess(['files', 'download', 'S', 'huge', ...args, '--timeout', '2'], { env: srv.env() });
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual(["error: download of huge.bin refused: its Content-Length of 1000000000000 bytes is more than the file's size of 10 bytes and its margin"]);
      expect(r.stdout).toBe('');
      expect(sent.get('huge') ?? 0).toBeLessThan(8 << 20);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([['short', 100], ['short-large', 20 << 20]])('a connection closed mid-download is "incomplete download: got N of M bytes"; nothing is left (%s)', async (id, size) => {
    const srv = await hostile(space(files, [], bodies));
    const dir = scratch();
    const r = await runInProcess(['files', 'download', 'S', id, '--dest', dir], { env: srv.env() });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`error: incomplete download: got 37 of ${size} bytes of ${id}.bin (the connection closed early)`]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([['stall', 100], ['stall-large', 20 << 20]])('--timeout is an idle limit on the body (%s)', async (id, size) => {
    const srv = await hostile(space(files, [], bodies));
    const dir = scratch();
    const started = Date.now();
    const r = await runInProcess(['files', 'download', 'S', id, '--dest', dir, '--timeout', '1'], { env: srv.env() });
    expect(r.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(lines(r.stderr)).toEqual([`error: incomplete download: got 10 of ${size} bytes of ${id}.bin (no bytes came within the time limit (--timeout))`]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a metadata size that differs from what storage sends (checked against Content-Length) is a warning, not a failure', async () => {
    const srv = await hostile(space(files, [], bodies));
    const dir = scratch();
    const r = await runInProcess(['files', 'download', 'S', 'drift.bin', '--dest', dir], { env: srv.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/drift\.bin: its metadata says 0 bytes, the storage sent 37/);
    expect(readFileSync(join(dir, 'drift.bin'))).toHaveLength(37);
  });
});

describe('files download by name and --all', () => {
  it('--all writes every file of the space, concurrently; a re-run skips the complete ones and sends no download', () =>
    withTestApi({ log: (l) => log.push(l) }, async (api) => {
      const id = (await api.cli(['spaces', 'list', '--all', '--jq', '.[] | select(.title == "Getting Started") | .id'])).stdout.trim();
      const listed = JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { id: string; name: string; size: number }[];
      const dir = join(scratch(), 'assets');
      const r = await api.cli(['files', 'download', id, '--all', '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(listed.map((f) => f.name).sort());
      for (const f of listed) expect(readFileSync(join(dir, f.name))).toHaveLength(f.size);
      log.length = 0;
      const again = await api.cli(['files', 'download', id, '--all', '--dest', dir]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(new RegExp(`Downloaded 0 of ${listed.length} files .*; ${listed.length} already complete`));
      expect(log.filter((l) => /^GET \/_sandbox\/files|download/i.test(l))).toEqual([]);
      // By name, not only by id.
      const one = join(scratch(), 'one');
      mkdirSync(one);
      const byName = await api.cli(['files', 'download', id, listed[0].name, '--dest', one]);
      expect(byName.code, byName.stderr).toBe(0);
      expect(readdirSync(one)).toEqual([listed[0].name]);
      const none = await api.cli(['files', 'download', id, 'no-such-file.png', '--dest', one]);
      expect(none.code).toBe(3);
      expect(lines(none.stderr)).toEqual([expect.stringMatching(/no file with id or name "no-such-file\.png"/)]);
    }));
  const log: string[] = [];
});

describe('content export: the folder', () => {
  const spaceOf = async (api: TestApi) => (await api.cli(['spaces', 'list', '--all', '--jq', '.[] | select(.title == "Getting Started") | .id'])).stdout.trim();

  it('a folder of the user\'s own files is refused (--force named), nothing replaced; a file the export did not write is kept', () =>
    withTestApi({}, async (api) => {
      const id = await spaceOf(api);
      const repo = join(scratch(), 'repo');
      mkdirSync(repo);
      writeFileSync(join(repo, 'README.md'), 'MY OWN README');
      const r = await api.cli(['content', 'export', id, '--dest', repo]);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/--dest: .*repo is not empty and holds no docplat export .*--force/)]);
      expect(readdirSync(repo)).toEqual(['README.md']);
      expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('MY OWN README');
      // Its own export folder: a file at a page's path that the manifest does not list as written is kept.
      const out = join(scratch(), 'out');
      expect((await api.cli(['content', 'export', id, '--dest', out])).code).toBe(0);
      const manifest = JSON.parse(readFileSync(join(out, '.docplat-export.json'), 'utf8'));
      const faq = Object.keys(manifest.pages).find((k) => manifest.pages[k].path === 'faq.md')!;
      delete manifest.pages[faq];
      writeFileSync(join(out, '.docplat-export.json'), JSON.stringify(manifest));
      writeFileSync(join(out, 'faq.md'), 'MY OWN FAQ');
      const again = await api.cli(['content', 'export', id, '--dest', out]);
      expect(again.code).toBe(5);
      expect(again.stderr).toMatch(/failed: page .*faq\.md.*exists; this export did not write it: remove it, or pass --force/);
      expect(readFileSync(join(out, 'faq.md'), 'utf8')).toBe('MY OWN FAQ');
      const forced = await api.cli(['content', 'export', id, '--dest', out, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(readFileSync(join(out, 'faq.md'), 'utf8')).toMatch(/^# FAQ/m);
    }));

  it('a run killed before it recorded what it wrote: the next run keeps each such page and file (same bytes) and records it', () =>
    withTestApi({}, async (api) => {
      const id = await spaceOf(api);
      const out = join(scratch(), 'out');
      expect((await api.cli(['content', 'export', id, '--dest', out])).code).toBe(0);
      const path = join(out, '.docplat-export.json');
      const whole = JSON.parse(readFileSync(path, 'utf8'));
      // As the manifest was saved before its last pages and files were recorded: written, not listed.
      const manifest = structuredClone(whole);
      const faq = Object.keys(manifest.pages).find((k) => manifest.pages[k].path === 'faq.md')!;
      const file = Object.keys(manifest.files)[0];
      delete manifest.pages[faq];
      delete manifest.files[file];
      writeFileSync(path, JSON.stringify(manifest));
      const before = [lstatSync(join(out, 'faq.md')).ino, lstatSync(join(out, whole.files[file].path)).ino];
      const again = await api.cli(['content', 'export', id, '--dest', out, '--json']);
      expect(again.code, again.stderr).toBe(0);
      const after = JSON.parse(readFileSync(path, 'utf8'));
      expect(after.pages[faq]).toMatchObject({ path: 'faq.md', sha256: whole.pages[faq].sha256 });
      expect(after.files[file]).toMatchObject({ path: whole.files[file].path, sha256: whole.files[file].sha256 });
      // Kept, not replaced.
      expect([lstatSync(join(out, 'faq.md')).ino, lstatSync(join(out, whole.files[file].path)).ino]).toEqual(before);
    }));

  it('a second export into a folder another export holds names its process and exits 1; nothing is written', () =>
    withTestApi({}, async (api) => {
      const id = await spaceOf(api);
      const out = join(scratch(), 'out');
      mkdirSync(out);
      const holder = spawn('sleep', ['30']);
      closers.push(async () => void holder.kill());
      writeFileSync(join(out, '.docplat-export.json.lock'), `${holder.pid}\nabc\n`);
      const before = api.sandbox.requestCount;
      const r = await api.cli(['content', 'export', id, '--dest', out]);
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual([`error: --dest: ${out} is in use by another export (process ${holder.pid}); wait for it to finish, or choose another folder`]);
      expect(api.sandbox.requestCount).toBe(before);
      expect(readdirSync(out)).toEqual(['.docplat-export.json.lock']);
      // Its process gone, the lock is stale: taken over, and released at the end.
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
      const after = await api.cli(['content', 'export', id, '--dest', out]);
      expect(after.code, after.stderr).toBe(0);
      expect(existsSync(join(out, '.docplat-export.json.lock'))).toBe(false);
    }));

  it('a page tree nested 20,000 levels deep is a clear error, not a stack overflow', async () => {
    const open = Array.from({ length: 20_000 }, (_, i) => `{"id":"p${i}","title":"T","type":"document","path":"x","pages":[`).join('');
    const deep = `${open}{"id":"leaf","title":"Leaf","type":"document","path":"x"}${']}'.repeat(20_000)}`;
    const srv = await hostile(space([], deep));
    const dir = scratch();
    const r = await runInProcess(['content', 'export', 'S', '--dest', join(dir, 'out')], { env: srv.env() });
    expect(r.code).toBe(1);
    // Refused where the answer is read (JSON past its depth bound): one line.
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: .*nested deeper than \d+ levels/)]);
    expect(r.stderr).not.toMatch(/call stack/);
    expect(srv.requests.filter((q) => q.includes('/content/page/'))).toEqual([]);
  });

  it('the first Ctrl-C against a hung server stops at once, records the complete pages in the manifest, says so, exits 130', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, title: `P${i}`, type: 'document', path: `p${i}` }));
    let answered = 0;
    const srv = await hostile((req, res, origin) => {
      const page = /\/content\/page\/(p\d+)/.exec(req.url!);
      // The first 4 pages answer; every later one hangs.
      if (page && answered >= 4) return;
      if (page) answered++;
      space([], pages)(req, res, origin);
    });
    const dir = scratch();
    const out = join(dir, 'out');
    const run = startCli(['content', 'export', 'S', '--dest', out, '--concurrency', '2'], { env: srv.env() });
    await until(() => answered >= 4 && srv.requests.filter((q) => q.includes('/content/page/')).length >= 6);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sent = Date.now();
    run.child.kill('SIGINT');
    const done = await run.done;
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(done.code).toBe(130);
    expect(lines(done.stderr).at(-1)).toBe(`error: interrupted: 4 of 20 pages and files are in ${out}, each complete and recorded in its manifest; run the same command again to finish`);
    const manifest = JSON.parse(readFileSync(join(out, '.docplat-export.json'), 'utf8'));
    expect(Object.keys(manifest.pages).sort()).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(tree(out).filter((f) => f.endsWith('.part') || f.endsWith('.lock'))).toEqual([]);
  });
});
