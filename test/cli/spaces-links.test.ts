// spaces links: the table row is short (status, target, where it was found).
import { describe, expect, it } from 'vitest';
import { lines, spaceIds, useTestApi } from '../helpers.js';

const api = useTestApi({ spaces: 5 });

describe('spaces links', () => {
  it('a table row is short: status, target, where it was found', async () => {
    const ids = await spaceIds(api, 20);
    for (const id of ids) {
      const r = await api.cli(['spaces', 'links', id], { stdoutTTY: true });
      if (!r.stdout.trim()) continue;
      for (const l of lines(r.stdout)) expect(l.length).toBeLessThanOrEqual(80);
      return;
    }
    throw new Error('no space with links');
  });
});
