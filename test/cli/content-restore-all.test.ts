// content restore --all-spaces against the sandbox: an organization backed
// up with export --all-spaces, then damaged in several ways (a space
// deleted for good, one in the trash, groups, link pages and pages deleted,
// settings changed), comes back as it was: byte for byte where the API
// allows, the rest named (exit 5). A second run restores nothing twice. The
// same backup restored into another organization, files over 1 MB served
// by --files-url: the collections made, every space created once.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lines, startCli, tempDir, until, withTestApi, type TestApi } from '../helpers.js';
import { admin, filesUnder, flat, serve, type Page } from '../content-helpers.js';

const base = tempDir('docplat-restore-all-');
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function get(api: TestApi, path: string): Promise<any> {
  return (await fetch(api.sandbox.url + path, { headers: { authorization: `Bearer ${api.sandbox.token}` } })).json();
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const skip = ['.docplat-export.json', '.docplat-export-all.json'];

/** Two backups hold the same files, byte for byte (`except`: paths that may differ). */
function sameFiles(a: string, b: string, except: (path: string) => boolean = () => false): void {
  const left = filesUnder(a, skip).filter((p) => !except(p));
  expect(filesUnder(b, skip).filter((p) => !except(p))).toEqual(left);
  for (const f of left) expect(sha(join(b, f)), f).toBe(sha(join(a, f)));
}

async function spaces(api: TestApi, org: string): Promise<{ id: string; title: string; parent?: string; emoji?: string; editMode?: string; defaultLevel?: string | null }[]> {
  return (await get(api, `/orgs/${org}/spaces?limit=1000`)).items;
}

describe('content restore --all-spaces', () => {
  it('brings a damaged organization back from its backup; a second run restores nothing twice', () =>
    withTestApi({ allowPrivateFileUrls: true }, async (api) => {
      const org = api.sandbox.defaultOrg!;
      const dir = join(base, 'acme');
      const r0 = await api.cli(['content', 'export', '--all-spaces', '--dest', dir]);
      expect(r0.code, r0.stderr).toBe(0);
      const before = await spaces(api, org);
      const byTitle = (t: string) => before.find((s) => s.title === t)!;
      // Damage: a space gone for good, one in the trash, pages, a group and a link page deleted, settings changed.
      const gone = byTitle('Webhooks');
      const trashed = byTitle('SDKs');
      const edited = byTitle('Getting Started');
      const settings = byTitle('Admin Guide');
      expect((await api.cli(['spaces', 'delete', gone.id, '--yes'])).code).toBe(0);
      await fetch(`${new URL(api.sandbox.url).origin}/_sandbox/clock`, { method: 'POST', headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ advanceDays: 8 }) });
      expect((await api.cli(['spaces', 'delete', trashed.id, '--yes'])).code).toBe(0);
      const pages: Page[] = flat((await get(api, `/spaces/${edited.id}/content/pages`)).pages);
      for (const p of pages.filter((x) => x.type === 'group' || x.type === 'link' || x.path === 'faq')) await admin(api, 'remove-page', { spaceId: edited.id, pageId: p.id });
      expect((await api.cli(['spaces', 'update', settings.id, '--title', 'Renamed', '--emoji', '🔥', '--edit-mode', 'live'])).code).toBe(0);
      const collectionsBefore = (await get(api, `/orgs/${org}/collections?limit=1000`)).items;
      const collection = (t: string) => collectionsBefore.find((c: { title: string }) => c.title === t);
      const guides = collection('Guides');
      expect((await api.cli(['collections', 'update', guides.id, '--description', 'Changed', '--default-level', 'read'])).code).toBe(0);
      // A collection renamed, one moved under another: the same collections are renamed and moved back, none made again.
      expect((await api.cli(['collections', 'update', collection('Runbooks').id, '--title', 'Playbooks'])).code).toBe(0);
      expect((await api.cli(['collections', 'move', collection('Advanced').id, '--parent', collection('API').id])).code).toBe(0);

      const dry = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stderr).toMatch(/"Webhooks": create a new space: space \S+ is gone/);
      expect(dry.stderr).toMatch(/"SDKs": restore from the trash/);

      const r = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--json']);
      // The space gone for good comes back new: its group and link page cannot be made (named), all else is equal.
      expect(r.code, r.stderr).toBe(5);
      const out = JSON.parse(r.stdout).spaces as { title: string; way: string; space: string; skipped: { what: string }[]; different: string[]; verified: boolean }[];
      const way = (t: string) => out.find((s) => s.title === t)!;
      expect([way('Webhooks').way, way('SDKs').way, way('Getting Started').way, way('Admin Guide').way]).toEqual(['new', 'trash', 'existing', 'existing']);
      expect(way('SDKs').space).toBe(trashed.id);
      for (const s of out.filter((x) => x.title !== 'Webhooks')) expect([s.title, s.verified, s.skipped]).toEqual([s.title, true, []]);
      // Its large file is no longer served at the downloadURL the backup recorded (the space is gone): named (--files-url would bring it).
      expect(way('Webhooks').skipped.map((s) => s.what)).toEqual(['group "Guides"', 'link page "Status page" (https://status.example.com/)', 'file .gitbook/assets/dataset.bin (3145851 bytes)']);
      const now = await spaces(api, org);
      expect(now.length).toBe(before.length);
      const admin_ = now.find((s) => s.id === settings.id)!;
      expect([admin_.title, admin_.emoji, admin_.editMode]).toEqual([settings.title, settings.emoji, settings.editMode]);
      const guidesNow = await get(api, `/collections/${guides.id}`);
      expect([guidesNow.description, guidesNow.defaultLevel]).toEqual([guides.description, guides.defaultLevel]);
      const shape = (cs: { id: string; title: string; parent?: string | null }[]) => cs.map((c) => [c.id, c.title, c.parent ?? null]).sort();
      expect(shape((await get(api, `/orgs/${org}/collections?limit=1000`)).items)).toEqual(shape(collectionsBefore));
      const remade = now.find((s) => s.title === 'Webhooks')!;
      expect(remade.parent).toBe(gone.parent);

      // A second export equals the backup, but for the space made again (its group's pages at the top level, SUMMARY.md).
      const again = join(base, 'acme-again');
      expect((await api.cli(['content', 'export', '--all-spaces', '--dest', again])).code).toBe(0);
      const webhooks = JSON.parse(readFileSync(join(dir, '.docplat-export-all.json'), 'utf8')).spaces[gone.id].path as string;
      sameFiles(dir, again, (p) => p.startsWith(`${webhooks}/`));
      sameFiles(join(dir, webhooks), join(again, webhooks), (p) => ['SUMMARY.md', 'faq.md'].includes(p) || p.includes('authentication') || p.includes('configuration') || p.endsWith('dataset.bin'));

      // A second run: nothing restored twice, nothing sent but the reads and the checks.
      const second = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--json']);
      const out2 = JSON.parse(second.stdout).spaces as { way: string; changes: number; reverted: number; notes: string[] }[];
      expect(out2.every((s) => s.way === 'existing')).toBe(true);
      // A locked space with nothing to change is not unlocked and locked again.
      expect(out2.flatMap((s) => s.notes).filter((n) => /unlocked|settings set/.test(n))).toEqual([]);
      expect((await spaces(api, org)).length).toBe(before.length);
    }));

  it('restores a whole backup into another organization, files over 1 MB from --files-url', () =>
    withTestApi({ allowPrivateFileUrls: true }, async (api) => {
      const dir = join(base, 'into-initech');
      expect((await api.cli(['content', 'export', '--all-spaces', '--dest', dir])).code).toBe(0);
      const target = 'InitechDemoOrg000001';
      const served = await serve(dir);
      try {
        const top = JSON.parse(readFileSync(join(dir, '.docplat-export-all.json'), 'utf8'));
        // The dry run says each collection it would make once, by its own title and path, and each setting it would give it.
        const dry = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--dry-run']);
        const recorded = new Map<string, { title: string; parent: string | null; description?: string; defaultLevel?: string | null }>(top.collections.map((c: { id: string }) => [c.id, c]));
        const pathOf = (id: string | null): string[] => (id ? [...pathOf(recorded.get(id)!.parent), recorded.get(id)!.title] : []);
        const creates = [...recorded.keys()].map((id) => `create collection "${recorded.get(id)!.title}" (${pathOf(id).join('/')})`);
        expect(lines(dry.stdout).filter((l) => l.startsWith('create collection')).sort()).toEqual(creates.sort());
        expect(dry.stdout).toContain('set collection "Product/Guides": description, defaultLevel');
        // With --json, the same as one document: the collections, and the spaces.
        const dryJson = JSON.parse((await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--dry-run', '--json'])).stdout);
        expect(Object.keys(dryJson)).toEqual(['collections', 'spaces']);
        expect(dryJson.collections).toEqual(lines(dry.stdout).filter((l) => / collection "/.test(l)));
        const r = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--files-url', served.url, '--json']);
        expect(r.code, r.stderr).toBe(5);
        const out = JSON.parse(r.stdout).spaces as { title: string; way: string; skipped: { what: string }[]; different: string[] }[];
        expect(out.length).toBe(Object.keys(top.spaces).length);
        expect(out.every((s) => s.way === 'new')).toBe(true);
        // Only groups and link pages are named: every file over 1 MB came from the backup's server.
        for (const s of out) for (const k of s.skipped) expect(k.what, s.title).toMatch(/^(group|link page) /);
        expect(served.served.filter((p) => p.endsWith('dataset.bin')).length).toBe(out.length);
        const made = await spaces(api, target);
        for (const s of out) expect(made.filter((m) => m.title === s.title).length, s.title).toBe(1);
        // The collections, by title path, with their description and default level.
        const settings = (c: { title: string; description?: string; defaultLevel?: string | null }) => [c.title, c.description ?? null, c.defaultLevel ?? null];
        const collections = (await get(api, `/orgs/${target}/collections?limit=1000`)).items.map(settings);
        for (const c of top.collections) expect(collections).toContainEqual(settings(c));
        // A second run creates nothing more.
        await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--files-url', served.url, '--no-verify']);
        expect((await spaces(api, target)).length).toBe(made.length);
      } finally {
        await served.close();
      }
    }));

  it('two spaces of one title in one collection path: never restored into one at a guess (a second run names them, exit 5, and changes neither)', () =>
    withTestApi({}, async (api) => {
      const twin = await api.cli(['spaces', 'create', '--title', 'Release Notes', '--json']);
      expect(twin.code, twin.stderr).toBe(0);
      const dir = join(base, 'twins');
      expect((await api.cli(['content', 'export', '--all-spaces', '--dest', dir])).code).toBe(0);
      const target = 'InitechDemoOrg000001';
      const first = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--no-verify']);
      expect(first.code, first.stderr).toBe(5);
      const made = (await spaces(api, target)).filter((s) => s.title === 'Release Notes');
      expect(made).toHaveLength(2);
      const trees = async () => Promise.all(made.map(async (s) => JSON.stringify(await get(api, `/spaces/${s.id}/content/pages`))));
      const before = await trees();
      const second = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--no-verify', '--yes']);
      expect(second.code, second.stderr).toBe(5);
      expect(second.stderr).toMatch(/2 spaces titled "Release Notes" are at the top level of organization InitechDemoOrg000001, and the backup has more than one: none restored into at a guess/);
      expect(second.stderr).not.toMatch(/restored space \S+ "Release Notes"/);
      const dry = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--dry-run']);
      expect(dry.code, dry.stderr).toBe(5);
      expect(lines(dry.stderr).at(-1)).toBe('error: 2 spaces would not be restored (listed above)');
      expect(await trees()).toEqual(before);
      expect((await spaces(api, target)).filter((s) => s.title === 'Release Notes')).toHaveLength(2);
      // One space restored alone, its place ambiguous: refused before anything is sent.
      const one = await api.cli(['--org', target, 'content', 'restore', '--from', join(dir, 'release-notes')]);
      expect(one.code, one.stderr).toBe(2);
      expect(one.stderr).toMatch(/2 spaces titled "Release Notes" are at the top level of organization InitechDemoOrg000001: none restored into at a guess; give the one with --into <spaceId> \(--from .*\), or --new$/m);
    }));

  it('Ctrl-C mid-restore exits 130; the same command again finishes, every space restored once', async () => {
    const log: string[] = [];
    await withTestApi({ allowPrivateFileUrls: true, log: (l) => log.push(l) }, async (api) => {
      const dir = join(base, 'interrupted');
      expect((await api.cli(['content', 'export', '--all-spaces', '--dest', dir])).code).toBe(0);
      const target = 'InitechDemoOrg000001';
      await fetch(`${new URL(api.sandbox.url).origin}/_sandbox/faults`, { method: 'POST', headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ spec: 'latency=20' }) });
      const created = () => log.filter((l) => l.startsWith(`POST /v1/orgs/${target}/spaces 201`)).length;
      const run = startCli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--no-verify'], { env: api.env() });
      // Once spaces are made and one has a batch in its change request (it is cut short between batches).
      await until(() => created() >= 3 && log.some((l) => /^POST \/v1\/spaces\/\S+\/change-requests\/\S+\/content\S* 200/.test(l)));
      run.child.kill('SIGINT');
      const first = await run.done;
      expect(first.code, first.stderr).toBe(130);
      expect(lines(first.stderr).at(-1)).toMatch(/^error: interrupted: \d+ of \d+ spaces restored; run the same command again/);
      // Each change request a space cut short left open is named.
      const open = (await get(api, `/orgs/${target}/change-requests?status=open`)).items as { id: string }[];
      expect(open.length).toBeGreaterThan(0);
      for (const cr of open) expect(first.stderr).toMatch(new RegExp(`change request ${cr.id} of space \\S+ holds \\d+ batches`));
      const top = JSON.parse(readFileSync(join(dir, '.docplat-export-all.json'), 'utf8'));
      const total = Object.keys(top.spaces).length;
      expect(created()).toBeLessThan(total);
      await fetch(`${new URL(api.sandbox.url).origin}/_sandbox/faults`, { method: 'POST', headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ spec: '' }) });
      const second = await api.cli(['content', 'restore', '--all-spaces', '--from', dir, '--org', target, '--no-verify']);
      expect(second.code, second.stderr).toBe(5);
      expect(created()).toBe(total);
      const made = await spaces(api, target);
      for (const entry of Object.values(top.spaces) as { title: string }[]) expect(made.filter((m) => m.title === entry.title).length, entry.title).toBe(1);
    });
  });
});
