// docplat __ids <kind> (hidden): the ids of the organization's resources of a
// kind, one a line with its title after a tab, for the completion scripts. Only with a token configured,
// within 1 s, and silently nothing on any failure: completion must never hang
// or print errors into the command line.
import { MAX_LIMIT } from '../../api/limits.js';
import { defineCommand, type CommandDef } from '../define.js';
import { escapeControls } from '../../output/format.js';
import { listIds, listOperation } from '../ids.js';
import { hasControls } from '../../output/terminal.js';

const LIMIT_MS = 1000;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: '__ids',
    summary: 'list ids of a kind (spaceId, collection, ...) for shell completion',
    args: [{ name: 'kind', description: 'an id argument or flag kind: spaceId, collectionId, collection, ...' }],
    examples: ['spaceId'],
    async run(ctx, { args }) {
      const op = listOperation(args[0]);
      if (!op) return;
      const deadline = AbortSignal.timeout(LIMIT_MS);
      try {
        const s = await ctx.settings();
        if (!s.token || !s.org) return;
        const other = await ctx.api.connect(s.apiUrl, s.token, { timeoutMs: LIMIT_MS, retries: 0 });
        try {
          const items = await listIds(other, op, s.org, MAX_LIMIT, AbortSignal.any([deadline, ctx.signal]));
          // `id<TAB>title`: bash offers the id, zsh and fish show the title beside it (escaped: it comes from the API).
          // The shell shows what it offers: an id with a control character (no real id has one) is not offered.
          ctx.io.stdout.write(items.filter((i) => !hasControls(i.id)).map((i) => `${i.id}${i.title ? `\t${escapeControls(i.title)}` : ''}\n`).join(''));
        } finally {
          await other.close().catch(() => undefined);
        }
      } catch {
        // nothing: a completion that fails offers nothing
      }
    },
  }),
];
