// YAML mappings read by both sides (an OpenAPI document, an integration
// manifest): YAML or JSON (JSON is YAML), with the positions of what is in
// them. The OpenAPI check (openapi-validate.ts) builds on it; both the CLI
// and the sandbox use them, so both sides agree on what fails to parse.
// The CLI imports this module only when it reads a YAML file, so start-up
// never loads the parser.
import { LineCounter, parseDocument, type Document } from 'yaml';

/** Where and why a text is not what was expected. */
export interface Failure {
  ok: false;
  message: string;
  line?: number;
  column?: number;
}

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

/** "file:3:7: message" style location, or the message alone. */
export function describeCheck(where: string, check: Failure): string {
  return check.line !== undefined ? `${where}:${check.line}:${check.column ?? 1}: ${check.message}` : `${where}: ${check.message}`;
}
