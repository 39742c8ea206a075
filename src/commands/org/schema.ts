// `org schema`: the file's JSON Schema, from the same specs the parser checks
// (file.ts), so an editor completes and validates what plan accepts. Each
// kind of entry is one of `$defs`, under the name file.ts gives it (a space
// and a site space are two).
import type { Spec } from '../../api/schema.js';
import { DEF_NAMES, FILE } from './file.js';

type Json = Record<string, unknown>;

export function jsonSchema(): Json {
  const defs: Json = {};
  const convert = (spec: Spec): Json => {
    const name = DEF_NAMES.get(spec);
    if (!name) return base(spec, convert);
    if (!(name in defs)) {
      // Named before its fields are converted: a nested reference to itself (collections) finds it.
      const out: Json = {};
      defs[name] = out;
      Object.assign(out, base(spec, convert));
    }
    return { $ref: `#/$defs/${name}` };
  };
  if (new Set(DEF_NAMES.values()).size !== DEF_NAMES.size) throw new Error('two kinds of entry of the organization file share a $defs name');
  const root = base(FILE, convert);
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://docplat.dev/schemas/org-file-v1.json', title: 'docplat organization file (version 1)', ...root, $defs: defs };
}

function base(spec: Spec, convert: (s: Spec) => Json): Json {
  const nullable = (o: Json): Json => (spec.nullable && typeof o.type === 'string' ? { ...o, type: [o.type, 'null'] } : o);
  switch (spec.type) {
    case 'string':
      return nullable({
        type: 'string',
        ...(spec.enum ? { enum: spec.nullable ? [...spec.enum, null] : spec.enum } : {}),
        ...(spec.min !== undefined ? { minLength: spec.min } : {}),
        ...(spec.max !== undefined ? { maxLength: spec.max } : {}),
        ...(spec.pattern ? { pattern: spec.pattern.source } : {}),
        ...(spec.format === 'uri' ? { format: 'uri' } : spec.format === 'id' ? { pattern: '^[^/?#\\s]+$' } : {}),
      });
    case 'number':
      return nullable({ type: spec.integer ? 'integer' : 'number', ...(spec.min !== undefined ? { minimum: spec.min } : {}), ...(spec.max !== undefined ? { maximum: spec.max } : {}) });
    case 'boolean':
      return nullable({ type: 'boolean' });
    case 'array':
      return nullable({ type: 'array', items: convert(spec.items), ...(spec.minItems !== undefined ? { minItems: spec.minItems } : {}), ...(spec.maxItems !== undefined ? { maxItems: spec.maxItems } : {}) });
    case 'object': {
      if (spec.values) return nullable({ type: 'object', additionalProperties: convert(spec.values) });
      const fields = spec.fields ?? {};
      const props = Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, convert(s)]));
      const required = Object.entries(fields).filter(([, s]) => s.required).map(([k]) => k);
      return nullable({ type: 'object', properties: props, ...(required.length ? { required } : {}), additionalProperties: false });
    }
    case 'any':
      return {};
    case 'union':
      return { oneOf: spec.of.map((s) => convert(s)) };
  }
}

