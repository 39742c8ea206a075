// An OpenAPI 3.x or Swagger 2.0 document checked as the platform checks what
// it is sent: YAML or JSON, a supported version, the structure of the
// specification (Redocly's `struct` rule) and every `$ref` resolved
// (`no-unresolved-refs`). Each error carries its JSON path and its line and
// column in the text (from the `yaml` parser's positions). Nothing is ever
// fetched: a `$ref` to another file or a URL is an error that says so.
//
// Used by `openapi validate`, `openapi create/publish --file` and the
// sandbox's processing job, so that the CLI and the sandbox agree. Heavy
// (~2 MB bundled, ~90 ms to load): always imported with import(), never at
// start-up.
import { BaseResolver, createConfig, lintDocument, ResolveError, Source, unescapePointerFragment, type NormalizedProblem } from '@redocly/openapi-core';
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import { parseMapping, type Failure } from './openapi-document.js';

export interface SpecError {
  /** JSONPath of the node: `$.paths['/pets'].get`. */
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export type SpecCheck =
  | { ok: true; specification: 'OpenAPI' | 'Swagger'; version: string; title?: string }
  | { ok: false; errors: SpecError[]; specification?: 'OpenAPI' | 'Swagger'; version?: string };

/** The version fields the platform reads: `openapi: 3.0.x / 3.1.x / 3.2.x`, `swagger: "2.0"`. */
const OPENAPI_VERSION = /^3\.[012]\.\d+$/;

/** Checks `text`; never throws for a bad document, never reads a file or the network. */
export async function validateOpenApi(text: string): Promise<SpecCheck> {
  try {
    return await check(text);
  } catch (err) {
    // A document the parser or the linter chokes on (too many aliases, ...) is refused, with the reason.
    return { ok: false, errors: [{ path: '$', message: `the document cannot be checked: ${(err as Error).message.split('\n')[0]}` }] };
  }
}

async function check(text: string): Promise<SpecCheck> {
  const parsed = parseMapping(text, 'document');
  if (!parsed.ok) return { ok: false, errors: [fromFailure(parsed)] };
  const { value, doc, lines } = parsed;
  const at = (segments: string[], message: string, onKey = false): SpecError => ({ path: jsonPath(value, segments), message, ...locate(doc, lines, segments, onKey) });

  const { openapi, swagger } = value;
  if (openapi === undefined && swagger === undefined) return { ok: false, errors: [{ path: '$', message: 'not an OpenAPI document: it has no "openapi" or "swagger" version field', line: 1, column: 1 }] };
  const key = openapi !== undefined ? 'openapi' : 'swagger';
  const version = openapi ?? swagger;
  const wanted = key === 'openapi' ? 'a string such as "3.0.3" or "3.1.0" (3.0, 3.1 and 3.2 are supported)' : 'the string "2.0"';
  const supported = key === 'openapi' ? typeof version === 'string' && OPENAPI_VERSION.test(version) : version === '2.0';
  if (!supported) {
    // A number shows as written (`3.0`, not 3): YAML reads an unquoted version as a number.
    const written = (doc.get(key, true) as { source?: unknown } | undefined)?.source;
    const got = typeof version === 'string' ? `"${version}"` : typeof version === 'number' ? `${typeof written === 'string' ? written : version} (a number: quote it)` : JSON.stringify(version);
    return { ok: false, errors: [at([key], `"${key}" must be ${wanted}, got ${got}`)] };
  }

  const refused = new Set<string>();
  const problems = await lintDocument({
    document: { source: new Source('/openapi.yaml', text), parsed: value },
    config: await config(),
    externalRefResolver: new OneFileResolver(refused),
  });
  const errors = problems
    .filter((p) => p.severity === 'error')
    .map((p) => {
      const where = p.location[0];
      const segments = where?.pointer ? pointerSegments(where.pointer) : [];
      return at(segments, problemMessage(p, value, segments), !!where?.reportOnKey);
    });
  const specification = key === 'openapi' ? 'OpenAPI' : 'Swagger';
  if (errors.length) return { ok: false, errors: sortErrors(errors), specification, version: String(version) };
  const info = value.info as { title?: unknown } | undefined;
  return { ok: true, specification, version: String(version), title: typeof info?.title === 'string' ? info.title : undefined };
}

/** One line per error: `where:line:column: $.path: message`. */
export function describeErrors(where: string, errors: SpecError[]): string[] {
  return errors.map((e) => `${where}${e.line !== undefined ? `:${e.line}:${e.column ?? 1}` : ''}: ${e.path === '$' ? '' : `${e.path}: `}${e.message}`);
}

/** The lint configuration: only what makes a document wrong, not style (built once per process). */
let configPromise: ReturnType<typeof createConfig> | undefined;
function config(): ReturnType<typeof createConfig> {
  return (configPromise ??= createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } }));
}

/** Resolves nothing outside the document: every external `$ref` is refused (and remembered). */
class OneFileResolver extends BaseResolver {
  constructor(private readonly refused: Set<string>) {
    super();
  }
  override resolveExternalRef(_base: string | null, ref: string): string {
    return ref;
  }
  override async loadExternalRef(ref: string): Promise<Source> {
    this.refused.add(ref);
    throw new ResolveError(new Error(`"${ref}" is outside this file`));
  }
}

function problemMessage(p: NormalizedProblem, value: unknown, segments: string[]): string {
  if (p.ruleId === 'no-unresolved-refs') {
    const ref = (nodeAt(value, segments) as { $ref?: unknown } | undefined)?.$ref;
    const shown = typeof ref === 'string' ? ref : '?';
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      return `$ref "${shown}" points outside this file: docplat checks one file and fetches nothing (bundle the document into one file first)`;
    }
    return `$ref "${shown}" points to nothing in this document`;
  }
  const message = p.message.replace(/`/g, '"').replace(/\.$/, '');
  return p.suggest?.length ? `${message} (did you mean ${p.suggest.slice(0, 3).map((s) => `"${s}"`).join(' or ')}?)` : message;
}

function fromFailure(f: Failure): SpecError {
  return { path: '$', message: f.message, line: f.line, column: f.column };
}

function sortErrors(errors: SpecError[]): SpecError[] {
  return errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

function pointerSegments(pointer: string): string[] {
  const fragment = pointer.slice(pointer.indexOf('#') + 1);
  return fragment.split('/').slice(1).map(unescapePointerFragment);
}

function nodeAt(value: unknown, segments: string[]): unknown {
  let node = value;
  for (const s of segments) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[s] : undefined;
  return node;
}

/** `$.paths['/pets'].get.parameters[0]`: a name is dotted, any other key quoted, an index bracketed. */
function jsonPath(value: unknown, segments: string[]): string {
  let path = '$';
  let node = value;
  for (const s of segments) {
    if (Array.isArray(node) && /^\d+$/.test(s)) path += `[${s}]`;
    else path += /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `['${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[s] : undefined;
  }
  return path;
}

/**
 * Line and column of the node at `segments` in the YAML text (of its key
 * when `onKey`); where the path leaves the text (a missing property), the
 * deepest node that is there.
 */
function locate(doc: Document, lines: LineCounter, segments: string[], onKey: boolean): { line?: number; column?: number } {
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0];
  for (let i = 0; i < segments.length; i++) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === segments[i]);
      if (pair && onKey && i === segments.length - 1 && isScalar(pair.key)) {
        offset = pair.key.range?.[0];
        break;
      }
      next = pair?.value;
    } else if (isSeq(node)) next = node.items[Number(segments[i])];
    const range = (next as Node | null | undefined)?.range;
    if (!range) break;
    node = next;
    offset = range[0];
  }
  if (offset === undefined) return {};
  const pos = lines.linePos(offset);
  return { line: pos.line, column: pos.col };
}
