// --limit bounds (src/commands/listing.ts): 0 says "at least 1", with no huge
// number.
import { describe, it } from 'vitest';
import { useTestApi, refusedBy } from '../helpers.js';

const api = useTestApi();

const expectRefused = refusedBy(api);

describe('messages that said the wrong thing', () => {
  it('--limit 0 says "at least 1", with no huge number', () => expectRefused(['spaces', 'list', '--limit', '0'], /^error: --limit must be a whole number of at least 1, got "0"$/));
});
