import { describe, expect, it } from 'vitest';
import { changeLines } from './change-lines';

describe('audit change lines', () => {
  it('shows a change field by field, before → after', () => {
    expect(
      changeLines({ before: { isActive: true, roles: ['catalog'] }, after: { isActive: false, roles: ['catalog', 'checkout'] } }),
    ).toEqual(['isActive: Yes → No', 'roles: catalog → catalog, checkout']);
  });

  it('lists the new values of a creation and the old values of a deletion', () => {
    expect(changeLines({ before: null, after: { name: 'Denver', street2: '' } })).toEqual(['name: Denver', 'street2: (empty)']);
    expect(changeLines({ before: { name: 'Denver', branches: [] }, after: null })).toEqual(['name: Denver', 'branches: (none)']);
  });

  it('writes nested values on one line', () => {
    expect(changeLines({ before: { subscriptions: { confirmation: '' } }, after: { subscriptions: { confirmation: 'owned' } } })).toEqual([
      'subscriptions: confirmation (empty) → confirmation owned',
    ]);
  });
});
