// content restore --verify (the default): the space restored is exported
// into a temporary folder (content export itself, export.ts) and compared
// with the backup file by file, byte for byte: SUMMARY.md, every page's
// Markdown, every file (by the SHA-256 both exports took as the bytes
// streamed; read and hashed when an older backup has none). What differs,
// is missing or is extra is named; the folder is removed after.
import { join } from 'node:path';
import type { Context } from '../../context.js';
import { withTemporaryFolder } from '../../files/delete.js';
import { Confined, ReadRefused } from '../../files/read.js';
import { MANIFEST, exportSpace, type Manifest } from './export.js';
import { readJsonManifest } from './export-folder.js';
import { textHash } from './edits.js';
import { ASSETS } from './push-folder.js';
import { contentRequest, type Where } from './shared.js';

/** A file of the space (its assets' folder), not a page. */
const isAsset = (rel: string) => rel.startsWith(`${ASSETS}/`);

/** The paths of an export: SUMMARY.md, its pages' files and its files' (with their hashes when recorded). */
export function pathsOf(m: Manifest | undefined): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>([['SUMMARY.md', undefined]]);
  // A page gone before the backup was taken (its file kept without --prune) is no page of it.
  const tree = m?.backup ? new Set(m.backup.tree.map((p) => p.id)) : undefined;
  for (const [id, p] of Object.entries(m?.pages ?? {})) if (!tree || tree.has(id)) out.set(p.path, undefined);
  for (const f of Object.values(m?.files ?? {})) out.set(f.path, typeof f.sha256 === 'string' ? f.sha256 : undefined);
  return out;
}


/** One file of a folder, or undefined when it is not there (or not readable: then it differs). */
async function readOne(dir: Confined, rel: string): Promise<Buffer | undefined> {
  return dir.read(rel, isAsset(rel) ? 'asset' : 'page').catch((err: unknown) => {
    if (err instanceof ReadRefused) return undefined;
    throw err;
  });
}

/** Exports the space into a temporary folder and compares it with the backup (`want`: its paths, pathsOf its manifest); the paths that differ, each with why. */
export async function verifySpace(ctx: Context, backupRoot: string, want: Map<string, string | undefined>, where: Where, concurrency: string | undefined): Promise<string[]> {
  return withTemporaryFolder('verify', async (temp) => {
    const root = join(temp, 'space');
    await exportSpace(ctx, root, where, contentRequest(ctx, 'files.list', where), { quiet: true, concurrency });
    const restored = await readJsonManifest<Manifest>(root, MANIFEST, (m) => typeof m?.pages === 'object' && typeof m?.files === 'object');
    const got = pathsOf(restored);
    const [mine, theirs] = await Promise.all([Confined.open(backupRoot), Confined.open(root)]);
    const different: string[] = [];
    for (const [rel, hash] of want) {
      if (!got.has(rel)) {
        different.push(`${rel}: not in the space restored`);
        continue;
      }
      const theirHash = got.get(rel);
      if (hash !== undefined && theirHash !== undefined) {
        if (hash !== theirHash) different.push(`${rel}: other bytes`);
        continue;
      }
      const [a, b] = await Promise.all([readOne(mine, rel), readOne(theirs, rel)]);
      if (a === undefined) different.push(`${rel}: not readable in the backup`);
      else if (b === undefined || textHash(a) !== textHash(b)) different.push(`${rel}: other bytes`);
    }
    for (const rel of got.keys()) {
      if (!want.has(rel)) different.push(`${rel}: in the space restored, not in the backup${isAsset(rel) ? ' (no API operation deletes a file: delete it in the app)' : ''}`);
    }
    return different;
  });
}
