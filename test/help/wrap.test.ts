// Help paragraphs are wrapped as paragraphs: whatever the line breaks of the
// source, no line of a command's help text ends early when the next word would
// have fit on it (tables and examples, indented, are kept as written).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapHelp } from '../../src/commands/help/wrap.js';
import type { Manifest } from '../../src/manifest.js';
import { ROOT } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;

/** The command's own help text: after the flags, before "Inherited flags". */
function ownText(help: string): string[] {
  const afterOptions = help.slice(help.indexOf('\nOptions:\n'));
  const start = afterOptions.search(/\n\n(?! )/);
  const end = afterOptions.indexOf('\nInherited flags');
  return start < 0 || start > end ? [] : afterOptions.slice(start + 2, end).split('\n');
}

/** Lines that end before the width although the next line's first word would fit. */
function ragged(lines: string[], width = 80): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const [line, next] = [lines[i], lines[i + 1]];
    if (!line.trim() || !next.trim() || /^\s/.test(line) || /^\s/.test(next) || /^[-*] /.test(next)) continue;
    const word = next.split(' ')[0];
    if (line.length + 1 + word.length <= width) out.push(`${line}⏎${next}`);
  }
  return out;
}

describe('help paragraphs', () => {
  const commands = manifest.groups.flatMap((g) => (g.command ? [[g.name, g.command] as const] : g.commands.map((c) => [`${g.name} ${c.name}`, c] as const)));

  it.each(commands.map(([name, c]) => [name, c.help]))('%s: its help text is wrapped as paragraphs', (_name, help) => {
    expect(ragged(ownText(help))).toEqual([]);
  });

  it('the eight commands of the issue have help text to check', () => {
    for (const name of ['content import', 'content export', 'pages list', 'files download', 'sites tree', 'sites set-adaptive-schema', 'sections update', 'members list']) {
      const help = commands.find(([n]) => n === name)?.[1].help ?? '';
      expect(ownText(help).length, name).toBeGreaterThan(2);
    }
  });

  it('wrapHelp joins the lines of a paragraph, keeps indented lines and list items, and fits 80 columns', () => {
    const text = 'A paragraph written\nwith short source lines\nthat belong together.\n\n  kept  as written\n- a list item\n- another one';
    expect(wrapHelp(text)).toBe('A paragraph written with short source lines that belong together.\n\n  kept  as written\n- a list item\n- another one');
    const long = wrapHelp(`${'word '.repeat(40)}\nend`);
    for (const line of long.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(ragged(long.split('\n'))).toEqual([]);
  });
});
