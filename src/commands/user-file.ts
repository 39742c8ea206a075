// Files the user names for a flag's value (`-`: stdin): read whole, and sent
// as text only when they are UTF-8 text.
import { readFile } from 'node:fs/promises';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/**
 * A file the user named (`-`: stdin, when `stdin` allows it), as text or
 * base64; a usage error that starts with `label` when it cannot be read.
 */
export async function readUserFile(ctx: Context, label: string, path: string, opts: { as?: 'utf8' | 'base64'; shown?: string; stdin?: boolean } = {}): Promise<string> {
  let bytes: Buffer;
  if (path === '-' && opts.stdin !== false) {
    if (ctx.io.stdinTTY) throw new UsageError(`${label} - reads stdin, but stdin is a terminal: pipe the content in`);
    bytes = await ctx.readStdinBytes();
  } else {
    try {
      bytes = await readFile(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(`${label}: cannot read "${opts.shown ?? path}": ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message}`);
    }
  }
  if (opts.as === 'base64') return bytes.toString('base64');
  // Text is sent as text: bytes that are not UTF-8 (a binary file, an image piped in) are refused, never posted mangled.
  const text = utf8Text(bytes);
  if (text === undefined) throw new UsageError(`${label}: ${path === '-' ? 'stdin' : `"${opts.shown ?? path}"`} is not UTF-8 text (a binary file?)`);
  return text;
}

/** The bytes as text, or undefined when they are not UTF-8 or hold a NUL. */
function utf8Text(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
