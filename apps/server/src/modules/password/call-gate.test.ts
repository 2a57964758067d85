import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { HASHING_BUSY_MESSAGE } from '../auth/index.js';
import { passwordCallGate } from './call-gate.js';

describe('passwordCallGate', () => {
  it('runs twice the hashing concurrency, queues four times it, and refuses the rest with 429 before they start', async () => {
    const gated = passwordCallGate({ concurrency: 1, queue: 2 });
    const releases: (() => void)[] = [];
    let started = 0;
    const slowCall = () =>
      new Promise<string>((resolve) => {
        started++;
        releases.push(() => resolve('done'));
      });
    const calls = Array.from({ length: 8 }, () =>
      gated(slowCall).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(2);
    // Six places in all (two running, four waiting): the seventh and eighth are refused at once.
    while (releases.length) releases.shift()!();
    for (let i = 0; i < 10 && started < 6; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      while (releases.length) releases.shift()!();
    }
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a === 'done')).toHaveLength(6);
    const refused = answers.filter((a) => a instanceof HttpError) as HttpError[];
    expect(refused).toHaveLength(2);
    for (const error of refused) {
      expect(error.statusCode).toBe(429);
      expect(error.messages).toEqual([{ field: '', message: HASHING_BUSY_MESSAGE }]);
    }
    expect(started).toBe(6);
  });
});
