// Rules between the body fields of an operation, declared once in the
// operation table (`rules` of op()) and checked by the same function on both
// sides: the CLI's check stage (commands/runner/check.ts, in flag words) and
// the sandbox's request parsing (sandbox/core/input.ts, in field words).
// A body that changes nothing, for an operation that needs a body
// (`bodyRequired`), is the rule every update shares.
import type { Operation } from './operation.js';
import { check } from './schema.js';

export type Rule =
  /** `field` is sent only with `needs` (`node` needs `page`: a node is a block of a page). */
  | { kind: 'needs'; field: string; needs: string; why: string }
  /** `field` is sent only when `when` is one of `values` (options only for select types); `group` names those in the API's words. */
  | { kind: 'onlyFor'; field: string; when: string; values: readonly string[]; group: string; of: string };

/** A broken rule: the declaration, and the value that broke it. */
export type Broken = { rule: Rule; value?: unknown } | { rule: { kind: 'nothing' }; value?: undefined };

/**
 * The first rule the body breaks. `given` says whether a field was sent (the
 * CLI asks of its flags before it builds the body); `nothing` checks that a
 * body the operation requires changes something.
 */
export function brokenRule(op: Operation, body: Record<string, unknown>, opts: { nothing?: boolean } = {}): Broken | undefined {
  const given = (field: string) => body[field] !== undefined;
  for (const rule of op.rules ?? []) {
    // A null `needs` is none (`spaceId: null` asks for a new space: it has no page yet).
    if (rule.kind === 'needs' && given(rule.field) && (body[rule.needs] ?? undefined) === undefined) return { rule };
    // A value that breaks its own spec (`--type nonsense`) is refused for that, not for a rule it takes part in.
    const when = rule.kind === 'onlyFor' ? body[rule.when] : undefined;
    const valid = rule.kind === 'onlyFor' && typeof when === 'string' && !check(op.body?.[rule.when] ?? { type: 'string' }, when, rule.when);
    if (rule.kind === 'onlyFor' && given(rule.field) && valid && !rule.values.includes(when as string)) return { rule, value: when };
  }
  if (opts.nothing && op.bodyRequired && Object.keys(body).length === 0) return { rule: { kind: 'nothing' } };
  return undefined;
}

/** A broken rule in the API's words (the sandbox's 400). */
export function apiWords(op: Operation, broken: Broken): string {
  const { rule } = broken;
  if (rule.kind === 'needs') return `The field "${rule.field}" needs "${rule.needs}": ${rule.why}.`;
  if (rule.kind === 'onlyFor') return `Only ${rule.group} have ${rule.field}; this one is of ${rule.when} ${String(broken.value)}.`;
  const fields = Object.keys(op.body ?? {}).map((f) => `"${f}"`);
  const give = fields.length === 1 ? fields[0] : fields.length === 2 ? `${fields.join(', ')} or both` : `at least one of ${fields.join(', ')}`;
  return `Nothing to ${op.body && 'position' in op.body ? 'move' : 'change'}: give ${give}.`;
}
