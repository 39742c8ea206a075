// The road's stages are modules that never import one another: each takes
// what the one before made (runner/invocation.ts, the types they share) and
// only pipeline.ts calls them, once each, in a fixed order. This reads the
// imports of every module of src/commands/runner/ and the road itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, importsOf } from './imports.js';

/** The stages, in the order of the road, with their modules (bind's fields.ts is bind's own). */
const STAGES: Record<string, string[]> = {
  bind: ['bind.ts', 'fields.ts'],
  check: ['check.ts'],
  resolve: ['resolve.ts'],
  plan: ['plan.ts'],
  confirm: ['confirm.ts'],
  send: ['send.ts'],
  render: ['render.ts'],
};

/** The runner's modules that are no stage: the road, commander's side, and the types the stages share. */
const ROAD = ['pipeline.ts', 'register.ts', 'invocation.ts'];

const stageOf = (module: string) => Object.keys(STAGES).find((s) => STAGES[s].includes(module));

/** Why a module of runner/ imports what it must not: another stage, or the road. */
function problems(module: string, text: string): string[] {
  const own = stageOf(module);
  return importsOf(join(COMMANDS, 'runner', module), text)
    .filter((p) => p.startsWith('runner/'))
    .map((p) => p.slice('runner/'.length))
    .filter((p) => p !== 'invocation.ts' && stageOf(p) !== own)
    .map((p) => `runner/${module} (${own}) imports runner/${p}${stageOf(p) ? ` (${stageOf(p)})` : ''}`);
}

describe('the stages of the road', () => {
  it('finds a stage that imports another, by type or by value (the check can fail)', () => {
    expect(problems('render.ts', "import { send } from './send.js';")).toEqual(['runner/render.ts (render) imports runner/send.ts (send)']);
    expect(problems('check.ts', "import type { Bound } from './bind.js';")).toEqual(['runner/check.ts (check) imports runner/bind.ts (bind)']);
    expect(problems('plan.ts', "const { execute } = await import('./pipeline.js');")).toEqual(['runner/plan.ts (plan) imports runner/pipeline.ts']);
    expect(problems('bind.ts', "import { bindFields } from './fields.js';\nimport type { Invocation } from './invocation.js';")).toEqual([]);
  });

  it('every module of runner/ is a stage or the road', () => {
    const known = [...Object.values(STAGES).flat(), ...ROAD];
    expect(readdirSync(join(COMMANDS, 'runner')).filter((m) => !known.includes(m))).toEqual([]);
  });

  it.each(Object.values(STAGES).flat())('%s imports no other stage', (module) => {
    expect(problems(module, readFileSync(join(COMMANDS, 'runner', module), 'utf8'))).toEqual([]);
  });

  it('the road calls each stage once, in order', () => {
    const road = readFileSync(join(COMMANDS, 'runner', 'pipeline.ts'), 'utf8');
    const body = road.slice(road.indexOf('export async function execute'));
    const calls = [...body.matchAll(/\b(bind|check|resolve|plan|confirm|sendPlan|render)\(/g)].map((m) => m[1]);
    expect(calls).toEqual(['bind', 'check', 'resolve', 'plan', 'confirm', 'sendPlan', 'render']);
  });
});
