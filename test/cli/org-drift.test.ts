// Drift: within the kinds the file lists, what the organization has and the
// file neither names nor ignores is shown by `org plan` (`? unmanaged team
// "Shadow IT"`) and counts for --exit-code (6), the nightly check; a kind
// left out of the file stays unmanaged; `ignore:` (by key or glob pattern)
// leaves resources unmanaged on purpose; --prune deletes the unmanaged ones
// through the delete gate.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { withTestApi } from '../helpers.js';
import { orgFiles } from './org-helpers.js';

const { write, pullTo } = orgFiles('docplat-org-drift-');

describe('org plan: drift', () => {
  it('a team and an SSO provider made by hand are unmanaged: shown, in --json, and the nightly --exit-code fails (6)', () =>
    withTestApi({}, async (api) => {
      const file = await pullTo(api);
      const clean = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(clean.code, clean.stdout + clean.stderr).toBe(0);
      expect((await api.cli(['teams', 'create', '--title', 'Shadow IT'])).code).toBe(0);
      expect((await api.cli(['sso', 'create', '--label', 'Rogue IdP'])).code).toBe(0);

      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code).toBe(6);
      expect(plan.stdout).toMatch(/^ {2}\? unmanaged team "Shadow IT" \(\w+\)$/m);
      expect(plan.stdout).toMatch(/^ {2}\? unmanaged SSO provider "Rogue IdP" \(\w+\)$/m);
      expect(plan.stdout).toMatch(/^No changes to apply; 2 unmanaged\.$/m);
      expect(plan.stderr).toContain('error: the organization differs from the file: 2 unmanaged');
      const json = JSON.parse((await api.cli(['org', 'plan', '-f', file, '--json'])).stdout);
      expect(json.changes).toEqual([]);
      expect(json.unmanaged.map((u: any) => `${u.kind} ${u.what} ${u.key}`)).toEqual(['teams team Shadow IT', 'sso SSO provider Rogue IdP']);
      // apply without --prune leaves them be, and says so.
      const apply = await api.cli(['org', 'apply', '-f', file, '--yes']);
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stderr).toContain('? unmanaged SSO provider "Rogue IdP"');
      expect(apply.stderr).toContain('No changes to apply; 2 unmanaged.');
    }));

  it('resources deleted by hand are drift too (exit 6, never 2): the plan makes them again, and then plans empty', () =>
    withTestApi({}, async (api) => {
      const file = await pullTo(api);
      const id = async (kind: string, title: string) => JSON.parse((await api.cli([kind, 'list', '--all', '--json'])).stdout).find((x: any) => x.title === title).id;
      expect((await api.cli(['teams', 'delete', await id('teams', 'Design'), '--yes'])).code).toBe(0);
      expect((await api.cli(['translations', 'delete', await id('translations', 'German'), '--yes'])).code).toBe(0);
      expect((await api.cli(['spaces', 'delete', await id('spaces', 'Company Handbook'), '--yes'])).code).toBe(0);
      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code, plan.stderr).toBe(6);
      expect(plan.stdout).toMatch(/^ {2}\+ Design {2}title: Design, members\./m);
      expect(plan.stdout).toMatch(/^ {2}\+ German {2}title: German$/m);
      expect(plan.stdout).toMatch(/^ {2}\+ Company Handbook {2}title: "Company Handbook"/m);
      expect(plan.stdout).toMatch(/^ {2}! spaces "Company Handbook": created empty: its content does not move with the file/m);
      expect((await api.cli(['org', 'apply', '-f', file, '--yes'])).code).toBe(0);
      // The file still has the old ids: the new resources are found by their keys.
      const again = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(again.code, again.stdout).toBe(0);
    }));

  it('a kind the file leaves out stays unmanaged: a file of teams only does not see the SSO provider', () =>
    withTestApi({}, async (api) => {
      const file = await pullTo(api, ['--only', 'teams']);
      expect((await api.cli(['sso', 'create', '--label', 'Rogue IdP'])).code).toBe(0);
      expect((await api.cli(['org', 'plan', '-f', file, '--exit-code'])).code).toBe(0);
      expect((await api.cli(['teams', 'create', '--title', 'Shadow IT'])).code).toBe(0);
      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code).toBe(6);
      expect(plan.stdout).not.toContain('Rogue IdP');
    }));

  it('ignore: by key or glob pattern, per kind, leaves resources out of the plan and out of --prune', () =>
    withTestApi({}, async (api) => {
      const doc = parse((await api.cli(['org', 'pull', '--only', 'teams,members,translations'])).stdout);
      for (const title of ['Shadow IT', 'Contractors 2024', 'Contractors 2025']) expect((await api.cli(['teams', 'create', '--title', title])).code).toBe(0);
      expect((await api.cli(['translations', 'create', '--title', 'Klingon'])).code).toBe(0);
      doc.ignore = { teams: ['contractors *'], translations: ['Klingon'] };
      const file = write(doc);
      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code).toBe(6);
      expect(plan.stdout.match(/\? unmanaged/g)).toHaveLength(1);
      expect(plan.stdout).toContain('? unmanaged team "Shadow IT"');

      // --prune deletes the unmanaged ones, through the gate: --yes needed without a terminal, the question names them.
      const asked = await api.cli(['org', 'apply', '-f', file, '--prune']);
      expect(asked.code).toBe(2);
      expect(asked.stderr).toMatch(/Apply 1 change to organization \w+, deleting 1 team: needs confirmation; pass --yes/);
      const pruned = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes']);
      expect(pruned.code, pruned.stderr).toBe(0);
      expect(pruned.stdout).toContain('teams Shadow IT: deleted');
      const teams = JSON.parse((await api.cli(['teams', 'list', '--json'])).stdout).map((t: any) => t.title);
      expect(teams).not.toContain('Shadow IT');
      expect(teams).toEqual(expect.arrayContaining(['Contractors 2024', 'Contractors 2025']));
      expect((await api.cli(['org', 'plan', '-f', file, '--prune', '--exit-code'])).code).toBe(0);

      // Mass deletes: unmanaged resources count as the gate counts any delete.
      const none = write({ version: 1, translations: [] });
      const mass = await api.cli(['org', 'apply', '-f', none, '--prune', '--yes']);
      expect(mass.code).toBe(2);
      expect(mass.stderr).toMatch(/the run deletes 3 of 3 translations \(all of them\): more than half, which needs --allow-mass-delete; nothing was changed/);
    }));

  it('a bad ignore: an unknown kind or an empty pattern is exit 2 with its line', () =>
    withTestApi({}, async (api) => {
      const file = write({ version: 1, teams: [], ignore: { temas: ['x'], teams: [''] } });
      const r = await api.cli(['org', 'plan', '-f', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/:\d+:\d+: ignore\.temas: unknown key "temas" \(did you mean "teams"\?\)/);
      expect(r.stderr).toMatch(/:\d+:\d+: ignore\.teams\[0\]: must be/);
    }));
});

describe('org pull writes everything --prune can delete', () => {
  it('right after a pull, plan --prune --exit-code exits 0 and apply --prune deletes nothing (a specification published from a file included)', () =>
    withTestApi({}, async (api) => {
      const file = await pullTo(api);
      const plan = await api.cli(['org', 'plan', '-f', file, '--prune', '--exit-code']);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const apply = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes']);
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stderr).toContain('No changes');
      expect(JSON.parse((await api.cli(['openapi', 'list', '--json'])).stdout).map((o: any) => o.slug).sort()).toEqual(['billing-api', 'petstore']);
      // Pulled to stdout, the specification is ignored: --prune leaves it be there too.
      const stdout = write(parse((await api.cli(['org', 'pull', '--only', 'openapi'])).stdout));
      expect((await api.cli(['org', 'plan', '-f', stdout, '--prune', '--exit-code'])).code).toBe(0);
    }));

  it("a space's visibility is pulled read-only: a difference is reported (exit 6 with --exit-code), never sent", () =>
    withTestApi({}, async (api) => {
      const doc = parse((await api.cli(['org', 'pull', '--only', 'spaces'])).stdout);
      const welcome = doc.spaces.find((s: any) => s.title === 'Welcome');
      expect(welcome.visibility).toBe('public');
      expect(doc.spaces.every((s: any) => typeof s.visibility === 'string')).toBe(true);
      welcome.visibility = 'private';
      const file = write(doc);
      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code).toBe(6);
      expect(plan.stdout).toMatch(/^ {2}! spaces "Welcome": visibility: public → private: the API cannot set it: change it in the app/m);
      expect(plan.stderr).toContain('1 not applied through the API');
      const dry = await api.cli(['org', 'apply', '-f', file, '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).not.toMatch(/^(PATCH|POST|PUT|DELETE) /m);
      expect((await api.cli(['org', 'apply', '-f', file, '--yes'])).code).toBe(0);
      expect(JSON.parse((await api.cli(['spaces', 'get', welcome.id, '--json'])).stdout).visibility).toBe('public');
    }));
});
