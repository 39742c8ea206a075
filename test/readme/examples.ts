// The examples of the README and of every page of docs/, as the README test
// runs them: every line of a code block that runs docplat, grouped by the
// section (## or ###) it is in.
//
// A code block is a run of lines indented by four spaces or more, or a fenced
// block (``` or ```sh; a fenced block named for another language, ```yaml, is
// data, not commands). A line `\`-continued is joined to the next; a line that
// starts with `$ ` is a command whose output follows (the lines after it that
// do not start with `$ `, which the run must print). A line is an example when one of its commands (in
// a pipe or an `&&` list, after `VAR=value` prefixes) is `docplat` or
// `node bin/docplat.js`; other lines (a folder layout, `npm test`) are not.
//
// An HTML comment (invisible on GitHub) just before a block marks lines of
// that block:
//
//   <!-- example "auth login": skip, prompts for the token on a terminal -->
//   <!-- example "teams delete": exit 3 -->
//   <!-- examples: skip, real API only: the integration's own token -->
//
// `example "<text>"` applies to the lines of the next block that contain the
// text (a marker that matches no line is an error); `examples:` to all its
// lines. `skip` needs a reason; `exit N` is the exit code the line must end
// with (0 unless marked).

export interface Example {
  /** The Markdown file, relative to the repository (`README.md`, `docs/org-as-code.md`). */
  file: string;
  /** The section's heading, as written. */
  section: string;
  /** 1-based line of the file where the command starts. */
  line: number;
  /** The command, continuation lines joined. */
  command: string;
  /** Expected exit code. */
  exit: number;
  /** Why it is not run (real-API-only lines). */
  skip?: string;
  /** For a `$ ` line: the output the README shows after it, which the run must print. */
  output?: string;
}

interface Marker {
  match?: string;
  skip?: string;
  exit?: number;
  used: boolean;
  line: number;
}

const MARKER = /^<!--\s*(?:example\s+"([^"]+)"|examples)\s*:\s*(.*?)\s*-->$/;

function parseMarker(text: string, line: number, file: string): Marker | undefined {
  const m = MARKER.exec(text.trim());
  if (!m) return undefined;
  const [, match, rest] = m;
  const skip = /^skip,\s*(\S.*)$/.exec(rest);
  const exit = /^exit\s+(\d+)$/.exec(rest);
  if (!skip && !exit) throw new Error(`${file}:${line}: a marker is "skip, <reason>" or "exit <code>", not "${rest}"`);
  return { match, skip: skip?.[1], exit: exit ? Number(exit[1]) : undefined, used: false, line };
}

/** The program of each command of a line (split on `|`, `&&`, `;`), after `VAR=value` prefixes. */
export function programs(command: string): string[] {
  return command
    .split(/\|\||&&|[|;]/)
    .map((part) => part.trim().replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*/, '').split(/\s+/).slice(0, 2).join(' '));
}

export function runsDocplat(command: string): boolean {
  return programs(command).some((p) => p === 'node bin/docplat.js' || p.split(' ')[0] === 'docplat');
}

/** The examples of a Markdown file (`file`: its name in messages, relative to the repository). */
export function readmeExamples(markdown: string, file = 'README.md'): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  let section = '(top)';
  let pending: Marker[] = [];
  let block: { start: number; lines: string[] } | undefined;
  let fence: { lang: string } | undefined;

  const flush = () => {
    if (!block) return;
    const markers = pending;
    pending = [];
    const { start, lines: body } = block;
    block = undefined;
    // In a block with `$ ` lines, those are the commands and the other lines their output.
    const prompted = body.some((l) => l.trim().startsWith('$ '));
    let shown: Example | undefined;
    for (let i = 0; i < body.length; i++) {
      let text = body[i].trim();
      const at = start + i;
      if (text === '') continue;
      if (prompted && !text.startsWith('$ ')) {
        if (shown) shown.output = `${shown.output ?? ''}${body[i].replace(/^ {4}/, '').trimEnd()}\n`;
        continue;
      }
      if (prompted) text = text.slice(2);
      shown = undefined;
      while (text.endsWith('\\') && i + 1 < body.length) text = `${text.slice(0, -1).trimEnd()} ${body[++i].trim()}`;
      if (!runsDocplat(text)) continue;
      const example: Example = { file, section, line: at, command: text, exit: 0 };
      for (const m of markers) {
        if (m.match !== undefined && !text.includes(m.match)) continue;
        m.used = true;
        if (m.skip) example.skip = m.skip;
        if (m.exit !== undefined) example.exit = m.exit;
      }
      examples.push(example);
      if (prompted) shown = example;
    }
    for (const m of markers) if (!m.used) throw new Error(`${file}:${m.line}: the marker matches no example of the block after it`);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      if (/^\s*```\s*$/.test(line)) {
        fence = undefined;
        flush();
      } else if (block) block.lines.push(line);
      continue;
    }
    const open = /^\s*```\s*(\S*)/.exec(line);
    if (open) {
      fence = { lang: open[1] };
      // A fenced block in another language is data (a workflow, a manifest): its markers lapse.
      if (['', 'sh', 'bash', 'shell', 'console'].includes(open[1])) block = { start: i + 2, lines: [] };
      else pending = [];
      continue;
    }
    if (/^ {4,}\S/.test(line)) {
      block ??= { start: i + 1, lines: [] };
      block.lines.push(line);
      continue;
    }
    if (block && line.trim() === '' && /^ {4,}\S/.test(lines[i + 1] ?? '')) {
      block.lines.push(''); // a blank line inside a block
      continue;
    }
    flush();
    const heading = /^#{2,3}\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1].trim();
      pending = [];
      continue;
    }
    const marker = parseMarker(line, i + 1, file);
    if (marker) pending.push(marker);
    else if (line.trim() !== '') pending = [];
  }
  flush();
  return examples;
}
