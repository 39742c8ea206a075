// Bad input to the comments and replies commands: exit 2, one line naming
// the flag or argument and the rule, nothing sent (the table of runner-bad-input.test.ts).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tempDir, useTestApi } from '../helpers.js';
import { badInputTests, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();
const missing = join(tempDir(), 'no-such-body.md');

// [args, what the message must mention]
const CASES: BadInputCase[] = [
  // bodies
  [['comments', 'create', 'S', '--body', ''], /--body is empty/],
  [['comments', 'create', 'S', '--body', ' \n\t '], /--body is blank/],
  [['comments', 'create', 'S'], /--body or --body-file is required/],
  [['comments', 'create', 'S', '--body-file', missing], /--body-file: cannot read ".*no-such-body.md": no such file/],
  [['comments', 'create', 'S', '--body-file', tempDir()], /--body-file: cannot read .*: it is a folder/],
  [['comments', 'create', 'S', '--body', 'x', '--body-file', missing], /--body and --body-file cannot be used together/],
  [['comments', 'update', 'S', 'C'], /nothing to change: give at least one of --body, --body-file/],
  [['comments', 'update', 'S', 'C', '--body', '  '], /--body is blank/],
  [['replies', 'create', 'S', 'C'], /--body or --body-file is required/],
  [['replies', 'update', 'S', 'C', 'R', '--body', ''], /--body is empty/],
  [['comments', 'create', 'S', '--body', 'x', '--page', ''], /--page is empty/],
  [['comments', 'create', 'S', '--body', 'x', '--node', 'n1'], /--node needs --page/],
  // enums
  [['comments', 'list', 'S', '--status', 'closed'], /--status must be one of all, open, resolved/],
  [['comments', 'list', 'S', '--status', ''], /--status is empty/],
  [['comments', 'list', 'S', '--order', 'newest'], /--order must be one of asc, desc/],
  [['comments', 'get', 'S', 'C', '--format', 'html'], /--format must be one of document, markdown/],
  // emoji
  [['comments', 'react', 'S', 'C', ''], /emoji is empty/],
  [['comments', 'react', 'S', 'C', '  ', '--remove'], /emoji is empty/],
  [['replies', 'react', 'S', 'C', 'R', ''], /emoji is empty/],
  [['comments', 'react', 'S', 'C'], /missing required argument 'emoji'/],
  // ids
  [['comments', 'get', 'S', 'a/b'], /invalid comment id "a\/b"/],
  [['comments', 'list', 'S', '--change-request', 'a/b'], /invalid --change-request id "a\/b"/],
  [['comments', 'list', 'S', '--page-id', 'a b'], /invalid --page-id page id "a b"/],
  [['comments', 'list', 'S', '--author', 'ok', '--author', 'x/y'], /invalid --author user id "x\/y"/],
  [['replies', 'get', 'S', 'C', '../x'], /invalid reply id/],
  [['comments', 'resolve', 'S', 'ok', 'bad?id'], /invalid comment id "bad\?id"/],
  [['comments', 'react', 'a/b', 'C', '👍'], /invalid space id "a\/b"/],
  // bulk and confirmation
  [['comments', 'resolve', 'S'], /missing required argument 'commentId'/],
  [['comments', 'reopen', 'S', 'C', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64/],
  [['comments', 'delete', 'S', 'C'], /needs confirmation; pass --yes/],
];

describe('bad input: comments and replies', () => {
  it(`has at least 10 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(10);
  });

  badInputTests(api, [...CASES, [['comments', 'create', 'S', '--body-file', '-'], /--body-file is empty/, { input: '\n  \n' }]]);
});
