// Contracts between the operation table, the command declarations and the
// command map, checked without a server: every operation is declared once,
// called by a command or listed here with the reason it is not (yet), and
// every flag and argument fills a field its operation declares, so its
// bounds are the table's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/api/operation.js';
import { OPERATIONS, type OperationId } from '../../src/api/operations/index.js';
import type { Spec } from '../../src/api/schema.js';
import type { CommandDef } from '../../src/commands/define.js';
import { GROUPS } from '../../src/commands/index.js';
import { ROOT } from '../helpers.js';

/** Operations no command calls, and why. Families of later issues leave this list as their commands land. */
const NOT_CALLED: Record<string, string> = {
  'users.get': 'no command shows another user; served by the sandbox for `docplat api`',
  'teams.removeMember': 'teams remove sends its removals in batches in the one PUT …/members body; served by the sandbox for `docplat api`',
  'changeRequests.reviews.get': 'the Location of a new review; `change-requests reviews` lists them; served by the sandbox for `docplat api`',
  'changeRequests.contributors': 'who edited a change request, for the refusals of a push that name who changed a page; served by the sandbox for `docplat api`',
};

const ALL = OPERATIONS as Record<string, Operation>;

async function declarations(): Promise<{ group: string; def: CommandDef }[]> {
  const out: { group: string; def: CommandDef }[] = [];
  for (const g of GROUPS) for (const def of (await g.load()).COMMANDS) out.push({ group: g.name, def });
  return out;
}

/**
 * Operations named in hand-written handlers (`apiRequest('user.get')`, `ctx.api.request('openapi.latestVersion', ...)`,
 * `ctx.api.send(...)`), or by a declaration a handler runs (`ctx.api.run(LIST_ORG, ...)`: `operation: '...'`).
 */
function calledByHandlers(): string[] {
  const ids: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else for (const m of readFileSync(join(dir, e.name), 'utf8').matchAll(/(?:apiRequest|checkedRequest|api\.request|api\.send)\('([\w.]+)'|operation: '(\w+\.[\w.]+)'/g)) ids.push(m[1] ?? m[2]);
    }
  };
  walk(join(ROOT, 'src', 'commands'));
  return ids;
}

function specAt(fields: Record<string, Spec> | undefined, path: string): Spec | undefined {
  let spec: Spec | undefined = { type: 'object', fields };
  for (const part of path.split('.')) spec = spec?.type === 'object' ? spec.fields?.[part] : undefined;
  return spec;
}

describe('operation table', () => {
  it('declares each operation once: ids match their keys, method and path are unique', () => {
    const routes = new Set<string>();
    for (const [key, op] of Object.entries(ALL)) {
      expect(op.id).toBe(key);
      const route = `${op.method} ${op.path.replace(/\{\w+\}/g, '{}')}`;
      expect(routes.has(route), route).toBe(false);
      routes.add(route);
      expect(op.success.length, key).toBeGreaterThan(0);
      for (const name of op.path.match(/\{(\w+)\}/g) ?? []) expect(op.params[name.slice(1, -1)]?.required, `${key} ${name}`).toBe(true);
    }
    expect(Object.keys(ALL).length).toBeGreaterThan(130);
  });

  it('marks as unsafe to resend exactly the operations that create', () => {
    const unsafe = Object.values(ALL).filter((op) => !op.safe).map((op) => op.id);
    // updateContent adds what its batch holds (pages, files): a resend would add them twice.
    for (const id of unsafe) expect(/\.(create|duplicate|import|add|publish|updateContent)(\.cr)?$/.test(id) || id === 'replies.create.cr', id).toBe(true);
    for (const id of ['spaces.restore', 'spaces.move', 'spaces.transfer', 'orgs.ping', 'collections.move']) expect(ALL[id].safe, id).toBe(true);
    for (const id of ['spaces.create', 'spaces.duplicate', 'collections.create']) expect(ALL[id].safe, id).toBe(false);
  });
});

describe('commands and operations', () => {
  it('every operation is called by a command, or listed with the reason it is not', async () => {
    const called = new Set<string>(calledByHandlers());
    for (const { def } of await declarations()) {
      if (def.operation) called.add(def.operation);
      for (const f of Object.values(def.flags ?? {})) if (f.selects) called.add(f.selects.operation);
    }
    for (const id of called) expect(ALL[id], `called but not declared: ${id}`).toBeDefined();
    const uncalled = Object.keys(ALL).filter((id) => !called.has(id));
    const unexplained = uncalled.filter((id) => !(id in NOT_CALLED) && !(id.split('.')[0] in NOT_CALLED));
    expect(unexplained).toEqual([]);
    // A listed reason that no longer applies is removed: every exact entry is really uncalled.
    for (const id of Object.keys(NOT_CALLED).filter((k) => k.includes('.'))) expect(called.has(id), id).toBe(false);
  });

  it('every flag and argument fills a field its operation declares (so its bounds are the table\'s)', async () => {
    for (const { group, def } of await declarations()) {
      const where = `${group} ${def.name}`;
      if (!def.operation) {
        expect(def.run, `${where} has neither an operation nor a handler`).toBeDefined();
        continue;
      }
      const ops = [ALL[def.operation], ...Object.values(def.flags ?? {}).flatMap((f) => (f.selects ? [ALL[f.selects.operation]] : []))];
      for (const [key, f] of Object.entries(def.flags ?? {})) {
        const op = f.selects ? ALL[f.selects.operation] : ALL[def.operation];
        if (f.body) expect(specAt(op.body, f.body), `${where} --${key} → body ${f.body}`).toBeDefined();
        if (f.query) expect(op.query[f.query], `${where} --${key} → query ${f.query}`).toBeDefined();
        if (f.param) expect(op.params[f.param], `${where} --${key} → param ${f.param}`).toBeDefined();
        expect(!!(f.body || f.query || f.param || f.selects || f.filter || def.run), `${where} --${key} goes nowhere`).toBe(true);
      }
      for (const a of def.args ?? []) {
        if (a.query) expect(ALL[def.operation].query[a.query], `${where} <${a.name}>`).toBeDefined();
        else if (a.body) expect(specAt(ALL[def.operation].body, a.body), `${where} <${a.name}>`).toBeDefined();
        else for (const op of ops.slice(0, 1)) expect(op.params[a.param ?? a.name], `${where} <${a.name}>`).toBeDefined();
      }
      for (const key of Object.keys(def.body ?? {})) expect(ALL[def.operation].body?.[key], `${where} body ${key}`).toBeDefined();
      // Every path param is filled: by an argument, a flag, or the org.
      for (const op of ops) {
        const filled = new Set(['organizationId', ...(def.args ?? []).map((a) => a.param ?? a.name), ...Object.values(def.flags ?? {}).flatMap((f) => (f.param ? [f.param] : []))]);
        for (const p of Object.keys(op.params)) expect(filled.has(p), `${where}: ${op.id} needs {${p}}`).toBe(true);
      }
    }
  });

  it('a flag that fills an enum, a bound or an id is checked against the table before anything is sent', async () => {
    const { buildRequest, InputError } = await import('../../src/api/request.js');
    const op = ALL['spaces.update' satisfies OperationId];
    expect(() => buildRequest(op, { params: { spaceId: 'S' }, body: { title: 'x'.repeat(51) } })).toThrow(InputError);
    expect(() => buildRequest(op, { params: { spaceId: 'a/b' }, body: { title: 'ok' } })).toThrow(/an id/);
    expect(buildRequest(op, { params: { spaceId: 'a b'.replace(' ', '_') }, body: { defaultLevel: null } }).path).toBe('/spaces/a_b');
  });
});
