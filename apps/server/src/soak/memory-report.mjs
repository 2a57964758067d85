// Preloaded into the soak's server process (NODE_OPTIONS=--import): prints its memory every
// 2 seconds on a line of its own, for `npm run soak` to report RSS and heap. Nothing else loads it.
setInterval(() => {
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  process.stdout.write(`SOAK_MEMORY ${JSON.stringify({ rss, heapUsed, heapTotal })}\n`);
}, 2000).unref();
