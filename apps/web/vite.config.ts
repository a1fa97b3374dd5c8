import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };

const root = new URL('.', import.meta.url).pathname;

export default defineConfig({
  root,
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // No inline module-preload polyfill script; the server applies a strict script-src 'self' CSP.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
