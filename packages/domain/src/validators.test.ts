import { describe, expect, it } from 'vitest';
import { isDigitsOnly, isValidEmail } from './validators-rules.js';
import { loginRequestSchema } from './api/session.js';
import { hasRoles, roleMapOf, ROLE_KEYS } from './roles.js';
import { isStateCode, US_STATES } from './states.js';

describe('email rule (spec 5)', () => {
  it.each(['dana@summitlift.example.com', 'a.b+c@x.io'])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));
  it.each(['', 'plain', 'a@b', 'a @b.com', '@b.com', `${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(250)}.com`])('refuses %s', (email) =>
    expect(isValidEmail(email)).toBe(false),
  );
  it('accepts a 64-character local part', () => expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true));
});

describe('login request', () => {
  it('names each bad field with the form messages', () => {
    const result = loginRequestSchema.safeParse({ deviceId: 'd', email: '', password: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['email', 'The email address is required.'],
      ['password', 'The password is required.'],
    ]);
  });
});

describe('small rules', () => {
  it('digits only', () => {
    expect(isDigitsOnly('012')).toBe(true);
    expect(isDigitsOnly('1.5')).toBe(false);
    expect(isDigitsOnly('')).toBe(false);
  });
  it('roles', () => {
    const map = roleMapOf(['catalog', 'checkout', 'bogus']);
    expect(Object.keys(map)).toEqual([...ROLE_KEYS]);
    expect(hasRoles(map, 'catalog', 'checkout')).toBe(true);
    expect(hasRoles(map, 'catalog', 'manageUsers')).toBe(false);
  });
  it('the 50 states', () => {
    expect(US_STATES).toHaveLength(50);
    expect(isStateCode('CO')).toBe(true);
    expect(isStateCode('DC')).toBe(false);
  });
});
