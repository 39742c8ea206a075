// The files the org commands write, all through the one safe writer
// (src/files/write.ts): `org pull --file` writes the organization file and,
// beside it, the OpenAPI documents it names (`openapi/<slug>.yaml`, the name
// from the one name function, never outside the file's folder); `org plan
// --out` writes a saved plan. An existing file is replaced only with --force
// (a saved plan: only when the file there is a saved plan too), and left as
// it is when it holds the same bytes already (read through the one reader);
// every target is checked before the first is written.
import { realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { cleanSegment, inside, makeDirInside } from '../../files/paths.js';
import { Confined, readTyped } from '../../files/read.js';
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

/** Writes the organization file at `path` and the documents beside it; `force` replaces existing files that differ. */
export async function writeOrgFile(path: string, text: string, beside: Beside[], force: boolean): Promise<{ unchanged: string[] }> {
  const base = dirname(resolve(path));
  const within = await Confined.open(base, `the folder of ${path}`).catch(() => {
    throw new UsageError(`cannot write "${path}": no such folder`);
  });
  const targets = [...beside.map((b) => ({ ...b, target: inside(base, b.path), read: () => within.read(b.path, 'openapi') })), { path, text, target: path, read: () => readTyped(path, 'org') }];
  // Refused before anything is written: a link or a folder at any target, or (without --force) a file that differs.
  const writes: typeof targets = [];
  const unchanged: string[] = [];
  for (const t of targets) {
    try {
      checkTarget(t.target, { replace: force });
      writes.push(t);
    } catch (err) {
      if (!(err instanceof TargetExists)) throw err;
      // What is there already holds these bytes (pulled before): left as it is, never a reason to refuse.
      const same = await t.read().then((bytes) => bytes.equals(Buffer.from(t.text)), () => false);
      if (!same) throw exists(t.target, FORCE);
      unchanged.push(t.path);
    }
  }
  const real = await realpath(base);
  for (const t of writes.slice(0, -1)) await makeDirInside(base, real, dirname(t.target));
  // The documents first: the file that names them is written last.
  for (const t of writes) await write(t.target, t.text, force, FORCE);
  return { unchanged };
}

/** Writes a saved plan; a file already there is replaced only when `replaceable` says it is a saved plan. */
export async function writePlan(out: string, text: string, replaceable: () => Promise<boolean>): Promise<void> {
  let replace = false;
  try {
    checkTarget(out, { replace: false });
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

