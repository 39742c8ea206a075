// Rules between body fields are declared once in the operation table
// (api/rules.ts) and refused alike by the CLI (before sending, in flag words)
// and by the sandbox (400, in field words): one case per rule of the table.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { brokenRule } from '../../src/api/rules.js';
import { useTestApi } from '../helpers.js';
import { call, demo } from '../sandbox/helpers.js';

const api = useTestApi();
const ids = demo();
const GS = ids.space('Getting Started');

interface Case {
  op: string;
  rule: string;
  /** The CLI's refusal, where a flag fills the field (no flag fills a section's `pageId`). */
  cli?: string[];
  cliSays?: RegExp;
  raw: [method: string, path: () => string, body: Record<string, unknown>];
  apiSays: RegExp;
}

const org = () => api.sandbox.defaultOrg!;
const SITE = { id: '' };
const site = () => `/orgs/${org()}/sites/${SITE.id}`;
const CASES: Case[] = [
  {
    op: 'comments.create',
    rule: 'needs',
    cli: ['comments', 'create', GS, '--body', 'hi', '--node', 'n1'],
    cliSays: /^error: --node needs --page: a node is a block of a page\n$/,
    raw: ['POST', () => `/spaces/${GS}/comments`, { body: { markdown: 'hi' }, node: 'n1' }],
    apiSays: /^The field "node" needs "page": a node is a block of a page\.$/,
  },
  {
    op: 'customFields.create',
    rule: 'onlyFor',
    cli: ['custom-fields', 'create', '--name', 'plain1', '--type', 'text', '--option', 'a'],
    cliSays: /^error: --option is only for select:single and select:multi fields, not text\n$/,
    raw: ['POST', () => `/orgs/${org()}/custom-fields`, { name: 'plain1', type: 'text', options: ['a'] }],
    apiSays: /^Only select fields have options; this one is of type text\.$/,
  },
  {
    op: 'sections.create',
    rule: 'needs',
    raw: ['POST', () => `${site()}/sections`, { spaceId: null, pageId: 'p1' }],
    apiSays: /^The field "pageId" needs "spaceId": a home page is a page of an existing space\.$/,
  },
  {
    op: 'siteSpaces.add',
    rule: 'needs',
    raw: ['POST', () => `${site()}/site-spaces`, { spaceId: null, pageId: 'p1' }],
    apiSays: /^The field "pageId" needs "spaceId": a home page is a page of an existing space\.$/,
  },
  {
    op: 'customFields.update',
    rule: 'nothing',
    cli: ['custom-fields', 'update', 'owner'],
    cliSays: /^error: nothing to change: give at least one of --title, --description, --placeholder, --option\n$/,
    raw: ['PATCH', () => `/orgs/${org()}/custom-fields/owner`, {}],
    apiSays: /^Nothing to change: give at least one of "title", "description", "placeholder", "options"\.$/,
  },
];

describe('rules between fields: one declaration, the same refusal from the CLI and the sandbox', () => {
  it('every rule declared in the operation table has its case here', () => {
    const declared = new Set<string>();
    for (const op of Object.values(OPERATIONS as Record<string, Operation>)) for (const r of op.rules ?? []) declared.add(`${op.id.replace(/\.cr$/, '')} ${r.kind}`);
    expect([...declared].sort()).toEqual(CASES.filter((c) => c.rule !== 'nothing').map((c) => `${c.op} ${c.rule}`).sort());
  });

  it('a value that breaks its own spec is refused for that, not for the rule', () => {
    expect(brokenRule(OPERATIONS['customFields.create'], { type: 'nonsense', options: ['a'] })).toBeUndefined();
    expect(brokenRule(OPERATIONS['customFields.create'], { type: 'select:multi', options: ['a'] })).toBeUndefined();
    expect(brokenRule(OPERATIONS['comments.create'], { page: 'p', node: 'n' })).toBeUndefined();
  });

  it.each(CASES)('$op $rule', async (c) => {
    SITE.id ||= (await call(api.sandbox, 'GET', `/orgs/${org()}/sites`)).body.items[0].id;
    if (c.cli) {
      const r = await api.cli([...c.cli, '--debug']);
      expect(r.code).toBe(2);
      // Refused before anything is sent: no request in the --debug trace.
      expect(r.stderr).toMatch(c.cliSays!);
    }
    const [method, path, body] = c.raw;
    const res = await call(api.sandbox, method, path(), { body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toMatch(c.apiSays);
  });
});
