// npm run cluster: two server instances on one PostgreSQL database (DATABASE_URL), sharing Redis
// when REDIS_URL is set, behind a small reverse proxy on PORT (default 8080) that hands requests to
// them in turn, for trying the shop as a load-balanced deployment on one machine. The instances
// listen on PORT+1 and PORT+2; Ctrl-C stops all three.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { requireServerNode, SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error('npm run cluster needs DATABASE_URL=postgres://… (the instances share one PostgreSQL database)');
  process.exit(1);
}
if (!process.env.REDIS_URL) {
  console.warn('REDIS_URL is not set: each instance keeps its own rate limits and caches (see README, "Several instances")');
}
const port = Number(process.env.PORT ?? 8080);
const ports = [port + 1, port + 2];

const node = requireServerNode();
const built = spawnSync(node, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = path.join(root, 'apps/server/dist/server.js');
const start = (p) =>
  spawn(node, [...SERVER_NODE_ARGS, server], {
    cwd: root,
    stdio: 'inherit',
    // The proxy is the one hop in front of the instances: they take the client address from it.
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1' },
  });
// The first instance migrates (and seeds, with SEED=demo) before the second starts.
const children = [start(ports[0])];
const ready = async (p) => {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise((resolve) => {
      http
        .get({ host: '127.0.0.1', port: p, path: '/healthz' }, (r) => resolve(r.resume() && r.statusCode === 200))
        .on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on port ${p} did not start`);
};
await ready(ports[0]);
children.push(start(ports[1]));
await ready(ports[1]);

let next = 0;
const proxy = http.createServer((req, res) => {
  const target = ports[next++ % ports.length];
  const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const upstream = http.request(
    { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
    (r) => {
      res.writeHead(r.statusCode ?? 502, { ...r.headers, 'x-instance': String(target) });
      r.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code: -1, message: 'the instance is not answering', data: null }));
  });
  req.pipe(upstream);
});
proxy.listen(port, () => console.log(`SIM shop cluster at http://localhost:${port}/shop/ (instances on ${ports.join(' and ')})`));

const stop = () => {
  proxy.close();
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
