// Global flags and their variables (src/globals.ts, src/context.ts): an empty
// value is refused, the org is checked as an id, a bad DOCPLAT_TIMEOUT or
// DOCPLAT_RETRIES names the variable.
import { describe, it } from 'vitest';
import { useTestApi, refusedBy } from '../helpers.js';

const api = useTestApi();

const expectRefused = refusedBy(api);

describe('global flags given an empty value, and the org checked as an id', () => {
  // [args, environment over the sandbox's, the message]
  const CASES: [string[], Record<string, string | undefined>, RegExp][] = [
    [['--org', '', 'auth', 'status'], {}, /^error: --org is empty$/],
    [['--org', '  ', 'spaces', 'list'], {}, /^error: --org is blank$/],
    [['spaces', 'list', '--org', ''], {}, /^error: --org is empty$/],
    [['--profile', '', 'spaces', 'list'], {}, /^error: --profile is empty$/],
    [['--api-url', '', 'spaces', 'list'], {}, /^error: --api-url is empty$/],
    [['--token', '', 'spaces', 'list'], {}, /^error: --token is empty$/],
    [['--timeout', '', 'spaces', 'list'], {}, /^error: --timeout is empty$/],
    [['--retries', '', 'spaces', 'list'], {}, /^error: --retries is empty$/],
    [['--output', '', 'spaces', 'list'], {}, /^error: --output is empty$/],
    [['--fields', '', 'spaces', 'list'], {}, /^error: --fields is empty$/],
    [['--jq', '', 'spaces', 'list'], {}, /^error: --jq is empty$/],
    [['--org', 'a/b', 'spaces', 'list'], {}, /^error: invalid --org organization id "a\/b": ids have no spaces, slashes/],
    [['--org', 'a/b', 'auth', 'status'], {}, /^error: invalid --org organization id "a\/b"/],
    [['spaces', 'list'], { DOCPLAT_ORG: '../x' }, /^error: invalid DOCPLAT_ORG organization id "..\/x"/],
    [['--sandbox', '--org', 'a?b', 'spaces', 'list'], {}, /^error: invalid --org organization id "a\?b"/],
  ];
  for (const [args, env, rule] of CASES) {
    it(`${Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')}docplat ${args.map((a) => (a === '' ? '""' : a)).join(' ')}`, () => expectRefused(args, rule, env));
  }
});

describe('messages that said the wrong thing', () => {
  it('a bad DOCPLAT_TIMEOUT or DOCPLAT_RETRIES names the variable, not the flag', async () => {
    await expectRefused(['orgs', 'list'], /^error: DOCPLAT_TIMEOUT must be a number of seconds/, { DOCPLAT_TIMEOUT: 'x' });
    await expectRefused(['orgs', 'list'], /^error: DOCPLAT_RETRIES must be a whole number from 0 to 10/, { DOCPLAT_RETRIES: 'many' });
    await expectRefused(['orgs', 'list', '--timeout', 'x'], /^error: --timeout must be/, { DOCPLAT_TIMEOUT: '5' });
  });
});
