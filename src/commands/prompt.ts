// Asks, on a terminal, for what a command is missing (as gh does): an id is
// picked from a searchable list of the resources of that kind (the
// organization's, or those inside a parent already given: a site's sections,
// a space's pages and comments), an enum is chosen from its values, a Markdown
// body is written in $EDITOR, anything else is typed. The runner calls it only
// when the context can prompt (terminals, no --no-input); Ctrl-C at a prompt
// exits 130.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { check, type Spec } from '../api/schema.js';
import type { Context } from '../context.js';
import { Interrupted, UsageError } from '../errors.js';
import { withTemporaryFolder } from '../files/delete.js';
import { readTyped } from '../files/read.js';
import { escapeControls } from '../output/terminal.js';
import { listIds, listKey, listOperationIn, type Listed } from './ids.js';
import { refKind } from './resolve.js';

/** What is missing: a positional argument, or a required flag. */
export interface Missing {
  /** How it reads in the question: "space id", "--title". */
  label: string;
  /** The path param or id kind it names (`spaceId`, `collection`), when it is an id. */
  idOf?: string;
  /** The path params given so far (`spaceId` of `comments get`): where a list inside a parent is read. */
  scope?: Record<string, string>;
  choices?: readonly string[];
  nonBlank?: boolean;
  /** The bounds a typed value must keep (`--title`: at most 64 characters): a mistake is shown and asked again. */
  spec?: Spec;
  /** Text written in the user's editor (a Markdown body), not typed on one line. */
  editor?: boolean;
}

/** Most items offered in a list (the search narrows them). */
const LIST_CAP = 1000;

export async function ask(ctx: Context, missing: Missing): Promise<string> {
  if (missing.editor) return edit(ctx, missing.label);
  // The context's prompter writes through the terminal writer: the API's titles in a list are shown escaped.
  const prompter = await ctx.prompter();
  const label = missing.label.replace(/^--/, '');
  try {
    if (missing.choices) return await prompter.select(`${label}:`, missing.choices.map((c) => ({ name: c, value: c })));
    // An interrupt while the list loads is the catch's, as at the prompt itself.
    const items = missing.idOf ? await listed(ctx, missing.idOf, missing.scope ?? {}) : [];
    if (items.length) {
      // Searched as shown: a title's control characters are matched in their escaped form too.
      const shown = items.map((i) => ({ ...i, text: `${i.name}\n${escapeControls(i.name)}`.toLowerCase() }));
      return await prompter.search(`${label} (type to search):`, (term) => {
        const t = term.toLowerCase();
        return shown.filter((i) => !t || i.text.includes(t)).map((i) => ({ name: i.name, value: i.id }));
      });
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

/** What a picker offers for an id of `idOf`: the list that holds it (a page: the space's page tree), or nothing (then it is typed). */
async function listed(ctx: Context, idOf: string, scope: Record<string, string>): Promise<Listed[]> {
  if (refKind(idOf) === 'page') {
    if (!scope.spaceId) return [];
    const { fetchTree, walkTree } = await import('./content/shared.js');
    const tree = await fetchTree(ctx, { spaceId: scope.spaceId, changeRequest: scope.changeRequestId });
    // A page reads as its title and its path: both are searched.
    return [...walkTree(tree)].map(({ page }) => {
      const title = typeof page.title === 'string' ? page.title : '';
      const where = typeof page.path === 'string' ? page.path : page.id;
      return { id: page.id, name: title ? `${title} (${where})` : where, title };
    });
  }
  const full = { organizationId: await ctx.org(), ...scope };
  const listOp = listOperationIn(idOf, full);
  return listOp ? listIds(ctx.api, listOp, full, LIST_CAP, ctx.signal, listKey(idOf)) : [];
}

/**
 * Text written in the user's editor, as gh does: $EDITOR, else $VISUAL, else
 * vi, on a temporary Markdown file that is removed afterwards. Nothing
 * written is a usage error: nothing is sent.
 */
async function edit(ctx: Context, label: string): Promise<string> {
  const editor = ctx.env.EDITOR || ctx.env.VISUAL || 'vi';
  return withTemporaryFolder('edit', async (dir) => {
    const file = join(dir, `${label.replace(/^-+/, '').replace(/\W+/g, '-')}.md`);
    await writeFile(file, '', { mode: 0o600 });
    ctx.terminal.note(`Writing ${label} in ${editor}: save and quit to send it.`);
    const code = await run(editor, file, ctx);
    // SIGTERM while it ran still interrupts.
    if (ctx.signal.aborted) throw new Interrupted('interrupted in the editor; nothing was sent');
    if (code !== 0) throw new UsageError(`${label}: the editor (${editor}) exited with ${code}; nothing was sent`);
    const text = (await readTyped(file, 'text')).toString('utf8').replace(/\s+$/, '');
    if (!text.trim()) throw new UsageError(`${label} is empty: nothing was written in the editor, nothing was sent`);
    return text;
  });
}

/**
 * Runs the editor command (it may carry arguments: `code --wait`) on the
 * terminal; its exit code. While it runs the terminal is the editor's: Ctrl-C
 * is its own (vi leaves insert mode with it), not an interrupt of docplat, as
 * in gh; the listeners are put back when it exits.
 */
function run(editor: string, file: string, ctx: Context): Promise<number | null> {
  const env = ctx.env as NodeJS.ProcessEnv;
  const ours = process.listeners('SIGINT');
  process.removeAllListeners('SIGINT');
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  (ctx.io.stdin as { pause?: () => void }).pause?.();
  const child =
    process.platform === 'win32'
      ? spawn(`${editor} "${file}"`, { shell: true, stdio: 'inherit', env })
      : spawn('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit', env });
  return new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code));
  }).finally(() => {
    process.off('SIGINT', ignore);
    for (const listener of ours) process.on('SIGINT', listener);
  });
}
