// SUMMARY.md, both ways: export writes the page tree as Git Sync's table of
// contents (nested lists, top-level groups as `##` headings, link pages as
// external entries), and push reads it back. A heading opens a group that
// lasts until the next heading or a thematic break (`---`), so a top-level
// page after a group is written after a `---` line: the order and nesting
// read back are the tree's exactly.
import { posix } from 'node:path';
import type { ApiPage } from './shared.js';

const linkText = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/([\\[\]])/g, '\\$1').trim() || 'Untitled';
export const linkTarget = (s: string) => s.split('/').map(encodeURIComponent).join('/');

/** The table of contents of the tree; `paths` gives each document page's file. */
export function summary(tree: ApiPage[], paths: Map<string, string>): string {
  const out = ['# Table of contents', ''];
  let inGroup = false;
  const list = (pages: ApiPage[], depth: number) => {
    for (const page of pages) {
      const type = page.type ?? 'document';
      if (type === 'group' && depth === 0) {
        out.push('', `## ${linkText(page.title)}`, '');
        inGroup = true;
        list(page.pages ?? [], 0);
        inGroup = false;
        closed = true;
        continue;
      }
      if (type === 'group') {
        // Groups exist at the top level only; a nested one keeps its children in place.
        list(page.pages ?? [], depth);
        continue;
      }
      if (closed && depth === 0 && !inGroup) {
        out.push('', '---', '');
        closed = false;
      }
      const target = type === 'link' ? String(page.href ?? '') : paths.has(page.id) ? linkTarget(paths.get(page.id)!) : '';
      const safeTarget = /^[a-z][a-z0-9+.-]*:/i.test(target) && !/^https?:/i.test(target) ? '' : target.replace(/[\s()<>]/g, encodeURIComponent);
      out.push(`${'  '.repeat(depth)}* [${linkText(page.title)}](${safeTarget})`);
      list(page.pages ?? [], depth + 1);
    }
  };
  /** A group was just written: the next top-level page needs a break to stay out of it. */
  let closed = false;
  list(tree, 0);
  return out.join('\n').replace(/\n{3,}/g, '\n\n') + '\n';
}

// ---- reading --------------------------------------------------------------------------------

export interface SummaryEntry {
  kind: 'page' | 'group' | 'link';
  title: string;
  /** A page's file (relative to the folder, `/` separators), a link's URL. */
  target: string;
  /** 1-based line in SUMMARY.md. */
  line: number;
  children: SummaryEntry[];
}

export class SummaryError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const unescape = (s: string) => s.replace(/\\([\\[\]])/g, '$1');

/** The tree SUMMARY.md describes; an entry it cannot read is an error with its line. */
export function parseSummary(text: string): SummaryEntry[] {
  const root: SummaryEntry[] = [];
  let group: SummaryEntry | undefined;
  /** Open list items, each with the indentation of its marker. */
  let stack: { indent: number; entry: SummaryEntry }[] = [];
  let seenTitle = false;
  const lines = text.split('\n');
  let fence = false;
  lines.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.replace(/\r$/, '');
    if (/^\s*(```|~~~)/.test(text)) {
      fence = !fence;
      return;
    }
    if (fence || text.trim() === '' || /^\s*<!--.*-->\s*$/.test(text)) return;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      stack = [];
      if (heading[1].length === 1 && !seenTitle && root.length === 0 && !group) {
        seenTitle = true;
        return;
      }
      group = { kind: 'group', title: unescape(heading[2]), target: '', line, children: [] };
      root.push(group);
      return;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(text)) {
      group = undefined;
      stack = [];
      return;
    }
    const item = /^(\s*)[*+-]\s+\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>]*>|[^)\s]*)\s*(?:"[^"]*")?\s*\)\s*$/.exec(text);
    if (!item) throw new SummaryError(`not a table-of-contents entry (\`* [Title](file.md)\`): ${JSON.stringify(text.trim().slice(0, 60))}`, line);
    const indent = item[1].replace(/\t/g, '    ').length;
    let target = item[3].startsWith('<') ? item[3].slice(1, -1) : item[3];
    const external = /^[a-z][a-z0-9+.-]*:/i.test(target);
    if (!external) {
      if (target === '') throw new SummaryError(`the entry "${unescape(item[2])}" names no file`, line);
      try {
        target = decodeURIComponent(target.replace(/#.*$/, ''));
      } catch {
        throw new SummaryError(`the entry "${unescape(item[2])}" has a malformed target`, line);
      }
      const normal = posix.normalize(target.replace(/^\.\//, ''));
      if (normal.startsWith('../') || normal === '..' || posix.isAbsolute(normal)) throw new SummaryError(`the entry "${unescape(item[2])}" names a file outside the folder: ${target}`, line);
      if (!/\.md$/i.test(normal)) throw new SummaryError(`the entry "${unescape(item[2])}" names ${target}, not a Markdown (.md) file`, line);
      target = normal;
    }
    const entry: SummaryEntry = { kind: external ? 'link' : 'page', title: unescape(item[2]).trim(), target, line, children: [] };
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.entry;
    if (parent) {
      if (parent.kind === 'link') throw new SummaryError(`a link entry cannot have children ("${parent.title}")`, line);
      parent.children.push(entry);
    } else (group ? group.children : root).push(entry);
    stack.push({ indent, entry });
  });
  return root;
}
