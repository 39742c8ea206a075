// YAML mappings read by both sides (an OpenAPI document, an integration
// manifest), and whether a text is an OpenAPI document: YAML or JSON (JSON is YAML) that
// holds an `openapi` or `swagger` version field. The CLI checks a file with
// it before sending (`openapi publish --file`) and the sandbox processes
// what it receives with it, so both sides agree on what fails to parse.
// The CLI imports this module only when it reads a YAML file, so start-up
// never loads the parser.
import { LineCounter, parseDocument, type Document } from 'yaml';

export type DocumentCheck =
  | { ok: true; version: string; title?: string }
  | { ok: false; message: string; line?: number; column?: number };

export type Failure = Extract<DocumentCheck, { ok: false }>;

/** A YAML (or JSON) mapping, with its parsed document and lines (for positions), or where and why the text is not one. */
export function parseMapping(text: string, what: string): { ok: true; value: Record<string, unknown>; doc: Document; lines: LineCounter } | Failure {
  if (text.trim() === '') return { ok: false, message: `the ${what} is empty` };
  const lines = new LineCounter();
  const doc = parseDocument(text, { uniqueKeys: false, lineCounter: lines });
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    const reason = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, message: `not YAML or JSON: ${reason}`, line: at?.line, column: at?.col };
  }
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `not ${what === 'document' ? 'an OpenAPI document' : `a ${what}`}: the top level is not a mapping`, line: 1, column: 1 };
  }
  return { ok: true, value: value as Record<string, unknown>, doc, lines };
}

export function checkOpenApiDocument(text: string): DocumentCheck {
  const parsed = parseMapping(text, 'document');
  if (!parsed.ok) return parsed;
  const fields = parsed.value;
  const version = fields.openapi ?? fields.swagger;
  if (typeof version !== 'string' && typeof version !== 'number') {
    return { ok: false, message: 'not an OpenAPI document: it has no "openapi" or "swagger" version field', line: 1, column: 1 };
  }
  const info = fields.info as { title?: unknown } | undefined;
  return { ok: true, version: String(version), title: typeof info?.title === 'string' ? info.title : undefined };
}

/** "file:3:7: message" style location, or the message alone. */
export function describeCheck(where: string, check: Failure): string {
  return check.line !== undefined ? `${where}:${check.line}:${check.column ?? 1}: ${check.message}` : `${where}: ${check.message}`;
}
