// The Node versions docplat declares (package.json engines.node) are those
// every bundled package needs (the build computes them and fails when the
// declaration is looser: bin/engines.cjs), and bin/docplat.js refuses an older
// Node with one line before it loads anything.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looserThanNeeded, narrowestRange, packageEngines, supports } from '../../bin/engines.cjs';
import { lines, ROOT, runCli } from '../helpers.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string }; dependencies: Record<string, string> };
const require = createRequire(join(ROOT, 'package.json'));
const semver = require('semver') as { satisfies(version: string, range: string): boolean };

/** [name, engines.node] of every package bundled into dist/ (dist/meta.json) and every runtime dependency. */
function bundledEngines(): [string, string][] {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> };
  return packageEngines(ROOT, Object.keys(meta.inputs), pkg.dependencies);
}

/** Runs the bin as if on Node `version` (process.version replaced before it runs). */
function onNode(version: string, args: string[]) {
  return runCli(args, { nodeArgs: ['--import', `data:text/javascript,Object.defineProperty(process, "version", { value: "${version}" })`] });
}

describe('engines', () => {
  it('package.json declares exactly the narrowest range the bundled packages allow', async () => {
    const engines = bundledEngines();
    expect(engines.map(([name]) => name)).toEqual(expect.arrayContaining(['undici', '@inquirer/core', '@redocly/openapi-core']));
    expect(await narrowestRange(engines.map(([, r]) => r))).toBe(pkg.engines.node);
    expect(pkg.engines.node).toBe('^20.19.0 || ^22.13.0 || >=23.5.0');
    expect(await looserThanNeeded(pkg.engines.node, engines)).toBeUndefined();
  });

  it('a looser declaration fails the build, naming what needs more; a narrower one does not', async () => {
    const engines = bundledEngines();
    const looser = await looserThanNeeded('>=20', engines);
    expect(looser).toMatch(/^package\.json's engines\.node is ">=20", but the bundled packages need "\^20\.19\.0 \|\| \^22\.13\.0 \|\| >=23\.5\.0": set it to that \(/);
    expect(looser).toContain('undici needs >=20.18.1');
    expect(looser).toContain('@redocly/openapi-core needs >=22.12.0 || >=20.19.0 <21.0.0');
    expect(looser).not.toContain('commander');
    expect(await looserThanNeeded('^20.19.0 || >=22.0.0', engines)).toMatch(/@inquirer\/core needs/);
    expect(await looserThanNeeded(undefined, engines)).toMatch(/is "undefined"/);
    expect(await looserThanNeeded('>=24.0.0', engines)).toBeUndefined();
  });

  it('the narrowest range of several, by major; a hole inside a major or a capped range is refused', async () => {
    expect(await narrowestRange(['>=20.18.1', '>=23.5.0 || ^22.13.0 || ^20.17.0', '>=22.12.0 || >=20.19.0 <21.0.0'])).toBe('^20.19.0 || ^22.13.0 || >=23.5.0');
    expect(await narrowestRange(['>=20', '>=18'])).toBe('>=20.0.0');
    expect(await narrowestRange(['^20.17.0 || >=22.9.0', '>=21'])).toBe('>=22.9.0');
    await expect(narrowestRange(['>=20.0.0 <20.5.0 || >=20.9.0'])).rejects.toThrow(/hole in Node 20/);
    await expect(narrowestRange(['>=20 <26'])).rejects.toThrow(/no open-ended range/);
  });

  it('the bin\'s check agrees with semver on every version around the range', () => {
    const range = pkg.engines.node;
    for (let major = 18; major <= 26; major++) {
      for (let minor = 0; minor <= 20; minor++) {
        for (const patch of [0, 1, 9]) {
          const v = `v${major}.${minor}.${patch}`;
          expect(supports(v, range), v).toBe(semver.satisfies(v, range));
        }
      }
    }
    expect(() => supports('v20.0.0', '~20.1')).toThrow(/unsupported engines range/);
  });

  it('bin/docplat.js refuses an older Node in one line (exit 1), and runs on the lowest supported one', async () => {
    for (const version of ['v20.18.1', 'v21.7.3', 'v22.12.0', 'v23.4.0', 'v18.20.0']) {
      const r = await onNode(version, ['--version']);
      expect(r.code, version).toBe(1);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toEqual([`docplat: Node ${version} is not supported: docplat needs Node ${pkg.engines.node} (see https://nodejs.org)`]);
    }
    for (const version of ['v20.19.0', 'v22.13.0', 'v23.5.0']) {
      const r = await onNode(version, ['--version']);
      expect([r.code, r.stdout.trim(), r.stderr], version).toEqual([0, pkg.version, '']);
    }
  });
});
