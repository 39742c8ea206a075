// Markdown sent in content changes, read as the platform reads it: front
// matter sets the page's metadata, and links to pages and files (by id,
// by path, relative to the page, or by a ref of the same batch) become the
// links the sandbox stores: `/<page path>` for a page, the page-relative
// `.gitbook/assets/<name>` for a file (what reads and exports give back).
import { posix } from 'node:path';
import { walk, type FileRec, type PageRec, type RevisionRec } from '../content/records.js';
import { markdownFile } from './tree.js';

export interface FrontMatter {
  title?: string;
  description?: string;
  emoji?: string;
  hidden?: boolean;
}

/** Front matter (`---` lines of `key: value` first) apart from the rest. */
export function splitFrontMatter(markdown: string): { meta: FrontMatter; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(markdown);
  if (!m) return { meta: {}, body: markdown };
  const meta: FrontMatter = {};
  for (const line of m[1].split(/\r?\n/)) {
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (!kv) continue;
    const value = kv[2].replace(/^(["'])(.*)\1$/, '$2');
    if (kv[1] === 'title' || kv[1] === 'description' || kv[1] === 'emoji') meta[kv[1]] = value;
    if (kv[1] === 'hidden') meta.hidden = value === 'true';
  }
  return { meta, body: markdown.slice(m[0].length) };
}

/** The first `# heading` of a document. */
export function leadingHeading(markdown: string): string | undefined {
  const first = markdown.split('\n').find((l) => l.trim() !== '');
  return first === undefined ? undefined : /^#\s+(.+?)\s*$/.exec(first.trim())?.[1];
}

export interface Refs {
  pages: Map<string, string>;
  files: Map<string, string>;
}

const LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)((?:\s+"[^"]*")?)\)/g;

/** The Markdown of `page` with its links to pages and files of `rev` in the stored form. */
export function normalizeLinks(markdown: string, page: PageRec, rev: RevisionRec, refs: Refs): string {
  const pages = [...walk(rev.pages)].map(({ page: p }) => p).filter((p) => p.type !== 'link');
  const byId = new Map(pages.map((p) => [p.id, p]));
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const files = new Map(rev.files.map((f) => [f.id, f]));
  const dir = posix.dirname(markdownFile(page));
  const assets = '../'.repeat(dir === '.' ? 0 : dir.split('/').length);
  // A file is linked by its name; one that shares its name with an earlier file (a replaced image) by its id, as the API links files.
  const firstOfName = new Map<string, string>();
  for (const f of rev.files) if (!firstOfName.has(f.name)) firstOfName.set(f.name, f.id);
  const asFile = (f: FileRec | undefined) => (f ? (firstOfName.get(f.name) === f.id ? `${assets}.gitbook/assets/${f.name}` : `/files/${f.id}`) : undefined);
  const asPage = (p: PageRec | undefined, anchor: string) => (p ? `/${p.path}${anchor}` : undefined);
  const resolve = (href: string): string | undefined => {
    if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(href)) return undefined;
    const hash = href.indexOf('#');
    const anchor = hash >= 0 ? href.slice(hash) : '';
    const target = hash >= 0 ? href.slice(0, hash) : href;
    const bare = target.replace(/^\.\//, '');
    if (refs.files.has(bare)) return asFile(files.get(refs.files.get(bare)!));
    const pageRef = refs.pages.get(bare.replace(/\.md$/, ''));
    if (pageRef) return asPage(byId.get(pageRef), anchor);
    const file = /^\/files\/([^/]+)$/.exec(target);
    if (file) return asFile(files.get(file[1]));
    const abs = /^\/pages\/(.*)$/.exec(target);
    if (abs) return asPage(byId.get(abs[1]) ?? byPath.get(pathOfFile(abs[1])), anchor);
    if (target.startsWith('/') || target === '') return undefined;
    const joined = posix.normalize(posix.join(dir, target));
    if (joined.startsWith('..') || joined.includes('.gitbook/assets/')) return undefined;
    return asPage(byPath.get(pathOfFile(joined)), anchor);
  };
  return markdown.replace(LINK, (whole, bang: string, text: string, href: string, title: string) => {
    const to = resolve(href);
    return to === undefined ? whole : `${bang}[${text}](${to}${title})`;
  });
}

/** A page path from a Git path: `a/b.md`, `a/b/README.md`, `a/b` → `a/b`; `README.md` → the root page. */
function pathOfFile(file: string): string {
  const path = file.replace(/(^|\/)README\.md$/, '').replace(/\.md$/, '').replace(/\/$/, '');
  return path === '.' ? '' : path;
}
