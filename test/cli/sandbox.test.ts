// --sandbox: an embedded emulator whose state persists between invocations.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, tsv } from '../helpers.js';

const OPENAPI = 'openapi: 3.0.3\ninfo: {title: Pets, version: "1"}\npaths: {}\n';

describe('--sandbox', () => {
  it('an OpenAPI document published by one command is processed when a later one reads it (each command is one process)', async () => {
    const env = baseEnv();
    const run = (args: string[], input?: string) => runInProcess(['--sandbox', ...args], { env, input });
    const publish = await run(['openapi', 'publish', 'pets', '--file', '-'], OPENAPI);
    expect(publish.code, publish.stderr).toBe(0);
    // The processing time: 1.5 s of the sandbox clock, which runs with the wall clock between commands.
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const spec = await run(['openapi', 'get', 'pets', '--json']);
    expect(JSON.parse(spec.stdout).processingState, spec.stderr).toBe('complete');
    const versions = await run(['openapi', 'versions', 'pets', '--json']);
    expect(JSON.parse(versions.stdout)).toHaveLength(1);
  });

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

  it("the README's transfer path: into Initech (admin there) works, into Globex (an editor there) is refused with 403", async () => {
    const env = baseEnv();
    const run = (args: string[]) => runInProcess(['--sandbox', ...args], { env });
    const orgs = tsv((await run(['orgs', 'list'])).stdout);
    expect(orgs.map((o) => o[1])).toEqual(['Acme Docs', 'Globex', 'Initech']);
    const idOf = (title: string) => orgs.find((o) => o[1] === title)![0];
    const [initech, globex] = [idOf('Initech'), idOf('Globex')];
    const space = (await run(['spaces', 'list', '--limit', '1', '--fields', 'id'])).stdout.trim();
    const moved = await run(['spaces', 'transfer', space, '--to-org', initech]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(tsv(moved.stdout)).toEqual([[space, 'ok', 'transferred']]);
    expect((await run(['spaces', 'get', space, '--fields', 'organization'])).stdout).toBe(`${initech}\n`);
    const collection = (await run(['collections', 'list', '--limit', '1', '--fields', 'id'])).stdout.trim();
    const movedCollection = await run(['collections', 'transfer', collection, '--to-org', initech, '--fields', 'organization']);
    expect(movedCollection.code, movedCollection.stderr).toBe(0);
    expect(movedCollection.stdout).toBe(`${initech}\n`);
    const refused = await run(['spaces', 'transfer', space, '--to-org', globex]);
    expect(refused.code).toBe(4);
    expect(lines(refused.stderr).at(-1)).toMatch(/^error: .*403 You need the admin role in organization "Globex" .* your role there is edit\.$/);
    rmSync(env.DOCPLAT_CONFIG_DIR!, { recursive: true, force: true });
  });

  it('sandbox reset --seed empty leaves no spaces', async () => {
    const env = baseEnv();
    const json = async (args: string[]) => {
      const r = await runInProcess(['--sandbox', ...args, '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };
    // the demo seed, first: there are spaces to lose
    expect((await json(['spaces', 'list'])).length).toBeGreaterThan(10);
    expect((await json(['collections', 'list'])).length).toBeGreaterThan(0);

    const reset = await runInProcess(['sandbox', 'reset', '--seed', 'empty'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).toBe('The embedded sandbox was reset (empty seed)\n');
    expect(await json(['spaces', 'list'])).toEqual([]);
    expect(await json(['collections', 'list'])).toEqual([]);
    const orgs = await json(['orgs', 'list']);
    expect(orgs.map((o: { title: string }) => o.title)).toEqual(['My Organization']);
  });
});
