// content export's care for work it did not do: a file the export wrote and
// someone edited since (edits.ts tells which) is never replaced or deleted
// without --force, as `git checkout` keeps local changes. A page or file the
// space changed too is not fetched (named at the end, exit 1); a stale file
// --prune would remove is kept (named); an edited SUMMARY.md is not
// rewritten. What --prune removes is listed for the delete gate
// (commands/deletes.ts) and removed by the one local delete (files/delete.ts).
import { DocplatError } from '../../errors.js';
import { removeFiles, type Kept } from '../../files/delete.js';
import type { DeletePlan } from '../deletes.js';
import { localEdits, readPageText, remoteFile, textHash } from './edits.js';
import { recorded, type Manifest, type Writer } from './export-folder.js';
import type { Item } from './export.js';

export interface Guard {
  /**
   * Fetches not made: the file they would replace (or leave behind at an old
   * path) was edited here since the export. A page's version in the space is
   * fetched still, and written beside it (`remote`), unless the file holds it
   * already (`same`: both made the same change).
   */
  edited: { item: Item; path: string; remote?: string; same?: boolean }[];
  /** --prune: the stale files to remove (as the export wrote them), and those kept (edited since). */
  stale: string[];
  keptStale: string[];
  /** SUMMARY.md: write the new text, it holds it already, or it was edited here (kept). */
  summary: 'write' | 'same' | 'edited';
}

/** The path an item's file had in the last run, when it is another one. */
function before(root: string, old: Manifest, item: Item): string | undefined {
  const rel = recorded(root, (item.kind === 'page' ? old.pages[item.id] : old.files[item.id])?.path);
  return rel && rel !== item.path ? rel : undefined;
}

/**
 * What this run may replace and remove: the files it would replace, leave
 * behind or prune are read (only those), and those edited since the export
 * are kept, unless --force takes them over. Fetches of edited files become
 * `edited` items (their manifest entries stand: a later run sees them again).
 */
export async function guardEdits(root: string, old: Manifest | undefined, items: Item[], stale: string[], summaryText: string, force: boolean): Promise<Guard> {
  const guard: Guard = { edited: [], stale, keptStale: [], summary: 'write' };
  if (!old) return guard;
  // --force takes every file over: nothing is read, everything is written.
  if (force) return guard;
  const fetched = items.filter((i) => i.action === 'fetch');
  const paths = [...fetched.flatMap((i) => [i.path, before(root, old, i) ?? []].flat()), ...stale, 'SUMMARY.md'];
  const states = await localEdits(root, old, paths);
  const edited = new Set([...states].filter(([, s]) => s === 'edited').map(([p]) => p.toLowerCase()));
  for (const item of fetched) {
    const path = [item.path, before(root, old, item)].find((p) => p !== undefined && edited.has(p.toLowerCase()));
    if (path === undefined) continue;
    guard.edited.push({ item, path });
    item.action = 'edited';
  }
  guard.stale = stale.filter((rel) => !edited.has(rel.toLowerCase()));
  guard.keptStale = stale.filter((rel) => edited.has(rel.toLowerCase()));
  if (edited.has('summary.md')) guard.summary = 'edited';
  else if (states.get('SUMMARY.md') === 'same' && old.summary?.sha256 === textHash(summaryText)) guard.summary = 'same';
  return guard;
}

/** --prune's deletes for the gate: each stale file, of the files the export recorded (`scope`: the space folder, with --all-spaces). */
export function staleDeletes(old: Manifest | undefined, stale: string[], scope?: string): DeletePlan {
  const total = Object.keys(old?.pages ?? {}).length + Object.keys(old?.files ?? {}).length;
  return {
    deletes: stale.map((rel) => ({ kind: 'file', what: scope ? `${scope}/${rel}` : rel, scope })),
    totals: { [scope ? `file in ${scope}` : 'file']: total },
  };
}

/**
 * Removes the stale files (through the one local delete), and the manifest
 * entries of those now gone; what could not be removed (a link planted at
 * its place) is kept, its entry too.
 */
export async function removeStale(root: string, manifest: Manifest, stale: string[]): Promise<Kept[]> {
  const { kept } = await removeFiles(root, stale);
  const stays = new Set(kept.map((k) => k.path.toLowerCase()));
  const gone = new Set(stale.filter((rel) => !stays.has(rel.toLowerCase())).map((rel) => rel.toLowerCase()));
  for (const kind of ['pages', 'files'] as const) {
    for (const [id, entry] of Object.entries(manifest[kind])) if (gone.has(String(entry?.path).toLowerCase())) delete manifest[kind][id];
  }
  return kept;
}

/**
 * A page edited here and changed in the space: the space's version (`text`,
 * as export writes it for the file at `path`) is written beside the file
 * (`faq.md` → `faq.remote.md`, through the export's writer), never over it.
 * Returns where, or undefined when the file holds that text already.
 */
export async function writeBeside(root: string, writer: Writer, path: string, text: string): Promise<string | undefined> {
  if ((await readPageText(root, path)) === text) return undefined;
  const rel = remoteFile(path);
  await writer.write(rel, text);
  return rel;
}

/**
 * A page edited here and changed in the space, its version fetched: written
 * beside the file (writeBeside), or, the same text, nothing written (and a
 * version an earlier run wrote beside it removed). The base moves on to the
 * space's version: once merged (the .remote.md removed), push sends the
 * file's edits over it.
 */
export async function recordBeside(root: string, out: { writer: Writer; manifest: Manifest }, at: Guard['edited'][number], markdown: string, used: Set<string>): Promise<void> {
  at.remote = await writeBeside(root, out.writer, at.path, markdown);
  at.same = at.remote === undefined;
  // (The file's time is no longer that of what the base records: push reads it.)
  const { remote: was, pushed: _pushed, mtimeMs: _time, ...entry } = out.manifest.pages[at.item.id] ?? {};
  const stale = recorded(root, was);
  if (at.same && stale) await removeFiles(root, [stale]);
  out.manifest.pages[at.item.id] = { ...entry, path: at.path, updatedAt: at.item.page!.updatedAt ?? null, bytes: Buffer.byteLength(markdown), sha256: textHash(markdown), deps: [...used], ...(at.remote ? { remote: at.remote } : {}) };
}

/** What a dry run says of the files kept for being edited here. */
export function editedLines(guard: Guard): string[] {
  return [
    ...guard.edited.map((e) => `keep ${e.path} (edited here since the export, and changed in the space: ${e.item.kind === 'page' ? `the space's version goes beside it, ${remoteFile(e.path)}; ` : ''}--force replaces it)`),
    ...guard.keptStale.map((rel) => `keep ${rel} (edited here since the export: --force removes it)`),
    ...(guard.summary === 'edited' ? ['keep SUMMARY.md (edited here since the export: --force replaces it)'] : []),
  ];
}

/** The files kept for being edited here (the run's end: warnings, and exit 1 when there are any). */
export function editedError(guard: Guard, kept: Kept[]): DocplatError | undefined {
  const edited = guard.edited.filter((e) => !e.same);
  const paths = [...edited.map((e) => e.path), ...guard.keptStale, ...(guard.summary === 'edited' ? ['SUMMARY.md'] : []), ...kept.map((k) => `${k.path} (${k.why})`)];
  if (!paths.length) return undefined;
  const named = (list: string[]) => list.slice(0, 10).join(', ') + (list.length > 10 ? `, and ${list.length - 10} more` : '');
  const beside = edited.filter((e) => e.remote !== undefined);
  const others = paths.filter((p) => !beside.some((e) => e.path === p));
  const both = beside.length
    ? `${beside.length} page${beside.length === 1 ? '' : 's'} changed here and in the space, the space's version written beside each: ${named(beside.map((e) => `${e.path} (${e.remote})`))}; merge it into the page and remove it, then push`
    : '';
  const rest = others.length ? `${others.length} file${others.length === 1 ? '' : 's'} edited here since the export (or not the export's) kept as they are, not replaced or removed: ${named(others)}` : '';
  return new DocplatError(`${[both, rest].filter(Boolean).join('; ')}; --force replaces them`, undefined, { kind: 'edited', paths, remotes: beside.map((e) => ({ path: e.path, remote: e.remote })) });
}
