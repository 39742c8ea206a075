// `npm pack` and `npm publish` (prepack / postpack): the package.json packed
// has no `prepare` script. `prepare` builds dist/ for `npm ci` in a clone and
// for installs from git, which need it; a package installed from its tarball
// or the registry already holds dist/, and npm warns about any install script
// of a tarball (even one that never runs there). Same idea as pinst.
//   node bin/pack.mjs strip     before packing (keeps package.json as it was)
//   node bin/pack.mjs restore   after packing
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = join(root, 'package.json');
const kept = join(root, '.package.json.unpacked');

if (process.argv[2] === 'strip') {
  const text = readFileSync(file, 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts.prepare;
  // The package.json as it was stays aside until `restore` (an interrupted pack: run `node bin/pack.mjs restore`).
  if (!existsSync(kept)) writeFileSync(kept, text);
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (process.argv[2] === 'restore') {
  if (existsSync(kept)) renameSync(kept, file);
} else {
  console.error('usage: node bin/pack.mjs strip|restore');
  process.exit(2);
}
