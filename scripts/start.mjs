// npm start: build what is not built yet, then serve everything on one port.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { requireServerNode, SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Node 24: npm start runs this on node_modules/.bin/node; `node scripts/start.mjs` on an older Node
// still serves on the repository's Node 24 (and stops here, before building, when there is none).
const node = requireServerNode();

/** Newest modification time of the files under the given folders. */
function newest(dirs) {
  let max = 0;
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const f of readdirSync(p)) if (f !== 'node_modules' && f !== 'dist') walk(path.join(p, f));
    } else max = Math.max(max, st.mtimeMs);
  };
  for (const d of dirs) if (existsSync(d)) walk(d);
  return max;
}

function stale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

function run(args) {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const contract = path.join(root, 'packages/contract/src');
const web = path.join(root, 'apps/web');
const admin = path.join(root, 'apps/admin');
const server = path.join(root, 'apps/server');
if (stale(path.join(web, 'dist/index.html'), [path.join(web, 'src'), path.join(web, 'public'), path.join(web, 'index.html'), contract])) {
  run(['run', 'build', '-w', 'apps/web']);
}
if (stale(path.join(admin, 'dist/index.html'), [path.join(admin, 'src'), path.join(admin, 'index.html'), contract])) {
  run(['run', 'build', '-w', 'apps/admin']);
}
if (stale(path.join(server, 'dist/server.js'), [path.join(server, 'src'), contract])) {
  run(['run', 'build', '-w', 'apps/server']);
}

// `--build-only`: build what is stale and stop (npm run cluster starts the servers itself).
if (process.argv.includes('--build-only')) process.exit(0);

const child = spawnSync(node, [...SERVER_NODE_ARGS, path.join(server, 'dist/server.js')], { cwd: root, stdio: 'inherit' });
process.exit(child.status ?? 0);
