// Bad input of members and teams: exit 2, one line naming the flag or
// argument and the rule, nothing sent (teams add/remove check every name
// before they read the team).
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers.js';
import { badInputTests, long, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();

const SEEN = /--last-seen-before must be a duration \(90d, 12w, 48h\) or a date/;

const CASES: BadInputCase[] = [
  // members list
  [['members', 'list', '--role', 'owner'], /--role must be one of admin, create, review, edit, comment, read, guest/],
  [['members', 'list', '--sort', 'age'], /--sort must be one of joinedAt, lastSeenAt, name/],
  [['members', 'list', '--order', 'up'], /--order must be one of asc, desc/],
  [['members', 'list', '--search', '   '], /--search is blank/],
  [['members', 'list', '--last-seen-before', 'soon'], SEEN],
  [['members', 'list', '--last-seen-before', '90'], SEEN],
  [['members', 'list', '--last-seen-before', '3m'], SEEN],
  [['members', 'list', '--last-seen-before', '-5d'], SEEN],
  [['members', 'list', '--last-seen-before', '2026-13-01'], SEEN],
  [['members', 'list', '--last-seen-before', '2026-02-30'], SEEN],
  [['members', 'list', '--last-seen-before', '2026-01-31T10:00'], SEEN],
  [['members', 'list', '--last-seen-before', ''], /--last-seen-before is empty/],
  [['members', 'list', '--last-seen-before', '90d', '--all', '--limit', '5'], /--all and --limit cannot be used together/],
  // members get, update, remove, set-sso, spaces, teams
  [['members', 'get', 'a/b'], /invalid user id "a\/b"/],
  [['members', 'update', 'U'], /--role is required/],
  [['members', 'update', 'U', '--role', 'owner'], /--role must be one of admin, create, review, edit, comment, read, or guest \(got "owner"\)/],
  [['members', 'update', 'U', '--role', 'Admin'], /--role must be one of admin, create/],
  [['members', 'update', 'a b', '--role', 'read'], /invalid user id "a b"/],
  [['members', 'update', 'ok', 'x?y', '--role', 'read'], /invalid user id "x\?y"/],
  [['members', 'remove', 'U'], /needs confirmation; pass --yes/],
  [['members', 'remove', 'x/y', '--yes'], /invalid user id "x\/y"/],
  [['members', 'set-sso', 'a#b'], /invalid user id "a#b"/],
  [['members', 'spaces', 'U', '--order', 'sideways'], /--order must be one of asc, desc/],
  [['members', 'teams', 'U', '--title', ' '], /--title is blank/],
  [['members', 'teams'], /missing required argument 'userId'/],
  // teams
  [['teams', 'create'], /--title is required/],
  [['teams', 'create', '--title', long(65)], /--title must be 1 to 64 characters \(got 65 characters\)/],
  [['teams', 'create', '--title', '   '], /--title is blank/],
  [['teams', 'create', '--title', 'T', '--member', 'a b'], /invalid --member id "a b"/],
  [['teams', 'rename', 'T'], /--title is required/],
  [['teams', 'rename', 'T', '--title', long(65)], /--title must be 1 to 64 characters/],
  [['teams', 'list', '--owner', 'a/b'], /invalid --owner member id "a\/b"/],
  [['teams', 'list', '--title', ''], /--title is empty/],
  [['teams', 'get', '../x'], /invalid team id/],
  [['teams', 'delete', 'T'], /needs confirmation; pass --yes/],
  [['teams', 'delete', 'T', 'a b', '--yes'], /invalid team id "a b"/],
  [['teams', 'members', 'a b'], /invalid team id "a b"/],
  [['teams', 'add', 'T'], /missing required argument 'users'/],
  [['teams', 'add', 'T', 'ok@acme.example', 'a b'], /invalid user id or e-mail "a b"/],
  [['teams', 'add', 'T', 'U', '--role', 'admin'], /--role must be one of owner, member \(got "admin"\)/],
  [['teams', 'add', 'a/b', 'U'], /invalid team id "a\/b"/],
  [['teams', 'remove', 'T', 'x#y'], /invalid user id or e-mail "x#y"/],
  [['teams', 'remove', 'T', 'U', '--role', 'owner'], /unknown option '--role'/],
  [['teams', 'set-role', 'T', 'U'], /--role is required/],
  [['teams', 'set-role', 'T', 'U', '--role', 'boss'], /--role must be one of owner, member/],
  [['teams', 'set-role', 'T', 'a/b', '--role', 'owner'], /invalid user id "a\/b"/],
];

describe('bad input: members and teams', () => {
  it(`has at least 25 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  badInputTests(api, CASES);
});
