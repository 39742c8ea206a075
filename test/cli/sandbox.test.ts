// --sandbox: an embedded emulator whose state persists between invocations.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess } from '../helpers.js';

describe('--sandbox', () => {
  it('needs no flags, and keeps state between invocations', async () => {
    const env = baseEnv();
    const list = await runInProcess(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env });
    expect(list.code, list.stderr).toBe(0);
    const ids = lines(list.stdout);
    expect(ids.length).toBeGreaterThan(10);
    expect(existsSync(join(env.DOCPLAT_CONFIG_DIR!, 'sandbox.json'))).toBe(true);

    const del = await runInProcess(['--sandbox', 'spaces', 'delete', ids[0], '--yes'], { env });
    expect(del.code, del.stderr).toBe(0);
    const after = lines((await runInProcess(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env })).stdout);
    expect(after).not.toContain(ids[0]);

    const restore = await runInProcess(['--sandbox', 'spaces', 'restore', ids[0]], { env });
    expect(restore.code, restore.stderr).toBe(0);
    const back = lines((await runInProcess(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env })).stdout);
    expect(back).toContain(ids[0]);

    await runInProcess(['--sandbox', 'spaces', 'delete', ids[1], '--yes'], { env });
    const reset = await runInProcess(['sandbox', 'reset'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    const fresh = lines((await runInProcess(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env })).stdout);
    expect(fresh).toEqual(ids);
  });

  it('sandbox reset --seed empty leaves no spaces', async () => {
    const env = baseEnv();
    await runInProcess(['sandbox', 'reset', '--seed', 'empty'], { env });
    const r = await runInProcess(['--sandbox', 'orgs', 'list', '--fields', 'id'], { env });
    expect(r.code, r.stderr).toBe(0);
  });
});
