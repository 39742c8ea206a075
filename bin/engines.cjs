// The Node versions docplat runs on. `supports()` is what bin/docplat.js asks
// before it loads anything (an older Node gets one line, not a stack trace
// from deep inside a bundled library); `narrowestRange()` is what the build
// (bin/build.mjs) computes from the `engines` of every package it bundles, so
// that package.json's `engines.node` is never looser than what they need
// (bundled, npm never sees their own `engines`, and never warns).
// CommonJS, as bin/docplat.js that requires it (bin/package.json): it runs on
// the older Node it refuses, before anything else loads.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** Parses "1.2.3" (a leading "v" allowed) into numbers. */
const parse = (v) => v.replace(/^v/, '').split('.').map(Number);
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `version` satisfies `range`, in the forms narrowestRange() writes:
 * alternatives joined by `||`, each `^X.Y.Z` (X the same, at least X.Y.Z),
 * `>=X.Y.Z`, or `>=X.Y.Z <A.B.C`.
 */
function supports(version, range) {
  const v = parse(version);
  return range.split('||').some((alternative) =>
    alternative.trim().split(/\s+/).every((c) => {
      const m = /^(\^|>=|<)(\d+\.\d+\.\d+)$/.exec(c);
      if (!m) throw new Error(`unsupported engines range "${range}"`);
      const bound = parse(m[2]);
      if (m[1] === '^') return v[0] === bound[0] && compare(v, bound) >= 0;
      return m[1] === '>=' ? compare(v, bound) >= 0 : compare(v, bound) < 0;
    }),
  );
}

/**
 * The narrowest range of Node versions that satisfies every range given (each
 * package's `engines.node`), as `^20.19.0 || ^22.13.0 || >=23.5.0`. The
 * lowest supported version of each major is one of the versions the ranges
 * name (or a major's first), so only those are tried.
 */
async function narrowestRange(ranges) {
  const semver = require('semver');
  const all = (v) => ranges.every((r) => semver.satisfies(v, r));
  const named = ranges.flatMap((r) => new semver.Range(r).set.flat().map((c) => c.semver.version).filter((v) => v !== '0.0.0' && v));
  const top = Math.max(...named.map((v) => semver.major(v)), 0) + 1;
  const candidates = [...new Set([...named, ...Array.from({ length: top + 1 }, (_, m) => `${m}.0.0`)])].sort(semver.compare);
  const parts = [];
  for (let major = 0; major <= top; major++) {
    const inMajor = candidates.filter((v) => semver.major(v) === major);
    const lowest = inMajor.find(all);
    if (!lowest) continue;
    // Every named version above the lowest, and the end of the major, must pass too: no hole to describe.
    const rest = [...inMajor.filter((v) => semver.gte(v, lowest)), `${major}.999.999`];
    if (!rest.every(all)) throw new Error(`the bundled packages' engines leave a hole in Node ${major} that this build cannot describe: ${ranges.join(' ; ')}`);
    parts.push(major === top ? `>=${lowest}` : `^${lowest}`);
  }
  if (!all(`${top + 50}.0.0`)) throw new Error(`no open-ended range: the bundled packages' engines cap Node's version (${ranges.join(' ; ')})`);
  return mergeTail(parts);
}

/** `^20.19.0 || ^23.5.0 || ^24.0.0 || >=25.0.0` → `^20.19.0 || >=23.5.0`: consecutive whole majors at the end join the open range. */
function mergeTail(parts) {
  const out = [...parts];
  while (out.length > 1) {
    const last = /^>=(\d+)\.0\.0$/.exec(out.at(-1));
    const before = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(out.at(-2));
    if (!last || !before || Number(before[1]) + 1 !== Number(last[1])) break;
    out.splice(-2, 2, `>=${before[1]}.${before[2]}.${before[3]}`);
  }
  return out.join(' || ');
}

/**
 * Why `declared` (package.json's engines.node) is looser than what the
 * packages need (`engines`: [name, range] pairs), naming those it would
 * break; undefined when every version it allows satisfies them all.
 */
async function looserThanNeeded(declared, engines) {
  const semver = require('semver');
  const needed = await narrowestRange(engines.map(([, range]) => range));
  if (declared && semver.validRange(declared) && semver.subset(declared, needed)) return undefined;
  const broken = engines.filter(([, range]) => !declared || !semver.validRange(declared) || !semver.subset(declared, range)).map(([name, range]) => `${name} needs ${range}`);
  return `package.json's engines.node is "${declared}", but the bundled packages need "${needed}": set it to that (${broken.join('; ')})`;
}

/**
 * [name, engines.node] of every package that esbuild bundled (the inputs of
 * its metafile under node_modules/) and of every runtime dependency, for
 * those that declare one.
 */
function packageEngines(root, inputs, dependencies) {
  const names = new Set(Object.keys(dependencies ?? {}));
  for (const input of inputs) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) names.add(m[1]);
  }
  return [...names].flatMap((name) => {
    const range = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).engines?.node;
    return range ? [[name, range]] : [];
  });
}

module.exports = { supports, narrowestRange, looserThanNeeded, packageEngines };
