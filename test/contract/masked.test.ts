// Secrets in request bodies: every body field that holds one is declared
// `masked` by its operation, and shownBody() (what --dry-run and --debug
// print) replaces it, and each value of a map of them, with ***.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/api/operation.js';
import { OPERATIONS } from '../../src/api/operations/index.js';
import { apiRequest, shownBody } from '../../src/api/request.js';

const ALL = Object.values(OPERATIONS as Record<string, Operation>);

describe('masked body fields', () => {
  it('every body field named like a secret is masked by its operation', () => {
    const secretLike = ALL.flatMap((op) => Object.keys(op.body ?? {}).filter((k) => /secret|password|privateKey|apiKey/i.test(k)).map((k) => [op, k] as const));
    expect(secretLike.length).toBeGreaterThan(0);
    for (const [op, key] of secretLike) expect(op.masked ?? [], `${op.id} ${key}`).toContain(key);
  });

  it('shownBody masks each value of a map and leaves the body sent untouched', () => {
    const body = { title: 'Widget', description: 'd', script: 's', organization: 'O', secrets: { A: 'one', B: 'two' } };
    const request = apiRequest('integrations.publish', { params: { integrationName: 'w' }, body });
    expect(shownBody(request)).toEqual({ ...body, secrets: { A: '***', B: '***' } });
    expect(request.body?.secrets).toEqual({ A: 'one', B: 'two' });
    const none = apiRequest('integrations.publish', { params: { integrationName: 'w' }, body: { ...body, secrets: undefined } });
    expect(shownBody(none)?.secrets).toBeUndefined();
    const plain = apiRequest('spaces.update', { params: { spaceId: 'S' }, body: { title: 'x' } });
    expect(shownBody(plain)).toBe(plain.body);
  });
});

describe('masked query parameters', () => {
  it('every query parameter named like a secret is masked by its operation', () => {
    const secretLike = ALL.flatMap((op) => Object.keys(op.query).filter((k) => /secret|password|key$/i.test(k)).map((k) => [op, k] as const));
    expect(secretLike.length).toBeGreaterThan(3);
    for (const [op, key] of secretLike) expect(op.maskedQuery ?? [], `${op.id} ${key}`).toContain(key);
  });
});
