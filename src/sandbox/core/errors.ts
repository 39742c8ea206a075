// The one error type of the sandbox: thrown anywhere while handling a
// request, it becomes the API's error body `{"error":{"code","message"}}`.
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new SandboxError(400, message);
export const forbidden = (message: string) => new SandboxError(403, message);
export const notFound = (message: string) => new SandboxError(404, message);
export const conflict = (message: string) => new SandboxError(409, message);
/**
 * A delete of what was deleted before: 404, the one answer of every family
 * to a repeated delete (a delete of what never existed is a 404 too; the
 * description lists only the first delete's status). docs/sandbox.md.
 */
export const alreadyDeleted = (what: string) => new SandboxError(404, `${what} is already deleted.`);
