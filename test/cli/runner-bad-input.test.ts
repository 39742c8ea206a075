// Bad input: every case exits 2 with one line that names the flag (or
// argument) and the rule, and the sandbox receives no request.
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, useTestApi } from '../helpers.js';
import { badInputTests, long, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();

const folder = tempDir();
const corrupt = join(folder, 'state.json');
writeFileSync(corrupt, '{"spaces": [');
// Not UTF-8: a PNG header and bytes no text has.
const binary = join(folder, 'image.png');
writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0xc3, 0x28]));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// [args, what the message must mention]
const CASES: BadInputCase[] = [
  // lengths, one character over
  [['spaces', 'update', 'S', '--title', long(51)], /--title must be at most 50 characters/],
  [['spaces', 'update', 'S', '--emoji', long(51)], /--emoji must be at most 50 characters/],
  [['spaces', 'create', '--title', long(51)], /--title must be at most 50 characters/],
  [['spaces', 'create', '--title', 'ok', '--emoji', long(51)], /--emoji must be at most 50/],
  [['collections', 'create', '--title', long(51)], /--title must be at most 50 characters/],
  [['collections', 'update', 'C', '--title', long(51)], /--title must be at most 50/],
  [['collections', 'update', 'C', '--description', long(101)], /--description must be at most 100 characters/],
  [['spaces', 'search', 'S', long(513)], /query must be 1 to 512 characters/],
  [['spaces', 'update', 'S', '--title', long(26, 'é') + long(25, '漢')], /--title must be at most 50 characters/],
  // enums
  [['spaces', 'update', 'S', '--edit-mode', 'frozen'], /--edit-mode must be one of live, locked/],
  [['spaces', 'update', 'S', '--edit-mode', 'LIVE'], /--edit-mode must be one of live, locked/],
  [['spaces', 'update', 'S', '--default-level', 'owner'], /--default-level must be one of admin, create, review, edit, comment, read/],
  [['spaces', 'update', 'S', '--default-level', ''], /^error: --default-level is empty$/],
  [['collections', 'update', 'C', '--default-level', 'superuser'], /--default-level must be one of/],
  [['spaces', 'links', 'S', '--status', 'dead'], /--status must be one of ok, broken, in-app/],
  [['spaces', 'list', '--output', 'xml'], /--output must be one of table, tsv, csv, json, jsonl, yaml/],
  [['sandbox', 'reset', '--seed', 'full'], /--seed must be demo or empty/],
  [['config', 'set', 'format', 'xml'], /format must be one of/],
  [['config', 'set', 'colour', 'red'], /unknown config key "colour"/],
  [['config', 'get', 'token'], /unknown config key "token"/],
  // numbers
  [['spaces', 'list', '--limit', '0'], /--limit must be a whole number of at least 1,/],
  [['spaces', 'list', '--limit', '1e400'], /--limit must be a whole number of at least 1,/],
  [['spaces', 'list', '--limit', '-5'], /--limit must be a whole number/],
  [['spaces', 'list', '--limit', '2.5'], /--limit must be a whole number/],
  [['spaces', 'list', '--limit', 'ten'], /--limit must be a whole number/],
  [['spaces', 'list', '--limit', ''], /--limit must be a whole number/],
  [['collections', 'list', '--limit', '0x10'], /--limit must be a whole number/],
  [['orgs', 'list', '--limit', 'x'], /--limit must be/],
  [['spaces', 'links', 'S', '--limit', '-1'], /--limit must be/],
  [['spaces', 'restore', 'S', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64/],
  [['spaces', 'restore', 'S', '--concurrency', '65'], /--concurrency must be a whole number from 1 to 64/],
  [['spaces', 'delete', 'S', '--concurrency', 'many', '--yes'], /--concurrency must be a whole number/],
  [['spaces', 'get', 'S', '--timeout', '0'], /--timeout must be a number of seconds/],
  [['spaces', 'get', 'S', '--timeout', 'soon'], /--timeout must be a number of seconds/],
  [['spaces', 'get', 'S', '--timeout', '-1'], /--timeout must be a number of seconds/],
  [['spaces', 'get', 'S', '--retries', '11'], /--retries must be a whole number from 0 to 10/],
  [['spaces', 'get', 'S', '--retries', '-1'], /--retries must be a whole number from 0 to 10/],
  [['sandbox', 'serve', '--port', '70000'], /--port must be a whole number from 0 to 65535/],
  [['sandbox', 'serve', '--spaces', 'lots'], /--spaces must be a whole number/],
  // ids and paths
  [['spaces', 'get', 'a/b'], /invalid space id "a\/b"/],
  [['spaces', 'get', '../orgs'], /invalid space id/],
  [['spaces', 'get', 'a b'], /invalid space id/],
  [['spaces', 'get', 'a?b=1'], /invalid space id/],
  [['collections', 'get', 'x#y'], /invalid collection id/],
  [['spaces', 'list', '--collection', 'a/b'], /invalid --collection id "a\/b"/],
  [['spaces', 'move', 'S', '--parent', 'a/b'], /invalid --parent collection id/],
  [['spaces', 'move', 'S', '--before', 'x y'], /invalid --before id/],
  [['spaces', 'transfer', 'S', '--to-org', 'a/b'], /invalid --to-org organization id/],
  [['spaces', 'restore', 'ok', 'bad/id'], /invalid space id "bad\/id"/],
  // combinations and missing values
  [['spaces', 'list', '--collection', 'C', '--member', 'U'], /--collection and --member cannot be used together/],
  [['spaces', 'list', '--all', '--limit', '5'], /--all and --limit cannot be used together/],
  [['spaces', 'move', 'S', '--root', '--parent', 'C'], /--parent and --root cannot be used together/],
  [['spaces', 'move', 'S', '--before', 'A', '--after', 'B'], /--before and --after cannot be used together/],
  [['spaces', 'move', 'S'], /nothing to do: give --parent, --root, --before or --after/],
  [['collections', 'move', 'C'], /nothing to do/],
  [['spaces', 'update', 'S'], /nothing to change: give at least one of --title/],
  [['collections', 'update', 'C'], /nothing to change/],
  [['spaces', 'create'], /--title is required/],
  [['collections', 'create'], /--title is required/],
  [['spaces', 'transfer', 'S'], /--to-org is required/],
  [['collections', 'transfer', 'C'], /--to-org is required/],
  [['spaces', 'get'], /missing required argument 'spaceId'/],
  [['spaces', 'search', 'S'], /missing required argument 'query'/],
  [['spaces', 'search', 'S', '   '], /query is empty/],
  [['spaces', 'restore'], /missing required argument/],
  [['spaces', 'list', '--limit'], /option '--limit <n>' argument missing/],
  [['spaces', 'list', '--no-such-flag'], /unknown option '--no-such-flag'/],
  [['spaces', 'frobnicate'], /unknown command 'frobnicate'/],
  [['spaces', 'delete', 'S'], /needs confirmation; pass --yes/],
  [['collections', 'delete', 'C'], /needs confirmation; pass --yes/],
  [['spaces', 'list', '--jq', '.[['], /^error: --jq: syntax error, unexpected end of file \(line 1, column 3\)$/],
  [['spaces', 'list', '--jq', 'nosuchfn'], /^error: --jq: nosuchfn\/0 is not defined \(line 1, column 1\)$/],
  [['spaces', 'list', '--api-url', 'ftp://example.com/v1'], /invalid API URL "ftp:\/\/example.com\/v1": only http and https/],
  [['spaces', 'list', '--api-url', 'not a url'], /invalid API URL/],
  [['spaces', 'list', '--api-url', 'http://example.com/v1'], /refusing to send the token over plain http to example.com/],
  [['config', 'set', 'api-url', 'nope'], /api-url must be a URL/],
  [['--sandbox', 'spaces', 'list', '--api-url', 'https://api.gitbook.com/v1'], /--sandbox brings its own API URL and token: drop --api-url/],
  [['--sandbox', 'spaces', 'list', '--token', 'abc'], /--sandbox brings its own API URL and token: drop --token/],
  [['sandbox', 'serve', '--faults', 'explode=1'], /--faults: unknown fault "explode"/],
  [['sandbox', 'serve', '--faults', '503=2'], /--faults: the rate of fault "503" must be a number from 0 to 1/],
  [['sandbox', 'serve', '--data', corrupt], /--data: cannot load the sandbox state .*state.json/],
  [['sandbox', 'serve', '--data', '/no/such/folder/state.json'], /--data: the folder \/no\/such\/folder does not exist/],
  // path params are one path segment, whatever their source (README: Security)
  [['teams', 'rename', '..', '--title', 'X'], /^error: invalid team id "\.\.": it cannot be "\.\." \(it would change the path\)$/],
  [['members', 'remove', '..', '--yes'], /^error: invalid user id "\.\.": it cannot be "\.\."/],
  [['spaces', 'delete', '..', '--yes'], /^error: invalid space id "\.\.": it cannot be "\.\."/],
  [['spaces', 'delete', '-', '--yes'], /^error: invalid space id "\.\.": it cannot be "\.\."/, { input: 'S1\n..\n' }],
  [['spaces', 'get', '.'], /^error: invalid space id "\.": it cannot be "\."/],
  [['spaces', 'get', '%2E%2E'], /^error: invalid space id "%2E%2E": it cannot be "\.\."/],
  [['spaces', 'get', 'a%2Fb'], /^error: invalid space id "a%2Fb": it cannot hold a slash, even encoded \(%2F\)$/],
  [['spaces', 'get', 'a%00b'], /^error: invalid space id "a%00b": it cannot hold control characters$/],
  [['pages', 'get', 'S', '..'], /^error: invalid .*"\.\.": it cannot be "\.\."/],
  [['sections', 'update', 'X', '--site', '..', '--title', 'T'], /^error: invalid --site id "\.\.": it cannot be "\.\."/],
  [['spaces', 'get', long(513)], /^error: invalid space id "x{40}…" \(513 characters\): it is longer than 512 characters$/],
  [['spaces', 'lock', '-'], /^error: invalid space id "x{40}…" \(600 characters\): it is longer than 512 characters$/, { input: long(600) }],
  // lists, output and bodies
  [['spaces', 'list', '--cursor', ''], /^error: --cursor is empty/],
  [['spaces', 'list', '--fields', ','], /^error: --fields names no field \(got ","\)/],
  [['comments', 'create', 'S', '--body-file', '-'], /^error: --body-file: stdin is not UTF-8 text \(a binary file\?\)$/, { input: 'PNG\0\0\u0001' }],
  [['comments', 'create', 'S', '--body-file', binary], /^error: --body-file: ".*image.png" is not UTF-8 text \(a binary file\?\)$/],
  [['sites', 'set-adaptive-schema', 'X', '--file', binary], /^error: --file: ".*image.png" is not UTF-8 text/],
];

describe('bad input', () => {
  it(`has at least 60 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  badInputTests(api, CASES);
});
