// The processing job of an OpenAPI specification (see openapi.ts): the
// document of a URL source is fetched, from loopback only (any other host is
// a FETCH_ERROR: the sandbox never reaches the network), then the document is
// checked with the validator of `openapi validate` (src/api/openapi-validate.ts,
// loaded on first use). The check runs in the background; requests wait for
// it (World.background), so a job whose time has come has its outcome.
import type { SpecCheck } from '../../../api/openapi-validate.js';
import type { World } from '../../core/world.js';

export type ProcessErrorCode = 'FETCH_ERROR' | 'FETCH_TIMEOUT' | 'PARSE_ERROR';

/** A document being processed: since when (sandbox-clock ms) and its source. */
export interface Job {
  startedAt: number;
  text?: string;
  url?: string;
}

/** A job that failed: its code and every error message. */
export interface Failure {
  code: ProcessErrorCode;
  messages: string[];
}

/** The work of a job: the loopback fetch of a URL source, then the check of the document. */
interface Work {
  done: boolean;
  /** The document fetched or given. */
  text?: string;
  check?: SpecCheck;
  error?: string;
  timedOut?: boolean;
}

/** A loopback fetch that has not answered in this much wall time is a FETCH_TIMEOUT. */
const FETCH_TIMEOUT_MS = 10_000;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function failure(code: ProcessErrorCode, message: string): Failure {
  return { code, messages: [message] };
}

const outsideLoopback = (job: Job): boolean => job.url !== undefined && !LOOPBACK.test(new URL(job.url).hostname);

export class Processing {
  /** By job key; not persisted (a reload does the work again). */
  private readonly work = new Map<string, Work>();

  constructor(private readonly world: World) {}

  /**
   * Starts the job's fetch (a URL) or check (a text), once. Requests wait
   * for a text's check; with `due` (a job whose time has come), for a URL's
   * fetch too, so that the next read has its outcome.
   */
  start(key: string, job: Job, due = false): void {
    if (this.work.has(key) || outsideLoopback(job)) return;
    const work: Work = { done: false };
    this.work.set(key, work);
    const text =
      job.text !== undefined
        ? Promise.resolve(job.text)
        : fetch(job.url!, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' }).then(async (res) => {
            if (!res.ok) throw new Error(`it answered ${res.status}`);
            return res.text();
          });
    const checked = text.then(
      async (document) => {
        work.text = document;
        const { validateOpenApi } = await import('../../../api/openapi-validate.js');
        // Only the check keeps requests waiting: a slow loopback server does not.
        work.check = await this.world.background(validateOpenApi(document));
      },
      (err: Error) => {
        work.timedOut = err.name === 'TimeoutError';
        work.error = (err.cause as Error | undefined)?.message ?? err.message;
      },
    );
    const settled = checked.catch((err: Error) => (work.error = `The document could not be checked: ${err.message}`)).finally(() => (work.done = true));
    if (job.text !== undefined || due) void this.world.background(settled);
  }

  /** What the job ended with: its document, or why it failed; undefined while its fetch or check is under way. */
  outcome(key: string, job: Job): { text: string } | Failure | undefined {
    if (outsideLoopback(job)) {
      return failure('FETCH_ERROR', `The sandbox fetches nothing outside loopback: ${new URL(job.url!).host} was not fetched (serve the document on 127.0.0.1, or publish it with --file).`);
    }
    const work = this.work.get(key);
    if (!work?.done) return undefined;
    if (work.timedOut) return failure('FETCH_TIMEOUT', `${job.url} did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds.`);
    if (work.error !== undefined) return job.url !== undefined ? failure('FETCH_ERROR', `Cannot fetch ${job.url}: ${work.error}.`) : failure('PARSE_ERROR', work.error);
    const check = work.check!;
    if (!check.ok) {
      const messages = check.errors.map((e) => `${e.line !== undefined ? `line ${e.line}, column ${e.column ?? 1}: ` : ''}${e.path === '$' ? '' : `${e.path}: `}${e.message}`);
      return { code: 'PARSE_ERROR', messages };
    }
    return { text: work.text! };
  }

  forget(key: string): void {
    this.work.delete(key);
  }
}
