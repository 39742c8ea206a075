// The organization-wide list of a kind of resource, found from the name of an
// id (`spaceId`, `collection`) in the operation table: what a prompt offers to
// pick from, and what shell completion offers (`docplat __ids <kind>`).
import { OPERATIONS, type OperationId } from '../api/operations/index.js';
import { apiRequest } from '../api/request.js';
import type { ApiClient } from '../client/http.js';

/** `spaceId`, `space` or `space id` → `spaces.list`, when that lists the whole organization. */
export function listOperation(idOf: string): OperationId | undefined {
  const noun = idOf.replace(/ id$/, '').replace(/Id$/, '');
  const id = `${noun}s.list` as OperationId;
  const op = OPERATIONS[id];
  if (!op || op.method !== 'GET') return undefined;
  const params = Object.keys(op.params);
  return params.length === 1 && params[0] === 'organizationId' ? id : undefined;
}

export interface Listed {
  id: string;
  /** "Title (id)", or the id. */
  name: string;
  /** The title (or name), '' when it has none. */
  title: string;
}

/** Up to `limit` items of the list: their ids and how they read. */
export async function listIds(client: ApiClient, opId: OperationId, org: string, limit: number, signal: AbortSignal): Promise<Listed[]> {
  const items: Listed[] = [];
  for await (const page of client.pages<{ id?: unknown; title?: unknown; name?: unknown }>(apiRequest(opId, { params: { organizationId: org } }), { limit, signal })) {
    for (const it of page.items) {
      if (typeof it?.id !== 'string') continue;
      const title = typeof it.title === 'string' ? it.title : typeof it.name === 'string' ? it.name : '';
      items.push({ id: it.id, name: title ? `${title} (${it.id})` : it.id, title });
    }
  }
  return items;
}
