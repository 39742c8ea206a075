// Stage 6, send: a built request goes to the client, which retries it as its
// operation allows and masks its secrets in the --debug trace.
import type { BuiltRequest } from '../../api/request.js';
import type { ApiResponse } from '../../client/http.js';
import type { Context } from '../../context.js';
import { Interrupted } from '../../errors.js';

/** Sends a built request once (retried as its operation allows), with its secrets masked in the --debug trace. */
export async function send(ctx: Context, request: BuiltRequest): Promise<ApiResponse> {
  const client = await ctx.client();
  return client.send(request, { signal: ctx.signal }).catch((err: unknown) => {
    // A change sent and not answered by the interrupt may have been applied, as bulk runs say of each id.
    if (err instanceof Interrupted && request.method !== 'GET') {
      throw new Interrupted(`${err.message}: ${request.method} ${request.path} was sent but not answered, its outcome is unknown (check before running it again)`);
    }
    throw err;
  });
}
