/**
 * Compressed answers (issue 15): JSON, the streamed catalog CSV and the web app's text files go
 * brotli- or gzip-encoded to clients that accept it, from 1 KB up (smaller answers fit a packet or
 * two either way). Request bodies are not decompressed (no client sends compressed bodies, and it
 * would be a way around bodyLimit).
 *
 * Cheap settings, measured on a 392 KB Open Orders answer on these 2-core machines:
 *   brotli quality 1: 60.6 KB in 0.8 ms   (quality 4: 53.4 KB in 2.1 ms; 11, zlib's default: far slower)
 *   gzip level 1:     66.5 KB in 1.4 ms   (level 4: 59.8 KB in 2.1 ms; 6, the default: 55.4 KB in 3.1 ms)
 * Every millisecond spent here is spent on the one thread all requests wait for, while the last
 * few KB a higher level saves take a millisecond or less to transfer, so the low levels win.
 * Buffered answers (JSON) are compressed in one synchronous call whatever their size: the stream
 * path (zlib on the thread pool) cost ~4 ms more per 400 KB answer here than the compression itself.
 * Streams (the CSV export) are piped through the encoder, so they stay streamed.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };

/** Registers the compression hook; call before the routes, whose onSend it joins as they are added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // The client's preference decides; between equals, brotli (smaller and cheaper at these levels).
    encodings: ['br', 'gzip'],
    brotliOptions: { params: brotliParams },
    zlibOptions: { level: 1 },
    syncThreshold: 64 * 1024 * 1024,
    globalDecompression: false,
  });
}

/**
 * Route option `compress` for a streamed answer (the CSV export): the encoders flush at every chunk
 * the route writes, so the first rows reach the client at once. Without it brotli holds back its
 * output until megabytes have gone in (measured: first byte after 4.5 s instead of milliseconds).
 * The route writes in batches of hundreds of rows, so a flush per write costs little ratio.
 */
export const streamedCompression = {
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: brotliParams, flush: constants.BROTLI_OPERATION_FLUSH },
  zlibOptions: { level: 1, flush: constants.Z_SYNC_FLUSH },
};
