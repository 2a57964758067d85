/**
 * Issue 32: a catalog's typo vocabulary is loaded once per search version and process; once a
 * catalog has one, a newer version is loaded in the background while searches keep the one they
 * have (loading reads every document: 2 s on the M set).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { catalogVocabulary } from './vocabulary.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('catalogVocabulary', () => {
  it('shares one load per version, and answers the kept vocabulary while a newer one loads', async () => {
    const first = catalogVocabulary(t.db, 'lifts', 1);
    expect(catalogVocabulary(t.db, 'lifts', 1)).toBe(first);
    const kept = await first;

    // A newer version: the kept vocabulary answers at once, the new one replaces it when loaded.
    expect(await catalogVocabulary(t.db, 'lifts', 2)).toBe(kept);
    await vi.waitFor(async () => expect(await catalogVocabulary(t.db, 'lifts', 2)).not.toBe(kept));
    const reloaded = await catalogVocabulary(t.db, 'lifts', 2);
    // An older version never brings an older vocabulary back.
    expect(await catalogVocabulary(t.db, 'lifts', 1)).toBe(reloaded);
  });
});
