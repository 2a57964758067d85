import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeWithBackpressure } from './export.js';

describe('writeWithBackpressure (the CSV export)', () => {
  it('waits for the reader to drain and leaves no listeners behind, however often it waits', async () => {
    const stream = new PassThrough({ highWaterMark: 4 });
    const closeListeners = stream.listenerCount('close');
    const errorListeners = stream.listenerCount('error');
    for (let i = 0; i < 50; i++) {
      const written = writeWithBackpressure(stream, 'a line of the export\n');
      stream.read(); // the client reads what is buffered, so the stream drains
      expect(await written).toBe(true);
    }
    expect(stream.listenerCount('close')).toBe(closeListeners);
    expect(stream.listenerCount('error')).toBe(errorListeners);
    expect(stream.listenerCount('drain')).toBe(0);
  });

  it('answers false once the client has gone', async () => {
    const stream = new PassThrough({ highWaterMark: 4 });
    const written = writeWithBackpressure(stream, 'more than four bytes\n');
    stream.destroy();
    expect(await written).toBe(false);
    expect(await writeWithBackpressure(stream, 'x')).toBe(false);
  });
});
