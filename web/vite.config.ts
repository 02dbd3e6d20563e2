import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname);
const pages = ['index', 'dealer', 'floor', 'commentator', 'overlay', 'public'];

export default defineConfig({
  root,
  base: './',
  build: {
    outDir: resolve(root, '../dist/web'),
    emptyOutDir: true,
    rollupOptions: { input: Object.fromEntries(pages.map((p) => [p, resolve(root, `${p}.html`)])) },
  },
});
