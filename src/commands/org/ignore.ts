// `ignore:` of the organization file: per kind, the resources the
// organization leaves unmanaged on purpose, by key (a title path, a name, an
// e-mail, a slug, or an id) or by glob pattern (`*` any text but `/`, `**`
// any text, `?` one character but `/`), without regard to case. An ignored
// resource is neither shown as unmanaged nor deleted by --prune; an ignored
// collection or site is ignored with everything in it (`Archive` covers
// `Archive/2019`).
import type { FileKey, OrgFile } from './file.js';

export type Ignored = (kind: FileKey, names: string[]) => boolean;

function pattern(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // What is inside a matched resource is matched too (a path below it).
  return new RegExp(`^${out}(?:/.*)?$`, 'isu');
}

/** Whether a resource, known by any of its names, is ignored by the file. */
export function ignoredBy(file: OrgFile): Ignored {
  const compiled = new Map<FileKey, RegExp[]>();
  for (const [kind, globs] of Object.entries(file.ignore ?? {}) as [FileKey, string[] | undefined][]) {
    if (Array.isArray(globs)) compiled.set(kind, globs.filter((g) => typeof g === 'string').map(pattern));
  }
  return (kind, names) => {
    const res = compiled.get(kind);
    return !!res?.length && names.some((n) => res.some((re) => re.test(n)));
  };
}
