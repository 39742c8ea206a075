// Checks of values that no operation declares (global flags, config keys,
// ids typed outside a request). Each failure is a UsageError (exit 2) that
// names the flag and the rule; request inputs are checked against the
// operation table by src/commands/runner/.
import { segmentProblem } from './api/limits.js';
import { UsageError } from './errors.js';

export function parseInteger(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    const range = max >= Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${flag} must be a whole number ${range}, got "${value}"`);
  }
  return n;
}

export function parseSeconds(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 3600) {
    throw new UsageError(`${flag} must be a number of seconds above 0 and at most 3600, got "${value}"`);
  }
  return n;
}

/** Ids are path segments: refuse what would change the path (the rule buildRequest applies to every path param). */
export function checkId(what: string, id: string): string {
  if (!id || /[/?#\s\x00-\x1f\x7f]/.test(id)) throw new UsageError(`invalid ${what} ${JSON.stringify(id)}: ids have no spaces, slashes, ? or #`);
  const problem = segmentProblem(id);
  if (problem) throw new UsageError(`invalid ${what} ${JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id)}: ${problem}`);
  return id;
}
