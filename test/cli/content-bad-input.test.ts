// Bad input of the content, pages and files commands: exit 2, one line that
// names the flag or argument and the rule, and no request sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, useTestApi } from '../helpers.js';
import { badInputTests, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();

const existing = join(tempDir(), 'taken.png');
writeFileSync(existing, 'mine');
const aFile = join(tempDir(), 'not-a-folder');
writeFileSync(aFile, '');

// [args, what the message must mention]
const CASES: BadInputCase[] = [
  // enums
  [['pages', 'get', 'S', 'P', '--format', 'html'], /--format must be one of document, markdown/],
  [['pages', 'get', 'S', 'P', '--format', 'Markdown'], /--format must be one of document, markdown/],
  [['pages', 'get', 'S', 'a/b', '--format', 'pdf'], /--format must be one of document, markdown/],
  [['pages', 'links', 'S', 'P', '--status', 'dead'], /--status must be one of ok, broken, in-app/],
  [['content', 'import', 'S', '--url', 'https://example.com', '--source', 'fax'], /--source must be one of website, docx/],
  // required and empty values
  [['content', 'import', 'S', '--source', 'website'], /--url is required/],
  [['content', 'import', 'S', '--url', 'https://example.com'], /--source is required/],
  [['content', 'import', 'S', '--url', '  ', '--source', 'website'], /--url is (empty|blank)/],
  [['content', 'export', 'S'], /--dest is required/],
  [['content', 'export', 'S', '--dest', ' '], /--dest is (empty|blank)/],
  [['pages', 'get', 'S', ' '], /page id is (empty|blank)/],
  // URLs
  [['content', 'import', 'S', '--url', 'not a url', '--source', 'website'], /--url must be an absolute http or https URL/],
  [['content', 'import', 'S', '--url', 'ftp://example.com/a', '--source', 'website'], /--url must be an absolute http or https URL/],
  // ids
  [['pages', 'list', 'S', '--change-request', 'a/b'], /invalid --change-request id "a\/b"/],
  [['files', 'list', 'S', '--change-request', 'x y'], /invalid --change-request id/],
  [['content', 'get', 'a/b'], /invalid space id "a\/b"/],
  [['files', 'get', 'S', 'a?b'], /invalid file id/],
  [['pages', 'links', 'S', 'x#y'], /invalid page id/],
  [['files', 'download', 'S', '../F'], /invalid file id/],
  [['content', 'export', 'a b', '--dest', tempDir()], /invalid space id/],
  // numbers
  [['content', 'export', 'S', '--dest', tempDir(), '--concurrency', '-1'], /--concurrency must be a whole number from 1 to 64/],
  [['content', 'export', 'S', '--dest', tempDir(), '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64/],
  [['content', 'export', 'S', '--dest', tempDir(), '--concurrency', '100'], /--concurrency must be a whole number from 1 to 64/],
  [['files', 'list', 'S', '--limit', '0'], /--limit must be a whole number/],
  [['sandbox', 'serve', '--pages', 'lots'], /--pages must be a whole number/],
  [['sandbox', 'serve', '--large-file', '-1'], /--large-file must be a whole number/],
  [['pages', 'links', 'S', 'P', '--limit', 'x'], /--limit must be a whole number/],
  // destinations
  [['files', 'download', 'S', 'F', '--dest', '/no/such/folder/x.png'], /--dest: the folder \/no\/such\/folder does not exist/],
  [['files', 'download', 'S', 'F', '--dest', existing], /--dest: .*taken\.png exists; use --force to overwrite it/],
  [['files', 'download', 'S', 'F', '--dest', '/no/such/folder/'], /--dest: the folder \/no\/such\/folder does not exist/],
  [['content', 'export', 'S', '--dest', '/no/such/folder/out'], /--dest: the folder \/no\/such\/folder does not exist/],
  [['content', 'export', 'S', '--dest', aFile], /--dest: .*not-a-folder is not a folder/],
  // combinations
];

describe('bad input (content, pages, files)', () => {
  it(`has at least 15 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(15);
  });

  badInputTests(api, CASES);
});
