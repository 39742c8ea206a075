// content export --all-spaces against the sandbox: every space of the
// organization into <dest>/<collection path>/<space slug>/ (nested
// collections included), one top-level manifest, a re-run over an unchanged
// organization sends only the two lists, a renamed space keeps its folder,
// a deleted one is reported and removed only with --prune, and --collection
// narrows the run to a collection and the ones nested in it.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lines, setFaults, startCli, tempDir, until, withTestApi } from '../helpers.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = tempDir();
  made.push(dir);
  return dir;
};

interface Space {
  id: string;
  title: string;
  parent?: string;
}

describe('content export --all-spaces', () => {
  it('writes every space under its collection path; a re-run sends the two lists only; renames keep folders; deletions wait for --prune', () => {
    const log: string[] = [];
    return withTestApi({ log: (l) => log.push(l) }, async (api) => {
      const spaces = JSON.parse((await api.cli(['spaces', 'list', '--all', '--json'])).stdout) as Space[];
      const collections = JSON.parse((await api.cli(['collections', 'list', '--all', '--json'])).stdout) as Space[];
      const dir = join(scratch(), 'backup');
      const r = await api.cli(['content', 'export', '--all-spaces', '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stderr).at(-1)).toBe(`Exported ${spaces.length} spaces to ${dir}: ${spaces.length} exported, 0 unchanged`);
      const top = JSON.parse(readFileSync(join(dir, '.docplat-export-all.json'), 'utf8'));
      expect(Object.keys(top.spaces).sort()).toEqual(spaces.map((s) => s.id).sort());
      // A space in a nested collection: its folder is the collections' titles, then its slug; each holds a whole export.
      const nested = spaces.find((s) => s.parent && collections.find((c) => c.id === s.parent)?.parent)!;
      const parent = collections.find((c) => c.id === nested.parent)!;
      const grand = collections.find((c) => c.id === parent.parent)!;
      const path = top.spaces[nested.id].path as string;
      expect(path.startsWith(`${grand.title}/${parent.title}/`)).toBe(true);
      for (const s of spaces) {
        const manifest = JSON.parse(readFileSync(join(dir, top.spaces[s.id].path, '.docplat-export.json'), 'utf8'));
        expect(manifest.space).toBe(s.id);
        expect(existsSync(join(dir, top.spaces[s.id].path, 'SUMMARY.md'))).toBe(true);
      }

      log.length = 0;
      const again = await api.cli(['content', 'export', '--all-spaces', '--dest', dir]);
      expect(again.code, again.stderr).toBe(0);
      expect(lines(again.stderr).at(-1)).toBe(`Exported ${spaces.length} spaces to ${dir}: 0 exported, ${spaces.length} unchanged`);
      const sent = log.map((l) => l.split(' ').slice(0, 2).join(' ').replace(/\?.*/, '')).sort();
      expect(sent).toEqual([expect.stringMatching(/^GET \/v1\/orgs\/[^/]+\/collections$/), expect.stringMatching(/^GET \/v1\/orgs\/[^/]+\/spaces$/)]);

      // Renamed: the folder stays, and the run says so. Deleted: reported, kept until --prune.
      const [renamed, deleted] = spaces.filter((s) => s.id !== nested.id);
      expect((await api.cli(['spaces', 'update', renamed.id, '--title', 'A New Name'])).code).toBe(0);
      expect((await api.cli(['spaces', 'delete', deleted.id, '--yes'])).code).toBe(0);
      const third = await api.cli(['content', 'export', '--all-spaces', '--dest', dir]);
      expect(third.code, third.stderr).toBe(0);
      expect(third.stderr).toContain(`renamed: space ${renamed.id} "${renamed.title}" is now "A New Name" (its folder stays ${top.spaces[renamed.id].path})`);
      expect(third.stderr).toContain(`gone: space ${deleted.id} "${deleted.title}" (${top.spaces[deleted.id].path}) is no longer in the organization; --prune removes its folder`);
      expect(existsSync(join(dir, top.spaces[deleted.id].path, 'SUMMARY.md'))).toBe(true);
      const pruned = await api.cli(['content', 'export', '--all-spaces', '--dest', dir, '--prune', '--yes']);
      expect(pruned.code, pruned.stderr).toBe(0);
      expect(existsSync(join(dir, top.spaces[deleted.id].path))).toBe(false);
      expect(JSON.parse(readFileSync(join(dir, '.docplat-export-all.json'), 'utf8')).spaces[deleted.id]).toBeUndefined();
    });
  });

  it('--collection exports the spaces of a collection and the ones nested in it; a folder of other files is refused', () =>
    withTestApi({}, async (api) => {
      const spaces = JSON.parse((await api.cli(['spaces', 'list', '--all', '--json'])).stdout) as Space[];
      const collections = JSON.parse((await api.cli(['collections', 'list', '--all', '--json'])).stdout) as Space[];
      const parentOf = new Map(collections.map((c) => [c.id, c.parent]));
      const root = collections.find((c) => !c.parent && collections.some((d) => d.parent === c.id))!;
      const under = (id: string | undefined): boolean => !!id && (id === root.id || under(parentOf.get(id)));
      const expected = spaces.filter((s) => under(s.parent)).map((s) => s.id).sort();
      expect(expected.length).toBeGreaterThan(1);
      const dir = join(scratch(), 'one');
      const r = await api.cli(['content', 'export', '--all-spaces', '--collection', root.id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(Object.keys(JSON.parse(readFileSync(join(dir, '.docplat-export-all.json'), 'utf8')).spaces).sort()).toEqual(expected);
      expect(readdirSync(dir).sort()).toEqual(['.docplat-export-all.json', root.title].sort());
      const mine = join(scratch(), 'mine');
      mkdirSync(mine);
      writeFileSync(join(mine, 'notes.txt'), 'mine');
      const refused = await api.cli(['content', 'export', '--all-spaces', '--dest', mine]);
      expect(refused.code).toBe(2);
      expect(lines(refused.stderr)).toEqual([expect.stringMatching(/is not empty and holds no docplat export \(\.docplat-export-all\.json\).*--force/)]);
      const both = await api.cli(['content', 'export', spaces[0].id, '--all-spaces', '--dest', dir]);
      expect(both.code).toBe(2);
      expect(lines(both.stderr)).toEqual(['error: give a space id or --all-spaces, not both']);
    }));

  it('Ctrl-C mid-run: exit 130, no lock left, no empty folder of a space claimed ahead and never started; a re-run finishes', () => {
    const log: string[] = [];
    return withTestApi({ spaces: 20, log: (l) => log.push(l) }, async (api) => {
      const dir = join(scratch(), 'backup');
      await setFaults(api, 'latency=60');
      const run = startCli(['content', 'export', '--all-spaces', '--dest', dir], { env: api.env() });
      // Once several spaces are being read, later ones are claimed ahead (their folders made and locked).
      await until(() => new Set(log.filter((l) => / \/v1\/spaces\/[^/]+\/content\/pages/.test(l)).map((l) => l.split('/')[3])).size >= 6, 'six spaces read');
      run.child.kill('SIGINT');
      const { code, stderr } = await run.done;
      expect(code, stderr).toBe(130);
      await setFaults(api, '');
      const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? [join(d, n), ...walk(join(d, n))] : [join(d, n)]));
      const entries = walk(dir);
      expect(entries.filter((e) => e.endsWith('.lock'))).toEqual([]);
      expect(entries.filter((e) => statSync(e).isDirectory() && readdirSync(e).length === 0)).toEqual([]);
      const again = await api.cli(['content', 'export', '--all-spaces', '--dest', dir]);
      expect(again.code, again.stderr).toBe(0);
    });
  }, 30_000);

  it('--force into a repository: a collection titled ".git" (or a space, or a page path) never writes into .git/', () =>
    withTestApi({}, async (api) => {
      const col = JSON.parse((await api.cli(['collections', 'create', '--title', '.git', '--json'])).stdout) as Space;
      const inner = JSON.parse((await api.cli(['collections', 'create', '--title', 'hooks', '--parent', col.id, '--json'])).stdout) as Space;
      expect((await api.cli(['spaces', 'create', '--title', 'config', '--collection', inner.id])).code).toBe(0);
      expect((await api.cli(['spaces', 'create', '--title', '.git', '--collection', col.id])).code).toBe(0);
      const repo = scratch();
      mkdirSync(join(repo, '.git', 'hooks'), { recursive: true });
      writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      writeFileSync(join(repo, 'README.md'), '# my repository\n');
      const r = await api.cli(['content', 'export', '--all-spaces', '--dest', repo, '--force']);
      expect(r.code, r.stderr).toBe(0);
      expect(readdirSync(join(repo, '.git')).sort()).toEqual(['HEAD', 'hooks']);
      expect(readdirSync(join(repo, '.git', 'hooks'))).toEqual([]);
      expect(readdirSync(join(repo, '_.git')).sort()).toEqual(['_.git', 'hooks']);
      expect(existsSync(join(repo, '_.git', 'hooks', 'config', 'SUMMARY.md'))).toBe(true);
    }));
});
