import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/api/operations/index.js';
import { defineCommand } from '../../../src/commands/define.js';
import { checkRequiredFields, checkSomethingToChange, checkTogether } from '../../../src/commands/runner/check.js';
import { required, str } from '../../../src/api/schema.js';
import { UsageError } from '../../../src/errors.js';

describe('check: rules between values, before anything is sent', () => {
  const update = defineCommand({
    name: 'update',
    summary: '',
    operation: 'spaces.update',
    flags: {
      title: { flags: '--title <t>', description: '', body: 'title' },
      emoji: { flags: '--emoji <e>', description: '', body: 'emoji', negatable: 'remove the emoji' },
    },
    checkFlags(opts) {
      if (opts.title === 'x') throw new UsageError('--title x is refused here');
    },
  });

  it("runs the command's own rule", () => {
    expect(() => checkTogether(update, { title: 'x' })).toThrow('--title x is refused here');
    expect(() => checkTogether(update, { title: 'y' })).not.toThrow();
  });

  it('names every flag that would change something, with its --no- form, when none was given', () => {
    expect(() => checkSomethingToChange(update, OPERATIONS['spaces.update'], {})).toThrow('nothing to change: give at least one of --title, --emoji, --no-emoji');
    expect(() => checkSomethingToChange(update, OPERATIONS['spaces.update'], { title: 'T' })).not.toThrow();
  });

  it('names the flags that fill a required body field left empty', () => {
    const create = defineCommand({ name: 'create', summary: '', operation: 'spaces.create', flags: { title: { flags: '--title <t>', description: '', body: 'title' }, file: { flags: '--title-file <p>', description: '', body: 'title', file: true } } });
    const op = { ...OPERATIONS['spaces.create'], body: { ...OPERATIONS['spaces.create'].body, title: required(str()) } };
    expect(() => checkRequiredFields(create, op, {})).toThrow('--title or --title-file is required');
    expect(() => checkRequiredFields(create, op, { title: 'T' })).not.toThrow();
  });
});
