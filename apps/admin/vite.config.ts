import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/** The operator console: its own app and bundle at /admin/, never part of the shop's. */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { port: 5174, proxy: { '/api': api } },
});
