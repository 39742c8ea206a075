// What the org tests share: a folder of their own (removed after the file's
// tests), files written in it from a parsed document, and pulls into a
// folder of their own (the OpenAPI documents go beside the file).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { stringify } from 'yaml';
import { tempDir, type TestApi } from '../helpers.js';

export function orgFiles(prefix: string) {
  const dir = tempDir(prefix);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  return {
    dir,
    /** The document as YAML in a file of its own. */
    write(doc: unknown): string {
      const file = join(dir, `org-${n++}.yaml`);
      writeFileSync(file, stringify(doc));
      return file;
    },
    /** `org pull --file` into a folder of its own, with these flags (and global flags before `org`); the file's path. */
    async pullTo(api: TestApi, flags: string[] = [], globals: string[] = []): Promise<string> {
      const folder = join(dir, `pull-${n++}`);
      mkdirSync(folder);
      const file = join(folder, 'docplat.yaml');
      const r = await api.cli([...globals, 'org', 'pull', ...flags, '--file', file]);
      expect(r.code, r.stderr).toBe(0);
      return file;
    },
  };
}
