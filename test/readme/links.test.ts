// Every link between the pages (README.md, CONTRIBUTING.md, docs/ and the
// generated reference) leads somewhere: the file exists, and a `#anchor`
// names a heading of it, as GitHub makes anchors from headings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchor } from '../../src/reference.js';
import { ROOT } from '../helpers.js';

/** Guides other work writes; a link to one is checked once it exists. */
const PENDING = new Set(['docs/restore.md', 'docs/review.md']);

const pages = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pages(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
const PAGES = ['README.md', 'CONTRIBUTING.md', ...pages('docs')];

/** The anchors of a page's headings (a second heading of the same text gets `-1`, as on GitHub). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const h = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!h) continue;
    const base = anchor(h[1].trim());
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The relative links of a page, outside code: `[text](target)`. */
function links(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
}

describe('links between the pages', () => {
  it.each(PAGES)('%s: every relative link names a page that exists, and a heading of it', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const broken: string[] = [];
    for (const link of links(text)) {
      const [path, hash] = link.split('#');
      const target = path ? normalize(join(dirname(page), path)) : page;
      const rel = relative('.', target);
      if (!existsSync(join(ROOT, target))) {
        if (!PENDING.has(rel)) broken.push(`${link}: no ${rel}`);
        continue;
      }
      if (hash && target.endsWith('.md') && !anchors(readFileSync(join(ROOT, target), 'utf8')).has(hash)) broken.push(`${link}: no heading of ${rel} makes #${hash}`);
    }
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect([...anchors('## Fail on drift: `org plan --exit-code`\n## `sandbox serve`: its URL\n## Bulk commands\n## Bulk commands')]).toEqual([
      'fail-on-drift-org-plan---exit-code',
      'sandbox-serve-its-url',
      'bulk-commands',
      'bulk-commands-1',
    ]);
  });
});
