import { build } from 'esbuild';

// Bundles the server (and the shared contract) into one ESM file; npm packages stay external.
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  alias: { '@simshop/contract': '../../packages/contract/src' },
});
