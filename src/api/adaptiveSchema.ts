// The documented shape of a site's adaptive schema (API reference, "Site
// adaptive schema"): a draft-07 JSON Schema object whose `properties` hold
// claims and an optional `unsigned` object of claims, with
// `additionalProperties` false. The reference names boolean claims; the
// public description's claims may also be strings (with an enum or not),
// numbers, arrays of those, and objects of further claims: all are taken. One check for the CLI (a bad file is refused
// before anything is sent) and the sandbox (a bad body is a 400).

const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The keys each kind of claim has (the public description's
 * SiteAdaptiveJSONSchemaClaimsProperties): a boolean, a string (with an
 * optional `enum` of strings), a number, an array of those, or an object of
 * further claims. Every claim has a `description`.
 */
const CLAIM_KEYS: Record<string, readonly string[]> = {
  boolean: ['type', 'description'],
  string: ['type', 'description', 'enum'],
  number: ['type', 'description'],
  array: ['type', 'description', 'items'],
  object: ['type', 'description', 'properties', 'additionalProperties'],
};
const CLAIM_SHAPE = '{"type": "boolean" (or "string", "number", "array", "object"), "description": "..."}';

/** Why a claim (at the dotted path `at`) is not one, or undefined; `primitive`: an array's items (no array or object). */
function claimProblem(claim: unknown, at: string, primitive = false): string | undefined {
  const types = primitive ? ['boolean', 'string', 'number'] : Object.keys(CLAIM_KEYS);
  if (!isObject(claim) || typeof claim.type !== 'string' || !types.includes(claim.type)) {
    return `"${at}" must be a claim: ${primitive ? '{"type": "boolean", "string" or "number", "description": "..."}' : CLAIM_SHAPE}`;
  }
  if (typeof claim.description !== 'string') return `"${at}" needs a "description" (a string)`;
  const keys = CLAIM_KEYS[claim.type];
  const extra = Object.keys(claim).find((k) => !keys.includes(k));
  if (extra) return `"${at}" has "${extra}"; a claim of type ${claim.type} has only ${keys.map((k) => `"${k}"`).join(', ')}`;
  if (claim.enum !== undefined && !(Array.isArray(claim.enum) && claim.enum.every((e) => typeof e === 'string'))) return `"${at}.enum" must be an array of strings`;
  if (claim.type === 'array') return claimProblem(claim.items, `${at}.items`, true);
  if (claim.type !== 'object') return undefined;
  if (!isObject(claim.properties)) return `"${at}.properties" must be an object`;
  if (claim.additionalProperties !== false) return `"${at}.additionalProperties" must be false`;
  return claimsProblem(claim.properties, `${at}.properties`);
}

/** Claims by name: the first problem, or undefined. */
function claimsProblem(claims: Record<string, unknown>, at: string, skip?: string): string | undefined {
  for (const [name, claim] of Object.entries(claims)) {
    if (name === skip) continue;
    const problem = claimProblem(claim, `${at}.${name}`);
    if (problem) return problem;
  }
  return undefined;
}

/** Why a value is not an adaptive schema of the documented shape, or undefined when it is one. */
export function adaptiveSchemaProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the schema must be a JSON object';
  if (value.$schema !== undefined && value.$schema !== DRAFT_07) return `"$schema" must be "${DRAFT_07}"`;
  if (value.type !== 'object') return '"type" must be "object"';
  if (!isObject(value.properties)) return '"properties" must be an object';
  if (value.additionalProperties !== false) return '"additionalProperties" must be false';
  const extra = Object.keys(value).find((k) => !['$schema', '$id', 'type', 'properties', 'additionalProperties'].includes(k));
  if (extra) return `"${extra}" is not part of an adaptive schema`;
  const unsigned = value.properties.unsigned;
  if (unsigned !== undefined) {
    if (!isObject(unsigned) || unsigned.type !== 'object') return '"properties.unsigned" must be an object schema: {"type": "object", ...}';
    if (unsigned.description !== UNSIGNED_DESCRIPTION) return `"properties.unsigned.description" must be "${UNSIGNED_DESCRIPTION}"`;
    if (!isObject(unsigned.properties)) return '"properties.unsigned.properties" must be an object';
    if (unsigned.additionalProperties !== false) return '"properties.unsigned.additionalProperties" must be false';
    const problem = claimsProblem(unsigned.properties, 'properties.unsigned.properties');
    if (problem) return problem;
  }
  return claimsProblem(value.properties, 'properties', 'unsigned');
}

/** The schema a new site starts with: no claims. */
export function emptyAdaptiveSchema(): Record<string, unknown> {
  return {
    $schema: DRAFT_07,
    type: 'object',
    properties: { unsigned: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false } },
    additionalProperties: false,
  };
}
