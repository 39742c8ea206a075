// A token that cannot go in a header (a line break or a space copied with
// it) is a usage error naming where it came from, never "cannot reach" the
// API, and the token is not echoed. Nothing is sent.
import { expect, it } from 'vitest';
import { lines, useTestApi } from '../helpers.js';

const api = useTestApi();

it('a token with a line break or a space is refused, naming its source, without echoing it', async () => {
  const before = api.sandbox.requestCount;
  const fromEnv = await api.cli(['orgs', 'list'], { env: { DOCPLAT_TOKEN: `${api.sandbox.token}\r` } });
  expect(fromEnv.code).toBe(2);
  expect(lines(fromEnv.stderr)).toEqual(['error: DOCPLAT_TOKEN has a space or a control character in it (a line break copied with it?): tokens have none']);
  const fromFlag = await api.cli(['orgs', 'list', '--token', 'secret part\nother part'], { env: { DOCPLAT_TOKEN: '' } });
  expect(fromFlag.code).toBe(2);
  expect(fromFlag.stderr).toMatch(/^error: --token has a space or a control character/);
  expect(fromFlag.stderr).not.toMatch(/secret part|other part/);
  expect(api.sandbox.requestCount).toBe(before);
});
