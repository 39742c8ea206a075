// Messages of the runner's checks (src/commands/runner.ts): an enum flag with a
// null word lists it among the allowed values.
import { describe, it } from 'vitest';
import { useTestApi, refusedBy } from '../helpers.js';

const api = useTestApi();

const expectRefused = refusedBy(api);

describe('messages that said the wrong thing', () => {
  it('an enum flag with a null word lists it among the allowed values', () =>
    expectRefused(['spaces', 'update', 'S', '--default-level', 'bogus'], /--default-level must be one of admin, create, review, edit, comment, read, inherit, none \(got "bogus"\)$/));

});
