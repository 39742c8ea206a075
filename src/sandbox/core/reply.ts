// Replies: status, JSON bytes and headers, and the caches that make them
// cheap. A record's JSON is rendered once until it changes, and a listing is
// built once until the structure changes, so a page of a 100,000-space
// listing is a slice of a cached array and one concatenation of cached bytes.
import { paginate, type PageQuery } from './paging.js';

/** The web app's host in `urls.app`: plausible, and never real (.test is reserved). */
export const APP_URL = 'https://app.docplat.test';

export interface Reply {
  status: number;
  /** JSON body; none for 204 and 205. */
  body?: Buffer;
  headers?: Record<string, string>;
}

export const jsonBody = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/** 200 with a value, or with JSON bytes already rendered. */
export const ok = (value: unknown): Reply => ({ status: 200, body: Buffer.isBuffer(value) ? value : jsonBody(value) });

/** 201 with the new resource and its Location. */
export const created = (body: Buffer, location: string): Reply => ({ status: 201, body, headers: { location } });

/** A delete that deleted something (a repeated delete is a 404: errors.ts alreadyDeleted()). */
export const deleted = (): Reply => ({ status: 205 });

export function errorBody(status: number, message: string): Buffer {
  return jsonBody({ error: { code: status, message } });
}

export const errorReply = (status: number, message: string, headers?: Record<string, string>): Reply => ({ status, body: errorBody(status, message), headers });

const COMMA = Buffer.from(',');
const LIST_TAIL = Buffer.from(']}');

/**
 * `{next?, count, ...extra, items}` from items already encoded: a page is
 * one concatenation of cached bytes, with no JSON work per item.
 */
export function listBody(items: Buffer[], count: number, next?: string, extra: Record<string, unknown> = {}): Buffer {
  let head = '{';
  if (next !== undefined) head += `"next":{"page":${JSON.stringify(next)}},`;
  head += `"count":${count},`;
  for (const [k, v] of Object.entries(extra)) head += `${JSON.stringify(k)}:${JSON.stringify(v)},`;
  const parts: Buffer[] = [Buffer.from(`${head}"items":[`)];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(items[i]);
  }
  parts.push(LIST_TAIL);
  return Buffer.concat(parts);
}

export interface ListOptions {
  /** Where an item that left the listing would be (see paginate()). */
  locate?: (key: string) => number | undefined;
  /** Fields beside `count` and `items` (e.g. the `stats` of links). */
  extra?: Record<string, unknown>;
}

/** One page of `all` as a list reply; `query` holds the parsed `page` and `limit`. */
export function list<T>(query: PageQuery, all: readonly T[], keyOf: (item: T) => string, render: (item: T) => Buffer, opts: ListOptions = {}): Reply {
  const page = paginate(all, query, keyOf, opts.locate);
  return { status: 200, body: listBody(page.items.map(render), page.count, page.next, opts.extra) };
}

export const byId = (x: { id: string }): string => x.id;

/**
 * What the sandbox caches between requests. `memo` holds listings until the
 * next structural change (create, delete, move, ...); `render` holds each
 * record's JSON until that record changes. Keyed by record, not by a string:
 * a WeakMap lookup costs far less than building a key per item of a page.
 */
export class Caches {
  /** Bumped by every change of what listings hold or of their order. */
  private version = 0;
  private readonly memos = new Map<string, { version: number; value: unknown }>();
  private rendered = new WeakMap<object, Buffer>();

  /** The JSON bytes of a record, built once until it changes. */
  render(record: object, build: () => unknown): Buffer {
    let json = this.rendered.get(record);
    if (json === undefined) {
      json = jsonBody(build());
      this.rendered.set(record, json);
    }
    return json;
  }

  /** A listing (or any value derived from the structure), built once until the structure changes. */
  memo<T>(key: string, build: () => T): T {
    const hit = this.memos.get(key);
    if (hit && hit.version === this.version) return hit.value as T;
    const value = build();
    this.memos.set(key, { version: this.version, value });
    return value;
  }

  /** Records a change: `structural` when listings change; `records` are those whose JSON changed. */
  changed(structural: boolean, ...records: object[]): void {
    if (structural) this.version++;
    for (const r of records) this.rendered.delete(r);
  }

  /** The user the cached answers were built for (World.as()). */
  private viewer?: string;

  /** Before answering `user`: what was built for another caller (listings, permissions) is dropped. */
  seenBy(user: string): void {
    if (this.viewer !== undefined && this.viewer !== user) this.clear();
    this.viewer = user;
  }

  /** Drops everything: for a change that alters how every record renders (a role, say). */
  clear(): void {
    this.version++;
    this.rendered = new WeakMap();
  }
}
