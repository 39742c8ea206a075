// Links and file references in a page's Markdown, both ways between the
// platform and the Git Sync layout:
//
// - export (toRelative): internal links (site paths `/faq`, `/pages/<id>`)
//   become relative links to the pages' `.md` files (`../faq.md`), file
//   references (`/files/<id>`, any `.gitbook/assets/<name>`) point at the
//   asset in `.gitbook/assets/` relative to the page; a target not in the
//   export stays as it was.
// - push (toPlatform): relative links to `.md` files in the folder become
//   `/pages/<id>` (or a batch ref for a page not created yet), relative
//   asset references `/files/<id>` (or a batch ref); a relative link that
//   leaves the folder is bad input, with its line.
//
// Code (fenced blocks and inline spans) is never rewritten.
import { posix } from 'node:path';

/** `[text](target "title")` and `![alt](target)`: the parts before, the target, and after. */
const LINK = /(!?\[(?:[^\]\\]|\\.)*\]\()(<[^>\n]*>|[^)\s]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\))/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Calls `rewrite` for every link target outside code, with its 1-based line; returns the new text. */
export function mapLinks(markdown: string, rewrite: (target: string, line: number, image: boolean) => string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== undefined) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = undefined;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    if (!line.includes('](')) continue;
    // Inline code spans (odd parts of a split on backtick runs) stay as they are.
    const parts = line.split(/(`+[^`]*`+)/);
    lines[i] = parts
      .map((part, n) =>
        n % 2 === 1
          ? part
          : part.replace(LINK, (_m, before: string, target: string, after: string) => {
              const bare = target.startsWith('<') ? target.slice(1, -1) : target;
              const next = rewrite(bare, i + 1, before.startsWith('!'));
              if (next === bare) return before + target + after;
              return before + (/[\s()<>]/.test(next) ? `<${next}>` : next) + after;
            }),
      )
      .join('');
  }
  return lines.join('\n');
}

/** Splits `path#anchor` (or `?query`) into the path and the rest. */
function splitAnchor(target: string): [string, string] {
  const at = target.search(/[#?]/);
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at)];
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A relative link from one file of the folder to another, segments URL-encoded as SUMMARY.md writes them. */
export function relativeLink(fromFile: string, toFile: string): string {
  const rel = posix.relative(posix.dirname(fromFile), toFile) || posix.basename(toFile);
  return rel
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/%2B/g, '+').replace(/%40/g, '@'))
    .join('/');
}

/** What export knows about where pages and files went. */
export interface ExportPaths {
  /** Page id → its file (relative path). */
  pageFiles: Map<string, string>;
  /** A document page's site path (no leading slash; '' for the root page) → its id. */
  pageBySite: Map<string, string>;
  /** File id → its asset path. */
  fileFiles: Map<string, string>;
  /** File name → its id. */
  fileByName: Map<string, string>;
}

/**
 * The export side: platform links and file references made relative to the
 * page's file `fromFile`. The ids of the pages and files it links to go into
 * `used` (a page whose targets move must be written again).
 */
export function toRelative(markdown: string, fromFile: string, paths: ExportPaths, used?: Set<string>): string {
  return mapLinks(markdown, (target) => {
    if (target.startsWith('//') || SCHEME.test(target) || target.startsWith('#')) return target;
    const [path, anchor] = splitAnchor(target);
    let id: string | undefined;
    let file = true;
    const assets = /(?:^|\/)\.gitbook\/assets\/(.+)$/.exec(path);
    if (assets) id = paths.fileByName.get(decode(assets[1]));
    else if (path.startsWith('/files/')) id = decode(path.slice(7));
    else {
      file = false;
      if (path.startsWith('/pages/')) {
        const rest = decode(path.slice(7)).replace(/\/+$/, '');
        id = paths.pageFiles.has(rest) ? rest : paths.pageBySite.get(rest.replace(/(\/README)?\.md$/, ''));
      } else if (path.startsWith('/')) id = paths.pageBySite.get(decode(path).replace(/^\/+|\/+$/g, ''));
    }
    const to = id === undefined ? undefined : (file ? paths.fileFiles : paths.pageFiles).get(id);
    if (to === undefined) return target;
    used?.add(id!);
    return relativeLink(fromFile, to) + anchor;
  });
}

/** What a relative target in the folder is, for push. */
export type LocalTarget = { kind: 'page' | 'file'; path: string } | { kind: 'outside' } | { kind: 'other' };

/** Where a relative link of `fromFile` points in the folder (paths with `/`, relative to the folder). */
export function localTarget(fromFile: string, target: string): LocalTarget {
  if (target.startsWith('/') || target.startsWith('#') || SCHEME.test(target)) return { kind: 'other' };
  const [raw] = splitAnchor(target);
  if (raw === '') return { kind: 'other' };
  const joined = posix.normalize(posix.join(posix.dirname(fromFile), decode(raw)));
  if (joined === '..' || joined.startsWith('../')) return { kind: 'outside' };
  if (joined.startsWith('.gitbook/assets/')) return { kind: 'file', path: joined };
  if (/\.md$/i.test(joined)) return { kind: 'page', path: joined };
  return { kind: 'other' };
}

/** The push side: relative links to pages and assets become platform links (`resolve` returns undefined to keep one). */
export function toPlatform(markdown: string, fromFile: string, resolve: (target: LocalTarget, line: number) => string | undefined): string {
  return mapLinks(markdown, (target, line) => {
    const local = localTarget(fromFile, target);
    if (local.kind === 'other') return target;
    const next = resolve(local, line);
    return next === undefined ? target : next + splitAnchor(target)[1];
  });
}
