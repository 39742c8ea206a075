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
  return /^[A-Za-z0-9\u00c0-\uffff][^:#\n\r"'\\{}[\],&*!|>%@`]*$/.test(value) && value.trim() === value ? value : JSON.stringify(value);
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

/** Splits a file into its metadata and its Markdown; unknown keys are an error with their line. */
export function parseFrontMatter(text: string): { meta: PageMeta; body: string; present: boolean } {
  if (!text.startsWith('---\n')) return { meta: {}, body: text, present: false };
  const end = text.indexOf('\n---\n', 3);
  const endAtEof = text.endsWith('\n---') ? text.length - 4 : -1;
  const stop = end >= 0 ? end : endAtEof;
  if (stop < 0) throw new FrontMatterError('front matter is not closed by a `---` line', 1);
  const meta: PageMeta = {};
  const lines = text.slice(4, stop + 1).split('\n');
  lines.forEach((raw, i) => {
    const line = i + 2;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    const m = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(raw);
    if (!m) throw new FrontMatterError(`front matter line is not \`key: value\`: ${JSON.stringify(raw.slice(0, 60))}`, line);
    const [, key, rawValue] = m;
    if (!(KEYS as readonly string[]).includes(key)) throw new FrontMatterError(`unknown front matter key "${key}" (known: ${KEYS.join(', ')})`, line);
    let value: string = rawValue.trim();
    if (value.startsWith('"')) {
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
  });
  let body = text.slice(stop + 5);
  if (body.startsWith('\n')) body = body.slice(1);
  return { meta, body, present: true };
}
