import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleBudget } from './tools/bundle-budget.ts';

/** A code-splitting test: JavaScript of the given packages (their CSS stays with the app's stylesheet). */
const packages = (...names: string[]) => {
  const pattern = new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
  return (id: string) => pattern.test(id) && !/\.css($|\?)/.test(id);
};

/**
 * The app code the entry shares with the screens (api client, session store, shared domain code):
 * a chunk of its own, so a deploy that changes the route table (the entry) keeps the screens' chunks.
 */
const appCore = (id: string) =>
  /[\\/](apps[\\/]web[\\/]src[\\/]lib|packages[\\/]domain[\\/]src)[\\/].*\.tsx?$/.test(id) || id.includes('vite/preload-helper');

export default defineConfig({
  plugins: [
    react(),
    // performance.md "Web": the login page's first download ≤ 150 KB gzipped, anything loaded on
    // demand ≤ 250 KB; `vite build` prints the sizes and fails over budget (tools/bundle-budget.ts).
    bundleBudget({
      firstPage: { label: '/login, signed out (entry + login route)', module: 'src/features/auth/routes/login-page.tsx', maxKB: 150 },
      lazyChunkMaxKB: 250,
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Vendor chunks that change only when their libraries do, so a deploy of app code keeps
        // them cached. Mantine is one chunk only for what the entry needs (provider, theme, Box,
        // Button...); the components of each screen stay in that screen's chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: packages('react', 'react-dom', 'scheduler'), priority: 30 },
            { name: 'vendor-router', test: packages('react-router'), priority: 20 },
            { name: 'vendor-mantine', test: packages('@mantine'), tags: ['$initial'], priority: 10 },
            { name: 'vendor-query', test: packages('@tanstack'), priority: 10 },
            { name: 'app-core', test: appCore, tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
});
