// The files `org pull --file` and `org plan --out` write, through the one
// safe writer (src/files/write.ts): never through or over a symbolic link,
// an existing file replaced only with --force (a saved plan: only over a
// saved plan), nothing written when any target is refused.
import { lstatSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, useTestApi } from '../helpers.js';

const api = useTestApi();
const dir = tempDir('docplat-org-files-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('org pull --file and org plan --out write through the one safe writer', () => {
  it('pull --file: an existing file is replaced only with --force; a link is never written through or over', async () => {
    const file = join(dir, 'docplat.yaml');
    const first = await api.cli(['org', 'pull', '--only', 'teams', '--file', file]);
    expect(first.code, first.stderr).toBe(0);
    // Pulled again unchanged: nothing to replace, no --force needed.
    const same = await api.cli(['org', 'pull', '--only', 'teams', '--file', file]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toContain(`wrote ${file} (unchanged)`);
    writeFileSync(file, 'version: 1\n# my edits\n');
    const again = await api.cli(['org', 'pull', '--only', 'teams', '--file', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`error: ${file} exists; pass --force to replace it`);
    expect(readFileSync(file, 'utf8')).toBe('version: 1\n# my edits\n');
    const forced = await api.cli(['org', 'pull', '--only', 'teams', '--file', file, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('teams:');

    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'not yours\n');
    const link = join(dir, 'linked.yaml');
    symlinkSync(outside, link);
    const linked = await api.cli(['org', 'pull', '--only', 'teams', '--file', link, '--force']);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain(`refusing to write ${link}: it is a symbolic link`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(outside);
    expect(readFileSync(outside, 'utf8')).toBe('not yours\n');
  });

  it('plan --out: replaces a plan saved before, never another file or a link', async () => {
    const file = join(dir, 'plan-source.yaml');
    expect((await api.cli(['org', 'pull', '--only', 'translations', '--file', file])).code).toBe(0);
    const out = join(dir, 'plan.json');
    expect((await api.cli(['org', 'plan', '-f', file, '--out', out])).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).kind).toBe('docplat-org-plan');
    // Saved again over its own plan: fine.
    const again = await api.cli(['org', 'plan', '-f', file, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    const notes = join(dir, 'notes.json');
    writeFileSync(notes, '{"mine": true}\n');
    const refused = await api.cli(['org', 'plan', '-f', file, '--out', notes]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--out: ${notes} exists and is not a plan saved by \`docplat org plan --out\``);
    expect(readFileSync(notes, 'utf8')).toBe('{"mine": true}\n');
    const link = join(dir, 'plan-link.json');
    symlinkSync(out, link);
    const linked = await api.cli(['org', 'plan', '-f', file, '--out', link]);
    expect(linked.code).not.toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(linked.stderr).toContain(`refusing to write ${link}: it is a symbolic link`);
  });
});
