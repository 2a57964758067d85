import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { HASHING_BUSY_MESSAGE } from '../auth/index.js';
import { passwordCallGate } from './call-gate.js';

describe('passwordCallGate', () => {
  it('runs half the hashing concurrency (at least one), queues four times it, and refuses the rest with 429 before they start', async () => {
    const gated = passwordCallGate({ concurrency: 2, queue: 4 });
    const releases: (() => void)[] = [];
    let started = 0;
    const slowCall = () =>
      new Promise<string>((resolve) => {
        started++;
        releases.push(() => resolve('done'));
      });
    const calls = Array.from({ length: 12 }, () =>
      gated(slowCall).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(1);
    // Nine places in all (one running, eight waiting): the tenth to twelfth are refused at once.
    while (releases.length) releases.shift()!();
    for (let i = 0; i < 10 && started < 9; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      while (releases.length) releases.shift()!();
    }
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a === 'done')).toHaveLength(9);
    const refused = answers.filter((a) => a instanceof HttpError) as HttpError[];
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error.statusCode).toBe(429);
      expect(error.messages).toEqual([{ field: '', message: HASHING_BUSY_MESSAGE }]);
    }
    expect(started).toBe(9);
  });
});
