// The openapi family's records, the operations' inputs and what every part
// of the family shares.
import type { Job, ProcessErrorCode } from './processing.js';
import { badRequest } from '../../core/errors.js';

export interface VersionRec {
  id: string;
  createdAt: string;
  /** The document, for a text source. */
  text?: string;
  /** The source URL, for a URL source. */
  url?: string;
}

export interface SpecRec {
  id: string;
  org: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  /** The URL of the last URL source. */
  sourceURL?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: ProcessErrorCode;
  lastProcessedErrors?: { code?: string; message: string }[];
  /** How many errors there were, when more than lastProcessedErrors keeps. */
  lastProcessedErrorCount?: number;
  /** The document being processed: since when (sandbox-clock ms) and its source. */
  job?: Job;
  /** Oldest first. */
  versions: VersionRec[];
}

export interface Source {
  url?: string;
  text?: string;
}

/** Default processing time, in sandbox-clock ms: long enough that `--wait` really waits. */
export const PROCESSING_MS = 1500;
/** lastProcessedErrors keeps this many; lastProcessedErrorCount says how many there were. */
export const ERRORS_KEPT = 20;

/** A job's key: the spec and when the job started (a new publish is a new job). */
export function jobKey(spec: SpecRec, job = spec.job!): string {
  return `${spec.id}@${job.startedAt}`;
}

/** Exactly one of url and text. */
export function checkSource(source: Source): Source {
  const given = ['url', 'text'].filter((k) => source[k as keyof Source] !== undefined);
  if (given.length !== 1) throw badRequest('The field "source" must have exactly one of "url" and "text".');
  if (source.text !== undefined && source.text.length === 0) throw badRequest('The field "source.text" must not be empty.');
  return source;
}

export function demoDocument(title: string, version: string): string {
  return `openapi: 3.1.0
info:
  title: ${title}
  version: ${version}
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: A list of pets
`;
}
