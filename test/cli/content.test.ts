// Content through the CLI against the sandbox: content get/import, pages
// list/get/links, files list/get/backlinks/download, each in a space and in
// a change request (--change-request), in every output mode.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, tempDir, tsv, useTestApi } from '../helpers.js';
import { flat } from '../content-helpers.js';

const api = useTestApi({ largeFileMB: 3 });


async function ok(args: string[], opts: Parameters<typeof api.cli>[1] = {}) {
  const r = await api.cli(args, opts);
  expect(r.code, r.stderr).toBe(0);
  return r;
}

async function space(title = 'Getting Started'): Promise<string> {
  const r = await ok(['spaces', 'list', '--all', '--jq', `.[] | select(.title == "${title}") | .id`]);
  return r.stdout.trim();
}

async function apiJson(path: string): Promise<any> {
  const res = await fetch(api.sandbox.url + path, { headers: { authorization: `Bearer ${api.sandbox.token}` } });
  return res.json();
}

describe('pages list', () => {
  it('one row per page in tree order (id first, as in every list; title, path, type) when piped', async () => {
    const id = await space();
    const r = await ok(['pages', 'list', id]);
    const tree = flat((await apiJson(`/spaces/${id}/content/pages`)).pages);
    expect(tsv(r.stdout)).toEqual(tree.map((p) => [p.id, p.title, p.path ?? '', p.type]));
  });

  it('--tree: two-space indentation when piped, box drawing on a terminal', async () => {
    const id = await space();
    const piped = await ok(['pages', 'list', id, '--tree']);
    expect(lines(piped.stdout)).toContain('    Linux (getting-started/installation/linux)');
    expect(lines(piped.stdout)).toContain('  Authentication (guides/authentication)');
    expect(piped.stdout).not.toMatch(/[├└│]/);
    const tty = await runInProcess(['pages', 'list', id, '--tree'], { env: api.env(), stdoutTTY: true });
    expect(tty.code, tty.stderr).toBe(0);
    const out = lines(tty.stdout);
    expect(out[0]).toBe('Introduction (/)');
    expect(out).toContain('├── Installation (getting-started/installation)');
    expect(out).toContain('│   ├── Linux (getting-started/installation/linux)');
    expect(out).toContain('│   └── macOS (getting-started/installation/macos)');
    expect(out).toContain('└── Quickstart (getting-started/quickstart)');
    expect(out[out.length - 1]).toBe('Status page → https://status.example.com/');
  });

  it('--json prints the API\'s nested array; --jsonl one page per line with depth and parent', async () => {
    const id = await space();
    const api2 = await apiJson(`/spaces/${id}/content/pages`);
    const json = await ok(['pages', 'list', id, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(api2.pages);
    const jsonl = (await ok(['pages', 'list', id, '--jsonl'])).stdout.trim().split('\n').map((l) => JSON.parse(l));
    const tree = flat(api2.pages);
    expect(jsonl.map((p) => p.id)).toEqual(tree.map((p) => p.id));
    const linux = jsonl.find((p) => p.path === 'getting-started/installation/linux');
    expect(linux.docplat).toEqual({ depth: 2, parent: tree.find((p) => p.path === 'getting-started/installation')!.id });
    expect(jsonl[0].docplat).toEqual({ depth: 0, parent: null });
    expect(jsonl.every((p) => p.pages === undefined)).toBe(true);
  });

  it('--change-request reads the change request\'s tree (by number or id)', async () => {
    const id = await space();
    const r = await ok(['pages', 'list', id, '--change-request', '1', '--tree']);
    expect(r.stdout).toContain('  Installing (getting-started/installation)');
    expect(r.stdout).toContain('    Windows (getting-started/installation/windows)');
    const bad = await api.cli(['pages', 'list', id, '--change-request', '99']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/No change request 99/);
  });

  it('--tree with an output flag prints the data as without --tree (as sites tree does): --json nested, CSV rows, --fields', async () => {
    const id = await space();
    for (const extra of [['--json'], ['--output', 'csv'], ['--jsonl'], ['--fields', 'id,title']]) {
      const tree = await ok(['pages', 'list', id, '--tree', ...extra]);
      expect(tree.stdout, extra.join(' ')).toBe((await ok(['pages', 'list', id, ...extra])).stdout);
    }
    expect(JSON.parse((await ok(['pages', 'list', id, '--tree', '--json'])).stdout)[0].pages).toBeDefined();
  });
});

describe('pages get', () => {
  it('by id: the page\'s fields; --json the object', async () => {
    const id = await space();
    const faq = flat((await apiJson(`/spaces/${id}/content/pages`)).pages).find((p) => p.path === 'faq')!;
    const r = await ok(['pages', 'get', id, faq.id]);
    expect(r.stdout).toContain('FAQ');
    const json = JSON.parse((await ok(['pages', 'get', id, faq.id, '--json'])).stdout);
    expect(json).toEqual(await apiJson(`/spaces/${id}/content/page/${faq.id}?format=document`));
  });

  it('--format markdown prints the Markdown itself and nothing else; with --json the whole object', async () => {
    const id = await space();
    const page = flat((await apiJson(`/spaces/${id}/content/pages`)).pages).find((p) => p.path === 'guides/authentication')!;
    const expected = (await apiJson(`/spaces/${id}/content/page/${page.id}?format=markdown`)).markdown;
    const r = await ok(['pages', 'get', id, page.id, '--format', 'markdown']);
    expect(r.stdout).toBe(expected);
    const json = JSON.parse((await ok(['pages', 'get', id, page.id, '--format', 'markdown', '--json'])).stdout);
    expect(json.markdown).toBe(expected);
    expect(json.id).toBe(page.id);
  });

  it('by path, resolved through the tree (with or without a leading slash), also in a change request', async () => {
    const id = await space();
    const byPath = await ok(['pages', 'get', id, 'getting-started/installation', '--format', 'markdown']);
    expect(byPath.stdout).toMatch(/^# Installation\n/);
    const slash = await ok(['pages', 'get', id, '/faq', '--json']);
    expect(JSON.parse(slash.stdout).path).toBe('faq');
    const single = await ok(['pages', 'get', id, 'faq', '--json']);
    expect(JSON.parse(single.stdout).title).toBe('FAQ');
    const cr = await ok(['pages', 'get', id, 'getting-started/installation', '--format', 'markdown', '--change-request', '1']);
    expect(cr.stdout).toMatch(/^# Installing\n/);
    const missing = await api.cli(['pages', 'get', id, 'no/such/page']);
    expect(missing.code).toBe(3);
    expect(lines(missing.stderr)).toEqual([expect.stringMatching(/no page with id or path "no\/such\/page"/)]);
  });

  it('--dry-run prints the request and sends none', async () => {
    const before = api.sandbox.requestCount;
    const r = await ok(['pages', 'get', 'S', 'P', '--format', 'markdown', '--dry-run']);
    expect(r.stdout).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/spaces\/S\/content\/page\/P\?format=markdown\n$/);
    expect(api.sandbox.requestCount).toBe(before);
  });
});

describe('pages links', () => {
  it('lists a page\'s links, filtered by --status, in a space and a change request', async () => {
    const id = await space();
    const page = flat((await apiJson(`/spaces/${id}/content/pages`)).pages).find((p) => p.path === 'guides/configuration')!;
    const all = await ok(['pages', 'links', id, page.id, '--json']);
    expect(JSON.parse(all.stdout)).toEqual([expect.objectContaining({ status: 'broken' })]);
    const okOnly = await ok(['pages', 'links', id, page.id, '--status', 'ok', '--json']);
    expect(JSON.parse(okOnly.stdout)).toEqual([]);
    const cr = await ok(['pages', 'links', id, page.id, '--change-request', '2']);
    expect(tsv(cr.stdout)[0][0]).toBe('broken');
  });
});

describe('content get and import', () => {
  it('content get: the revision; --change-request the change request\'s', async () => {
    const id = await space();
    const rev = await ok(['content', 'get', id, '--json']);
    const spaceObj = await apiJson(`/spaces/${id}`);
    expect(JSON.parse(rev.stdout).id).toBe(spaceObj.revision);
    const cr = JSON.parse((await ok(['content', 'get', id, '--change-request', '2', '--json'])).stdout);
    expect(cr.parents).toEqual([spaceObj.revision]);
    // Piped, the item's fields as text (its layout is the formatter's).
    expect((await ok(['content', 'get', id])).stdout).toContain(spaceObj.revision);
  });

  it('content import: a new revision with the imported page; into a change request too', async () => {
    const id = await space('Onboarding');
    const r = await ok(['content', 'import', id, '--url', 'https://example.com/guide', '--source', 'website', '--json']);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ importedResources: 1, totalResources: 1 });
    expect((await apiJson(`/spaces/${id}`)).revision).toBe(result.revision);
    const tree = await ok(['pages', 'list', id, '--tree']);
    expect(tree.stdout).toContain('Imported from example.com (example-com-guide)');
    const gs = await space();
    const cr = await ok(['content', 'import', gs, '--url', 'https://example.com/x', '--source', 'markdown', '--change-request', '2']);
    expect(cr.stdout).toMatch(/\bImported\b|importedResources|\t1\b/);
    expect((await ok(['pages', 'list', gs, '--change-request', '2'])).stdout).toContain('Imported from example.com');
  });
});

describe('content import is a create', () => {
  it('is not sent again when its outcome is unknown (the answer was cut off)', async () => {
    const id = await space('Architecture');
    const admin = (spec: string) =>
      fetch(`${api.sandbox.url.replace(/\/v1$/, '')}/_sandbox/faults`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ spec }),
      });
    await admin('cut=1');
    try {
      const before = api.sandbox.requestCount;
      const r = await api.cli(['content', 'import', id, '--url', 'https://example.com/once', '--source', 'website']);
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/outcome unknown/)]);
      expect(api.sandbox.requestCount - before).toBe(1);
    } finally {
      await admin('');
    }
  });
});

describe('files', () => {
  it('list, get and backlinks, in every output mode and in a change request', async () => {
    const id = await space();
    const rows = tsv((await ok(['files', 'list', id])).stdout);
    expect(rows.map((r) => r[1])).toEqual(['diagram.png', 'guide.pdf', 'dataset.bin']);
    const jsonl = (await ok(['files', 'list', id, '--jsonl'])).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(jsonl.map((f) => f.id)).toEqual(rows.map((r) => r[0]));
    const csv = await ok(['files', 'list', id, '--output', 'csv']);
    expect(lines(csv.stdout)[0]).toBe('ID,NAME,TYPE,SIZE');
    const one = JSON.parse((await ok(['files', 'get', id, rows[0][0], '--json'])).stdout);
    expect(one).toMatchObject({ name: 'diagram.png', dimensions: { width: 2, height: 2 } });
    const back = tsv((await ok(['files', 'backlinks', id, rows[0][0]])).stdout);
    expect(back.length).toBeGreaterThan(5);
    expect(back.every((b) => b[0] === 'page')).toBe(true);
    const crFiles = tsv((await ok(['files', 'list', id, '--change-request', '1'])).stdout);
    expect(crFiles.map((r) => r[0])).toEqual(rows.map((r) => r[0]));
    const crGet = JSON.parse((await ok(['files', 'get', id, rows[1][0], '--change-request', '1', '--json'])).stdout);
    expect(crGet.downloadURL).toContain('changeRequest=');
    expect(tsv((await ok(['files', 'backlinks', id, rows[0][0], '--change-request', '1'])).stdout).length).toBeGreaterThan(5);
  });

  it('download: into a folder under the file\'s name, from another origin, without the token', async () => {
    const id = await space();
    const files = JSON.parse((await ok(['files', 'list', id, '--json'])).stdout);
    const dir = tempDir();
    const leaks = api.sandbox.storageLeaks;
    const r = await ok(['files', 'download', id, files[2].id, '--dest', dir, '--debug']);
    const written = readFileSync(join(dir, 'dataset.bin'));
    expect(written.length).toBe(files[2].size);
    const direct = Buffer.from(await (await fetch(files[2].downloadURL)).arrayBuffer());
    expect(written.equals(direct)).toBe(true);
    expect(api.sandbox.storageLeaks).toBe(leaks);
    expect(r.stderr).not.toContain(api.sandbox.token);
    // The debug trace shows the request to the storage origin, with no authorization header.
    const storageHost = new URL(api.sandbox.storageUrl).host;
    const trace = lines(r.stderr);
    const at = trace.findIndex((l) => l.includes(`> GET http://${storageHost}/files/`));
    expect(at).toBeGreaterThan(-1);
    expect(trace.slice(at + 1).find((l) => /^debug: > authorization/.test(l))).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['dataset.bin']); // no temporary file left
  });

  it('download --dest FILE; an existing file is refused (exit 2, nothing sent) unless --force', async () => {
    const id = await space();
    const files = JSON.parse((await ok(['files', 'list', id, '--json'])).stdout);
    const dir = tempDir();
    const target = join(dir, 'd.png');
    await ok(['files', 'download', id, files[0].id, '--dest', target]);
    expect(readFileSync(target).subarray(1, 4).toString()).toBe('PNG');
    writeFileSync(target, 'mine');
    const before = api.sandbox.requestCount;
    const refused = await api.cli(['files', 'download', id, files[0].id, '--dest', target]);
    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)).toEqual([expect.stringMatching(/exists; use --force/)]);
    expect(api.sandbox.requestCount).toBe(before);
    expect(readFileSync(target, 'utf8')).toBe('mine');
    await ok(['files', 'download', id, files[0].id, '--dest', target, '--force']);
    expect(readFileSync(target).length).toBe(files[0].size);
    // Into a folder: the name is known after the read, and an existing file is still refused.
    const again = await api.cli(['files', 'download', id, files[1].id, '--dest', dir]);
    expect(again.code).toBe(0);
    const twice = await api.cli(['files', 'download', id, files[1].id, '--dest', dir]);
    expect(twice.code).toBe(2);
  });

  it('download --dest - writes the bytes to stdout', async () => {
    const id = await space();
    const files = JSON.parse((await ok(['files', 'list', id, '--json'])).stdout);
    const r = await ok(['files', 'download', id, files[1].id, '--dest', '-']);
    expect(r.stdout.startsWith('%PDF-')).toBe(true);
    expect(Buffer.byteLength(r.stdout)).toBe(files[1].size);
  });

  it('download in a change request, and a progress line on a terminal for a large file', async () => {
    const id = await space();
    const dir = tempDir();
    const files = JSON.parse((await ok(['files', 'list', id, '--change-request', '2', '--json'])).stdout);
    await ok(['files', 'download', id, files[1].id, '--change-request', '2', '--dest', dir]);
    expect(existsSync(join(dir, 'guide.pdf'))).toBe(true);
    const welcome = await space('Welcome');
    const large = JSON.parse((await ok(['files', 'list', welcome, '--json'])).stdout).find((f: { name: string }) => f.name === 'large.bin');
    const tty = await runInProcess(['files', 'download', welcome, large.id, '--dest', dir], { env: api.env(), stderrTTY: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stderr).toMatch(/large\.bin {2}\d+\.\d\/3\.0 MB {2}\d+%/);
    expect(readFileSync(join(dir, 'large.bin')).length).toBe(3 * 1024 * 1024);
  });
});
