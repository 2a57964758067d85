/**
 * Precompressed copies of the web build's text files (issue 21 "Compression"): after the build
 * (and after vite-plugin-pwa has written sw.js), every .js, .css, .html, .svg, .json and
 * .webmanifest file of at least 1 KB gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9)
 * copy beside it. The server hands those out as they are (apps/server/src/http/web.ts, @fastify/static
 * `preCompressed`), so the smallest encodings cost no CPU per request; the on-the-fly compression of
 * the API (http/compression.ts) runs at low levels because it is paid on every answer.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files smaller than this go uncompressed (the server's on-the-fly threshold is the same). */
export const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file.br` and `file.gz` beside every text file of `dir` worth compressing; returns how many files. */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT_FILE.test(file) || statSync(file).size < PRECOMPRESS_MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the file would only cost a disk read: the server then sends the file.
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    count += 1;
  }
  return count;
}

/** The Vite plugin: runs once every other plugin has written its files (order 'post'). */
export function precompress(): Plugin {
  let outDir = 'dist';
  let log: (message: string) => void = console.log;
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const count = precompressDirectory(outDir);
        log(`precompressed ${count} files (.br and .gz beside each)`);
      },
    },
  };
}
