// Values from the public description's JSON schemas, for the property-based
// test of the sandbox (description-properties.test.ts): an arbitrary of
// fast-check for a schema (valid values, bounded in size and depth), and one
// mutation of a valid value that breaks it. Whether a value is valid is for
// ajv to say (the caller filters): oneOf branches that overlap, or a pattern
// this generator only approximates, are left to that filter.
import fc from 'fast-check';

/** Ids and names of the sandbox's live resources, by the name of a body field that takes one (`spaceId`, `parent`). */
export type Hints = Readonly<Record<string, readonly string[]>>;

type Schema = Record<string, any>;

/** Beyond this depth, an object has only its required properties and an array its fewest items. */
const DEEP = 3;
/** Beyond this depth, no value at all (null, which the caller's filter refuses where it is not allowed): recursive schemas end. */
const DEEPEST = DEEP + 3;
/** At most this many items in a generated array, whatever maxItems allows. */
const MAX_ITEMS = 3;

export class SchemaArbitraries {
  constructor(
    private readonly doc: Schema,
    private readonly hints: Hints = {},
  ) {}

  /** `#/components/schemas/X` (any JSON pointer in the document), resolved; other schemas as they are. */
  deref(schema: Schema): Schema {
    let s = schema;
    for (let i = 0; s?.$ref && i < 20; i++) {
      const ref: string = s.$ref;
      const { $ref: _, ...rest } = s;
      const target = ref
        .slice(2)
        .split('/')
        .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((node: any, key) => node?.[key], this.doc);
      if (!target) throw new Error(`unresolved ${ref}`);
      s = { ...target, ...rest };
    }
    return s;
  }

  /** allOf merged into one schema (properties and required united; the rest, last wins). */
  flat(schema: Schema): Schema {
    const s = this.deref(schema);
    if (!s.allOf) return s;
    const { allOf, ...own } = s;
    return [...allOf.map((p: Schema) => this.flat(p)), own].reduce(merged, {});
  }

  /** Valid values (mostly) of `schema`; `name` is the field's name, for hints. */
  of(schema: Schema, name = '', depth = 0): fc.Arbitrary<unknown> {
    if (depth > DEEPEST) return fc.constant(null);
    // A named schema is built once per depth (and field name): recursive ones (a document's nodes) stay small.
    const key = typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? `${schema.$ref} ${name} ${depth}` : undefined;
    const known = key === undefined ? undefined : this.built.get(key);
    if (known) return known;
    const arb = this.build(schema, name, depth);
    if (key !== undefined) this.built.set(key, arb);
    return arb;
  }

  private readonly built = new Map<string, fc.Arbitrary<unknown>>();

  private build(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    const s = this.flat(schema);
    const plain = this.plain(s, name, depth);
    const hinted = this.hints[name];
    return hinted?.length && this.takesString(s) ? fc.oneof(fc.constantFrom(...hinted), plain) : plain;
  }

  private takesString(s: Schema): boolean {
    if (s.enum || s.const !== undefined) return false;
    const types = typesOf(s);
    if (types.includes('string')) return true;
    return [...(s.oneOf ?? []), ...(s.anyOf ?? [])].some((b: Schema) => this.takesString(this.flat(b)));
  }

  private plain(s: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
    const branches = s.oneOf ?? s.anyOf;
    if (branches) {
      const { oneOf: _o, anyOf: _a, ...rest } = s;
      return fc.oneof(...branches.map((b: Schema) => this.of(merged(rest, this.flat(b)), name, depth + 1)));
    }
    const types = typesOf(s);
    if (types.length > 1) return fc.oneof(...types.map((type) => this.plain({ ...s, type }, name, depth)));
    switch (types[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number':
        return numbers(s, types[0] === 'integer');
      case 'string':
        return strings(s);
      case 'array':
        return this.array(s, name, depth);
      case 'object':
        return this.object(s, depth);
      default:
        // A schema with no type: an object when it has properties, else any small JSON value.
        return s.properties ? this.object(s, depth) : fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
    }
  }

  private array(s: Schema, name: string, depth: number): fc.Arbitrary<unknown[]> {
    const minLength = s.minItems ?? 0;
    const maxLength = depth >= DEEP ? minLength : Math.max(minLength, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS));
    if (maxLength === 0) return fc.constant([]);
    const items = s.items ? this.of(s.items, name, depth + 1) : fc.string({ maxLength: 8 });
    return fc.array(items, { minLength, maxLength });
  }

  private object(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const required: string[] = s.required ?? [];
    const props = Object.entries<Schema>(s.properties ?? {}).filter(([key]) => depth < DEEP || required.includes(key));
    const model = Object.fromEntries(props.map(([key, sub]) => [key, this.of(sub, key, depth + 1)]));
    const record = fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    if (!s.additionalProperties || typeof s.additionalProperties !== 'object' || props.length) return record;
    // A map (additionalProperties only): a few keys of values of that schema.
    const keys = s.propertyNames ? (this.of(s.propertyNames, '', depth + 1) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: 8 });
    return fc.dictionary(keys, this.of(s.additionalProperties, '', depth + 1), { maxKeys: depth >= DEEP ? 0 : 2 });
  }
}

/** Two schemas as one: properties and required united; for the rest, the second wins. */
function merged(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (a.properties || b.properties) out.properties = { ...a.properties, ...b.properties };
  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  return out;
}

export function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return s.nullable ? [s.type, 'null'] : [s.type];
  return [];
}

function numbers(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Math.max(min, 0) + 1000);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Characters a tester likes: ASCII, spaces, and non-ASCII (accents, CJK, an emoji). */
const TEXT = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('a', 'Z', ' ', 'é', '漢', '😀', '-', '/', '?', '#', '%'), maxLength: 12 }),
);

const codePoints = (v: string) => [...v].length;

function strings(s: Schema): fc.Arbitrary<string> {
  const min: number = s.minLength ?? 0;
  const max: number = s.maxLength ?? Math.max(min, 12);
  // Never a filter (one that rarely passes would never end): a value out of bounds is cut or padded.
  const fit = (v: string) => (codePoints(v) < min ? pad(v, min) : codePoints(v) > max ? pad(v, max) : v);
  const formatted = byFormat(s.format);
  if (formatted) return formatted.map(fit);
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern, 'u')).map(fit);
    } catch {
      // A pattern fast-check cannot read: any text, for ajv to judge.
    }
  }
  // Lengths at the bounds as often as between them.
  const length = fc.oneof(fc.constant(min), fc.constant(Math.min(max, min + 1)), fc.constant(max), fc.integer({ min, max: Math.min(max, min + 12) }));
  return fc.tuple(TEXT, length).map(([text, n]) => pad(text, n));
}

/** `text` cut or padded (with letters) to exactly `n` code points. */
function pad(text: string, n: number): string {
  const points = [...text].slice(0, n);
  while (points.length < n) points.push(String.fromCharCode(97 + (points.length % 26)));
  return points.join('');
}

function byFormat(format: string | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uri':
      return fc.webUrl({ withQueryParameters: true, withFragments: true });
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'emoji':
      return fc.constantFrom('1f600', '1f4d8', '2705');
    case 'byte':
      return fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b).toString('base64'));
    default:
      return undefined;
  }
}

/**
 * One way to break a valid value of `schema`: a value of another type, a
 * value outside an enum, a string over its maxLength or under its
 * minLength, a required property left out, or one property (at any depth)
 * broken so. Undefined when nothing can be broken (a schema that takes
 * anything). The caller checks with ajv that the result is invalid.
 */
export interface Breaking {
  /** What it breaks, in words (`title: 12345`, `title left out`). */
  what: string;
  apply: (v: unknown) => unknown;
}

export function breakings(arbs: SchemaArbitraries, schema: Schema, value: unknown, depth = 0, at = '(body)'): Breaking[] {
  const s = arbs.flat(schema);
  const out: Breaking[] = [];
  const to = (bad: unknown) => out.push({ what: `${at}: ${JSON.stringify(bad).slice(0, 40)}`, apply: () => bad });
  const types = typesOf(s);
  if (types.length || s.enum || s.const !== undefined) {
    if (!types.includes('number') && !types.includes('integer')) to(12345);
    else if (!types.includes('string')) to('AAA');
    if (!types.includes('object') && !types.includes('null')) to({});
  }
  if (Array.isArray(s.enum) && s.enum.every((e: unknown) => typeof e === 'string')) to('not-one-of-them');
  if (typeof value === 'string' && s.maxLength !== undefined) to('x'.repeat(s.maxLength + 1));
  if (typeof value === 'string' && s.minLength > 0) to('x'.repeat(s.minLength - 1));
  if (value && typeof value === 'object' && !Array.isArray(value) && depth < 2) {
    const obj = value as Record<string, unknown>;
    const inside = (key: string) => (at === '(body)' ? key : `${at}.${key}`);
    for (const key of s.required ?? []) {
      if (key in obj) out.push({ what: `${inside(key)} left out`, apply: (v) => omit(v as Record<string, unknown>, key) });
    }
    for (const [key, sub] of Object.entries<Schema>(s.properties ?? {})) {
      if (!(key in obj)) continue;
      for (const inner of breakings(arbs, sub, obj[key], depth + 1, inside(key))) {
        out.push({ what: inner.what, apply: (v) => ({ ...(v as object), [key]: inner.apply((v as Record<string, unknown>)[key]) }) });
      }
    }
  }
  return out;
}

function omit(v: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _, ...rest } = v;
  return rest;
}
