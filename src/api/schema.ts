// The shape of the values an operation takes (path params, query, body), with
// their documented bounds, and the one checker of those bounds. Shared by the
// CLI (a bad flag is a usage error before anything is sent) and the sandbox
// (a bad request is a 400). API shape only: no CLI or server code here.

interface Common {
  required?: boolean;
  /** null is a valid value (it usually clears the field). */
  nullable?: boolean;
}

export interface StringSpec extends Common {
  type: 'string';
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** How the pattern reads in a message ("lowercase words joined by -"). */
  patternText?: string;
  enum?: readonly string[];
  /**
   * `uri`: an absolute http(s) URL; `id`: a non-empty id with no /, ?, # or
   * white space; `emoji`: an emoji, or its Unicode codepoints in hex (the
   * public description's `format: emoji`, "Unicode codepoint or character").
   */
  format?: 'uri' | 'id' | 'date-time' | 'emoji';
}
export interface NumberSpec extends Common {
  type: 'number';
  min?: number;
  max?: number;
  integer?: boolean;
}
export interface BooleanSpec extends Common {
  type: 'boolean';
}
export interface ArraySpec extends Common {
  type: 'array';
  items: Spec;
  minItems?: number;
  maxItems?: number;
}
export interface ObjectSpec extends Common {
  type: 'object';
  /** Known properties. */
  fields?: Record<string, Spec>;
  /** A map: every value follows this spec (keys are free). */
  values?: Spec;
}
/** Free-form JSON (a JSON Schema, an integration's configuration). */
export interface AnySpec extends Common {
  type: 'any';
}
/** One of several shapes (an invite's address: an e-mail, or `{email, role}`). */
export interface UnionSpec extends Common {
  type: 'union';
  of: readonly Spec[];
}
export type Spec = StringSpec | NumberSpec | BooleanSpec | ArraySpec | ObjectSpec | AnySpec | UnionSpec;

// ---- builders: short declarations in the operation table ------------------------------

export const str = (o: Omit<StringSpec, 'type'> = {}): StringSpec => ({ type: 'string', ...o });
export const id = (o: Omit<StringSpec, 'type' | 'format'> = {}): StringSpec => ({ type: 'string', format: 'id', ...o });
export const uri = (o: Omit<StringSpec, 'type' | 'format'> = {}): StringSpec => ({ type: 'string', format: 'uri', ...o });
export const oneOf = (values: readonly string[], o: Omit<StringSpec, 'type' | 'enum'> = {}): StringSpec => ({ type: 'string', enum: values, ...o });
export const num = (o: Omit<NumberSpec, 'type'> = {}): NumberSpec => ({ type: 'number', ...o });
export const bool = (o: Omit<BooleanSpec, 'type'> = {}): BooleanSpec => ({ type: 'boolean', ...o });
export const arr = (items: Spec, o: Omit<ArraySpec, 'type' | 'items'> = {}): ArraySpec => ({ type: 'array', items, ...o });
export const obj = (fields: Record<string, Spec>, o: Omit<ObjectSpec, 'type' | 'fields'> = {}): ObjectSpec => ({ type: 'object', fields, ...o });
export const map = (values: Spec, o: Omit<ObjectSpec, 'type' | 'values'> = {}): ObjectSpec => ({ type: 'object', values, ...o });
export const any = (o: Omit<AnySpec, 'type'> = {}): AnySpec => ({ type: 'any', ...o });
export const either = (...of: Spec[]): UnionSpec => ({ type: 'union', of });
/** The same spec, required. */
export const required = <S extends Spec>(s: S): S => ({ ...s, required: true });
/** The same spec, accepting null. */
export const nullable = <S extends Spec>(s: S): S => ({ ...s, nullable: true });

// ---- checking --------------------------------------------------------------------------

/** A value that breaks its spec: where (a dotted path below the checked value, '' for itself) and the rule. */
export interface Violation {
  path: string;
  rule: string;
  value: unknown;
}

// eslint-disable-next-line no-control-regex
const ID = /^[^/?#\s\x00-\x1f\x7f]+$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const SURROGATE_PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
/**
 * Characters as users count them (code points, not UTF-16 units: a pair
 * counts once). Not `[...s].length`: a batch of content changes holds
 * megabytes of base64, which spreading into an array takes seconds to count.
 */
export const length = (s: string): number => s.length - (s.match(SURROGATE_PAIRS)?.length ?? 0);

/**
 * One emoji (a keycap, a flag or a ZWJ sequence included), not text. Compiled
 * on first use: the Unicode property sets take ~15 ms to compile, which every
 * command would pay at load.
 */
let emoji: RegExp | undefined;
const EMOJI = () => (emoji ??= new RegExp('^(?:\\p{RGI_Emoji}|\\p{Extended_Pictographic}\\uFE0F?)$', 'v'));
/** Codepoints in hex, joined by - (`1f44d`, `1f468-200d-1f469`). */
const CODEPOINTS = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i;

/** An emoji, or the Unicode codepoints of one. */
export function isEmoji(value: string): boolean {
  if (CODEPOINTS.test(value)) {
    const points = value.split('-').map((h) => parseInt(h, 16));
    if (points.some((p) => p > 0x10ffff)) return false;
    value = String.fromCodePoint(...points);
  }
  return EMOJI().test(value);
}

/** The first way `value` breaks `spec`, or null when it follows it. Absent (undefined) is fine unless required. */
export function check(spec: Spec, value: unknown, path = ''): Violation | null {
  const fail = (rule: string, at = path, v = value): Violation => ({ path: at, rule, value: v });
  if (value === undefined) return spec.required ? fail('given (it is required)') : null;
  if (value === null) return spec.nullable ? null : fail(`${describe(spec)}, not null`);
  switch (spec.type) {
    case 'string': {
      if (spec.enum) return typeof value === 'string' && spec.enum.includes(value) ? null : fail(`one of ${spec.enum.join(', ')}`);
      if (typeof value !== 'string') return fail('a string');
      const n = length(value);
      if (spec.min !== undefined && n < spec.min) return fail(lengthRule(spec));
      if (spec.max !== undefined && n > spec.max) return fail(lengthRule(spec));
      if (spec.format === 'id' && !ID.test(value)) return fail('an id (no spaces, slashes, ? or #)');
      if (spec.format === 'uri' && !isHttpUrl(value)) return fail('an absolute http or https URL');
      if (spec.format === 'date-time' && !(DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))) return fail('a date and time (ISO 8601)');
      if (spec.format === 'emoji' && !isEmoji(value)) return fail('an emoji (🎉) or its Unicode codepoints (1f389)');
      if (spec.pattern && !spec.pattern.test(value)) return fail(spec.patternText ?? `matching ${spec.pattern.source}`);
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('a number');
      if (spec.integer && !Number.isInteger(value)) return fail('a whole number');
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) return fail(rangeRule(spec));
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : fail('true or false');
    case 'array': {
      if (!Array.isArray(value)) return fail('an array');
      if ((spec.minItems !== undefined && value.length < spec.minItems) || (spec.maxItems !== undefined && value.length > spec.maxItems)) {
        return fail(itemsRule(spec));
      }
      for (let i = 0; i < value.length; i++) {
        const v = check(spec.items, value[i], join(path, String(i)));
        if (v) return v;
      }
      return null;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return fail('an object');
      const o = value as Record<string, unknown>;
      for (const [k, s] of Object.entries(spec.fields ?? {})) {
        const v = check(s, o[k], join(path, k));
        if (v) return v;
      }
      if (spec.values) {
        for (const [k, x] of Object.entries(o)) {
          if (spec.fields && k in spec.fields) continue;
          const v = check(spec.values, x, join(path, k));
          if (v) return v;
        }
      }
      return null;
    }
    case 'any':
      return null;
    case 'union': {
      // The alternative of the value's own kind says what is wrong with it (a bad e-mail address); none: what would do.
      let own: Violation | null = null;
      for (const alt of spec.of) {
        const v = check(alt, value, path);
        if (!v) return null;
        if (alt.type === kindOf(value)) own ??= v;
      }
      return own ?? fail(describe(spec));
    }
  }
}

const kindOf = (value: unknown): string => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** Checks an object's properties against a record of specs (a body, a query). */
export function checkFields(specs: Record<string, Spec>, value: Record<string, unknown>): Violation | null {
  for (const [k, s] of Object.entries(specs)) {
    const v = check(s, value[k], k);
    if (v) return v;
  }
  return null;
}

/** What a spec accepts, as a phrase ("at most 50 characters", "one of a, b"). */
export function describe(spec: Spec): string {
  switch (spec.type) {
    case 'string':
      if (spec.enum) return `one of ${spec.enum.join(', ')}`;
      if (spec.min !== undefined || spec.max !== undefined) return lengthRule(spec);
      return spec.format === 'uri' ? 'an absolute http or https URL' : spec.format === 'id' ? 'an id' : 'a string';
    case 'number':
      return spec.min !== undefined || spec.max !== undefined ? rangeRule(spec) : spec.integer ? 'a whole number' : 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return spec.minItems !== undefined || spec.maxItems !== undefined ? itemsRule(spec) : 'an array';
    case 'object':
      return 'an object';
    case 'any':
      return 'any JSON value';
    case 'union':
      return spec.of.map(describe).join(' or ');
  }
}

function lengthRule(s: StringSpec): string {
  if (s.min !== undefined && s.max !== undefined) return s.min === s.max ? `exactly ${s.max} characters` : `${s.min} to ${s.max} characters`;
  if (s.max !== undefined) return `at most ${s.max} characters`;
  return `at least ${s.min} character${s.min === 1 ? '' : 's'}`;
}

function rangeRule(s: NumberSpec): string {
  const what = s.integer ? 'a whole number' : 'a number';
  if (s.min !== undefined && s.max !== undefined) return `${what} from ${s.min} to ${s.max}`;
  if (s.min !== undefined) return `${what} of at least ${s.min}`;
  return `${what} of at most ${s.max}`;
}

function itemsRule(s: ArraySpec): string {
  if (s.minItems !== undefined && s.maxItems !== undefined) return `${s.minItems} to ${s.maxItems} items`;
  if (s.maxItems !== undefined) return `at most ${s.maxItems} item${s.maxItems === 1 ? '' : 's'}`;
  return `at least ${s.minItems} item${s.minItems === 1 ? '' : 's'}`;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const join = (a: string, b: string) => (a ? `${a}.${b}` : b);
