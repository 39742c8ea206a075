// integrations publish --manifest F: F is YAML or JSON whose keys are the
// publish body's fields, except that `script`, `icon` and `previewImages`
// name files relative to F; those are read and sent as the documented
// strings (the script's text, images in base64). Checked before sending:
// the keys, the files, then the operation's bounds (title 2 to 30, at most 3
// preview images, script and organization required, ...). `secrets` are
// sent, and masked wherever a body is shown (the operation declares them).
import { dirname, resolve } from 'node:path';
import { OPERATIONS } from '../../api/operations/index.js';
import type { BuiltRequest } from '../../api/request.js';
import { UsageError } from '../../errors.js';
import { checkedRequest, readUserFile } from '../runner.js';
import type { Context } from '../../context.js';

const FIELDS = Object.keys(OPERATIONS['integrations.publish'].body!);

/** The publish request of integration `name` from the manifest at `path`. */
export async function manifestRequest(ctx: Context, name: string, path: string): Promise<BuiltRequest> {
  if (path === '-') throw new UsageError('--manifest needs a file: the files it names are read relative to it');
  const text = await readUserFile(ctx, '--manifest', path);
  // Loaded here: only a command that reads a YAML file pays for the parser.
  const { describeCheck, parseMapping } = await import('../../api/openapi-document.js');
  const parsed = parseMapping(text, 'manifest');
  if (!parsed.ok) throw new UsageError(`--manifest ${describeCheck(path, parsed)}`);
  const body = { ...parsed.value };
  const unknown = Object.keys(body).filter((k) => !FIELDS.includes(k));
  if (unknown.length) throw new UsageError(`--manifest ${path}: unknown key "${unknown[0]}" (the keys are ${FIELDS.join(', ')})`);

  const base = dirname(resolve(path));
  const file = async (key: string, value: unknown, as: 'utf8' | 'base64'): Promise<string> => {
    if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--manifest ${path}: "${key}" must name a file (relative to the manifest)`);
    return readUserFile(ctx, `--manifest ${path}: "${key}"`, resolve(base, value), { as, shown: value, stdin: false });
  };
  if (body.script !== undefined) body.script = await file('script', body.script, 'utf8');
  if (body.icon !== undefined) body.icon = await file('icon', body.icon, 'base64');
  if (body.previewImages !== undefined) {
    if (!Array.isArray(body.previewImages)) throw new UsageError(`--manifest ${path}: "previewImages" must be a list of files`);
    if (body.previewImages.length > 3) throw new UsageError(`--manifest ${path}: "previewImages" must be at most 3 items (got ${body.previewImages.length})`);
    body.previewImages = await Promise.all(body.previewImages.map((p, n) => file(`previewImages.${n}`, p, 'base64')));
  }
  const names = Object.fromEntries(FIELDS.map((k) => [`body:${k}`, `--manifest "${k}"`]));
  return checkedRequest('integrations.publish', { params: { integrationName: name }, body }, { ...names, 'param:integrationName': 'integration' });
}
