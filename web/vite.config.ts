import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname);
// room.html (H7's room view) joins the build once it exists
const pages = ['index', 'dealer', 'floor', 'commentator', 'overlay', 'public', 'room', 'tournament'].filter((p) =>
  existsSync(resolve(root, `${p}.html`)),
);

export default defineConfig({
  root,
  base: './',
  build: {
    outDir: resolve(root, '../dist/web'),
    emptyOutDir: true,
    rollupOptions: { input: Object.fromEntries(pages.map((p) => [p, resolve(root, `${p}.html`)])) },
  },
});
