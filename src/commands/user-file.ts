// Files the user names for a flag's value (`-`: stdin), and files a file the
// user named names in turn (`within` its folder): read whole through the one
// reader (src/files/read.ts), within the bound of their use, and sent as text
// only when they are UTF-8 text.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { ReadRefused, readTyped, utf8Text, type Confined, type ReadUse } from '../files/read.js';

export interface UserFileOptions {
  as?: 'utf8' | 'base64';
  /** The path as errors show it (default: as given). */
  shown?: string;
  /** `-` reads stdin (default true). */
  stdin?: boolean;
  /** What the file is for: its bound (default: `value`, one field's value). */
  use?: ReadUse;
  /** A path named in a file: read relative to, and confined to, this folder. */
  within?: Confined;
}

/**
 * A file the user named (`-`: stdin, when `stdin` allows it), as text or
 * base64; a usage error that starts with `label` when it cannot be read.
 */
export async function readUserFile(ctx: Context, label: string, path: string, opts: UserFileOptions = {}): Promise<string> {
  const use = opts.use ?? 'value';
  const shown = opts.shown ?? path;
  const stdin = path === '-' && opts.stdin !== false && !opts.within;
  if (stdin && ctx.io.stdinTTY) throw new UsageError(`${label} - reads stdin, but stdin is a terminal: pipe the content in`);
  let bytes: Buffer;
  try {
    bytes = opts.within ? await opts.within.read(path, use, shown) : stdin ? await ctx.readStdinBytes(use) : await readTyped(path, use, shown);
  } catch (err) {
    if (err instanceof ReadRefused) throw refused(label, err, stdin ? 'stdin' : `"${shown}"`);
    throw err;
  }
  if (opts.as === 'base64') return bytes.toString('base64');
  // Text is sent as text: bytes that are not UTF-8 (a binary file, an image piped in) are refused, never posted mangled.
  const text = utf8Text(bytes);
  if (text === undefined) throw new UsageError(`${label}: ${stdin ? 'stdin' : `"${shown}"`} is not UTF-8 text (a binary file?)`);
  return text;
}

/** The reader's refusal, after the label: `--file: cannot read "x": no such file`, `--file: "/dev/zero" is over 8 MB, ...`. */
function refused(label: string, err: ReadRefused, what?: string): UsageError {
  return new UsageError(`${label}: ${err.words(what)}`);
}
