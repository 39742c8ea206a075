// `openapi validate FILE`, and the same check of `openapi create/publish
// --file` before anything is sent: the document is checked as the platform
// checks it (src/api/openapi-validate.ts, loaded only here). Each error is
// one stderr line `FILE:line:column: $.json.path: message`, and the command
// exits 2; `--json` puts them in the error object instead.
import type { Context } from '../../context.js';
import { DocplatError, EXIT } from '../../errors.js';
import type { Column } from '../../output/format.js';
import type { SpecCheck } from '../../api/openapi-validate.js';

export type ValidDocument = Extract<SpecCheck, { ok: true }>;

export const VALIDATION_DETAIL: Column[] = [
  { key: 'file', header: 'File' },
  { key: 'valid', header: 'Valid' },
  { key: 'specification', header: 'Specification' },
  { key: 'version', header: 'Version' },
  { key: 'title', header: 'Title' },
];

/**
 * Checks `text` (read from `shown`); throws a usage error (exit 2) listing
 * every error when the platform would refuse it. `label` prefixes the message
 * (`--file `); `hint` ends a failure's summary.
 */
export async function checkDocument(ctx: Context, label: string, shown: string, text: string, hint = ''): Promise<ValidDocument> {
  const check = await documentCheck(shown, text);
  if (check.ok) return check;
  const details = { kind: 'validation', file: shown, errors: check.errors };
  if (check.lines.length === 1) throw new DocplatError(`${label}${check.lines[0]}${hint}`, EXIT.usage, details);
  // Each error on its own line (file:line:column, as compilers print them), then the one-line summary.
  if (!ctx.jsonErrors) ctx.terminal.line(check.lines);
  throw new DocplatError(`${label}${shown}: not a valid ${check.what}: ${check.lines.length} errors${ctx.jsonErrors ? '' : ' (above)'}${hint}`, EXIT.usage, details);
}

/**
 * The check itself, for every document docplat sends (`openapi validate`,
 * `create|publish --file`, an organization file's `openapi[].file`): valid,
 * or its errors as `FILE:line:column: $.json.path: message` lines.
 */
export async function documentCheck(shown: string, text: string): Promise<ValidDocument | { ok: false; errors: unknown[]; lines: string[]; what: string }> {
  const { describeErrors, validateOpenApi } = await import('../../api/openapi-validate.js');
  const check = await validateOpenApi(text);
  if (check.ok) return check;
  const what = check.version ? `${check.specification} ${check.version} document` : 'OpenAPI document';
  return { ok: false, errors: check.errors, lines: describeErrors(shown, check.errors), what };
}
