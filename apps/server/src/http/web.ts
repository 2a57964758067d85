/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * non-API GET path answered with index.html so client-side routes survive a reload.
 *
 * The offline shell's files (spec 9, docs/decisions/010-offline-shell.md) sit at the root, beside
 * index.html, and are `no-cache` with it: the service worker `sw.js` and the Workbox runtime it
 * imports (a browser that kept an old sw.js would keep running the old version of the app), the web
 * manifest (`manifest.webmanifest`, served as `application/manifest+json`) and its icons.
 *
 * Issue 21: the build writes brotli (`.br`) and gzip (`.gz`) copies beside its text files
 * (apps/web/tools/precompress.ts); a client that accepts one gets that copy as it is, with
 * `Content-Encoding` and `Vary: Accept-Encoding` (and the original's type and caching). A file with no
 * copy (under 1 KB, or a build without them) goes as it is, or through the on-the-fly compression of
 * http/compression.ts, which leaves an answer that already has a `Content-Encoding` alone.
 *
 * Also issue 21: index.html answered for a signed-in page carries a `Link` header naming the
 * scripts and styles every signed-in screen waits for (the build's `preloads.json`, written by
 * apps/web/tools/signed-in-preloads.ts), so the browser fetches them with the entry instead of
 * after it has run. Public pages (the login page first) get no such header.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

type Preloads = { publicPaths: string[]; scripts: string[]; styles: string[]; pages?: { pattern: string; scripts: string[] }[] };

// The app fetches its scripts and stylesheets in CORS mode (Vite adds `crossorigin`): so must the preload, or it is a second request.
const modulePreloads = (scripts: string[]) => scripts.map((url) => `<${url}>; rel=modulepreload; crossorigin`);

/**
 * The `Link` header of index.html for a path (the build's preloads.json): none for a public page;
 * for a signed-in page the layouts' stylesheet and scripts, and a listed page's own scripts after
 * them. Null without preloads.json.
 */
export function readPreloads(webDistDir: string): ((pathname: string) => string | undefined) | null {
  const file = path.join(webDistDir, 'preloads.json');
  if (!existsSync(file)) return null;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Preloads;
  const layouts = [...preloads.styles.map((url) => `<${url}>; rel=preload; as=style; crossorigin`), ...modulePreloads(preloads.scripts)];
  const pages = (preloads.pages ?? []).map((page) => ({ pattern: new RegExp(page.pattern), scripts: modulePreloads(page.scripts) }));
  return (pathname) => {
    if (preloads.publicPaths.some((prefix) => pathname.startsWith(prefix))) return undefined;
    const page = pages.find(({ pattern }) => pattern.test(pathname));
    const link = [...layouts, ...(page?.scripts ?? [])].join(', ');
    return link || undefined;
  };
}

export async function registerWeb(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) return false;
  const linkOf = readPreloads(webDistDir);
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      // filePath is the copy sent (`x.js.br` for a brotli answer): the same folder as the original.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (linkOf && path.basename(filePath).startsWith('index.html')) {
        const link = linkOf(reply.request.url.split('?')[0]!);
        if (link) reply.header('link', link);
      }
    },
  });
  return true;
}
