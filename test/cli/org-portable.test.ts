// `org pull --portable`: every resource keyed by title, slug, name or
// e-mail, never by id, so the file of one organization plans and applies in
// another: the plan shows the creations of what the file lists (the target's
// own resources of those kinds as unmanaged) and names what cannot move
// (space content, with `content restore`; members not in the target, with
// `members invite`); after apply it plans empty but for what it named.
// Spaces are matched by title within their collection path: an apply never
// duplicates a space a restore (or an earlier apply) made.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { withTestApi, type TestApi } from '../helpers.js';
import { orgFiles } from './org-helpers.js';

const { pullTo } = orgFiles('docplat-org-portable-');

const INITECH = 'InitechDemoOrg000001';

async function plan(api: TestApi, org: string, file: string): Promise<{ changes: any[]; summary: Record<string, number>; manual: any[]; unmanaged: any[] }> {
  const r = await api.cli(['--org', org, 'org', 'plan', '-f', file, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

async function spaceTitles(api: TestApi, org: string): Promise<string[]> {
  return JSON.parse((await api.cli(['--org', org, 'spaces', 'list', '--all', '--json'])).stdout).map((s: { title: string }) => s.title).sort();
}

describe('org pull --portable', () => {
  it('writes no id, for every demo organization, and plans "no changes" in the organization it came from', () =>
    withTestApi({}, async (api) => {
      const orgs = JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout) as { id: string }[];
      for (const org of orgs) {
        const file = await pullTo(api, ['--portable'], ['--org', org.id]);
        const text = readFileSync(file, 'utf8');
        expect(text, org.id).not.toMatch(/^\s*-?\s*id:/m);
        for (const id of [org.id, ...JSON.parse((await api.cli(['--org', org.id, 'spaces', 'list', '--all', '--json'])).stdout).map((s: any) => s.id)]) expect(text).not.toContain(id);
        const r = await api.cli(['--org', org.id, 'org', 'plan', '-f', file, '--exit-code']);
        expect(r.code, `${org.id}: ${r.stdout}${r.stderr}`).toBe(0);
      }
    }));

  it('Acme to Initech: creations of what the file lists, what cannot move named with its command; after apply, empty but for what it named', () =>
    withTestApi({ processingMs: 0 }, async (api) => {
      const file = await pullTo(api, ['--portable']);
      const acme = parse(readFileSync(file, 'utf8'));
      const first = await plan(api, INITECH, file);
      const created = (kind: string) => first.changes.filter((c) => c.action === 'create' && c.kind === kind).length;
      expect(first.changes.every((c) => c.action === 'create')).toBe(true);
      expect(created('spaces')).toBe(acme.spaces.length);
      expect(created('teams')).toBe(acme.teams.length);
      expect(created('custom-fields')).toBe(acme.customFields.length);
      expect(created('sso')).toBe(acme.sso.length);
      expect(created('translations')).toBe(acme.translations.length);
      expect(created('openapi')).toBe(acme.openapi.length);
      // Initech's own member is unmanaged; Acme's members who are not Initech's are named, with the invite.
      expect(first.unmanaged.map((u) => `${u.kind} ${u.key}`)).toEqual(['members frank@globex.example']);
      const invite = first.manual.find((m) => m.key === 'ada@acme.example');
      expect(invite).toMatchObject({ kind: 'members', how: expect.stringContaining('docplat members invite ada@acme.example --role create') });
      expect(first.manual.filter((m) => m.kind === 'members')).toHaveLength(Object.keys(acme.members).length - 1);
      // Each space's content is named, with the command that restores it.
      const content = first.manual.filter((m) => m.kind === 'spaces' && /content does not move/.test(m.what));
      expect(content).toHaveLength(acme.spaces.length);
      expect(content[0].how).toContain(`docplat content restore --all-spaces --from <backup> --org ${INITECH}`);
      const text = await api.cli(['--org', INITECH, 'org', 'plan', '-f', file]);
      expect(text.stdout).toMatch(/^ {2}! members "ada@acme\.example": not a member of the organization .*docplat members invite ada@acme\.example --role create$/m);

      const applied = await api.cli(['--org', INITECH, 'org', 'apply', '-f', file, '--yes']);
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      const second = await plan(api, INITECH, file);
      expect(second.changes).toEqual([]);
      // What remains was named by the first plan: members to invite, visibilities to set in the app.
      const named = new Set(first.manual.map((m) => `${m.kind} ${m.key.split('/').pop()}`));
      expect(second.manual.length).toBeGreaterThan(0);
      for (const m of second.manual) expect(named, `${m.kind} ${m.key}: ${m.what}`).toContain(`${m.kind} ${m.key}`);
      expect(await spaceTitles(api, INITECH)).toEqual(acme.spaces.map((s: any) => s.title).sort());
      // Applied again: nothing is created twice.
      expect((await api.cli(['--org', INITECH, 'org', 'apply', '-f', file, '--yes'])).stderr).toContain('No changes to apply');
      expect(await spaceTitles(api, INITECH)).toEqual(acme.spaces.map((s: any) => s.title).sort());
    }));

  it('a space of that title in that collection (as a restore makes it) is matched, never duplicated', () =>
    withTestApi({}, async (api) => {
      const file = await pullTo(api, ['--portable', '--only', 'collections,spaces,custom-fields']);
      // A restore made "Release Notes" (top level) and "Product" with "Welcome" in it (not where the file has it).
      expect((await api.cli(['--org', INITECH, 'spaces', 'create', '--title', 'Release Notes'])).code).toBe(0);
      const product = JSON.parse((await api.cli(['--org', INITECH, 'collections', 'create', '--title', 'Product', '--json'])).stdout).id;
      expect((await api.cli(['--org', INITECH, 'spaces', 'create', '--title', 'Welcome', '--collection', product])).code).toBe(0);
      const first = await plan(api, INITECH, file);
      expect(first.changes.filter((c) => c.kind === 'spaces' && c.action === 'create').map((c) => c.key)).not.toContain('Release Notes');
      expect(first.changes.find((c) => c.kind === 'collections' && c.key === 'Product')?.action).not.toBe('create');
      // Welcome is at the top level in the file: the one in Product is another space (unmanaged), and a top-level one is created.
      expect(first.changes.find((c) => c.kind === 'spaces' && c.key === 'Welcome')).toMatchObject({ action: 'create' });
      expect(first.unmanaged.map((u) => `${u.kind} ${u.key}`)).toContain('spaces Welcome');
      expect((await api.cli(['--org', INITECH, 'org', 'apply', '-f', file, '--yes'])).code).toBe(0);
      const titles = await spaceTitles(api, INITECH);
      expect(titles.filter((t) => t === 'Release Notes')).toHaveLength(1);
    }));
});
