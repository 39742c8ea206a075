// The config folder and file hold a token: they must be the user's own, and
// docplat changes the mode only of what it owns outright. A folder it did not
// create (DOCPLAT_CONFIG_DIR pointing at a shared 1777 folder, through a
// symlink or not) is never chmodded (that would drop the sticky bit of a
// shared folder, or lock others out of theirs); a config.json that is a
// symlink is followed only to a file of the user's, and its target is never
// chmodded: docplat says what to run instead.
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, statSync, type Stats } from 'node:fs';
import { UsageError } from '../errors.js';

/** The user's id, where there is one (not on Windows). */
const uid = (): number | undefined => process.getuid?.();

function mine(st: Stats): boolean {
  const me = uid();
  return me === undefined || st.uid === me;
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read ${path}: ${(err as Error).message}`);
  }
}

const octal = (mode: number) => (mode & 0o777).toString(8);

/**
 * Makes sure the config folder exists and is the user's: created (0700) when
 * missing; an existing one (or the folder a symlink points to) owned by
 * another user is refused; one others can enter is left as it is, with a warning.
 */
export function checkConfigDir(dir: string, warn: (message: string) => void): void {
  const link = lstatOrUndefined(dir);
  if (!link) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return;
  }
  let st: Stats;
  try {
    st = link.isSymbolicLink() ? statSync(dir) : link;
  } catch {
    throw new UsageError(`the config folder ${dir} is a symlink to nothing: remove it or point DOCPLAT_CONFIG_DIR elsewhere`);
  }
  const via = link.isSymbolicLink() ? ' (through a symlink)' : '';
  if (!st.isDirectory()) throw new UsageError(`the config folder ${dir}${via} is not a folder`);
  if (!mine(st) || (link.isSymbolicLink() && !mine(link))) {
    throw new UsageError(`the config folder ${dir}${via} belongs to another user: docplat keeps a token there; choose a folder of your own with DOCPLAT_CONFIG_DIR`);
  }
  if (st.mode & 0o077) warn(`warning: the config folder ${dir}${via} is open to other users (mode ${octal(st.mode)}); docplat did not create it and leaves it alone: run chmod 700 ${dir} if it is yours alone`);
}

/**
 * Checks config.json before it is read or written. A regular file of the
 * user's that others can read is tightened to 0600 (through a descriptor
 * opened without following links: never another file). A symlink is followed
 * only to a file of the user's; its target's mode is never changed: when
 * others can read it, reading warns and `writing` (a token may be stored) is refused.
 */
export function checkConfigFile(path: string, warn: (message: string) => void, writing = false): void {
  const link = lstatOrUndefined(path);
  if (!link) return;
  if (link.isSymbolicLink()) {
    let st: Stats;
    try {
      st = statSync(path);
    } catch {
      return; // A dangling link: nothing to read; writing creates the file where it points (conf's choice), mode 0600.
    }
    if (!mine(st) || !mine(link)) throw new UsageError(`the config file ${path} is a symlink to a file of another user: docplat keeps a token there; remove the link`);
    if (!st.isFile()) throw new UsageError(`the config file ${path} is a symlink to something that is not a file`);
    if (st.mode & 0o077) {
      const fix = `docplat does not change the mode of a file it links to: run chmod 600 on the link's target`;
      if (writing) throw new UsageError(`the config file ${path} is a symlink to a file other users can read (mode ${octal(st.mode)}): ${fix}`);
      warn(`warning: the config file ${path} is a symlink to a file other users can read (mode ${octal(st.mode)}); ${fix}`);
    }
    return;
  }
  if (!link.isFile()) throw new UsageError(`the config file ${path} is not a file`);
  if (!mine(link)) throw new UsageError(`the config file ${path} belongs to another user: remove it, or choose another folder with DOCPLAT_CONFIG_DIR`);
  if ((link.mode & 0o077) === 0) return;
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    if (!fstatSync(fd).isFile()) throw new Error('not a file');
    fchmodSync(fd, 0o600);
    warn(`warning: ${path} was readable by other users; its mode is now 600`);
  } catch {
    throw new UsageError(`${path} is readable by other users and cannot be tightened: run chmod 600 ${path}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
