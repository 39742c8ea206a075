// One error type per kind of failure, and the one table that maps them to exit
// codes. Commands throw; the entry point (src/main.ts) prints and exits.

export const EXIT = {
  ok: 0,
  failure: 1, // API or network failure
  usage: 2, // usage or validation error
  notFound: 3, // 404
  auth: 4, // 401, 403, no token
  partial: 5, // some items of a bulk command failed
  changes: 6, // `org plan --exit-code`: the organization differs from the file
  interrupted: 130,
} as const;

export class DocplatError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    /** Extra fields for the `{"error": {...}}` JSON form. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
  toJSON(): Record<string, unknown> {
    return { message: this.message, exitCode: this.exitCode, ...this.details };
  }
}

/** Bad flags, arguments or values: nothing was sent. */
export class UsageError extends DocplatError {
  constructor(message: string) {
    super(message, EXIT.usage, { kind: 'usage' });
  }
}

/** No token, or the API refused it. */
export class AuthError extends DocplatError {
  constructor(message: string) {
    super(message, EXIT.auth, { kind: 'auth' });
  }
}

/** What the API (or the way to it) answered when a call did not succeed. */
export class ApiError extends DocplatError {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly method: string,
    readonly path: string,
    readonly apiMessage?: string,
    /** The answer as received (headers and body text), for `api --include`; never in the JSON error. */
    readonly response?: { headers: Record<string, string | string[] | undefined>; text: string },
  ) {
    super(message, exitCodeForStatus(status), { kind: status ? 'api' : 'network', status, method, path });
  }
}

export function exitCodeForStatus(status: number | undefined): number {
  if (status === 404) return EXIT.notFound;
  if (status === 401 || status === 403) return EXIT.auth;
  return EXIT.failure;
}

/** Some ids of a bulk command failed; each was already reported. */
export class PartialFailure extends DocplatError {
  constructor(message: string, failed: string[]) {
    super(message, EXIT.partial, { kind: 'partial', failed });
  }
}

export class Interrupted extends DocplatError {
  constructor(message = 'interrupted') {
    super(message, EXIT.interrupted, { kind: 'interrupted' });
  }
}

/**
 * A prompt left with Ctrl-C: on a terminal in raw mode the keys do not raise
 * SIGINT, and @inquirer/prompts rejects with an ExitPromptError instead (an
 * AbortPromptError when the run's signal cancelled it).
 */
export function promptInterrupt(err: unknown): Interrupted | undefined {
  const name = (err as Error | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError' ? new Interrupted() : undefined;
}
