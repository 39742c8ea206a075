// Lists cut by --limit (src/commands/listing.ts): the next cursor is given on
// stderr, and --cursor continues from it.
import { describe, expect, it } from 'vitest';
import { lines, useTestApi } from '../helpers.js';

const api = useTestApi({ spaces: 60 });

describe('--cursor is given to the user', () => {
  it('piped, a list cut by --limit prints the next cursor on stderr, and --cursor continues from it', async () => {
    const first = await api.cli(['spaces', 'list', '--limit', '2', '--fields', 'id']);
    const note = lines(first.stderr).find((l) => l.startsWith('next cursor: '));
    expect(note, first.stderr).toBeDefined();
    const cursor = note!.slice('next cursor: '.length);
    const json = await api.cli(['spaces', 'list', '--limit', '2', '--json']);
    expect(JSON.parse(json.stdout)).toHaveLength(2);
    expect(json.stderr).toContain(`next cursor: ${cursor}`);
    const next = await api.cli(['spaces', 'list', '--limit', '2', '--cursor', cursor, '--fields', 'id']);
    const all = await api.cli(['spaces', 'list', '--limit', '4', '--fields', 'id']);
    expect([...lines(first.stdout), ...lines(next.stdout)]).toEqual(lines(all.stdout));
    // the last page has no cursor to give
    const whole = await api.cli(['spaces', 'list', '--all', '--fields', 'id']);
    expect(whole.stderr).not.toMatch(/cursor/);
  });
});
