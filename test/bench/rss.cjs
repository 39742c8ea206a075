// Preloaded with `node --require`: writes the process's peak RSS (bytes) to
// the file named by BENCH_RSS_FILE when it exits. CommonJS, not an ES module
// preloaded with --import: that starts Node's ES module loader in every
// process it measures, ~5 ms that a CommonJS program (bin/docplat.js) never
// pays otherwise, and an ES module script (the baselines) pays anyway.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024));
});
