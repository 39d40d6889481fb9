import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { prerender } from './scripts/prerender.ts';
import { routeChunks } from './scripts/route-chunks.ts';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(repoRoot, 'src/web');
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

// The same proxy serves `vite` and `vite preview`, so both can talk to a locally running API.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/socket.io': { target: apiTarget, ws: true },
};

export default defineConfig({
  root: webRoot,
  plugins: [
    // The router plugin must run before react() so it can split route files first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolve(webRoot, 'routes'),
      generatedRouteTree: resolve(webRoot, 'route-tree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    // route-chunks.json: the scripts each route's screen needs beyond the entry, which the server preloads per page.
    routeChunks(),
    // prerendered.json: / and /market's first screen as HTML, which the server puts in a guest's page.
    prerender(),
    // .br and .gz beside every built asset, which the server sends to clients that accept them.
    precompress(),
  ],
  build: {
    outDir: resolve(repoRoot, 'dist/client'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and its scheduler in one script the entry imports: one download and one gzip stream. React DOM
            // is CommonJS, so its code runs only when first required, which src/web/main.tsx does in a task of its own.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Every other module the entry imports, in one script rather than twenty-odd small ones shared with the routes:
            // each script is a request, and on a prerendered page an element the inline starter appends.
            { name: 'start', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
