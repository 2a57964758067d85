import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleBudget } from './tools/bundle-budget.ts';
import { earlyScript } from './tools/early-script.ts';
import { firstScreens } from './tools/first-screens.ts';
import { precompress } from './tools/precompress.ts';
import { redirectImport } from './tools/redirect-import.ts';
import { signedInPreloads } from './tools/signed-in-preloads.ts';

/** The portal's colour (public/favicon.svg): the manifest's theme and index.html's theme-color. */
const THEME_COLOR = '#1c4e80';

/** A code-splitting test: JavaScript of the given packages (their CSS stays with the app's stylesheet). */
const packages = (...names: string[]) => {
  const pattern = new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
  return (id: string) => pattern.test(id) && !/\.css($|\?)/.test(id);
};

/** The layouts every signed-in page waits for, and the pages opened directly most often (their route modules). */
const SIGNED_IN_LAYOUTS = ['src/app/query-layout.tsx', 'src/app/require-session.tsx', 'src/app/shell/signed-in-shell.tsx'];
const CATALOG_MODULES = ['src/features/catalog/routes/catalog-page.tsx'];
const CART_MODULES = ['src/features/cart/routes/shopping-cart-page.tsx', 'src/features/checkout/components/use-start-checkout.ts'];

/** The login page's route module: loaded on demand, as a signed-in page never draws it. */
const LOGIN_MODULES = ['src/features/auth/routes/login-page.tsx'];

/**
 * What the entry, the login page and the first signed-in screens (the layouts, the catalog, the
 * cart) run, worked out at build time (tools/first-screens.ts): the libraries and the app code of
 * each get chunks of their own below, so a page opened on a phone downloads only the code it draws
 * (issue 21, fourth pass). A Mantine part either set draws needs its styles imported (the build
 * fails otherwise).
 */
const pageModules = firstScreens({
  entry: 'src/main.tsx',
  pages: {
    login: { modules: LOGIN_MODULES, styles: 'src/app/first-screen-styles.ts' },
    signedIn: { modules: [...SIGNED_IN_LAYOUTS, ...CATALOG_MODULES, ...CART_MODULES], styles: 'src/app/signed-in-styles.ts' },
  },
});

/** The UI libraries the screens past the entry use. */
const uiLibraries = packages('@mantine', '@tabler', '@tanstack');

/** The web app's own modules (screens, layouts, components) and the domain's. */
const appCode = (id: string) => /[\\/](apps[\\/]web[\\/]src|packages[\\/]domain[\\/]src)[\\/].*\.tsx?$/.test(id);

/** In the entry, or needed by both the login page and the first signed-in screens (which every visit opens one of). */
const everyVisit = (id: string) => pageModules.inEntry(id) || (pageModules.in('login', id) && pageModules.in('signedIn', id));

/**
 * The app code the entry shares with the screens (api client, session store, shared domain code):
 * a chunk of its own, so a deploy that changes the route table (the entry) keeps the screens' chunks.
 */
const appCore = (id: string) =>
  /[\\/](apps[\\/]web[\\/]src[\\/]lib|packages[\\/]domain[\\/]src)[\\/].*\.tsx?$/.test(id) ||
  // The startup text the session guard draws too (the signed-in chunk would take it from the entry).
  /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]startup-loader\.tsx$/.test(id) ||
  id.includes('vite/preload-helper');

export default defineConfig({
  // '@/lib/...', '@/components/...': the web app's own folders without climbing '../../../' (tsconfig.json paths).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    // Mantine's ScrollArea (inside every Modal and Table) takes one small hook from @floating-ui/react,
    // a module the bundler keeps whole: ~14 KB compressed on the first signed-in screens for it
    // (issue 21). The same hook from src/lib/merge-refs.ts; popovers and menus keep floating-ui.
    redirectImport({
      importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
      source: '@floating-ui/react',
      to: fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url)),
    }),
    react(),
    // performance.md "Web": the login page's first download ≤ 150 KB gzipped, anything loaded on
    // demand ≤ 250 KB; `vite build` prints the sizes and fails over budget (tools/bundle-budget.ts).
    bundleBudget({
      firstPage: { label: '/login, signed out (entry + login route)', module: LOGIN_MODULES[0]!, maxKB: 150 },
      lazyChunkMaxKB: 250,
    }),
    // A page past the login page waits for these layouts' code and styles: the server names them in
    // a Link header of the page, so they download with the entry (tools/signed-in-preloads.ts).
    signedInPreloads({
      layouts: SIGNED_IN_LAYOUTS,
      publicPaths: ['/login', '/password/', '/dev/'],
      // The signed-in pages most often opened directly (a shared catalog link, the cart), with the
      // modules src/app/router.tsx loads for them: their screen's code comes with the layouts'.
      pages: [
        { pattern: '^/products/catalog/[^/]+/?$', modules: CATALOG_MODULES },
        { pattern: '^/shopping-cart/?$', modules: CART_MODULES },
      ],
      // Libraries these pages draw without (issue 21; the build fails if they come back): the schema
      // library (~25 KB compressed; the domain keeps what these pages use in modules without
      // schemas) and floating-ui (~14 KB; popovers and menus, see redirectImport above).
      withoutPackages: ['zod', '@floating-ui/react'],
    }),
    pageModules,
    // The offline shell (spec 9, docs/decisions/010-offline-shell.md): a Workbox service worker
    // (sw.js) that precaches the app shell and the static assets, and a web manifest so the portal
    // installs on a tablet. Registered by src/app/offline/ once the app is stable.
    VitePWA({
      // A new version waits for the user's 'Reload' (src/app/offline/offline-shell.tsx).
      registerType: 'prompt',
      // Registration is the app's own (src/app/offline/register-when-stable.ts): no script in index.html.
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Dealer Portal',
        short_name: 'Dealer Portal',
        description: 'Dealer ordering portal: catalog, cart, checkout and order tracking for dealers.',
        lang: 'en-US',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        // Drawn from public/favicon.svg by tools/make-icons.ts.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell (index.html) and every static file of the build; nothing under /api/.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Hashed file names are their own revision.
        dontCacheBustURLsMatching: /^assets\//,
        cleanupOutdatedCaches: true,
        // Navigations go to the network, so an online page always gets the server's current
        // index.html (and its Content-Security-Policy); only when the network fails (offline) does the
        // precached index.html open the app. The precache must not
        // answer `/` itself (Workbox's default directory index), nor serve an SPA fallback online.
        directoryIndex: '',
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
        // API calls (/api/**) match no route: the worker leaves them to the network, so an offline
        // call fails (and the screen says so) rather than answering stale data.
      },
    }),
    // A signed-in page's first API calls start from a tiny first script, before the app's code has
    // downloaded; the app's API client adopts their answers (src/early/, issue 21).
    // On /login it also preloads the login page's code, which the entry loads on demand.
    earlyScript({ name: 'early', module: 'src/early/start.ts', preloads: [{ path: '/login', module: LOGIN_MODULES[0]! }] }),
    // Brotli and gzip copies of the text files beside them, served as they are (tools/precompress.ts).
    precompress(),
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
        // them cached. Mantine is one chunk only for what every visit needs (provider, theme, Box,
        // Button, inputs...); the components of the screens stay in the screens' chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: packages('react', 'react-dom', 'scheduler'), priority: 30 },
            { name: 'vendor-router', test: packages('react-router'), priority: 20 },
            { name: 'vendor-mantine', test: (id) => packages('@mantine')(id) && everyVisit(id), priority: 10 },
            { name: 'app-core', test: (id) => appCore(id) && everyVisit(id), priority: 9 },
            // Past the entry, a few chunks rather than ~50 of 1-2 KB (on a phone network every
            // request costs a round trip over six connections: issue 21, Lighthouse's waterfall),
            // split by page (issue 21, fourth pass: the catalog and the cart downloaded every
            // screen's libraries and shared code before their first drawing): the login page's
            // code and form library; the libraries the first signed-in screens draw with, then
            // their app code; the libraries and the shared code of the other screens. A vendor
            // chunk changes only with its libraries, or when its pages start using another part.
            {
              name: 'login',
              test: (id) => (appCode(id) || packages('@mantine', 'react-hook-form')(id)) && pageModules.in('login', id),
              priority: 8,
            },
            { name: 'vendor-signed-in', test: (id) => uiLibraries(id) && pageModules.in('signedIn', id), priority: 7 },
            { name: 'app-signed-in', test: (id) => appCode(id) && pageModules.in('signedIn', id), priority: 6 },
            { name: 'vendor-screens', test: uiLibraries, priority: 5 },
            { name: 'app-shared', test: appCore, priority: 4 },
          ],
        },
      },
    },
  },
});
