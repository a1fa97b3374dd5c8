import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };

const root = new URL('.', import.meta.url).pathname;

/**
 * Writes `<file>.br` and `<file>.gz` beside every script, style sheet and page of the build: the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue; // too small to gain anything
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
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
