#!/usr/bin/env node
// The feltwire command: runs the compiled CLI (npm ci / npm run build produce dist/).
// First of all, the Node version (bin/nodeCheck.cjs): an older Node is refused at once with a clear message. Until
// then this file uses nothing newer than Node 14 knows (static imports of node: modules, top-level await).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import nodeCheck from './nodeCheck.cjs';

const problem = nodeCheck.nodeProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('feltwire: not built yet; run `npm run build` (npm ci does it for you)\n');
  process.exit(2);
}
// A reader that goes away (`feltwire replay ... | head`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}
const { run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2));
