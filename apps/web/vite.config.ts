import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .gz and .br beside each built text asset, so the server sends them precompressed. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const full = path.resolve(outDir, file);
        const content = readFileSync(full);
        if (content.length < 1024 && !file.endsWith('.html')) continue;
        writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${full}.br`, brotliCompressSync(content));
      }
    },
  };
}

/**
 * The app runs on Preact's React compatibility layer (decision 0031): React's API, types and
 * libraries unchanged, about 50 KiB less JavaScript before the first paint. The unit tests, which
 * do not go through this config, keep React itself.
 */
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  base: '/shop/',
  plugins: [react(), precompress()],
  resolve: { alias: preact },
  build: { target: 'es2020', chunkSizeWarningLimit: 400 },
  server: {
    proxy: { '/api': api, '/provinces': api, '/sandbox': api },
  },
});
