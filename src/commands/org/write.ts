// Writes a file whole or not at all: a temporary file beside it, renamed over
// it once complete (a reader, or CI diffing the file, never sees half of it).
import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../../errors.js';

export async function writeAtomically(path: string, text: string): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, text, { flag: 'wx', mode: 0o644 });
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new UsageError(`cannot write "${path}": ${code === 'ENOENT' ? 'no such folder' : code === 'EISDIR' ? 'it is a folder' : 'permission denied'}`);
    throw err;
  }
}
