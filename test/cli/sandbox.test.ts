// --sandbox: an embedded emulator whose state persists between invocations.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runCli } from '../helpers.js';

describe('--sandbox', () => {
  it('needs no flags, and keeps state between invocations', async () => {
    const env = baseEnv();
    const list = await runCli(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env });
    expect(list.code, list.stderr).toBe(0);
    const ids = lines(list.stdout);
    expect(ids.length).toBeGreaterThan(10);
    expect(existsSync(join(env.DOCPLAT_CONFIG_DIR!, 'sandbox.json'))).toBe(true);

    const del = await runCli(['--sandbox', 'spaces', 'delete', ids[0], '--yes'], { env });
    expect(del.code, del.stderr).toBe(0);
    const after = lines((await runCli(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env })).stdout);
    expect(after).not.toContain(ids[0]);

    const restore = await runCli(['--sandbox', 'spaces', 'restore', ids[0]], { env });
    expect(restore.code, restore.stderr).toBe(0);
    const back = lines((await runCli(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env })).stdout);
    expect(back).toContain(ids[0]);

    await runCli(['--sandbox', 'spaces', 'delete', ids[1], '--yes'], { env });
    const reset = await runCli(['sandbox', 'reset'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    const fresh = lines((await runCli(['--sandbox', 'spaces', 'list', '--fields', 'id'], { env })).stdout);
    expect(fresh).toEqual(ids);
  });

  it('sandbox reset --seed empty leaves no spaces', async () => {
    const env = baseEnv();
    await runCli(['sandbox', 'reset', '--seed', 'empty'], { env });
    const r = await runCli(['--sandbox', 'orgs', 'list', '--fields', 'id'], { env });
    expect(r.code, r.stderr).toBe(0);
  });
});
