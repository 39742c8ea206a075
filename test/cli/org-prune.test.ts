// docplat org plan / apply --prune and the delete gate: a plan lists what the
// platform deletes with a resource (a collection's collections and spaces, a
// site's sections, site spaces and share links), orders moves before deletes,
// never lets a collection's delete take a space the file keeps (moved out
// first, or refused when the file places it in that collection), and apply
// needs --allow-mass-delete to delete more than half of a kind.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { withTestApi, type TestApi } from '../helpers.js';
import { orgFiles } from './org-helpers.js';

const { dir, write } = orgFiles('docplat-org-prune-');

async function pulled(api: TestApi, only: string): Promise<any> {
  const r = await api.cli(['org', 'pull', '--only', only]);
  expect(r.code, r.stderr).toBe(0);
  return parse(r.stdout);
}

const lastIndex = (xs: string[], test: (x: string) => boolean) => xs.map(test).lastIndexOf(true);

async function spaceTitles(api: TestApi): Promise<string[]> {
  return JSON.parse((await api.cli(['spaces', 'list', '--all', '--json'])).stdout).map((s: { title: string }) => s.title).sort();
}

describe('org --prune: what a collection takes with it', () => {
  it('the file keeps its spaces in collections it drops: refused (exit 2), each space named at its line, nothing sent', () =>
    withTestApi({}, async (api) => {
      const doc = await pulled(api, 'collections,spaces');
      const kept = doc.spaces.filter((s: any) => s.collection !== null);
      expect(kept.length).toBeGreaterThan(10);
      doc.collections = [];
      const file = write(doc);
      const before = await spaceTitles(api);
      for (const verb of [['plan'], ['apply', '--yes', '--allow-mass-delete']]) {
        const r = await api.cli(['org', ...verb, '-f', file, '--prune']);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain(`error: ${kept.length} errors in ${file} (listed above)`);
        for (const s of kept) expect(r.stderr).toContain(`give the space "${s.title}" another collection (null: the top level), or keep the collection in the file`);
        expect(r.stderr).toMatch(/:\d+:\d+: spaces\[\d+\]\.collection: "Product\/Guides" is not in the file's collections, so --prune deletes it, and the platform deletes the spaces in it/);
      }
      expect(await spaceTitles(api)).toEqual(before);
    }));

  it('spaces whose collection the file leaves out move to the top level before it goes; the plan shows moves, then deletes and what goes with them', () =>
    withTestApi({}, async (api) => {
      const doc = await pulled(api, 'collections,spaces');
      // Their collection and visibility (`in-collection` follows it) are left to the organization.
      for (const s of doc.spaces) delete s.collection, delete s.visibility;
      doc.collections = doc.collections.filter((c: any) => c.title === 'Archive');
      const file = write(doc);
      const before = await spaceTitles(api);
      const text = await api.cli(['org', 'plan', '-f', file, '--prune']);
      expect(text.code, text.stderr).toBe(0);
      const lines = text.stdout.split('\n');
      // Moves first, then the deletes, each with the collections that go with it.
      expect(lines.indexOf('collections')).toBeGreaterThan(lastIndex(lines, (l) => l.startsWith('  → ')));
      expect(text.stdout).toMatch(/^ {2}→ Getting Started \(\w+\) {2}collection: Product\/Guides → \(none\)$/m);
      expect(text.stdout).toMatch(/^ {2}- Product \(\w+\)\n {6}and with it collection Product\/Guides \(\w+\)\n {6}and with it collection Product\/Guides\/Advanced \(\w+\)\n {6}and with it collection Product\/API \(\w+\)$/m);
      expect(text.stdout).not.toMatch(/and with it space/);
      expect(text.stdout).toMatch(/^Plan: 0 to create, 0 to update, 15 to move, 2 to delete \(and 4 more the platform deletes with them\)\.\nThe apply deletes 6 of 7 collections: more than half, which needs --allow-mass-delete\.$/m);

      // The requests too: every move before the first delete.
      const dry = await api.cli(['org', 'apply', '-f', file, '--prune', '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      const requests = dry.stdout.split('\n').filter((l) => /^(POST|DELETE) /.test(l));
      const moves = (l: string) => /^POST \S+\/move\b/.test(l);
      expect(requests.filter(moves)).toHaveLength(15);
      expect(requests.filter((l) => l.startsWith('DELETE'))).toHaveLength(2);
      expect(lastIndex(requests, moves)).toBeLessThan(requests.findIndex((l) => l.startsWith('DELETE')));
      expect(dry.stderr).toContain('and with it collection Product/Guides/Advanced');

      // More than half of the collections: refused without --allow-mass-delete, naming the count, nothing sent.
      const refused = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^error: the run deletes 6 of 7 collections: more than half, which needs --allow-mass-delete; nothing was changed$/m);
      expect(await spaceTitles(api)).toEqual(before);
      expect((await pulled(api, 'collections')).collections).toHaveLength(3);

      const applied = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes', '--allow-mass-delete']);
      expect(applied.code, applied.stderr).toBe(0);
      expect(await spaceTitles(api)).toEqual(before);
      expect((await pulled(api, 'collections')).collections.map((c: any) => c.title)).toEqual(['Archive']);
      expect((await api.cli(['org', 'plan', '-f', file, '--prune', '--exit-code'])).code).toBe(0);
    }));

  it('spaces not managed: each one a delete takes with it is in the plan (text and JSON), counted by the gate, asked about by name', () =>
    withTestApi({}, async (api) => {
      const doc = await pulled(api, 'collections');
      doc.collections = doc.collections.filter((c: any) => c.title !== 'Engineering');
      const file = write(doc);
      const json = JSON.parse((await api.cli(['org', 'plan', '-f', file, '--prune', '--json'])).stdout);
      expect(json.changes).toHaveLength(1);
      expect(json.changes[0]).toMatchObject({ action: 'delete', kind: 'collections', key: 'Engineering' });
      expect(json.changes[0].cascades.map((g: any) => `${g.kind} ${g.what}`).sort()).toEqual([
        'collection Engineering/Runbooks', 'space Architecture', 'space Coding Standards', 'space Incident Response', 'space On-call Handbook', 'space Onboarding',
      ]);
      expect(json.massDelete).toEqual([]);
      // Without a terminal --yes is needed; the question names the cascades.
      const noYes = await api.cli(['org', 'apply', '-f', file, '--prune']);
      expect(noYes.code).toBe(2);
      expect(noYes.stderr).toMatch(/error: Apply 1 change to organization \w+, deleting 1 collection, and with them 1 collection and 5 spaces: needs confirmation; pass --yes/);
      const before = await spaceTitles(api);
      const applied = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes']);
      expect(applied.code, applied.stderr).toBe(0);
      // Exactly what the plan listed went.
      expect(await spaceTitles(api)).toEqual(before.filter((t) => !['Architecture', 'Coding Standards', 'Incident Response', 'On-call Handbook', 'Onboarding'].includes(t)));
    }));

  it('a saved plan is refused once its delete would take more with it than it listed', () =>
    withTestApi({}, async (api) => {
      const doc = await pulled(api, 'collections');
      doc.collections = doc.collections.filter((c: any) => c.title !== 'Archive');
      const file = write(doc);
      const saved = join(dir, 'saved.json');
      expect((await api.cli(['org', 'plan', '-f', file, '--prune', '--out', saved])).code).toBe(0);
      expect(JSON.parse(readFileSync(saved, 'utf8')).plan.changes[0].cascades).toEqual([]);
      const archive = JSON.parse((await api.cli(['collections', 'list', '--all', '--json'])).stdout).find((c: any) => c.title === 'Archive').id;
      const space = JSON.parse((await api.cli(['spaces', 'list', '--all', '--json'])).stdout).find((s: any) => s.title === 'Release Notes').id;
      // Someone files a space in the collection meanwhile: the planned delete would take it.
      expect((await api.cli(['spaces', 'move', space, '--parent', archive])).code).toBe(0);
      const r = await api.cli(['org', 'apply', saved, '--yes']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/collections Archive: what its delete takes with it changed since the plan; plan again/);
      expect(await spaceTitles(api)).toContain('Release Notes');
      rmSync(saved);
    }));
});

describe('org --prune: what a field and a member take with them', () => {
  it("a field's values on spaces and a member's team memberships are listed; a file still setting the value, or naming the member in a roster, is refused", () =>
    withTestApi({}, async (api) => {
      const doc = await pulled(api, 'custom-fields,members,spaces,teams');
      doc.customFields = doc.customFields.filter((f: any) => f.name !== 'platforms');
      const team = doc.teams.find((t: any) => Object.keys(t.members ?? {}).length);
      const member = Object.keys(team.members)[0];
      delete doc.members[member];
      const refused = await api.cli(['org', 'plan', '-f', write(doc), '--prune']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/spaces\[\d+\]\.customFields\.platforms: the custom field "platforms" is not in the file's customFields, so --prune deletes it with its values/);
      expect(refused.stderr).toContain(`teams[${doc.teams.indexOf(team)}].members.${member}: "${member}" is not in the file's members, so --prune removes them from the organization (and from every team)`);
      for (const s of doc.spaces) delete s.customFields?.platforms;
      for (const t of doc.teams) delete t.members?.[member];
      const r = await api.cli(['org', 'plan', '-f', write(doc), '--prune']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^ {2}- platforms \(\w+\)\n {6}and with it custom field value Product Overview: platforms$/m);
      expect(r.stdout).toContain(`      and with it team membership ${team.title}: ${member}`);
    }));
});

describe('org --prune: what a site takes with it', () => {
  it("a site's delete lists its sections, section groups, site spaces and share links; a section's its site spaces", () =>
    withTestApi({}, async (api) => {
      const doc = await pulled(api, 'sites');
      const help = doc.sites.find((s: any) => s.title === 'Acme Help Center');
      help.sections = help.sections.filter((s: any) => s.title !== 'API');
      help.sectionGroups = help.sectionGroups.filter((g: any) => g.title !== 'Build');
      doc.sites = doc.sites.filter((s: any) => s.title !== 'Acme Partners');
      const file = write(doc);
      const r = await api.cli(['org', 'plan', '-f', file, '--prune']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^ {2}- Acme Help Center\/API \(\w+\)\n {6}and with it site space Acme Help Center\/API\/REST API \(\w+\)$/m);
      expect(r.stdout).toMatch(/^ {2}- Acme Partners \(\w+\)\n( {6}and with it (section|section group|site space|share link) Acme Partners\/.+\n)+/m);
      expect(r.stdout).toMatch(/and with it share link Acme Partners\/link:Partner A \(\w+\)/);
      expect(r.stdout).toMatch(/and with it share link Acme Partners\/link:Former partner \(\w+\)/);
    }));
});
