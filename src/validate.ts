// Checks of flag values before any request is sent. Each failure is a
// UsageError (exit 2) that names the flag and the rule.
import { BOUNDS, checkBound, type Bound, type BoundKey } from './api/bounds.js';
import { UsageError } from './errors.js';

export function checkFlag(flag: string, value: unknown, bound: BoundKey | Bound): void {
  const rule = checkBound(typeof bound === 'string' ? BOUNDS[bound] : bound, value);
  if (rule) throw new UsageError(`${flag} must be ${rule}${describeValue(value)}`);
}

export function parseInteger(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
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

/** Ids are path segments: refuse what would change the path. */
export function checkId(what: string, id: string): string {
  if (!id || /[/?#\s]/.test(id) || id === '.' || id === '..') {
    throw new UsageError(`invalid ${what} "${id}": ids have no spaces, slashes, ? or #`);
  }
  return id;
}

function describeValue(value: unknown): string {
  if (typeof value !== 'string') return '';
  const length = [...value].length;
  return length > 40 ? ` (got ${length} characters)` : ` (got "${value}")`;
}
