// integrations publish --manifest F: F is YAML or JSON whose keys are the
// publish body's fields, except that `script`, `icon` and `previewImages`
// name files relative to F; those are read and sent as the documented
// strings (the script's text, images in base64); a file outside the
// manifest's folder, or not a regular file, is refused. Checked before sending:
// the keys, the files, then the operation's bounds (title 2 to 30, at most 3
// preview images, script and organization required, ...). `secrets` are
// sent, and masked wherever a body is shown (the operation declares them).
// The manifest of the platform's own CLI (gitbook-manifest.yaml) reads the
// same way: its `name` is the integration's name (the argument, when given,
// must be the same), and its `script` must be the built JavaScript (that CLI
// builds a TypeScript source first; docplat sends the file as it is).
import { dirname, resolve } from 'node:path';
import { OPERATIONS } from '../../api/operations/index.js';
import type { BuiltRequest } from '../../api/request.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../../context.js';
import { Confined, type ReadUse } from '../../files/read.js';

const FIELDS = Object.keys(OPERATIONS['integrations.publish'].body!);

/** A script the platform's CLI would build before sending: docplat sends the file as it is. */
const SOURCE_SCRIPT = /\.(?:tsx?|jsx|mts|cts)$/i;

/** The publish request of integration `name` (the argument, or the manifest's `name`) from the manifest at `path`. */
export async function manifestRequest(ctx: Context, argument: string | undefined, path: string): Promise<{ name: string; request: BuiltRequest }> {
  if (path === '-') throw new UsageError('--manifest needs a file: the files it names are read relative to it');
  const text = await ctx.readUserFile('--manifest', path, { use: 'manifest' });
  // Loaded here: only a command that reads a YAML file pays for the parser.
  const { describeCheck, parseMapping } = await import('../../api/openapi-document.js');
  const parsed = parseMapping(text, 'manifest');
  if (!parsed.ok) throw new UsageError(`--manifest ${describeCheck(path, parsed)}`);
  const { name: named, ...body } = parsed.value;
  const unknown = Object.keys(body).filter((k) => !FIELDS.includes(k));
  if (unknown.length) throw new UsageError(`--manifest ${path}: unknown key "${unknown[0]}" (the keys are name, ${FIELDS.join(', ')})`);
  if (named !== undefined && typeof named !== 'string') throw new UsageError(`--manifest "name" must be a string`);
  if (argument !== undefined && named !== undefined && named !== argument) {
    throw new UsageError(`--manifest ${path}: "name" is "${named}", but the integration given is "${argument}" (leave the argument out to use the manifest's)`);
  }
  const name = argument ?? named;
  if (name === undefined) throw new UsageError(`give the integration's name: as the argument, or as "name" in --manifest ${path}`);
  if (typeof body.script === 'string' && SOURCE_SCRIPT.test(body.script)) {
    throw new UsageError(`--manifest ${path}: "script" names a source file (${body.script}): docplat sends the script as it is; build it into one JavaScript file and name that file`);
  }

  // The files it names are read from its folder, and never from outside it (src/files/read.ts).
  const within = await Confined.open(dirname(resolve(path)), `the folder of ${path}`);
  const file = async (key: string, value: unknown, as: 'utf8' | 'base64', use: ReadUse): Promise<string> => {
    if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--manifest ${path}: "${key}" must name a file (relative to the manifest)`);
    return ctx.readUserFile(`--manifest ${path}: "${key}"`, value, { as, use, within });
  };
  if (body.script !== undefined) body.script = await file('script', body.script, 'utf8', 'script');
  if (body.icon !== undefined) body.icon = await file('icon', body.icon, 'base64', 'icon');
  if (body.previewImages !== undefined) {
    if (!Array.isArray(body.previewImages)) throw new UsageError(`--manifest ${path}: "previewImages" must be a list of files`);
    if (body.previewImages.length > 3) throw new UsageError(`--manifest ${path}: "previewImages" must be at most 3 items (got ${body.previewImages.length})`);
    body.previewImages = await Promise.all(body.previewImages.map((p, n) => file(`previewImages.${n}`, p, 'base64', 'image')));
  }
  const names = Object.fromEntries(FIELDS.map((k) => [`body:${k}`, `--manifest "${k}"`]));
  const request = ctx.api.request('integrations.publish', { params: { integrationName: name }, body }, { ...names, 'param:integrationName': argument !== undefined ? 'integration' : '--manifest "name"' });
  return { name, request };
}
