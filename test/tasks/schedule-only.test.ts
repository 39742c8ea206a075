// The task scheduler (src/tasks/schedule.ts) is the only one: no module of
// src/commands runs a pool of workers of its own, hooks the process's exit to
// name what was in flight, or backs off between tries (retries are the
// client's, src/client/retry.ts; a poll, `openapi publish --wait`, is no
// retry). This reads every module and fails on those patterns.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const COMMANDS = fileURLToPath(new URL('../../src/commands', import.meta.url));

const PATTERNS: [RegExp, string][] = [
  [/Array\.from\(\s*\{\s*length:\s*Math\.min\(/, 'a pool of workers'],
  [/process\.(once|on)\(\s*['"]exit['"]/, 'an exit hook'],
  [/\*\*\s*attempt\b/, 'a backoff of its own'],
];

/** Modules not migrated yet, with the reason (empty when every one is). */
const ALLOWED: Record<string, string> = {};

function* modules(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* modules(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

const found = (text: string) => PATTERNS.filter(([re]) => re.test(text)).map(([, what]) => what);

describe('one scheduler', () => {
  it('finds each pattern (the check can fail)', () => {
    expect(found('await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));')).toEqual(['a pool of workers']);
    expect(found("process.once('exit', unknownOnExit);")).toEqual(['an exit hook']);
    expect(found('await sleep(Math.random() * 250 * 2 ** attempt, ctx.signal);')).toEqual(['a backoff of its own']);
    expect(found('await sleep(Math.min(delay, timeoutMs - elapsed), ctx.signal);')).toEqual([]);
    expect(found("const rows = Array.from({ length: n }, () => 0);")).toEqual([]);
  });

  it('no module of src/commands schedules work of its own', () => {
    const problems: string[] = [];
    for (const file of modules(COMMANDS)) {
      const rel = relative(COMMANDS, file).split('\\').join('/');
      if (ALLOWED[rel]) continue;
      for (const what of found(readFileSync(file, 'utf8'))) problems.push(`src/commands/${rel} has ${what}: use src/tasks/schedule.ts`);
    }
    expect(problems).toEqual([]);
  });

  it('the modules still allowed have what they are allowed for (the list only shrinks)', () => {
    for (const rel of Object.keys(ALLOWED)) expect(found(readFileSync(join(COMMANDS, rel), 'utf8')), rel).not.toEqual([]);
  });
});
