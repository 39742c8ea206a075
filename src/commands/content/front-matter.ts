// A page's metadata as the front matter of its Markdown file, as Git Sync
// writes it (`description`, `emoji`, `hidden`), and read back by push. Only
// these keys are written; a Markdown that already starts with front matter
// is left as the API gave it.

export interface PageMeta {
  description?: string;
  emoji?: string;
  hidden?: boolean;
}

const KEYS = ['description', 'emoji', 'hidden'] as const;

/** A YAML scalar: plain when that reads back the same, else a JSON (YAML double-quoted) string. */
function scalar(value: string): string {
  const plain = /^[A-Za-z0-9\u00c0-\uffff][^:#\n\r"'\\{}[\],&*!|>%@`]*$/.test(value) && value.trim() === value;
  // A word YAML reads as another type (true, null, 12, 1e3) is quoted.
  return plain && !/^(true|false|yes|no|on|off|null|~|[-+]?(\d[\d_]*)?\.?\d*([eE][-+]?\d+)?)$/i.test(value) ? value : JSON.stringify(value);
}

/** Front matter for the page's metadata ('' when it has none). */
export function renderFrontMatter(page: Record<string, unknown>): string {
  const lines: string[] = [];
  if (typeof page.description === 'string' && page.description !== '') lines.push(`description: ${scalar(page.description)}`);
  if (typeof page.emoji === 'string' && page.emoji !== '') lines.push(`emoji: ${scalar(page.emoji)}`);
  if (page.hidden === true) lines.push('hidden: true');
  return lines.length ? `---\n${lines.join('\n')}\n---\n\n` : '';
}

/** The file export writes for a page: its front matter, then its Markdown. */
export function withFrontMatter(page: Record<string, unknown>, markdown: string): string {
  return markdown.startsWith('---\n') ? markdown : renderFrontMatter(page) + markdown;
}

export class FrontMatterError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Splits a file into its metadata and its Markdown. Keys other than those
 * export writes (Git Sync's `layout`, another platform's `sidebar_position`)
 * are listed in `ignored` with their line, nested values included; a block
 * scalar (`description: >-` and indented lines) reads as YAML folds it. A
 * front matter that is not closed, a quoted value that is not, and a
 * `hidden` that is not true or false are errors with their line.
 */
export function parseFrontMatter(text: string): { meta: PageMeta; body: string; present: boolean; ignored: { key: string; line: number }[] } {
  const ignored: { key: string; line: number }[] = [];
  if (!text.startsWith('---\n')) return { meta: {}, body: text, present: false, ignored };
  const end = text.indexOf('\n---\n', 3);
  const endAtEof = text.endsWith('\n---') ? text.length - 4 : -1;
  const stop = end >= 0 ? end : endAtEof;
  if (stop < 0) throw new FrontMatterError('front matter is not closed by a `---` line', 1);
  const meta: PageMeta = {};
  const lines = text.slice(4, stop + 1).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = i + 2;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const m = /^([A-Za-z_][\w-]*):(?:\s+(.*))?$/.exec(raw);
    if (!m) throw new FrontMatterError(`front matter line is not \`key: value\`: ${JSON.stringify(raw.slice(0, 60))}`, line);
    const key = m[1];
    let value = (m[2] ?? '').trim();
    // Indented lines that follow belong to this key (a block scalar, a nested map or list).
    const nested: string[] = [];
    while (i + 1 < lines.length && (/^\s+\S/.test(lines[i + 1]) || (lines[i + 1].trim() === '' && i + 2 < lines.length && /^\s+\S/.test(lines[i + 2])))) nested.push(lines[++i]);
    if (!(KEYS as readonly string[]).includes(key)) {
      ignored.push({ key, line });
      continue;
    }
    if (/^[>|][-+]?$/.test(value)) {
      const indent = Math.min(...nested.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
      const parts = nested.map((l) => l.slice(indent));
      value = value.startsWith('>') ? parts.join(' ').replace(/ *\n */g, '\n').trim() : parts.join('\n').replace(/\n+$/, '');
    } else if (nested.length) {
      throw new FrontMatterError(`front matter "${key}" is one value, not a nested one`, line);
    } else if (value.startsWith('"')) {
      try {
        value = JSON.parse(value) as string;
      } catch {
        throw new FrontMatterError(`front matter value of "${key}" is not a valid quoted string`, line);
      }
    } else if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
      value = value.slice(1, -1).replace(/''/g, "'");
    }
    if (key === 'hidden') {
      if (value !== 'true' && value !== 'false') throw new FrontMatterError('front matter "hidden" is true or false', line);
      meta.hidden = value === 'true';
    } else meta[key as 'description' | 'emoji'] = value;
  }
  let body = text.slice(stop + 5);
  if (body.startsWith('\n')) body = body.slice(1);
  return { meta, body, present: true, ignored };
}
