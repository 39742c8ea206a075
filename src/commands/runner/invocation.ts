// The typed invocation the road carries (pipeline.ts): what each stage hands
// to the next. Types only, shared by the stages, which never import each
// other (test/commands/runner/stages.test.ts): bind fills an Invocation, check
// refuses it, resolve turns its references into ids, plan builds its Plan,
// confirm asks, send turns the Plan into an Answer, render prints the Answer.
import type { Operation } from '../../api/operation.js';
import type { BuiltRequest, RequestInput } from '../../api/request.js';
import type { Page } from '../../client/http.js';
import type { BulkRequest } from '../bulk.js';
import type { CommandDef, Flag, Output } from '../define.js';
import type { Sources } from '../requests.js';
import type { RefKind } from '../resolve.js';

export type Opts = Record<string, unknown>;

/** What was typed, bound to the declaration: a `run` handler gets this much. */
export interface Given {
  args: string[];
  /** The values of the variadic or bulk argument. */
  rest: string[];
  opts: Opts;
  /** The declared flags given, in declaration order. */
  given: [string, Flag][];
  /** The flag that picks another operation (`selects`), when one was given. */
  selects?: Flag['selects'];
}

/** A value that names a page or a member, resolved to an id before the request is built (the resolve stage). */
export interface Ref {
  kind: RefKind;
  label: string;
  get(): string | string[];
  set(value: string | string[]): void;
}

export type Input = Required<Pick<RequestInput, 'params' | 'query'>> & { body: Record<string, unknown> };

/** Each given value where the operation takes it, named for messages. */
export interface Fields {
  input: Input;
  sources: Sources;
  refs: Ref[];
  filters: ((item: unknown) => boolean)[];
}

/** How the answer is shown: the declared output (a `selects` flag brings its own), paged through the one pager or not. */
export interface Rendering {
  output: Output;
  paged: boolean;
  /** --limit (undefined with --all). */
  limit?: number;
  cursor?: string;
}

/** The ids a bulk verb acts on, each filling `param`, with the runner's own flags. */
export interface BulkIds {
  param: string;
  /** How an id reads in messages ("space id"). */
  label: string;
  ids: string[];
  concurrency: number;
}

/** A declared command after bind: everything the rest of the road needs, filled in as it goes. */
export interface Invocation extends Given, Fields {
  def: CommandDef;
  op: Operation;
  rendering: Rendering;
  /** A bulk verb's ids (from the arguments or stdin). */
  bulk?: BulkIds;
  dryRun: boolean;
}

/** After bind: a `run` handler leaves the road with what was given; a declared command goes on as an Invocation. */
export type Bound = { run: Given } | { road: Invocation };

/** The requests to send: one, or one per id of a bulk verb (each with its read when the verb checks first). */
export interface Plan {
  requests: BulkRequest[];
}

/** What send hands to render. */
export type Answer =
  /** --dry-run: nothing was sent; these are printed. */
  | { kind: 'dry'; requests: BuiltRequest[] }
  /** A bulk verb given `-` and an empty stdin: nothing to send. */
  | { kind: 'nothing' }
  /** A bulk run: each id's result was reported as it completed (bulk.ts). */
  | { kind: 'reported' }
  /** A paged list: sent page by page as render reads it. */
  | { kind: 'pages'; pages: AsyncIterable<Page> }
  | { kind: 'one'; data: unknown };
