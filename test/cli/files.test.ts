// docplat files download: into a named pipe, to a reader that goes away, long
// CJK names, the progress line, and a folder in the way.
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, startCli, tempDir, withTestApi } from '../helpers.js';
import { spaceId, admin } from '../content-helpers.js';

describe('content QA', () => {
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

});
