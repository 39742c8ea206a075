// A command is a declaration: its name, arguments, flags and where each value
// goes (path param, query, body), the operation it calls, its output, and
// whether it is bulk or destructive. One runner (runner/) does the rest, so a
// resource command is data; `run` is for the few that really are special.
import type { Column, Shape } from '../output/format.js';
import type { OperationId } from '../api/operations/index.js';
import type { PositionKind } from '../api/positions.js';
import type { Context } from '../context.js';
import type { ApiError } from '../errors.js';
import type { ReadUse } from '../files/read.js';

/** What a bulk verb's `ctx.api.bulk` takes and reports (the runner's own bulk runs use them too). */
export type { BulkRequest, BulkResult } from './bulk.js';

/** `--x <v...>` is a list (the flag is repeated), `--x <v>` a string, `--x` a boolean. */
export type FlagValue<S extends string> = string extends S
  ? string | string[] | boolean
  : S extends `${string}<${string}...>`
    ? string[]
    : S extends `${string}<${string}>`
      ? string
      : boolean;

export interface Flag<S extends string = string> {
  /** Commander's spec: `--title <title>`, `--space <id...>` (repeated: `--space a --space b`), `--all`. */
  flags: S;
  description: string;
  /** The body field the value is written to; dotted for nested objects (`adaptiveContent.enabled`). */
  body?: string;
  /** The query parameter the value is sent as. */
  query?: string;
  /** The path param the value fills (`--collection` of `spaces list` fills `collectionId`). */
  param?: string;
  /** Picks the operation when given (`spaces list --member` lists through the member's spaces). */
  selects?: { operation: OperationId; list?: Column[]; shape?: Shape };
  /** For a boolean flag: the value it sends (`--unpublished` sends published=false). */
  value?: unknown;
  /**
   * Adds the `--no-<name>` form, described by this text: for a flag with a
   * value it sends null (`--no-proxy` removes the proxy), for a switch false
   * (`--default` / `--no-default`).
   */
  negatable?: string;
  /** A word that sends null (`--default-level none`). */
  nullWord?: string;
  /** The value names a file (`-`: stdin) whose text is what is sent (after `map`); declare its `path` (its bound) too. */
  file?: boolean;
  /** The value is a path docplat reads (see PathSpec). */
  path?: PathSpec;
  /** Converts the given value (a file's text, with `file`) before it is checked and sent; throw a UsageError to refuse it. */
  map?(value: FlagValue<S>): unknown;
  /**
   * Filters a list's items on the client, for what the API cannot filter
   * (`--last-seen-before`): builds the test from the value (throw a UsageError
   * to refuse it). Pages are fetched until --limit items pass.
   */
  filter?(value: FlagValue<S>, now: number): (item: unknown) => boolean;
  /** The value must have more than white space (every valued flag refuses an empty value). */
  nonBlank?: boolean;
  required?: boolean;
  /** The values it takes, when they are a fixed set the operation table does not give (for completion and prompts). */
  choices?: readonly string[];
  /** What the id names in messages ("collection" gives `invalid --parent collection id`). */
  idOf?: string;
  hidden?: boolean;
}

/**
 * What a path given as a flag's or an argument's value is, for the one reader
 * (src/files/read.ts) and in the manifest, where test/contract/reads.test.ts
 * finds every command that reads a path and runs it with hostile files:
 * - `typed`: a file read as it is, wherever it is (`-` stdin, pipes), within
 *   the bound of `use`; `form` says how the path is written when the value
 *   holds more (`key=@PATH`);
 * - `names`: the same, and the paths it names are read confined to its folder;
 * - `folder`: a folder whose files are read confined to it.
 * `layout` names what a `names` file or a folder holds (which files it names).
 */
export type PathSpec =
  | { kind: 'typed'; use: ReadUse; form?: string }
  | { kind: 'names'; use: ReadUse; layout: PathLayout }
  | { kind: 'folder'; layout: PathLayout };

/** What a file or folder of paths holds: an organization file, an integration manifest, a Git Sync folder, an export folder. */
export type PathLayout = 'org-file' | 'integration-manifest' | 'git-sync' | 'export';

export interface Arg {
  name: string;
  /** The value is a path docplat reads (see PathSpec). */
  path?: PathSpec;
  description?: string;
  /** The values it takes, when they are a fixed set (for completion and prompts). */
  choices?: readonly string[];
  /** The path param it fills (default: the arg's name when the path has it). */
  param?: string;
  /** The query parameter it is sent as. */
  query?: string;
  /** The body field it fills (`openapi create <slug>` sends `slug`). */
  body?: string;
  /** May be left out (`[name]`); only the last arguments, and only for `run` commands. */
  optional?: boolean;
  /** The value must have more than white space. */
  nonBlank?: boolean;
  /** The last argument takes the rest of the words (`[name...]`, possibly none), given to `run` as `rest`. */
  variadic?: boolean;
}

/** Several ids at once (`spaces restore a b c`, or `-` for stdin), each its own request. */
export interface Bulk {
  /** What an id names: "space". */
  what: string;
  /** Past tense for results and the summary: "restored". */
  done: string;
  /** Why an id is skipped when the API answers 204 (nothing to do); default "already deleted". */
  nothing?: string;
  /**
   * A failure that means "already in the wanted state" becomes a skip, so a
   * re-run over the same ids is safe: return the reason, or undefined.
   */
  skip?(err: ApiError): string | undefined;
  /**
   * Reads the resource first and skips the change when `skip` gives a
   * reason: for changes the API accepts again without saying it changed
   * nothing (`spaces lock` of a locked space, `comments resolve` of a
   * resolved comment). The read is `operation` with the same path params,
   * or by default the GET at the change's own path.
   */
  check?: { operation?: OperationId; skip(current: unknown, body: unknown): string | undefined };
  /**
   * Reads a success's answer, for an API that says in it what happened
   * (an invite of a member adds nobody; a publish may need a checkout):
   * a result other than the plain `done`, or undefined.
   */
  answered?(data: unknown): { result: 'ok' | 'skipped' | 'failed'; message: string } | undefined;
}

/**
 * What the command prints: one object, or a list, with its table columns
 * and its shape (the resource's declared fields, for --fields); or nothing.
 */
export type Output = ({ item: Column[] } & Shape) | ({ list: Column[] } & Shape) | 'none';

export interface CommandDef<F extends Record<string, Flag> = Record<string, Flag>> {
  /** The verb: `docplat spaces <name>`. */
  name: string;
  aliases?: string[];
  summary: string;
  /** More help, shown after the flags. */
  help?: string;
  /** Shown in the help after the flags: a few typical invocations, without `docplat`. */
  examples?: string[];
  /** Positional arguments; with `bulk`, the last one takes several ids (or `-`). */
  args?: Arg[];
  flags?: F;
  /** The operation it calls (a flag with `selects` may pick another). */
  operation?: OperationId;
  /** Body fields always sent (`spaces lock` sends editMode=locked). */
  body?: Record<string, unknown>;
  /** Query parameters always sent, unless a flag gives them (`comments get` sends format=markdown). */
  query?: Record<string, string>;
  output?: Output;
  bulk?: Bulk;
  /** Destructive: asks on a terminal, needs --yes otherwise. The verb of the question ("Delete"). */
  confirm?: string;
  /**
   * Before asking (only when a person will be asked): what the verb takes
   * with it, named in the question ("collection \"Guides\" (c1), with its 12
   * spaces and 2 collections"), and a text the person must type to confirm,
   * for a delete that takes others with it.
   */
  impact?(ctx: Context, ids: string[]): Promise<{ describe: string; type?: string }>;
  /** A move: --before/--after build the position of the first kind; `kind:` prefixes pick another. */
  move?: PositionKind[];
  /** Checks the given flags together (`--option` only with a select type), before anything is sent; throw a UsageError. */
  checkFlags?(opts: Record<string, unknown>): void;
  /** A clearer error for an API failure this command knows more about (a 403 that needs another token); undefined keeps the API's. */
  explain?(err: ApiError): Error | undefined;
  /** A special command: the runner parses and checks its flags, then calls this. */
  run?(ctx: Context, input: Input<F>): Promise<void>;
}

export interface Input<F extends Record<string, Flag>> {
  args: string[];
  /** The variadic argument's values (`<ids...>`). */
  rest: string[];
  /** `dryRun`: --dry-run, which the runner adds to every command with an operation. */
  opts: { [K in keyof F]?: FlagValue<F[K]['flags']> } & Partial<ListOptions> & { dryRun?: boolean };
}

/** Flags every list command has. */
export interface ListOptions {
  limit: string;
  all: boolean;
  cursor: string;
}

/** Declares a command (the identity, with the flag types inferred). */
export function defineCommand<const F extends Record<string, Flag> = Record<string, never>>(def: CommandDef<F>): CommandDef<F> {
  return def;
}

/** A group module: its commands, in help order. */
export interface GroupModule {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  COMMANDS: CommandDef<any>[];
}
