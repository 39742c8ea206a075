// The state file: format 1 converted on load, families missing from a file
// (seeded) or unknown to this version (kept), damaged files refused, and the
// lock that keeps two processes from losing each other's writes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedState, seedToken, startSandbox, type Sandbox, type StateFile } from '../../src/sandbox/server.js';
import { BIN, baseEnv, runCli } from '../helpers.js';
import { call, demo, listAll } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const DAY = 86_400_000;
const tempDir = () => mkdtempSync(join(tmpdir(), 'docplat-persist-'));
const readState = (file: string): StateFile => JSON.parse(readFileSync(file, 'utf8'));
const titles = (items: { title: string }[]) => items.map((s) => s.title);

/** A state as format 1 wrote it: one flat object, users to removedCollections side by side (the layout before families). */
function format1(state: StateFile): Record<string, unknown> {
  const { families, seed: _seed, format: _format, ...rest } = state;
  return { format: 'docplat-sandbox/1', ...rest, ...(families.orgs as object), ...(families.spaces as object) };
}

async function withFile(data: unknown, fn: (sb: Sandbox, file: string) => Promise<void>): Promise<void> {
  const file = join(tempDir(), 'sandbox.json');
  writeFileSync(file, JSON.stringify(data));
  const sb = await startSandbox({ dataFile: file });
  try {
    await fn(sb, file);
  } finally {
    await sb.close();
  }
}

describe('format 1', () => {
  it('loads, keeps every record, the clock and the id sequence, and is saved as format 2', async () => {
    const old = format1({ ...seedState('demo'), clockOffsetMs: 2 * DAY });
    expect(Object.keys(old).sort()).toEqual(['children', 'clockOffsetMs', 'collections', 'format', 'orgs', 'removedCollections', 'seq', 'spaces', 'token', 'userId', 'users']);
    const fresh = await startSandbox();
    const expected = titles((await listAll(fresh, `/orgs/${ACME}/spaces`)).items);
    await fresh.close();
    await withFile(old, async (sb, file) => {
      expect(sb.token).toBe(old.token);
      expect(sb.defaultOrg).toBe(ACME);
      expect(titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items)).toEqual(expected);
      expect((await call(sb, 'GET', `/spaces/${ids.space('Changelog 2023')}`)).body.deletedAt).toBeTypeOf('string');
      expect((await call(sb, 'GET', `/collections/${ids.collection('Guides')}`)).body.parent).toBe(ids.collection('Product'));
      expect((await call(sb, 'GET', `/orgs/${ACME}/members/${ids.user('Gary Guest')}/spaces`)).body.count).toBe(2);
      expect(sb.clock.now() - Date.now()).toBeGreaterThan(2 * DAY - 60_000);
      const made = (await call(sb, 'POST', `/orgs/${ACME}/spaces`, { body: { title: 'After the upgrade' } })).body;
      expect((ids.data.families.spaces as { spaces: { id: string }[] }).spaces.map((s) => s.id)).not.toContain(made.id);
      await sb.save();
      const saved = readState(file);
      expect(saved).toMatchObject({ format: 'docplat-sandbox/2', seed: 'demo', token: old.token, userId: old.userId, clockOffsetMs: 2 * DAY });
      // Every family: those format 1 had, and the later ones seeded.
      expect(Object.keys(saved.families).sort()).toEqual(Object.keys(seedState('demo').families).sort());
    });
  });

  it('tells the seed by the token: an empty sandbox stays empty', async () => {
    // Format 1 came before random tokens: each seed had one constant token.
    const old = { ...format1(seedState('empty')), token: seedToken('empty') };
    await withFile(old, async (sb, file) => {
      await sb.save();
      expect(readState(file).seed).toBe('empty');
    });
  });
});

describe('families by name', () => {
  it('a family missing from a demo file gets its demo seed, building on the records that are there', async () => {
    const state = seedState('demo');
    delete state.families.spaces;
    await withFile(state, async (sb) => {
      const { items } = await listAll(sb, `/orgs/${ACME}/spaces`);
      expect(items).toHaveLength(19);
      // New ids continue the file's sequence: nothing clashes with the users and organizations.
      const orgIds = new Set([...(state.families.orgs as { users: { id: string }[] }).users.map((u) => u.id), ACME]);
      for (const s of items) expect(orgIds.has(s.id)).toBe(false);
      // The guest's grants come with the spaces.
      expect((await call(sb, 'GET', `/orgs/${ACME}/members/${ids.user('Gary Guest')}/spaces`)).body.count).toBe(2);
    });
  });

  it('a family missing from an empty file starts empty', async () => {
    const state = seedState('empty');
    delete state.families.spaces;
    await withFile(state, async (sb) => {
      expect((await call(sb, 'GET', `/orgs/${sb.defaultOrg}/spaces`)).body).toEqual({ count: 0, items: [] });
    });
  });

  it('missing organizations come back with the same caller', async () => {
    const state = seedState('demo');
    delete state.families.orgs;
    await withFile(state, async (sb) => {
      expect((await call(sb, 'GET', '/user')).body).toMatchObject({ id: state.userId, displayName: 'Dana Demo' });
      expect((await call(sb, 'GET', '/orgs')).body.count).toBe(3);
    });
  });

  it('a family this version does not know is kept as it was', async () => {
    const state = seedState('demo');
    state.families.widgets = { widgets: [{ id: 'w1', title: 'From a newer docplat' }] };
    await withFile(state, async (sb, file) => {
      await call(sb, 'DELETE', `/spaces/${ids.space('Welcome')}`);
      await sb.save();
      expect(readState(file).families.widgets).toEqual(state.families.widgets);
    });
  });
});

describe('damaged files', () => {
  const refused = async (data: unknown, message: RegExp) => {
    const dir = tempDir();
    const file = join(dir, 'sandbox.json');
    writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(message);
    // A refused file leaves no lock behind.
    expect(readdirSync(dir)).toEqual(['sandbox.json']);
  };

  it('names what is wrong, and how to start again', async () => {
    await refused('{"format": "docplat-sandbox/2", "fam', /cannot load the sandbox state .*sandbox\.json: .*JSON.*\(delete the file, or run `docplat sandbox reset`\)/);
    await refused({ ...seedState('demo'), seq: -1 }, /"seq" must be a whole number/);
    await refused({ ...seedState('demo'), families: [] }, /"families" must be an object/);
    await refused({ ...seedState('demo'), format: 'docplat-sandbox/9' }, /format docplat-sandbox\/9, newer than this docplat reads .*update docplat/);
    const state = seedState('demo');
    (state.families.spaces as { children: Record<string, string[]> }).children[`org:${ACME}`].push('s:nope');
    await refused(state, /family "spaces": the order of org:\S+ names s:nope, which does not exist/);
    const twice = seedState('demo');
    const spaces = (twice.families.spaces as { spaces: unknown[] }).spaces;
    spaces.push(spaces[0]);
    await refused(twice, /family "spaces": spaces\[\d+\]: the id \S+ is used twice/);
    await refused({ ...seedState('demo'), families: { orgs: { users: 'none', orgs: [] } } }, /family "orgs": "users" must be a list/);
  });
});

/** A process that has exited: its pid is free. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the lock', () => {
  it('10 sandboxes started at once on one file each add a space: none is lost', async () => {
    const file = join(tempDir(), 'sandbox.json');
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const sb = await startSandbox({ dataFile: file });
        try {
          expect((await call(sb, 'POST', `/orgs/${ACME}/spaces`, { body: { title: `Writer ${i}` } })).status).toBe(201);
          await sb.save();
        } finally {
          await sb.close();
        }
      }),
    );
    const spaces = (readState(file).families.spaces as { spaces: { id: string; title: string }[] }).spaces.filter((s) => s.title.startsWith('Writer '));
    expect(spaces).toHaveLength(10);
    expect(new Set(spaces.map((s) => s.id)).size).toBe(10);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('10 CLI processes with --sandbox at once create 10 distinct spaces', async () => {
    const env = baseEnv();
    const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => runCli(['--sandbox', 'spaces', 'create', '--title', `Parallel ${i}`, '--json'], { env })));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const printed = runs.map((r) => JSON.parse(r.stdout).id as string);
    expect(new Set(printed).size).toBe(10);
    const file = join(env.DOCPLAT_CONFIG_DIR!, 'sandbox.json');
    const saved = (readState(file).families.spaces as { spaces: { id: string; title: string }[] }).spaces.filter((s) => s.title.startsWith('Parallel '));
    expect(saved.map((s) => s.id).sort()).toEqual([...printed].sort());
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 60_000);

  it('a lock held by a live process is waited for, then refused naming the process', async () => {
    const file = join(tempDir(), 'sandbox.json');
    const holder = await startSandbox({ dataFile: file });
    try {
      expect(readFileSync(`${file}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
      const started = Date.now();
      await expect(startSandbox({ dataFile: file, lockWaitMs: 300 })).rejects.toThrow(new RegExp(`sandbox state .*sandbox\\.json is in use by process ${process.pid}`));
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      // Released by close(): the next one gets in while it waits.
      const next = startSandbox({ dataFile: file, lockWaitMs: 10_000 });
      setTimeout(() => void holder.close(), 100);
      await (await next).close();
    } finally {
      await holder.close();
    }
  });

  it('fresh: a reset under the lock, which a process still using the old state cannot undo', async () => {
    const file = join(tempDir(), 'sandbox.json');
    const old = await startSandbox({ dataFile: file });
    const oldToken = old.token;
    await call(old, 'DELETE', `/spaces/${ids.space('Welcome')}`);
    const reset = startSandbox({ dataFile: file, fresh: true, seed: 'empty' });
    // The old process saves last, then closes: the reset starts after that, and wins.
    await old.save();
    await old.close();
    const sb = await reset;
    await sb.save();
    await sb.close();
    expect(readState(file)).toMatchObject({ seed: 'empty', token: sb.token });
    expect(sb.token).not.toBe(oldToken);
  });

  it('a lock left by a process that is gone is taken over', async () => {
    const file = join(tempDir(), 'sandbox.json');
    const pid = await deadPid();
    writeFileSync(`${file}.lock`, `${pid}\n`);
    const sb = await startSandbox({ dataFile: file, lockWaitMs: 0 });
    expect(readFileSync(`${file}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
    await sb.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('sandbox serve --data holds the lock until it stops', async () => {
    const dir = tempDir();
    const file = join(dir, 'served.json');
    const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--data', file, '--json'], { env: baseEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const info = await new Promise<{ url: string; token: string }>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          try {
            resolve(JSON.parse(out));
          } catch {
            // not complete yet
          }
        });
        child.on('exit', (code) => reject(new Error(`sandbox serve exited ${code}`)));
      });
      expect(info.url).toMatch(/^http:/);
      await expect(startSandbox({ dataFile: file, lockWaitMs: 200 })).rejects.toThrow(new RegExp(`in use by process ${child.pid}`));
      child.kill('SIGINT');
      await new Promise((resolve) => child.on('exit', resolve));
      const after = await startSandbox({ dataFile: file, lockWaitMs: 0 });
      await after.close();
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
