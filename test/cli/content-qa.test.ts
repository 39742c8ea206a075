// Content commands as their users run them (QA of issue 9): control
// characters in `pages list --tree` titles and in a page's Markdown on a
// terminal, the export's progress line while a long download runs, and
// `files download --dest` into a device or a pipe, or to a stdout whose
// reader goes away, names longer than a file system takes in bytes, and no
// listener-leak warning at a high --concurrency; the temporary files of a run
// killed outright are removed by the next run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, runCli, runInProcess, setFaults, startCli, tempDir, withTestApi, type TestApi } from '../helpers.js';
import { flat, type Page } from '../content-helpers.js';

async function spaceId(api: TestApi, title: string): Promise<string> {
  const r = await api.cli(['spaces', 'list', '--all', '--jq', `.[] | select(.title == "${title}") | .id`]);
  return r.stdout.trim();
}

async function admin(api: TestApi, action: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${api.sandbox.url.replace(/\/v1$/, '')}/_sandbox/content/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('content QA', () => {
  it('pages list --tree: a title with control characters neither splits a line nor reaches the terminal raw', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      await admin(api, 'add-page', { spaceId: id, title: 'Evil \u001b[31mred\u001b[0m\nline', path: 'evil' });
      const expected = 'Evil \\x1b[31mred\\x1b[0m\\nline (evil)';
      const piped = await api.cli(['pages', 'list', id, '--tree']);
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).not.toMatch(/\u001b/);
      expect(lines(piped.stdout)).toContain(expected);
      const tty = await runInProcess(['pages', 'list', id, '--tree'], { env: api.env(), stdoutTTY: true });
      expect(tty.code, tty.stderr).toBe(0);
      expect(tty.stdout).not.toMatch(/\u001b/);
      expect(lines(tty.stdout).at(-1)).toBe(expected);
    }));

  it('pages get --format markdown: the bytes as they are when redirected, control characters escaped on a terminal', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const res = await fetch(`${api.sandbox.url}/spaces/${id}/content/pages`, { headers: { authorization: `Bearer ${api.sandbox.token}` } });
      const pageId = flat(((await res.json()) as { pages: Page[] }).pages).find((p) => p.path === 'faq')!.id;
      const markdown = '# FAQ\n\n\u001b]0;retitled\u0007\u001b[2Jcleared\n';
      await admin(api, 'edit-page', { spaceId: id, pageId, markdown });
      const piped = await api.cli(['pages', 'get', id, 'faq', '--format', 'markdown']);
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).toBe(markdown);
      const tty = await runInProcess(['pages', 'get', id, 'faq', '--format', 'markdown'], { env: api.env(), stdoutTTY: true });
      expect(tty.code, tty.stderr).toBe(0);
      expect(tty.stdout).toBe('# FAQ\n\n\\x1b]0;retitled\\x07\\x1b[2Jcleared\n');
    }));

  it('content export: the progress line shows the finished pages while the last, long download runs', () =>
    withTestApi({ largeFileMB: 100 }, async (api) => {
      const id = await spaceId(api, 'Welcome');
      const files = JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { name: string }[];
      const pages = lines((await api.cli(['pages', 'list', id, '--jsonl'])).stdout).map((l) => JSON.parse(l) as { type: string });
      const documents = pages.filter((p) => p.type === 'document').length;
      expect(files.at(-1)!.name).toBe('large.bin');
      // One at a time: large.bin comes last, long after the rest is done.
      const r = await runInProcess(['content', 'export', id, '--dest', join(tempDir(), 'out'), '--concurrency', '1'], { env: api.env(), stderrTTY: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`pages ${documents}/${documents}, files ${files.length - 1}/${files.length}`);
    }));

  it('files download --dest into a named pipe writes into it, with or without --force, and never replaces it', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const files = JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { id: string; size: number }[];
      const dir = tempDir();
      const fifo = join(dir, 'pipe');
      execFileSync('mkfifo', [fifo]);
      for (const force of [[], ['--force']]) {
        const out = join(dir, `read${force.length}`);
        const reader = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', fifo, out]);
        const read = new Promise<void>((done) => reader.on('exit', () => done()));
        const r = await api.cli(['files', 'download', id, files[1].id, '--dest', fifo, ...force]);
        const timer = setTimeout(() => reader.kill(), 3000);
        await read;
        clearTimeout(timer);
        expect(r.code, r.stderr).toBe(0);
        expect(lstatSync(fifo).isFIFO()).toBe(true);
        expect(readFileSync(out).length).toBe(files[1].size);
      }
    }));

  it('files download --dest - whose reader goes away (| head -c) stops, exit 0, no error', () =>
    withTestApi({ largeFileMB: 20 }, async (api) => {
      const id = await spaceId(api, 'Welcome');
      const large = (JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { id: string; name: string }[]).find((f) => f.name === 'large.bin')!;
      const run = startCli(['files', 'download', id, large.id, '--dest', '-'], { env: api.env() });
      run.child.stdout.once('data', () => run.child.stdout.destroy());
      const r = await run.done;
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }));

  it('names of 90 CJK characters (270 bytes: more than a file system takes) are shortened, their extension kept', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      await admin(api, 'add-page', { spaceId: id, title: 'Long', path: '页'.repeat(90) });
      await admin(api, 'add-file', { spaceId: id, name: `${'漢'.repeat(90)}.png`, size: 10 });
      const dir = join(tempDir(), 'out');
      const r = await api.cli(['content', 'export', id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      const long = (names: string[]) => names.filter((n) => n.startsWith('页') || n.startsWith('漢'));
      const written = [...long(readdirSync(dir)), ...long(readdirSync(join(dir, '.gitbook/assets')))];
      expect(written).toHaveLength(2);
      for (const n of written) expect(Buffer.byteLength(n)).toBeLessThanOrEqual(255);
      expect(written.filter((n) => n.startsWith('页') && n.endsWith('.md'))).toHaveLength(1);
      expect(written.filter((n) => n.startsWith('漢') && n.endsWith('.png'))).toHaveLength(1);
      const file = (JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { id: string; name: string }[]).find((f) => f.name.startsWith('漢'))!;
      const into = tempDir();
      const dl = await api.cli(['files', 'download', id, file.id, '--dest', into]);
      expect(dl.code, dl.stderr).toBe(0);
      expect(readdirSync(into)).toEqual([written.find((n) => n.endsWith('.png'))]);
    }));

  it('files download --dest - redirected to a file shows the progress line on a terminal\'s stderr', () =>
    withTestApi({ largeFileMB: 3 }, async (api) => {
      const id = await spaceId(api, 'Welcome');
      const large = (JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { id: string; name: string }[]).find((f) => f.name === 'large.bin')!;
      const r = await runInProcess(['files', 'download', id, large.id, '--dest', '-'], { env: api.env(), stderrTTY: true });
      expect(r.code, r.stderr).toBe(0);
      expect(Buffer.byteLength(r.stdout, 'latin1')).toBeGreaterThan(0);
      expect(r.stderr).toMatch(/large\.bin {2}3\.0\/3\.0 MB {2}100%/);
    }));

  it('pages get --format markdown of a group or a link: nothing on stdout, and a note on stderr saying why', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const group = await api.cli(['pages', 'get', id, 'guides', '--format', 'markdown']);
      expect(group.code, group.stderr).toBe(0);
      expect(group.stdout).toBe('');
      expect(lines(group.stderr)).toEqual(['Guides is a group page: it has no Markdown']);
      const doc = await api.cli(['pages', 'get', id, 'faq', '--format', 'markdown']);
      expect(doc.stdout).toMatch(/^# FAQ/);
      expect(doc.stderr).toBe('');
    }));

  it('files download into a folder holding a folder of the file\'s name: exit 2, one line, even with --force', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const file = (JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { id: string; name: string }[])[0];
      const dir = tempDir();
      mkdirSync(join(dir, file.name));
      for (const force of [[], ['--force']]) {
        const r = await api.cli(['files', 'download', id, file.id, '--dest', dir, ...force]);
        expect(r.code).toBe(2);
        expect(lines(r.stderr)).toEqual([expect.stringMatching(/is a folder; use --dest to choose another path$/)]);
        expect(lstatSync(join(dir, file.name)).isDirectory()).toBe(true);
        expect(readdirSync(dir)).toEqual([file.name]);
      }
    }));

  it('content export at a high --concurrency warns of no listener leak (one abort listener per request in flight is expected)', () =>
    withTestApi({ pages: 2000 }, async (api) => {
      const id = await spaceId(api, 'Welcome');
      await setFaults(api, 'latency=20'); // requests overlap, as on a real network
      const r = await runCli(['content', 'export', id, '--dest', join(tempDir(), 'out'), '--concurrency', '64'], { env: api.env() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/MaxListenersExceededWarning/);
    }));

  it('content export: a re-run removes the temporary files a killed run left (a second Ctrl-C), and only those', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'out');
      expect((await api.cli(['content', 'export', id, '--dest', dir])).code).toBe(0);
      const leftovers = ['faq.md.4242.part', 'getting-started/installation/linux.md.4242.part', '.gitbook/assets/.dataset.bin.4242.k3x9q1.part'];
      const mine = ['keep.part', 'notes.1.txt', 'chapter.2.part', 'getting-started/draft.part'];
      for (const f of [...leftovers, ...mine]) writeFileSync(join(dir, f), 'x');
      const r = await api.cli(['content', 'export', id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      for (const f of leftovers) expect(existsSync(join(dir, f)), f).toBe(false);
      for (const f of mine) expect(existsSync(join(dir, f)), f).toBe(true);
    }));
});
