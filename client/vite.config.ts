import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const clientDir = fileURLToPath(new URL('.', import.meta.url));

// The server serves client/dist under /app, so every asset URL must carry that prefix.
export default defineConfig({
  root: clientDir,
  base: '/app/',
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
});
