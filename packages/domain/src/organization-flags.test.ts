import { describe, expect, it } from 'vitest';
import { sessionOrganizationSchema } from './api/session.js';
import { isOrganizationFlag, ORGANIZATION_FLAGS } from './organization-flags.js';

describe('organization flags (spec 6)', () => {
  it('are exactly the yes/no switches the session carries for the organization', () => {
    const booleans = Object.entries(sessionOrganizationSchema.shape)
      .filter(([, field]) => field.safeParse(true).success && field.safeParse(false).success)
      .map(([key]) => key);
    expect([...ORGANIZATION_FLAGS].sort()).toEqual(booleans.sort());
  });

  it('tells a flag from any other word', () => {
    expect(isOrganizationFlag('allowTerminals')).toBe(true);
    expect(isOrganizationFlag('allowterminals')).toBe(false);
    expect(isOrganizationFlag('name')).toBe(false);
  });
});
