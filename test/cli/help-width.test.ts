// Help fits an 80-column terminal: the command lists of groups with long
// command names and the paragraphs after the flags are wrapped (issue 8,
// "Help"). Only a usage line and an example may be longer: cut, they would
// not paste back.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { displayWidth } from '../../src/output/format.js';
import { ROOT } from '../helpers.js';

it('every prerendered help fits 80 columns, but for usage lines and examples', () => {
  const dir = join(ROOT, 'dist', 'help');
  const long: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (displayWidth(line) > 80 && !/^Usage: /.test(line) && !/^ {2}\$ docplat /.test(line)) long.push(`${name}: ${line}`);
    }
  }
  expect(long).toEqual([]);
});
