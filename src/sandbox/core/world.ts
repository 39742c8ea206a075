// The world: what every family shares (clock, ids, token, the caller, the
// caches, the handler registry) and the families themselves, by name. The
// family list is in layers, bottom first: a family reaches only families
// before it, which it names once in its constructor (world.lower(), typed by
// the Families interface that each family module extends for itself). A
// family above that adds to a lower one's answers (a count in its JSON)
// hooks into it in attach(); nothing looks upward at run time.
import { OPERATIONS, type OperationId } from '../../api/operations/index.js';
import { Clock } from './clock.js';
import { Seq, newToken, type SeedName } from './ids.js';
import { Caches, type Reply } from './reply.js';
import { HandlerRegistry, type Handler } from './router.js';

/**
 * The families by name. Each family module adds its own entry:
 *   declare module '../core/world.js' { interface Families { spaces: Spaces } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface -- extended by declaration merging
export interface Families {}

/** Operation id → handler (`satisfies Handlers` on a family's literal catches an id not in the table). */
export type Handlers = Partial<Record<OperationId, Handler>>;

/** Who a token other than the state's own belongs to: an integration (and what it may call), or another user. */
export type Caller =
  | {
      integration: string;
      /** The operation ids this token may call; any other is a 403. */
      operations: readonly string[];
      user?: undefined;
    }
  | {
      /** Another user of the state: requests with this token run as them (World.as()). */
      user: string;
      integration?: undefined;
    };

/** One family of the API (orgs, spaces, ...): its records, operations, renderers and demo seed. */
export interface Family {
  readonly name: string;
  /** Operation id → handler. Each operation of the table has at most one handler among all families. */
  readonly handlers: Readonly<Handlers>;
  /** The records as they go to the state file, under `families.<name>`. */
  toJSON(): unknown;
  /** Takes the records of a state file; throws an Error naming what is malformed. */
  load(json: unknown): void;
  /**
   * Adds a seed's records. Families seed in the order of the family list, so
   * a seed may build on the families before it (and must cope with records
   * it expects being gone: a state file can lack only this family).
   */
  seed(seed: SeedName, extra: number, extras?: Readonly<Record<string, number>>): void;
  /**
   * Admin actions of the family for tests and tools: `POST /_sandbox/<name>/<action>`
   * with a JSON object body; the result is the JSON answer.
   */
  readonly admin?: Readonly<Record<string, (body: Record<string, unknown>) => unknown>>;
  /** The records from a state file of format 1 (before families); absent for a family that format did not have. */
  fromFormat1?(data: Record<string, unknown>): unknown;
  /** Who a bearer token other than the state's belongs to (an integration's token), or undefined. */
  authenticate?(token: string): Caller | undefined;
  /** A file served without a token under `/_files/<family name>/<path>`, as a storage host serves a document. */
  file?(path: string): Reply | undefined;
  /** Called once every family of the world is made: hooks this family into those below it (see world.lower()). */
  attach?(): void;
  /**
   * Asynchronous work a request needs before its (synchronous) handler runs:
   * the files a batch of content changes names by URL, fetched. What it
   * finds goes on the request (`prepared`); a refusal is thrown (a 400).
   */
  prepare?(operation: string, req: { params: Record<string, string>; body: Record<string, unknown> }): Promise<unknown>;
}

export type FamilyFactory = (world: World) => Family;

/** The fields of a state file beside the families. */
export interface WorldInit {
  token: string;
  clockOffsetMs: number;
  seq: number;
  userId: string;
  seed: SeedName;
}

export class World {
  readonly clock = new Clock();
  readonly seq = new Seq();
  readonly cache = new Caches();
  readonly handlers = new HandlerRegistry(OPERATIONS);
  /** Base URL of the file storage origin (a second loopback server), without a trailing slash. */
  storageUrl = '';
  /** The bearer token the sandbox accepts. */
  token: string;
  /**
   * The caller: the user the request's token belongs to. Outside a request
   * (and in the state file) the state's own user, whose token is `token`;
   * another user's token makes it theirs while its request runs (as()).
   */
  userId = '';
  /** The seed the state started from: a family missing from its file gets this seed. */
  seed: SeedName;
  /** Families of a state file that this version does not know (a newer one wrote it): written back as they were. */
  readonly foreign: Record<string, unknown> = {};
  private readonly families = new Map<string, Family>();
  /** Family name → the families it builds on (world.lower()). */
  private readonly uses = new Map<string, readonly string[]>();

  constructor(factories: readonly FamilyFactory[], seed: SeedName = 'demo') {
    this.seed = seed;
    this.token = newToken();
    for (const make of factories) {
      const family = make(this);
      if (this.families.has(family.name)) throw new Error(`two families are named ${family.name}`);
      for (const name of this.uses.get(family.name) ?? []) {
        if (!this.families.has(name)) throw new Error(`family ${family.name} builds on ${name}, which is not before it in the family list`);
      }
      this.families.set(family.name, family);
      for (const [id, handle] of Object.entries(family.handlers)) this.handlers.add(family.name, id, handle as Handler);
    }
    for (const family of this.families.values()) family.attach?.();
  }

  /**
   * The families `self` builds on, each before it in the family list (a lower
   * layer): the one way a family reaches another, declared once in its
   * constructor. A world where a family builds on one after it does not start.
   */
  lower<K extends keyof Families>(self: string, ...names: K[]): Pick<Families, K> {
    this.uses.set(self, names);
    const deps = {} as Pick<Families, K>;
    for (const name of names) Object.defineProperty(deps, name, { get: () => this.family(name), enumerable: true });
    return deps;
  }

  /** A family by name, for the server and tools above every family (families use lower()). */
  family<K extends keyof Families>(name: K): Families[K] {
    const family = this.families.get(name as string);
    if (!family) throw new Error(`the sandbox has no family ${String(name)}`);
    return family as Families[K];
  }

  has(name: string): boolean {
    return this.families.has(name);
  }

  /** The families in the order of the family list. */
  all(): Family[] {
    return [...this.families.values()];
  }

  /** The caller a token other than the state's names, when a family knows it. */
  authenticate(token: string): Caller | undefined {
    for (const family of this.families.values()) {
      const caller = family.authenticate?.(token);
      if (caller) return caller;
    }
    return undefined;
  }

  /** A public file (`/_files/<family>/<path>`), or undefined. */
  file(path: string): Reply | undefined {
    const slash = path.indexOf('/');
    const family = slash > 0 ? this.families.get(path.slice(0, slash)) : undefined;
    return family?.file?.(path.slice(slash + 1));
  }

  /** Work a family runs in the background that a request must see finished (an OpenAPI document being checked). */
  private readonly working = new Set<Promise<unknown>>();

  /** Runs `work` in the background; requests wait for it (settled()) before they are answered. */
  background<T>(work: Promise<T>): Promise<T> {
    // Its failure is the caller's to handle (on the returned promise), not the waiting requests'.
    const tracked: Promise<void> = work.then(
      () => undefined,
      () => undefined,
    ).finally(() => this.working.delete(tracked));
    this.working.add(tracked);
    return work;
  }

  /** What the families' prepare() found for a request, given to its handler as `prepared`. */
  async prepare(operation: string, req: { params: Record<string, string>; body: Record<string, unknown> }): Promise<unknown> {
    for (const family of this.families.values()) {
      const found = await family.prepare?.(operation, req);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** Resolves when no background work is under way (at once when there is none). */
  async settled(): Promise<void> {
    while (this.working.size) await Promise.all([...this.working]);
  }

  /**
   * After each write (an API operation other than GET, an admin action): the
   * one place the cache learns of writes, so that no listing or count can be
   * stale after one. Listings are rebuilt on their next read; a family drops
   * only the JSON of the records it changes, as it changes them (spaces also
   * marks its changes of structure, for callers that are not requests).
   */
  wrote(): void {
    this.cache.changed(true);
  }

  /**
   * Runs `work` (a request's handler, synchronous) as `user` (another user's
   * token; undefined: the state's own user). The caches hold what a caller
   * sees, so they start over whenever the caller differs from the last one.
   */
  as<T>(user: string | undefined, work: () => T): T {
    const own = this.userId;
    const caller = user ?? own;
    this.cache.seenBy(caller);
    if (caller === own) return work();
    this.userId = caller;
    try {
      return work();
    } finally {
      this.userId = own;
    }
  }

  /** The next id of the state. */
  nextId(): string {
    return this.seq.id();
  }

  init(fields: WorldInit): void {
    this.token = fields.token;
    this.clock.offsetMs = fields.clockOffsetMs;
    this.seq.value = fields.seq;
    this.userId = fields.userId;
    this.seed = fields.seed;
  }

  fields(): WorldInit {
    return { token: this.token, clockOffsetMs: this.clock.offsetMs, seq: this.seq.value, userId: this.userId, seed: this.seed };
  }
}
