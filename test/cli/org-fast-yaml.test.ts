// The fast reader of organization files gives exactly what the yaml package
// gives, or nothing (and the yaml package reads the file): on what `org pull`
// writes, and on the corners of YAML it must not get wrong.
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { readSimpleYaml } from '../../src/commands/org/fast-yaml.js';
import { useTestApi } from '../helpers.js';

const api = useTestApi();

/** The fast reading is the yaml package's, or the fast reader declines. */
function agrees(text: string): 'same' | 'declined' {
  const fast = readSimpleYaml(text);
  if (fast === undefined) return 'declined';
  expect(fast.value).toEqual(parse(text));
  return 'same';
}

describe('fast YAML reader', () => {
  it('reads what org pull writes (the demo organization) as the yaml package does', async () => {
    const r = await api.cli(['org', 'pull']);
    expect(r.code, r.stderr).toBe(0);
    expect(agrees(r.stdout)).toBe('same');
    expect(agrees(stringify(parse(r.stdout), { indentSeq: false }))).toBe('same');
  });

  it('scalars as the YAML 1.2 core schema reads them', () => {
    const text = [
      'a: 1', 'b: -2.5', 'c: .5', 'd: 1e3', 'e: +7', 'f: 1_000', 'g: 0012', 'h: null', 'i: ~', 'j: True', 'k: FALSE', 'l: yes', 'm: no',
      'n: "quoted: yes"', "o: 'it''s'", 'p: https://x.example/a?b=c#d', 'q: 📘', 'r: C#', 's: []', 't: {}', 'u:', 'v: "esc \\" \\\\ \\n"', 'w: 2024-01-01',
      'g2: 0otINFw9', 'g3: 0x1G', 'x: |-', '  line one', '', '  line three', 'y: |', '  kept', '', 'z: end', '',
    ].join('\n');
    expect(agrees(text)).toBe('same');
  });

  it('lists: indented, or at the column of their key; items that are mappings, scalars, or nested blocks', () => {
    expect(agrees('a:\n- x\n- y: 1\n  z: 2\nb:\n  - - 1\n')).toBe('declined');
    expect(agrees('a:\n- x\n- y: 1\n  z: 2\nb:\n  -\n    c: 1\n')).toBe('same');
    expect(agrees('# comment\n---\nlist:\n  - one\n  # between\n  - two\n')).toBe('same');
  });

  it('declines what it does not read the same: anchors, flow collections, tags, multi-line and escaped quotes, tabs, duplicates, comments after values', () => {
    for (const text of [
      'a: &x 1\nb: *x\n', 'a: [1, 2]\n', 'a: {b: 1}\n', 'a: !!str 1\n', 'a: "multi\n  line"\n', 'a: "\\u00e9"\n', 'a:\tb\n',
      'a: 1\na: 2\n', 'a: 1 # note\n', 'a: b\n  c\n', 'a: 0x1F\n', 'a: 0o17\n', 'a: .inf\n', 'a: |+\n  x\n', 'a: >\n  folded\n', '? complex\n', 'a: -\n', 'a: :x\n',
      '"a: b": 1\nb:  \n  - x\n   - y\n',
    ]) {
      expect(agrees(text), text).toBe('declined');
    }
  });

  it('keys: plain (spaces, @, dots, digits first), quoted (with a colon, a hash, a space), and those it leaves to the yaml package', () => {
    const text = [
      'plain key: 1', 'ada@x.example: owner', 'a.b-c_d: x', '1st: y', '"quoted: key": 2', "'single # key': 3", '"a b":  spaced', 'é: accent', 'k:',
      '  - inner', 'list:', '- "q: k": v', "- 'x': 1", '  y: 2', 'last: "a: b"',
    ].join('\n');
    expect(agrees(text)).toBe('same');
    for (const line of ['a:b: 1', 'a#b: 1', 'a : 1', '" a": 1', '"a\\"b": 1', '-a: 1', '?a: 1', "'a'b: 1", '"a"b: 1', 'a:\u2028b: 1', 'a: b\u2028c', 'a: b\rc', '__proto__: 1', "'it''s': 1"]) {
      expect(agrees(`${line}\n`), line).toBe('declined');
    }
  });

  it('positions: line and column of each value and key', () => {
    const fast = readSimpleYaml('version: 1\nteams:\n  - title: Writers\n    members:\n      ada@x.example: owner\n')!;
    expect(fast.positions.get('version')).toBe('1:10');
    expect(fast.positions.get('k:teams\u00000\u0000title')).toBe('3:5');
    expect(fast.positions.get('teams\u00000\u0000title')).toBe('3:12');
    expect(fast.positions.get('k:teams\u00000\u0000members\u0000ada@x.example')).toBe('5:7');
  });
});
