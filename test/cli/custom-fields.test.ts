// docplat custom-fields: fields of every type declared, updated and deleted,
// and values set on spaces (from name=value words or stdin lines); only admins
// declare fields.
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, tsv, useTestApi, withTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

/** The CLI with stdout on a terminal: tables. */
const onTerminal = (t: TestApi, args: string[]) => runInProcess(args, { env: t.env({ NO_COLOR: '1' }), stdoutTTY: true });

async function globex(t: TestApi = api): Promise<string> {
  return json(await t.cli(['orgs', 'list', '--json'])).find((o: { title: string }) => o.title === 'Globex').id;
}

describe('custom-fields', () => {
  it('lists and shows fields; options read comma-separated', async () => {
    const rows = tsv((await api.cli(['custom-fields', 'list'])).stdout);
    expect(rows.map((r) => `${r[0]}:${r[1]}`)).toEqual(['audience:select:single', 'owner:text', 'review-days:number', 'deprecated:boolean', 'keywords:tags', 'platforms:select:multi']);
    expect(rows[0][3]).toBe('internal,partners,public');
    expect(json(await api.cli(['custom-fields', 'list', '--json']))[0].options).toEqual(['internal', 'partners', 'public']);
    const table = await onTerminal(api, ['custom-fields', 'get', 'platforms']);
    expect(table.stdout).toMatch(/Options\s+web,ios,android,cli\n/);
    expect((await api.cli(['custom-fields', 'get', 'nope'])).code).toBe(3);
  });

  it('creates fields of every type, updates and deletes them; deleting a field removes its values', async () => {
    await withTestApi({}, async (t) => {
      const space = json(await t.cli(['spaces', 'list', '--json']))[0].id;
      const made = await t.cli(['custom-fields', 'create', '--name', 'tier', '--type', 'select:single', '--option', 'free', '--option', 'pro', '--title', 'Tier', '--description', 'Plan', '--placeholder', 'pick one', '--json']);
      expect(made.code, made.stderr).toBe(0);
      expect(json(made)).toMatchObject({ name: 'tier', type: 'select:single', options: ['free', 'pro'], title: 'Tier', description: 'Plan', placeholder: 'pick one' });
      for (const type of ['text', 'number', 'boolean', 'tags']) {
        const r = await t.cli(['custom-fields', 'create', '--name', `f-${type}`, '--type', type, '--fields', 'name,type']);
        expect(r.stdout).toBe(`f-${type}\t${type}\n`);
      }
      const multi = await t.cli(['custom-fields', 'create', '--name', 'f_multi', '--type', 'select:multi', '--option', 'a', '--option', 'b', '--fields', 'options']);
      expect(multi.stdout).toBe('a,b\n');
      const dup = await t.cli(['custom-fields', 'create', '--name', 'tier', '--type', 'text']);
      expect(dup.code).toBe(1);
      expect(dup.stderr).toMatch(/409.*already exists/);
      const upd = await t.cli(['custom-fields', 'update', 'tier', '--option', 'free', '--option', 'pro', '--option', 'enterprise', '--title', 'Plan tier', '--json']);
      expect(json(upd)).toMatchObject({ title: 'Plan tier', options: ['free', 'pro', 'enterprise'] });
      const text = await t.cli(['custom-fields', 'update', 'f-text', '--description', 'Free text', '--placeholder', 'say it', '--fields', 'description,placeholder']);
      expect(text.stdout).toBe('Free text\tsay it\n');
      const textOptions = await t.cli(['custom-fields', 'update', 'f-text', '--option', 'x']);
      expect(textOptions.code).toBe(1);
      expect(textOptions.stderr).toMatch(/400.*Only select fields have options/);

      expect((await t.cli(['custom-fields', 'set', space, 'tier=enterprise', 'f-text=hello'])).code).toBe(0);
      const dry = await t.cli(['custom-fields', 'delete', 'tier', '--dry-run']);
      expect(dry.stdout.trim()).toBe(`DELETE ${t.sandbox.url}/orgs/${t.sandbox.defaultOrg}/custom-fields/tier`);
      const del = await t.cli(['custom-fields', 'delete', 'tier', 'f-text', '--yes']);
      expect(del.code, del.stderr).toBe(0);
      expect(lines(del.stderr)).toEqual(['tier: deleted', 'f-text: deleted', 'deleted 2 of 2']);
      await t.cli(['custom-fields', 'create', '--name', 'tier', '--type', 'select:single', '--option', 'enterprise']);
      const values = json(await t.cli(['custom-fields', 'values', space, '--json']));
      expect(values.find((v: { customField: { name: string } }) => v.customField.name === 'tier')).not.toHaveProperty('value');
      const again = await t.cli(['custom-fields', 'delete', 'f-text', '--yes']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('f-text: skipped (not found: already deleted, or never existed)');
    });
  });

  it('sets values of every type from name=value words, and clears with name=', async () => {
    await withTestApi({}, async (t) => {
      const space = json(await t.cli(['spaces', 'list', '--json']))[3].id;
      const before = t.sandbox.requestCount;
      const r = await t.cli(['custom-fields', 'set', space, 'audience=partners', 'owner=API team', 'review-days=-2.5e1', 'deprecated=true', 'keywords=hooks, events,', 'platforms=web,cli']);
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout)).toEqual([[space, 'ok', 'set']]);
      expect(lines(r.stderr)).toEqual(['set 1 of 1']);
      // One read of the fields, one PATCH.
      expect(t.sandbox.requestCount).toBe(before + 2);
      const values = json(await t.cli(['custom-fields', 'values', space, '--json']));
      expect(Object.fromEntries(values.map((v: { customField: { name: string }; value?: unknown }) => [v.customField.name, v.value]))).toEqual({
        audience: 'partners',
        owner: 'API team',
        'review-days': -25,
        deprecated: true,
        keywords: ['hooks', 'events'],
        platforms: ['web', 'cli'],
      });
      expect(tsv((await t.cli(['custom-fields', 'values', space])).stdout)).toEqual([
        ['audience', 'select:single', 'partners'],
        ['owner', 'text', 'API team'],
        ['review-days', 'number', '-25'],
        ['deprecated', 'boolean', 'true'],
        ['keywords', 'tags', 'hooks,events'],
        ['platforms', 'select:multi', 'web,cli'],
      ]);
      expect(lines((await t.cli(['custom-fields', 'values', space, '--jsonl'])).stdout)).toHaveLength(6);
      const table = await onTerminal(t, ['custom-fields', 'values', space]);
      expect(table.stdout).toMatch(/^NAME\s+TYPE\s+VALUE\n/);
      const cleared = await t.cli(['custom-fields', 'set', space, 'owner=', 'platforms=', 'deprecated=false']);
      expect(cleared.code, cleared.stderr).toBe(0);
      const after = json(await t.cli(['custom-fields', 'values', space, '--json']));
      const by = (n: string) => after.find((v: { customField: { name: string } }) => v.customField.name === n);
      expect(by('owner')).not.toHaveProperty('value');
      expect(by('platforms')).not.toHaveProperty('value');
      expect(by('deprecated').value).toBe(false);
    });
  });

  it('a dry run reads the fields and prints the typed body; a bad value sends no change', async () => {
    const space = json(await api.cli(['spaces', 'list', '--json']))[5].id;
    const before = api.sandbox.requestCount;
    const dry = await api.cli(['custom-fields', 'set', space, 'review-days=30', 'deprecated=false', 'keywords=a,b', 'owner=', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim()).toBe(`PATCH ${api.sandbox.url}/spaces/${space}/custom-fields {"values":{"review-days":{"value":30},"deprecated":{"value":false},"keywords":{"value":["a","b"]},"owner":{"value":null}}}`);
    expect(api.sandbox.requestCount).toBe(before + 1);
    const valuesBefore = (await api.cli(['custom-fields', 'values', space, '--json'])).stdout;
    const start = api.sandbox.requestCount;
    const bad = await api.cli(['custom-fields', 'set', space, 'owner=changed', 'platforms=web,tv']);
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual(['error: platforms=web,tv: the select:multi field "platforms" takes values among web, ios, android, cli']);
    expect(api.sandbox.requestCount).toBe(start + 1);
    expect((await api.cli(['custom-fields', 'values', space, '--json'])).stdout).toBe(valuesBefore);
  });

  it('sends each tag and each choice once (web,web is one choice)', async () => {
    const space = json(await api.cli(['spaces', 'list', '--json']))[5].id;
    const dry = await api.cli(['custom-fields', 'set', space, 'platforms=web, ios,web', 'keywords=a,b,a,,b', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim()).toBe(`PATCH ${api.sandbox.url}/spaces/${space}/custom-fields {"values":{"platforms":{"value":["web","ios"]},"keywords":{"value":["a","b"]}}}`);
  });

  it('sets values of many spaces from stdin lines, one request per space; exit 5 when one fails', async () => {
    await withTestApi({}, async (t) => {
      const [a, b, c] = json(await t.cli(['spaces', 'list', '--json'])).map((s: { id: string }) => s.id);
      const input = `# space  values\n${a} audience=public owner=Docs\n\n${b} review-days=7\n  ${a} "owner=Docs team" keywords="say \\"hi\\", bye"\n${c} keywords=x\n`;
      const before = t.sandbox.requestCount;
      const r = await t.cli(['custom-fields', 'set', '-', '--concurrency', '2'], { input });
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout).map((row) => row[0]).sort()).toEqual([a, b, c].sort());
      expect(t.sandbox.requestCount).toBe(before + 4);
      const owner = json(await t.cli(['custom-fields', 'values', a, '--json'])).find((v: { customField: { name: string } }) => v.customField.name === 'owner');
      expect(owner.value).toBe('Docs team');
      const keywords = json(await t.cli(['custom-fields', 'values', a, '--json'])).find((v: { customField: { name: string } }) => v.customField.name === 'keywords');
      expect(keywords.value).toEqual(['say "hi"', 'bye']);
      // The built CLI in its own process, as in the README's pipe.
      const spawned = await t.spawn(['custom-fields', 'set', '-'], { input: `${b} audience=partners\n${c} audience=partners\n` });
      expect(spawned.code, spawned.stderr).toBe(0);
      expect(lines(spawned.stderr)).toEqual(['set 2 of 2']);
      const dry = await t.cli(['custom-fields', 'set', '-', '--dry-run'], { input: `${b} deprecated=true\n${c} deprecated=false\n` });
      expect(lines(dry.stdout)).toHaveLength(2);
      const bad = await t.cli(['custom-fields', 'set', '-'], { input: `${a} owner=x\n${b} deprecated=maybe\n` });
      expect(bad.code).toBe(2);
      expect(lines(bad.stderr)).toEqual(['error: line 2: deprecated=maybe: the boolean field "deprecated" takes true or false']);
      const partial = await t.cli(['custom-fields', 'set', '-', '--json'], { input: `${a} owner=y\nno-such-space owner=y\n` });
      expect(partial.code).toBe(5);
      const results = json(partial);
      expect(results.map((x: { id: string; result: string }) => `${x.id}:${x.result}`).sort()).toEqual([`${a}:ok`, 'no-such-space:failed'].sort());
    });
  });

  it('only admins declare fields (exit 4); an editor sets values', async () => {
    const org = await globex();
    const refused = await api.cli(['custom-fields', 'create', '--name', 'x', '--type', 'text', '--org', org]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/403.*admin role/);
    expect((await api.cli(['custom-fields', 'delete', 'region', '--org', org, '--yes'])).code).toBe(4);
    const space = json(await api.cli(['spaces', 'list', '--org', org, '--json']))[0].id;
    const set = await api.cli(['custom-fields', 'set', space, 'region=apac', '--org', org]);
    expect(set.code, set.stderr).toBe(0);
    expect(tsv((await api.cli(['custom-fields', 'values', space])).stdout)).toEqual([['region', 'select:single', 'apac']]);
  });
});
