// Writes the command reference, docs/reference/, from the command manifest the
// build just made (dist/manifest.json; the pages are src/reference.ts's): a
// page per group and README.md, the index. A page of a group that is gone is
// removed. The build runs it; commit what it writes
// (test/readme/reference.test.ts fails when the committed pages differ).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { referencePages } = await import(join(root, 'dist', 'manifest.js'));
const pages = referencePages(JSON.parse(readFileSync(join(root, 'dist', 'manifest.json'), 'utf8')));
const dir = join(root, 'docs', 'reference');
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (f.endsWith('.md') && !pages.has(f)) rmSync(join(dir, f));
for (const [name, text] of pages) writeFileSync(join(dir, name), text);
