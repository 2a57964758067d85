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
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerWeb(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      // filePath is the copy sent (`x.js.br` for a brotli answer): the same folder as the original.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
