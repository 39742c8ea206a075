// What the site groups share: the --site flag, nullable text flags (a value
// sets the field, --no-<flag> sends null, leaving both out leaves it
// unchanged), on|off switches, and the JSON file of an adaptive schema.
import { adaptiveSchemaProblem } from '../../api/adaptiveSchema.js';
import { UsageError } from '../../errors.js';
import type { Flag } from '../define.js';

/** `--site <siteId>`: every command below `sites` acts inside one site. */
export const SITE = { flags: '--site <siteId>', description: 'the site', param: 'siteId', idOf: 'site', required: true } as const;

/**
 * A nullable field: `--<name> <value>` sets it, `--no-<name>` sends null
 * (removes it), leaving both out leaves it unchanged.
 */
export function nullable<const S extends string>(flags: S, what: string, note: string | undefined, body: string): Flag<S> & { negatable: string } {
  const name = /^--([\w-]+)/.exec(flags)![1];
  return {
    flags,
    // The field's bounds are added from the operation table (commands/help/bounds.ts).
    description: `set the ${what}${note ? ` (${note})` : ''}; without --${name} or --no-${name} it stays as it is`,
    body,
    negatable: `remove the ${what} (sends null)`,
  };
}

/** `on` → true, `off` → false. */
export function onOff(flag: string): (value: string) => boolean {
  return (value) => {
    if (value === 'on' || value === 'off') return value === 'on';
    throw new UsageError(`${flag} must be on or off (got "${value}")`);
  };
}

/**
 * Where JSON.parse gave up, as an offset: the longest prefix that is still
 * the start of a JSON text ends there. (V8's messages do not always carry
 * the position, and say it in several wordings when they do.)
 */
function jsonErrorOffset(text: string): number {
  const startsJson = (prefix: string): boolean => {
    try {
      JSON.parse(prefix);
      return true;
    } catch (err) {
      const message = (err as Error).message;
      if (/Unexpected end of JSON input/.test(message)) return true;
      const at = /at position (\d+)/.exec(message);
      return at !== null && Number(at[1]) >= prefix.length;
    }
  };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (startsJson(text.slice(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** `line L, column C` of an offset (both from 1). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${[...before[before.length - 1]].length + 1}`;
}

/** The text of --file as an adaptive schema: JSON of the documented shape, or a usage error that says where it is wrong. */
export function adaptiveSchemaFile(text: string): unknown {
  const source = text.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (err) {
    if (!source.trim()) throw new UsageError('--file is empty: it must hold a JSON Schema object');
    const offset = jsonErrorOffset(source);
    const reason = (err as Error).message.replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    const near = offset < source.length ? ` near ${JSON.stringify([...source.slice(offset)].slice(0, 12).join(''))}` : ' (it ends too early)';
    throw new UsageError(`--file is not valid JSON: ${lineColumn(source, offset)}${near}: ${reason}`);
  }
  const problem = adaptiveSchemaProblem(value);
  if (problem) throw new UsageError(`--file is not an adaptive schema: ${problem}`);
  return value;
}
