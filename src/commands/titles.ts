// What a few resources are called, read before a change to them is confirmed:
// `section "Guides" (2yrO4…)`, each read by the GET at the change's path; the
// ids alone where a read fails or there are too many to name.
import type { Operation } from '../api/operation.js';
import { buildRequest } from '../api/request.js';
import type { Context } from '../context.js';
import { readOf } from './requests.js';

/** `section "Guides" (2yrO4…)`, or `3 sections: …`; undefined over five ids (the question then names the count). */
export async function named(ctx: Context, op: Operation, params: Record<string, string>[], ids: string[], what: string): Promise<{ describe: string; type?: string } | undefined> {
  if (ids.length > 5) return undefined;
  const titles = await Promise.all(
    params.map(async (p) => {
      try {
        const { data } = await ctx.api.send(buildRequest(readOf(op), { params: p }));
        const d = data as Record<string, unknown> & { user?: { displayName?: string; email?: string } };
        const title = [d.title, d.name, d.label, d.slug, d.user?.displayName ?? d.user?.email].find((t) => typeof t === 'string' && t);
        return title as string | undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const each = ids.map((id, i) => (titles[i] ? `"${titles[i]}" (${id})` : id));
  return { describe: ids.length === 1 ? `${what} ${each[0]}` : `${ids.length} ${what}s: ${each.join(', ')}` };
}
