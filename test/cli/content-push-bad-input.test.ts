// Bad input of content push: exit 2, one line naming the file and the line
// (or the flag) and the rule, and no request sent (the folder is read and
// checked before any).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { tempDir, useTestApi } from '../helpers.js';
import { badInputTests, long, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A folder with these files (text, or bytes). */
function folder(files: Record<string, string | Buffer>): string {
  const root = tempDir();
  made.push(root);
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), data);
  }
  return root;
}

const TOC = '# Table of contents\n\n';
const push = (src: string, ...more: string[]) => ['content', 'push', 'S', '--src', src, ...more];

const CASES: BadInputCase[] = [
  [['content', 'push', 'S'], /--src is required/],
  [push(' '), /--src is (empty|blank)/],
  [push(folder({ 'a.md': '# A\n' })), /--src: .* has no SUMMARY\.md/],
  [push('/no/such/folder'), /--src: \/no\/such\/folder is not a folder/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n' })), /--src: SUMMARY\.md:3: "A" names a\.md, which is not in the folder; nothing was sent/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n* [B](a.md)\n', 'a.md': '# A\n' })), /--src: SUMMARY\.md:4: "B" claims a\.md, the page "A" of line 3 has that path already/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n* [B](a/README.md)\n', 'a.md': '# A\n', 'a/README.md': '# B\n' })), /--src: SUMMARY\.md:4: "B" claims a\/README\.md, the page "A" of line 3/],
  [push(folder({ 'SUMMARY.md': TOC + 'Some prose\n' })), /--src: SUMMARY\.md:3: not a table-of-contents entry/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](../a.md)\n' })), /--src: SUMMARY\.md:3: the entry "A" names a file outside the folder/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.txt)\n', 'a.txt': 'x' })), /--src: SUMMARY\.md:3: the entry "A" names a\.txt, not a Markdown/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n', 'a.md': '# A\n\nSee [x](../../etc/x.md).\n' })), /--src: a\.md:3: the link "\.\.\/\.\.\/etc\/x\.md" leads outside the folder/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n', 'a.md': Buffer.from([0x23, 0x20, 0x41, 0x0a, 0xff, 0xfe, 0x0a]) })), /--src: a\.md:2: the file is not UTF-8 text/],
  [push(folder({ 'SUMMARY.md': Buffer.from([0x2a, 0x20, 0xc3, 0x28]) })), /--src: SUMMARY\.md:1: the file is not UTF-8 text/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n', 'a.md': '---\ndescription: x\nhidden: maybe\n---\n\n# A\n' })), /--src: a\.md:3: front matter "hidden" is true or false/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n', 'a.md': '---\ndescription: "open\n---\n\n# A\n' })), /--src: a\.md:2: front matter value of "description" is not a valid quoted string/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n', 'a.md': '---\ndescription: x\n# A\n' })), /--src: a\.md:1: front matter is not closed/],
  [push(folder({ 'SUMMARY.md': TOC + '* [A](a.md)\n', 'a.md': '# A\n' }), '--change-request', '2', '--subject', 'x'), /--subject names a new change request: it cannot go with --change-request/],
  [push(folder({ 'SUMMARY.md': TOC }), '--concurrency', '0'), /--concurrency must be a whole number from 1 to 64/],
  [push(folder({ 'SUMMARY.md': TOC }), '--subject', long(101)), /--subject .*100/],
  [push(folder({ 'SUMMARY.md': TOC }), '--subject', '   '), /--subject is blank/],
  [push(folder({ 'SUMMARY.md': TOC }), '--change-request', 'a/b'), /invalid --change-request id "a\/b"/],
  [['content', 'push', 'a b', '--src', folder({ 'SUMMARY.md': TOC })], /invalid space id/],
];

describe('bad input: content push', () => badInputTests(api, CASES));
