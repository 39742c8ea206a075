import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

// Shared by the content tests (sandbox and CLI): the page tree as the API gives it.
export interface Page {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: Page[];
  markdown?: string;
}

/** Every page of a tree, depth first, in tree order. */
export const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

/** Every file under a folder (but those named in `skip`), as sorted relative paths with `/`. */
export function filesUnder(dir: string, skip: string[] = []): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (!skip.includes(e.name)) out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}
