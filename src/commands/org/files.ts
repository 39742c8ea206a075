// The files the org commands write, all through the one safe writer
// (src/files/write.ts): `org pull --file` writes the organization file and,
// beside it, the OpenAPI documents it names (`openapi/<slug>.yaml`, the name
// from the one name function, never outside the file's folder); `org plan
// --out` writes a saved plan. An existing file is replaced only with --force
// (a saved plan: only when the file there is a saved plan too); every target
// is checked before the first is written.
import { realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { cleanSegment, inside, makeDirInside } from '../../files/paths.js';
import { checkTarget, TargetExists, writeSafely } from '../../files/write.js';

/** A document written beside the organization file: its path as the file names it, and its text. */
export interface Beside {
  path: string;
  text: string;
}

/** Where the document of the OpenAPI specification `slug` goes, relative to the organization file. */
export const openapiPath = (slug: string): string => `openapi/${cleanSegment(slug) || 'spec'}.yaml`;

const FORCE = 'pass --force to replace it';
const exists = (target: string, hint: string) => new UsageError(`${target} exists; ${hint}`);

/** Writes the organization file at `path` and the documents beside it; `force` replaces existing files. */
export async function writeOrgFile(path: string, text: string, beside: Beside[], force: boolean): Promise<void> {
  const base = dirname(resolve(path));
  const targets = beside.map((b) => ({ ...b, target: inside(base, b.path) }));
  // Refused before anything is written: a link, a folder, or (without --force) a file at any target.
  for (const target of [path, ...targets.map((t) => t.target)]) {
    try {
      await checkTarget(target, { replace: force });
    } catch (err) {
      if (err instanceof TargetExists) throw exists(target, FORCE);
      throw err;
    }
  }
  if (targets.length) {
    const real = await realpath(base).catch(() => {
      throw new UsageError(`cannot write "${path}": no such folder`);
    });
    for (const dir of new Set(targets.map((t) => dirname(t.target)))) await makeDirInside(base, real, dir);
  }
  // The documents first: the file that names them is written last.
  for (const t of targets) await write(t.target, t.text, force, FORCE);
  await write(path, text, force, FORCE);
}

/** Writes a saved plan; a file already there is replaced only when `replaceable` says it is a saved plan. */
export async function writePlan(out: string, text: string, replaceable: () => Promise<boolean>): Promise<void> {
  let replace = false;
  try {
    await checkTarget(out, { replace: false });
  } catch (err) {
    if (!(err instanceof TargetExists)) throw err;
    if (!(await replaceable())) throw new UsageError(`--out: ${out} exists and is not a plan saved by \`docplat org plan --out\`: remove it, or save the plan elsewhere`);
    replace = true;
  }
  await write(out, text, replace, 'save the plan elsewhere');
}

async function write(target: string, text: string, replace: boolean, hint: string): Promise<void> {
  try {
    await writeSafely(target, text, { replace });
  } catch (err) {
    if (err instanceof TargetExists) throw exists(target, hint);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`cannot write "${target}": no such folder`);
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`cannot write "${target}": permission denied`);
    throw err;
  }
}

