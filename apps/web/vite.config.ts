import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
 * offline.html: the app shell that first moves to the network-check page (spec §8); the service
 * worker answers a navigation with it when the network does not answer. A script file, not inline
 * (the server's CSP allows only the app's own scripts), run before the app's module script.
 */
function offlineShell(): Plugin {
  let outDir = '';
  return {
    name: 'offline-shell',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const shell = readFileSync(path.resolve(outDir, 'index.html'), 'utf8');
      writeFileSync(
        path.resolve(outDir, 'offline.html'),
        shell.replace('<head>', '<head>\n    <script src="/shop/static/offline.js"></script>'),
      );
    },
  };
}

/**
 * The files the entry loads by static imports (and their CSS): in the page before any page's code is
 * asked for. A page loader's list of files to preload leaves them out (see build.modulePreload),
 * which keeps the entry's table of those lists small and spares the browser re-checking them.
 */
const entryFiles = new Set<string>();
function entryGraph(): Plugin {
  return {
    name: 'entry-graph',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        entryFiles.clear();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (entryFiles.has(file) || chunk?.type !== 'chunk') return;
          entryFiles.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) entryFiles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };
}

const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  base: '/shop/',
  plugins: [
    react(),
    entryGraph(),
    precompress(),
    offlineShell(),
    // The installable app (decision 0029): a manifest, and a service worker that keeps the app's own
    // files for offline start. API replies are never cached: requests outside the precache (but
    // navigations, below) go to the network as if there were no service worker.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/shop/',
        name: '号码优选 SIM shop',
        short_name: '号码优选',
        description: '靓号选购、极速办卡与物联网卡自助服务 · Numbers, SIM cards and IoT self-service',
        lang: 'zh-CN',
        start_url: '/shop/',
        scope: '/shop/',
        display: 'standalone',
        background_color: '#f8f8f8',
        theme_color: '#f8f8f8',
        icons: [
          { src: 'static/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'static/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'static/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['offline.html', 'assets/**/*.{js,css}', 'static/offline.js', 'static/logo.svg', 'static/icon-192.png'],
        // Navigations go to the network (a release is seen at once); without one, the kept app
        // opens on the network-check page.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/shop/offline.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 1_000_000,
      },
    }),
  ],
  build: {
    target: 'es2020',
    chunkSizeWarningLimit: 400,
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !entryFiles.has(dep)) },
  },
  server: {
    proxy: { '/api': api, '/provinces': api, '/sandbox': api },
  },
});
