// spaces links: the table row is short (status, target, where it was found).
import { describe, expect, it } from 'vitest';
import { lines, useTestApi } from '../helpers.js';

const api = useTestApi({ spaces: 530 });

async function spaceIds(n: number): Promise<string[]> {
  const r = await api.cli(['spaces', 'list', '--limit', String(n), '--fields', 'id']);
  expect(r.code, r.stderr).toBe(0);
  return lines(r.stdout);
}

describe('spaces links (10)', () => {
  it('a table row is short: status, target, where it was found', async () => {
    const ids = await spaceIds(20);
    for (const id of ids) {
      const r = await api.cli(['spaces', 'links', id], { stdoutTTY: true });
      if (!r.stdout.trim()) continue;
      for (const l of lines(r.stdout)) expect(l.length).toBeLessThanOrEqual(80);
      return;
    }
    throw new Error('no space with links');
  });
});
