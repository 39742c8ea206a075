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
