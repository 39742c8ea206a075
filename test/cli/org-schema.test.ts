// `org schema`: the JSON Schema of the organization file, generated from the
// table the file checker reads (file.ts), with a `$defs` entry per kind of
// entry (a space and a site space are two). Every file `org pull` writes, of
// every demo organization, validates against it with a JSON Schema
// validator; a broken file does not.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runInProcess, useTestApi } from '../helpers.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const api = useTestApi();

async function schema(): Promise<any> {
  const r = await runInProcess(['org', 'schema']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

async function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  return ajv.compile(await schema());
}

describe('org schema', () => {
  it('prints the JSON Schema of the file, with the operation table bounds and a $defs entry per kind of entry', async () => {
    const s = await schema();
    expect(s.required).toEqual(['version']);
    expect(s.additionalProperties).toBe(false);
    expect(s.properties.teams.items).toEqual({ $ref: '#/$defs/team' });
    expect(s.$defs.collection.properties.title).toMatchObject({ type: 'string', maxLength: 50 });
    expect(s.$defs.collection.properties.collections.items).toEqual({ $ref: '#/$defs/collection' });
    // A space (top level) and a site space (in a site or a section) are two definitions.
    expect(s.properties.spaces.items).toEqual({ $ref: '#/$defs/space' });
    expect(s.$defs.site.properties.spaces.items).toEqual({ $ref: '#/$defs/siteSpace' });
    expect(s.$defs.section.properties.spaces.items).toEqual({ $ref: '#/$defs/siteSpace' });
    expect(s.$defs.space.required ?? []).not.toContain('space');
    expect(s.$defs.siteSpace.required).toEqual(['space']);
  });

  it('every file pull writes, of every demo organization, validates; a broken one does not', async () => {
    const validate = await validator();
    const orgs = JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout) as { id: string; title: string }[];
    expect(orgs.map((o) => o.title).sort()).toEqual(['Acme Docs', 'Globex', 'Initech']);
    for (const org of orgs) {
      for (const flags of [[], ['--portable']]) {
        const r = await api.cli(['--org', org.id, 'org', 'pull', ...flags]);
        expect(r.code, `${org.title} ${flags}: ${r.stderr}`).toBe(0);
        const doc = parse(r.stdout);
        const ok = validate(doc);
        expect(validate.errors ?? [], `${org.title} ${flags.join(' ')}`).toEqual([]);
        expect(ok).toBe(true);
      }
    }
    const acme = parse((await api.cli(['org', 'pull'])).stdout);
    expect(acme.spaces.length).toBeGreaterThan(10);
    expect(acme.sites.some((s: any) => s.sections?.some((sec: any) => sec.spaces?.length))).toBe(true);
    // Broken: a space given a site space's key, a team without a title, an unknown kind.
    const broken = { ...acme, spaces: [{ ...acme.spaces[0], space: 'Welcome' }], teams: [{ members: {} }], temas: [] };
    expect(validate(broken)).toBe(false);
    const where = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    expect(where).toEqual(expect.arrayContaining(['/spaces/0 must NOT have additional properties', "/teams/0 must have required property 'title'", ' must NOT have additional properties']));
  });
});
