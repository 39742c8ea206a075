// Bad input to the commands of issue 22 (change-requests, replies delete,
// sites publish/unpublish, members invite, orgs get): exit 2, one line naming
// the flag or argument and the rule, nothing sent (bad-input-table.ts).
import { describe } from 'vitest';
import { useTestApi } from '../helpers.js';
import { badInputTests, long, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();

const CASES: BadInputCase[] = [
  // change-requests
  [['change-requests', 'list', 'S', '--status', 'closed'], /--status must be one of draft, open, archived, merged \(got "closed"\)/],
  [['change-requests', 'list', 'S', '--status', ''], /--status is empty/],
  [['change-requests', 'list', 'S', '--order-by', 'title'], /--order-by must be one of updatedAt, createdAt/],
  [['change-requests', 'list', 'S', '--creator', 'a b'], /invalid --creator user id "a b"/],
  [['change-requests', 'list', 'a/b'], /invalid space id "a\/b"/],
  [['change-requests', 'get', 'S', 'x/y'], /invalid change request id "x\/y"/],
  [['change-requests', 'get', 'S', 'https://app.docplat.test/o/O/s/S/'], /is not the app URL of a change request/],
  [['change-requests', 'get', 'S'], /missing required argument 'changeRequestId'/],
  [['change-requests', 'create', 'S'], /--subject is required/],
  [['change-requests', 'create', 'S', '--subject', '  '], /--subject is blank/],
  [['change-requests', 'create', 'S', '--subject', long(101)], /--subject must be at most 100 characters \(got 101 characters\)/],
  [['change-requests', 'update', 'S', '3'], /nothing to change: give at least one of --subject, --status/],
  [['change-requests', 'update', 'S', '3', '--status', 'merged'], /--status must be one of draft, open, archived \(got "merged"\)/],
  [['change-requests', 'merge', 'S', 'a b'], /invalid change request id "a b"/],
  [['change-requests', 'changes', 'S', '3', '--limit', '0'], /--limit must be a whole number of at least 1/],
  [['change-requests', 'changes', 'S', '3', '--limit', 'ten'], /--limit must be a whole number of at least 1, got "ten"/],
  // replies delete
  [['replies', 'delete', 'S', 'C', 'a/b', '--yes'], /invalid reply id "a\/b"/],
  [['replies', 'delete', 'S', 'C', 'R', '--change-request', 'x y', '--yes'], /invalid --change-request id "x y"/],
  // sites publish / unpublish
  [['sites', 'publish', 'a/b'], /invalid site id "a\/b"/],
  [['sites', 'unpublish', ''], /site id is empty|invalid site id|no site ids given/],
  // members invite
  [['members', 'invite', 'not-an-address'], /e-mail address must be an e-mail address \(got "not-an-address"\)/],
  [['members', 'invite', 'ada@example.com', 'bad@'], /e-mail address must be an e-mail address \(got "bad@"\)/],
  [['members', 'invite', 'ada@example.com', '--role', 'owner'], /--role must be one of admin, create, review, edit, comment, read, or guest \(got "owner"\)/],
  [['members', 'invite', 'ada@example.com', '--concurrency', '0'], /--concurrency must be/],
  [['members', 'invite', '-'], /e-mail address must be an e-mail address \(got "nope"\)/, { input: 'ada@example.com\nnope\n' }],
  // orgs get
  [['orgs', 'get', 'a/b'], /invalid org id "a\/b"|invalid organization id "a\/b"/],
];

describe('bad input: change requests, replies delete, sites publish, members invite, orgs get', () => {
  badInputTests(api, CASES);
});
