// The content family's seeds: the demo change requests, and the pages and
// large file of a benchmark.
import { DEMO_CHANGE_REQUEST_SPACE } from './change-requests.js';
import { benchRevision } from './records.js';
import type { Content } from './index.js';

/**
 * Change requests with edits in the demo space "Getting Started" of Acme
 * (when both exist), by two of its editors: the caller reviews them.
 */
export function seedDemoContent(f: Content): void {
  const acme = f.lower.orgs.byTitle('Acme Docs');
  const space = acme && f.spaces.orgSpaces(acme.id).find((s) => s.title === DEMO_CHANGE_REQUEST_SPACE);
  const authors = ['margaret@acme.example', 'edsger@acme.example'].map((email) => acme && f.lower.orgs.findMember(acme.id, email)?.user.id);
  if (space) f.changeRequestRecords.seedDemo(space, authors);
}

/**
 * For benchmarks: the first space of the first organization gets `pages`
 * pages (when > 0) and a file of `largeMB` MB named large.bin (when > 0),
 * whose bytes are generated as they stream.
 */
export function seedBench(f: Content, pages: number, largeMB: number): void {
  const org = f.lower.orgs.firstOrg;
  const space = org ? f.spaces.orgSpaces(org)[0] : undefined;
  if (!space) return;
  const time = space.updatedAt;
  const rev = pages > 0 ? benchRevision(space.revision, pages, time) : f.scope(space.id).rev;
  if (largeMB > 0) {
    rev.files.push({ id: 'large0file0000000000', name: 'large.bin', contentType: 'application/octet-stream', kind: 'bin', size: Math.round(largeMB * 1024 * 1024), seed: 42, updatedAt: time });
  }
  f.generated.delete(space.id);
  f.stored.set(space.id, rev);
}
