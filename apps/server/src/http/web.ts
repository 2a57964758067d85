/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * non-API GET path answered with index.html so client-side routes survive a reload.
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
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
