// What content export needs beyond writing files, kept out of export.ts:
// the maps its relative links are made from, which kept pages must be
// written again because a page they link to moved, the folders a move left
// empty, what a dry run lists, and the message for a folder that holds
// another export.
import type { ApiFile } from '../files/download.js';
import { Confined } from '../../files/read.js';
import type { Item, Manifest } from './export.js';
import { relativeLink, type ExportPaths } from './markdown-links.js';
import { walkTree, type ApiPage, type Where } from './shared.js';

/** The maps toRelative() reads, from the tree, the files and where the plan put each. */
export function exportPaths(tree: ApiPage[], files: ApiFile[], paths: Map<string, string>): ExportPaths {
  const out: ExportPaths = { pageFiles: new Map(), pageBySite: new Map(), fileFiles: new Map(), fileByName: new Map() };
  for (const { page } of walkTree(tree)) {
    const path = paths.get(page.id);
    if ((page.type ?? 'document') !== 'document' || path === undefined) continue;
    out.pageFiles.set(page.id, path);
    const site = String(page.path ?? '').replace(/^\/+|\/+$/g, '');
    if (!out.pageBySite.has(site)) out.pageBySite.set(site, page.id);
  }
  for (const file of files) {
    const path = paths.get(file.id);
    if (path === undefined) continue;
    out.fileFiles.set(file.id, path);
    const name = String(file.name ?? '');
    if (name && !out.fileByName.has(name)) out.fileByName.set(name, file.id);
  }
  return out;
}

/**
 * A page kept or moved as it is must be written again when one of its
 * relative links would change: a page or file it links to moved (or is
 * gone), or the page moved so that the way to a target differs; likewise a
 * page written before links were made relative (no hash in the manifest).
 */
export function relinkStale(items: Item[], old: Manifest | undefined): void {
  if (!old) return;
  const now = new Map(items.map((i) => [i.id, i.path]));
  const before = (id: string) => old.pages[id]?.path ?? old.files[id]?.path;
  for (const item of items) {
    if (item.kind !== 'page' || item.action === 'fetch') continue;
    const entry = old.pages[item.id];
    const changed = (id: string) => {
      const [was, is] = [before(id), now.get(id)];
      return was === undefined || is === undefined || relativeLink(entry.path, was) !== relativeLink(item.path, is);
    };
    if (!entry?.sha256 || (entry.deps ?? []).some(changed)) {
      item.action = 'fetch';
      item.from = undefined;
    }
  }
}

/** What a dry run would change: moves, writes, SUMMARY.md only when its text differs, removals. */
export async function dryRunLines(root: string, items: Item[], summaryText: string, stale: string[]): Promise<string[]> {
  const lines = items.filter((i) => i.action !== 'keep').map((i) => (i.action === 'move' ? `move ${i.from} -> ${i.path}` : `write ${i.path}`));
  const current = await Confined.open(root)
    .then((dir) => dir.read('SUMMARY.md', 'export'))
    .then((bytes) => bytes.toString('utf8'), () => undefined);
  if (current !== summaryText) lines.push('write SUMMARY.md');
  lines.push(...stale.map((s) => `remove ${s}`));
  return lines;
}

/** The error for a folder holding an export of something else, saying what differs. */
export function describeOtherExport(m: Manifest, where: Where): string {
  const held = m.changeRequest ? `change request ${m.changeRequest} of space ${m.space}` : `space ${m.space}`;
  let differs: string;
  if (m.space !== where.spaceId) differs = `this run exports space ${where.spaceId}`;
  else if (where.changeRequest === undefined) differs = 'this run exports the space itself, not a change request';
  else if (!m.changeRequest) differs = `this run exports its change request ${where.changeRequest}, not the space itself`;
  else differs = `this run exports its change request ${where.changeRequest}`;
  return `--dest holds an export of ${held}, and ${differs}: choose another folder (or the one that export is in)`;
}
