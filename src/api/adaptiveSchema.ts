// The documented shape of a site's adaptive schema (API reference, "Site
// adaptive schema"): a draft-07 JSON Schema object whose `properties` hold
// boolean claims and an optional `unsigned` object of boolean claims, with
// `additionalProperties` false. One check for the CLI (a bad file is refused
// before anything is sent) and the sandbox (a bad body is a 400).

const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Boolean claims: `{"name": {"type": "boolean", "description": "..."}}`; the first problem, or undefined. */
function claimsProblem(claims: Record<string, unknown>, at: string, skip?: string): string | undefined {
  for (const [name, claim] of Object.entries(claims)) {
    if (name === skip) continue;
    const where = `"${at}.${name}"`;
    if (!isObject(claim) || claim.type !== 'boolean') return `${where} must be a boolean claim: {"type": "boolean", "description": "..."}`;
    if (typeof claim.description !== 'string') return `${where} needs a "description" (a string)`;
    const extra = Object.keys(claim).find((k) => k !== 'type' && k !== 'description');
    if (extra) return `${where} has "${extra}"; a claim has only "type" and "description"`;
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
