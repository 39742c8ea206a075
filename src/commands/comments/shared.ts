// What the comments and replies commands share: the body flags, the
// change-request flag, the `--format` of reads, and the react verb.
import { OPERATIONS, type OperationId } from '../../api/operations/index.js';
import { check, type ArraySpec } from '../../api/schema.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { defineCommand, type Arg, type CommandDef, type Flag } from '../define.js';
import { changeRequestFlag } from '../content/shared.js';

export const BODY = {
  body: { flags: '--body <text>', description: 'the body, in Markdown', body: 'body.markdown', nonBlank: true },
  bodyFile: {
    flags: '--body-file <file>',
    description: 'read the body (Markdown) from a file; - reads stdin',
    body: 'body.markdown',
    file: true,
    path: { kind: 'typed', use: 'value' },
    nonBlank: true,
    map: (text: string) => text.replace(/\s+$/, ''),
  },
} as const satisfies Record<string, Flag>;

/** `--change-request <id>`: the same command on the change request's comments (the `.cr` operation). */
export const changeRequest = (operation: OperationId) =>
  ({ ...changeRequestFlag(operation), description: "act on the change request's comments (its id or its number)" }) as const satisfies Flag;

/** Reads print bodies as Markdown unless `--format document` asks for the JSON document. */
export const FORMAT = {
  format: { flags: '--format <format>', description: 'body format: markdown (default) or document (the JSON document)', query: 'format' },
} as const satisfies Record<string, Flag>;
export const MARKDOWN = { format: 'markdown' };

/**
 * `react <ids...> <emoji> [--remove]`: a PUT with addedReactions (or
 * removedReactions) holding the emoji. Special only in where the emoji goes:
 * it runs the plain declaration with that body.
 */
export function reactVerb(what: 'comment' | 'reply', args: Arg[], operation: 'comments.update' | 'replies.update', detail: Column[], examples: string[]): CommandDef {
  const plain = defineCommand({ name: 'react', summary: '', args, operation, flags: { changeRequest: changeRequest(`${operation}.cr`) }, output: { item: detail } });
  return defineCommand({
    name: 'react',
    summary: `add your reaction to a ${what}, or remove it with --remove`,
    help: 'Reacting twice with the same emoji changes nothing; so does removing a reaction you have not made.',
    examples,
    args: [...args, { name: 'emoji', description: 'the emoji, e.g. 👍 (or its codepoints in hex, 1f44d)' }],
    flags: {
      remove: { flags: '--remove', description: 'remove your reaction instead of adding it' },
      changeRequest: changeRequest(`${operation}.cr`),
      dryRun: { flags: '--dry-run', description: 'print the request that would be sent, and send none' },
    },
    output: { item: detail },
    async run(ctx, { args: given, opts }) {
      const emoji = given[given.length - 1];
      if (!emoji.trim()) throw new UsageError('emoji is empty');
      // The operation's own bound (an emoji, as the platform's description has it), named as the argument.
      const refused = check((OPERATIONS[operation].body!.addedReactions as ArraySpec).items, emoji);
      if (refused) throw new UsageError(`emoji must be ${refused.rule} (got "${emoji}")`);
      await ctx.api.run({ ...plain, body: { [opts.remove ? 'removedReactions' : 'addedReactions']: [emoji] } }, given.slice(0, -1), opts);
    },
  });
}
