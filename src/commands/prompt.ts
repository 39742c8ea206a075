// Asks, on a terminal, for what a command is missing (as gh does): an id is
// picked from a searchable list of the organization's resources of that kind
// (when the operation table has an org-wide list of them), an enum is chosen
// from its values, anything else is typed. The runner calls it only when the
// context can prompt (terminals, no --no-input); Ctrl-C at a prompt exits 130.
import { check, type Spec } from '../api/schema.js';
import type { Context } from '../context.js';
import { Interrupted } from '../errors.js';
import { escapeControls } from '../output/terminal.js';
import { listIds, listOperation } from './ids.js';

/** What is missing: a positional argument, or a required flag. */
export interface Missing {
  /** How it reads in the question: "space id", "--title". */
  label: string;
  /** The path param or id kind it names (`spaceId`, `collection`), when it is an id. */
  idOf?: string;
  choices?: readonly string[];
  nonBlank?: boolean;
  /** The bounds a typed value must keep (`--title`: at most 64 characters): a mistake is shown and asked again. */
  spec?: Spec;
}

/** Most items offered in a list (the search narrows them). */
const LIST_CAP = 1000;

export async function ask(ctx: Context, missing: Missing): Promise<string> {
  // The context's prompter writes through the terminal writer: the API's titles in a list are shown escaped.
  const prompter = await ctx.prompter();
  const label = missing.label.replace(/^--/, '');
  try {
    if (missing.choices) return await prompter.select(`${label}:`, missing.choices.map((c) => ({ name: c, value: c })));
    const listOp = missing.idOf ? listOperation(missing.idOf) : undefined;
    if (listOp) {
      // An interrupt while the list loads is the catch's, as at the prompt itself.
      const items = await listIds(await ctx.client(), listOp, await ctx.org(), LIST_CAP, ctx.signal);
      if (items.length) {
        // Searched as shown: a title's control characters are matched in their escaped form too.
        const shown = items.map((i) => ({ ...i, text: `${i.name}\n${escapeControls(i.name)}`.toLowerCase() }));
        return await prompter.search(`${label} (type to search):`, (term) => {
          const t = term.toLowerCase();
          return shown.filter((i) => !t || i.text.includes(t)).map((i) => ({ name: i.name, value: i.id }));
        });
      }
    }
    return await prompter.input(`${label}:`, {
      validate: (v) => {
        if (missing.nonBlank !== false && !v.trim()) return `${label} is empty`;
        const broken = missing.spec && check({ ...missing.spec, required: false }, v);
        return broken ? `${label} must be ${broken.rule}` : true;
      },
    });
  } catch (err) {
    const name = (err as Error)?.name;
    // Ctrl-C (ExitPromptError) or an interrupt (AbortPromptError): nothing was sent.
    if (name === 'ExitPromptError' || name === 'AbortPromptError' || ctx.signal.aborted) throw new Interrupted('interrupted at a prompt; nothing was sent');
    throw err;
  }
}
