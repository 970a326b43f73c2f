import { defineConfig } from 'vite';

/**
 * The workbench build. Served by the API at /app/ (services/api/routes/workbench.routes.ts);
 * `npm run web:dev` runs this dev server with hot reload and proxies /api and /metadata to a
 * running API (WORKBENCH_API, default http://127.0.0.1:8080).
 * JSX is compiled by Vite's own transformer (oxc) with React's automatic runtime.
 */
const api = process.env.WORKBENCH_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // no inline module-preload polyfill script: the CSP allows only scripts from 'self'
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
    reportCompressedSize: true,
    rolldownOptions: {
      // Mantine marks its modules "use client" (a React Server Components hint): harmless in an SPA
      onwarn(w, warn) {
        if (w.code !== 'MODULE_LEVEL_DIRECTIVE') warn(w);
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/metadata/csw': api,
      '/app/config.json': api,
    },
  },
});
