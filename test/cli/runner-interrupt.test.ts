// An interrupt during a one-request command (its request goes through
// node:http since issue 15): a change sent and not answered is said to have
// an unknown outcome, as bulk runs say of each id; a read is just interrupted.
import { expect, it } from 'vitest';
import { baseEnv, lines, setFaults, startCli, until, useTestApi } from '../helpers.js';

const api = useTestApi();

it('SIGTERM while a create waits for its answer: exit 130, outcome unknown; while a get waits: interrupted', async () => {
  await setFaults(api, 'latency=3000');
  try {
    const create = startCli(['spaces', 'create', '--title', 'Maybe', '--debug'], { env: api.env() });
    await until(() => /^debug: > POST /m.test(create.stderr()));
    create.child.kill('SIGTERM');
    const made = await create.done;
    expect(made.code).toBe(130);
    expect(lines(made.stderr).at(-1)).toMatch(
      /^error: interrupted by SIGTERM: POST \/orgs\/\S+\/spaces was sent but not answered, its outcome is unknown \(check before running it again\)$/,
    );
    const read = startCli(['orgs', 'list', '--debug'], { env: api.env() });
    await until(() => /^debug: > GET /m.test(read.stderr()));
    read.child.kill('SIGTERM');
    const got = await read.done;
    expect(got.code).toBe(130);
    expect(lines(got.stderr).at(-1)).not.toMatch(/outcome/);
  } finally {
    await setFaults(api, '');
  }
});

it('Ctrl-C with the embedded sandbox (--sandbox) ends the process at once, not when its injected latency ends', async () => {
  const env = baseEnv({ DOCPLAT_SANDBOX_FAULTS: 'latency=8000' });
  const run = startCli(['--sandbox', 'orgs', 'list', '--debug'], { env });
  await until(() => /^debug: > GET /m.test(run.stderr()));
  const started = Date.now();
  run.child.kill('SIGINT');
  const r = await run.done;
  expect(r.code).toBe(130);
  expect(Date.now() - started).toBeLessThan(3000);
});
