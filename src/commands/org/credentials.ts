// Credentials in the URLs of an organization (an OpenAPI source URL with
// `user:pass@` or `?token=`, an SSO URL): `org pull` writes them as `***`,
// with a warning, and the planner reads a `***` as the organization's own
// URL when the rest is the same; a URL holding `***` is never sent.
import { hidesCredentials, redactQuery } from '../../client/url.js';

/** A URL as a file may hold it (and a plan may show it): its credentials as `***`. */
export const withoutCredentials = (url: string): string => redactQuery(url);

/**
 * A URL of the file as it is to be sent: itself; or, when it holds `***` (as
 * pull writes it), the organization's URL it stands for, the same but for its
 * credentials; undefined when it stands for none (it cannot be sent).
 */
export function fileUrl(want: string, have: string | null | undefined): string | undefined {
  if (!hidesCredentials(want)) return want;
  return typeof have === 'string' && redactQuery(have) === want ? have : undefined;
}

/** Why a file URL with `***` that is not the organization's (what fileUrl() cannot send) is refused. */
export const MASKED_URL = "holds *** in place of a credential (as org pull writes it), but is not the organization's URL: write the whole URL, credentials included";
