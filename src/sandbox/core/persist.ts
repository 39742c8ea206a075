// The state file: its format, reading it into a world (converting older
// formats), and writing it atomically, serialized and coalesced.
//
// Format 2 keeps the families by name:
//   {format, token, clockOffsetMs, seq, userId, seed: 'demo'|'empty', families: {orgs: {...}, spaces: {...}}}
// A family missing from the file (it came in a later version) starts from
// the file's seed; a family this version does not know is written back as it
// was. Format 1 (one flat state, before families) is converted on load.
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { ReadRefused, readTyped } from '../../files/read.js';
import { basename, dirname, join } from 'node:path';
import { seedToken, type SeedName } from './ids.js';
import { World, type Family, type FamilyFactory, type WorldInit } from './world.js';

export const STATE_FORMAT = 'docplat-sandbox/2';
const FORMAT_1 = 'docplat-sandbox/1';

export interface StateFile extends WorldInit {
  format: typeof STATE_FORMAT;
  families: Record<string, unknown>;
}

/** What a new state starts from. */
export interface SeedOptions {
  seed: SeedName;
  /** Extra records by family name (e.g. `{spaces: 100000}` for load tests). */
  extra?: Record<string, number>;
  /** The clock's now while seeding (the seed's times relative to now); default: real time. The state's clock starts unmoved. */
  clockMs?: number;
}

/** A fresh world from a seed. */
export function seedWorld(factories: readonly FamilyFactory[], opts: SeedOptions): World {
  const world = new World(factories, opts.seed);
  if (opts.clockMs !== undefined) world.clock.offsetMs = opts.clockMs - Date.now();
  for (const family of world.all()) family.seed(opts.seed, opts.extra?.[family.name] ?? 0, opts.extra ?? {});
  world.clock.offsetMs = 0;
  return world;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the fields beside the families; throws an Error naming the first that is wrong. */
function checkEnvelope(data: Record<string, unknown>): WorldInit {
  const fail = (field: string, rule: string) => new Error(`"${field}" must be ${rule}`);
  if (typeof data.token !== 'string' || data.token === '') throw fail('token', 'a non-empty string');
  if (typeof data.clockOffsetMs !== 'number' || !Number.isFinite(data.clockOffsetMs)) throw fail('clockOffsetMs', 'a number');
  if (!Number.isSafeInteger(data.seq) || (data.seq as number) < 0) throw fail('seq', 'a whole number');
  if (typeof data.userId !== 'string') throw fail('userId', 'a string');
  if (data.seed !== 'demo' && data.seed !== 'empty') throw fail('seed', 'demo or empty');
  return { token: data.token, clockOffsetMs: data.clockOffsetMs, seq: data.seq as number, userId: data.userId, seed: data.seed };
}

/** A format-1 state as format 2: each family takes its records; the seed is told by the token (it was made from it). */
function fromFormat1(data: Record<string, unknown>, world: World): Record<string, unknown> {
  const families: Record<string, unknown> = {};
  for (const family of world.all()) if (family.fromFormat1) families[family.name] = family.fromFormat1(data);
  return { ...data, format: STATE_FORMAT, seed: data.token === seedToken('empty') ? 'empty' : 'demo', families };
}

/** A world from a state file's JSON; throws an Error saying what is wrong with it. */
export function loadWorld(factories: readonly FamilyFactory[], json: unknown): World {
  const world = new World(factories);
  let data = isObject(json) ? json : {};
  if (data.format === FORMAT_1) data = fromFormat1(data, world);
  if (data.format !== STATE_FORMAT) {
    const n = /^docplat-sandbox\/(\d+)$/.exec(String(data.format))?.[1];
    if (n !== undefined && Number(n) > 2) throw new Error(`the sandbox state has format ${String(data.format)}, newer than this docplat reads (${STATE_FORMAT}): update docplat`);
    throw new Error(`not a sandbox state of format ${STATE_FORMAT} (or ${FORMAT_1})`);
  }
  world.init(checkEnvelope(data));
  if (!isObject(data.families)) throw new Error('"families" must be an object');
  const missing: Family[] = [];
  for (const family of world.all()) {
    const records = data.families[family.name];
    if (records === undefined) {
      missing.push(family);
      continue;
    }
    try {
      family.load(records);
    } catch (err) {
      throw new Error(`family "${family.name}": ${(err as Error).message}`);
    }
  }
  // After every load: a seed may build on the records of other families.
  for (const family of missing) family.seed(world.seed, 0);
  for (const [name, records] of Object.entries(data.families)) if (!world.has(name)) world.foreign[name] = records;
  return world;
}

export function stateOf(world: World): StateFile {
  const families: Record<string, unknown> = { ...world.foreign };
  for (const family of world.all()) {
    const records = family.toJSON();
    // A family without records of its own (a view over others) has no entry.
    if (records !== undefined) families[family.name] = records;
  }
  return { format: STATE_FORMAT, ...world.fields(), families };
}

/** The world of a state file, or a seeded one when there is no file (or it does not exist). */
export async function readWorld(factories: readonly FamilyFactory[], file: string | undefined, seed: SeedOptions): Promise<World> {
  let text: string | undefined;
  if (file) {
    try {
      text = (await readTyped(file, 'state')).toString('utf8');
    } catch (err) {
      if (!(err instanceof ReadRefused && err.refusal === 'missing')) throw new Error(`cannot read the sandbox state ${file}: ${err instanceof ReadRefused ? err.why : (err as Error).message}`);
    }
  }
  if (text === undefined) return seedWorld(factories, seed);
  try {
    return loadWorld(factories, JSON.parse(text));
  } catch (err) {
    // One line: JSON.parse quotes the text around the error, newlines included.
    const why = (err as Error).message.replace(/\s+/g, ' ');
    throw new Error(`cannot load the sandbox state ${file}: ${why} (delete the file, or run \`docplat sandbox reset\`)`);
  }
}

/** Writes `text` to `file` atomically: a 0600 temporary file in the same directory, then a rename. */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** Serialized, coalesced saves of a world: at most one write runs, and at most one more waits. */
export class Saver {
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly file: string,
    private readonly world: World,
    private readonly onError: (err: Error) => void,
  ) {}

  schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.write();
        } while (this.again);
      } catch (err) {
        this.onError(err as Error);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Waits for a scheduled save to finish. */
  async idle(): Promise<void> {
    await this.running;
  }

  async write(): Promise<void> {
    await writeAtomic(this.file, JSON.stringify(stateOf(this.world)));
  }
}

// ---- checks of a family's records, for Family.load() ------------------------------------

/** A family's JSON: an object. */
export function familyObject(json: unknown): Record<string, unknown> {
  if (!isObject(json)) throw new Error('its records must be an object');
  return json;
}

/**
 * The records under `key`: an array of objects with a unique string `id`
 * and the named string fields. Enough to refuse a damaged file clearly,
 * cheap enough for 100,000 records.
 */
export function records<T extends { id: string }>(json: Record<string, unknown>, key: string, strings: readonly string[] = []): T[] {
  const list = json[key];
  if (!Array.isArray(list)) throw new Error(`"${key}" must be a list`);
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const r = list[i] as Record<string, unknown>;
    if (!isObject(r) || typeof r.id !== 'string' || r.id === '') throw new Error(`${key}[${i}] must be an object with an "id"`);
    for (const field of strings) if (typeof r[field] !== 'string') throw new Error(`${key}[${i}] (${r.id}) must have a string "${field}"`);
    if (seen.has(r.id)) throw new Error(`${key}[${i}]: the id ${r.id} is used twice`);
    seen.add(r.id);
  }
  return list as T[];
}
