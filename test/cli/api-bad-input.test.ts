// Bad input of `docplat api`: exit 2, one line naming the flag, no request.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, useTestApi, type CliOptions, type TestApi } from '../helpers.js';
import { badInputTests, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();
const folder = tempDir();
const body = join(folder, 'body.json');
writeFileSync(body, '{"title":"x"}');

const CASES: BadInputCase[] = [
  [['api', '-X', 'DELETE', '/orgs/{org}/members/..'], /^error: the path "\/orgs\/\{org\}\/members\/\.\." has a \. or \.\. segment/],
  [['api', '/spaces/%2E%2E/x'], /has a \. or \.\. segment/],
  [['api', '/spaces/./S'], /has a \. or \.\. segment/],
  [['api', '/orgs/{org}/spaces', '-X', 'FETCH'], /-X must be one of GET, HEAD, POST, PUT, PATCH, DELETE \(got "FETCH"\)/],
  [['api', '/orgs/{org}/spaces', '-X', ''], /--method is empty/],
  [['api', '/spaces/S', '-F', 'a..b=1'], /-F "a\.\.b": malformed key/],
  [['api', '/spaces/S', '-F', '=1'], /-F "": malformed key/],
  [['api', '/spaces/S', '-F', 'a[0]=1'], /-F "a\[0\]": malformed key/],
  [['api', '/spaces/S', '-f', 'title'], /-f "title": expected key=value/],
  [['api', '/spaces/S', '-F', 'a=1', '-F', 'a.b=2'], /field a\.b: a is already given a value/],
  [['api', '/spaces/S', '-X', 'PATCH', '-F', 'a=1', '-F', 'a=2'], /field a: given twice \(use a\[\] for an array\)/],
  [['api', '/spaces/S', '-F', `title=@${join(folder, 'missing.txt')}`], /-F title: cannot read ".*missing\.txt": no such file/],
  [['api', '/spaces/S', '-F', `title=@${folder}`], /-F title: cannot read .*: it is a folder/],
  [['api', '/spaces/S', '-X', 'PATCH', '--input', join(folder, 'nope.json')], /--input: cannot read ".*nope\.json": no such file/],
  [['api', '/spaces/S', '--input', body, '-X', 'GET'], /--input sends a body: not with GET/],
  [['api', '/spaces/S', '-H', 'X-Thing'], /-H "X-Thing": expected "Name: value"/],
  [['api', '/spaces/S', '-H', 'Bad Name: 1'], /-H "Bad Name: 1": invalid header name "Bad Name"/],
  [['api', '/spaces/S', '-H', 'Authorization: Bearer x'], /-H authorization: the token is docplat's to send/],
  [['api', '/spaces/S', '-H', 'Host: evil.example'], /-H Host: this header is set by docplat/],
  [['api', 'https://evil.example/v1/orgs'], /refusing to send the token to https:\/\/evil\.example/],
  [['api', 'http://127.0.0.1:1/v1/orgs'], /refusing to send the token to http:\/\/127\.0\.0\.1:1/],
  [['api', 'file:///etc/passwd'], /refusing to send the token to file:/],
  [['api', ''], /the path is empty/],
  [['api', '/spaces/a b'], /contains white space or control characters/],
  [['api', '/spaces/{space}'], /unknown placeholder \{space\} in the path: only \{org\} is filled/],
  [['api', '/spaces/S#x'], /the path contains "#"/],
  [['api', '/orgs/{org}/spaces', '-X', 'POST', '--paginate'], /--paginate follows the pages of a GET, not of a POST/],
  [['api', '/orgs/{org}/spaces', '--paginate', '--include'], /--paginate and --include cannot be used together/],
  [['api', '/orgs/{org}/spaces', '--output', 'tsv'], /api prints JSON: --output tsv needs --fields/],
  [['api', '/orgs/{org}/spaces', '--jq', '.[['], /--jq/],
  [['api'], /missing required argument 'path'/],
  [['completion', 'powershell'], /shell must be one of bash, zsh, fish \(got "powershell"\)/],
  [['completion'], /missing required argument 'shell'/],
];

describe('bad input: api', () => {
  it(`has at least 10 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(10);
  });
  badInputTests(api, CASES);
});

/** The same sandbox, with these options on every run. */
const withOptions = (opts: CliOptions): TestApi => ({
  get sandbox() {
    return api.sandbox;
  },
  env: (extra) => api.env(extra),
  cli: (args, o) => api.cli(args, { ...o, ...opts, env: { ...o?.env, ...opts.env } }),
  spawn: (args, o) => api.spawn(args, o),
  close: () => api.close(),
});

describe('bad input: api reading a terminal', () => {
  badInputTests(withOptions({ stdinTTY: true }), [
    [['api', '/spaces/S', '-X', 'PATCH', '--input', '-'], /--input - reads stdin, but stdin is a terminal/],
    [['api', '/spaces/S', '-F', 'title=@-'], /-F key=@- reads stdin, but stdin is a terminal/],
  ]);
});

describe('bad input: api without an organization', () => {
  badInputTests(withOptions({ env: { DOCPLAT_ORG: '' } }), [[['api', '/orgs/{org}/spaces'], /no organization: pass --org/]]);
});
