import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { BADGE_MESSAGES } from '@portal/domain/rules';
import { leads } from './schema.js';
import { organizations } from '../organizations/index.js';
import { users } from '../users/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@summitlift.example.com');
});
afterAll(() => t.close());

const lookUp = (payload: unknown, token?: string) =>
  t.request({ method: 'POST', url: '/api/event/badge-lookup', payload: { payload }, ...(token ? { token } : {}) });

describe('POST /api/event/badge-lookup (server-rules.md "Badge scanning")', () => {
  it('looks a bare badge id up in the event registration table, mapping the country (spec 9)', async () => {
    const response = await lookUp('SEMA-1002', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      firstName: 'Alicia',
      lastName: 'Fuentes',
      company: 'Fuentes Tire & Brake',
      jobTitle: 'Service Manager',
      email: 'alicia.fuentes@fuentestire.example.com',
      phone: '2105550178',
      address1: '918 S Flores St',
      address2: 'Suite 4',
      city: 'San Antonio',
      state: 'TX',
      zip: '78204',
      country: 'US',
    });
    expect((await lookUp('SEMA-1005', admin)).json()).toMatchObject({ city: 'Monterrey', country: 'MX' });
    expect((await lookUp('{"badge_id":"SEMA-1003"}', admin)).json()).toMatchObject({ lastName: 'Tremblay', country: 'CA' });
  });

  it('answers a vCard, MECARD or JSON payload from its own fields', async () => {
    const vcard = await lookUp(
      'BEGIN:VCARD\nN:Doe;Jane\nEMAIL:jane@example.com\nADR:;;1 Main St;Reno;NV;89501;United States\nEND:VCARD',
      admin,
    );
    expect(vcard.statusCode).toBe(200);
    expect(vcard.json()).toMatchObject({ firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', city: 'Reno', country: 'US' });
    const mecard = await lookUp('MECARD:N:Roe,Rick;EMAIL:rick@example.com;;', admin);
    expect(mecard.json()).toMatchObject({ firstName: 'Rick', lastName: 'Roe', address1: '' });
    const json = await lookUp(JSON.stringify({ first_name: 'Ana', last_name: 'Ruiz', country: 'Canada' }), admin);
    expect(json.json()).toMatchObject({ firstName: 'Ana', country: 'CA' });
  });

  it('answers 404 for an unknown badge id and 400 for an unreadable or missing payload', async () => {
    const unknown = await lookUp('SEMA-9999', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messages[0].message).toBe(BADGE_MESSAGES.notFound);
    const unreadable = await lookUp('not a badge at all', admin);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().messages).toEqual([{ field: 'payload', message: BADGE_MESSAGES.unreadable }]);
    expect((await lookUp('', admin)).statusCode).toBe(400);
    expect((await lookUp(42, admin)).statusCode).toBe(400);
  });

  it('needs a session, the checkout role and an organization with allowBadgeScan', async () => {
    expect((await lookUp('SEMA-1001')).statusCode).toBe(401);
    const viewer = await t.login('viewer@summitlift.example.com');
    expect((await lookUp('SEMA-1001', viewer)).statusCode).toBe(403);
    const owner = await t.login('owner@valleygarage.example.com'); // checkout role, no badge scanning
    expect((await lookUp('SEMA-1001', owner)).statusCode).toBe(403);
    const buyer = await t.login('buyer@summitlift.example.com');
    expect((await lookUp('SEMA-1001', buyer)).statusCode).toBe(200);
  });
});

const scan = (body: unknown, token?: string) =>
  t.request({ method: 'POST', url: '/api/event/badgescan', payload: body as object, ...(token ? { token } : {}) });

/** The newest leads of an organization, as stored. */
const leadsOf = (organizationId: number) =>
  t.db.select().from(leads).where(eq(leads.organizationId, organizationId)).orderBy(desc(leads.id));

async function userNamed(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return user!;
}

describe('POST /api/event/badgescan (spec 7; server-rules.md "Badge scanning")', () => {
  it('saves a registered badge as a lead of the organization with the consent answer, and answers its details', async () => {
    const viewer = await t.login('viewer@summitlift.example.com');
    const response = await scan({ badge: 'SEMA-1005', allowMarketing: true }, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Monterrey', country: 'MX' });

    const user = await userNamed('viewer@summitlift.example.com');
    const [lead] = await leadsOf(user.organizationId);
    expect(lead).toMatchObject({ userId: user.id, allowMarketing: true });
    expect(lead!.badge).toMatchObject({ badgeId: 'SEMA-1005', ...response.json() });
  });

  it('keeps a No as a No, and a badge read from its own fields without a badge id', async () => {
    const response = await scan({ badge: 'MECARD:N:Roe,Rick;EMAIL:rick@example.com;;', allowMarketing: false }, admin);
    expect(response.statusCode).toBe(200);
    const user = await userNamed('admin@summitlift.example.com');
    const [lead] = await leadsOf(user.organizationId);
    expect(lead).toMatchObject({ userId: user.id, allowMarketing: false });
    expect(lead!.badge).toMatchObject({ firstName: 'Rick', lastName: 'Roe', email: 'rick@example.com' });
    expect(lead!.badge).not.toHaveProperty('badgeId');
  });

  it('keeps one lead per badge and organization: a repeated scan updates it with the newest answer', async () => {
    const buyer = await t.login('buyer@summitlift.example.com');
    const user = await userNamed('buyer@summitlift.example.com');
    const leadsFor = async (key: string) => (await leadsOf(user.organizationId)).filter((lead) => lead.leadKey === key);

    expect((await scan({ badge: 'SEMA-1007', allowMarketing: true }, admin)).statusCode).toBe(200);
    expect((await scan({ badge: '{"badge_id":"SEMA-1007"}', allowMarketing: false }, buyer)).statusCode).toBe(200);
    const [lead, ...others] = await leadsFor('SEMA-1007');
    expect(others).toHaveLength(0);
    expect(lead).toMatchObject({ allowMarketing: false, userId: user.id });

    // Without a badge id, the email (in any letter case) names the visitor.
    const vcard = (email: string) => `BEGIN:VCARD\nN:Lane;Lois\nEMAIL:${email}\nEND:VCARD`;
    await scan({ badge: vcard('Lois.Lane@example.com'), allowMarketing: false }, admin);
    await scan({ badge: vcard('lois.lane@example.com'), allowMarketing: true }, admin);
    expect(await leadsFor('lois.lane@example.com')).toEqual([expect.objectContaining({ allowMarketing: true })]);

    // Another organization's scan of the same badge is its own lead, and leaves this one as it is.
    const valley = await userNamed('owner@valleygarage.example.com');
    await t.db.update(organizations).set({ allowBadgeScan: true }).where(eq(organizations.id, valley.organizationId));
    try {
      const owner = await t.login('owner@valleygarage.example.com');
      expect((await scan({ badge: 'SEMA-1007', allowMarketing: true }, owner)).statusCode).toBe(200);
      expect(await leadsOf(valley.organizationId)).toEqual([expect.objectContaining({ leadKey: 'SEMA-1007', allowMarketing: true })]);
      expect(await leadsFor('SEMA-1007')).toEqual([expect.objectContaining({ allowMarketing: false })]);
    } finally {
      await t.db.delete(leads).where(eq(leads.organizationId, valley.organizationId));
      await t.db.update(organizations).set({ allowBadgeScan: false }).where(eq(organizations.id, valley.organizationId));
    }
  });

  it('refuses bad input on its field and saves nothing', async () => {
    const user = await userNamed('admin@summitlift.example.com');
    const before = (await leadsOf(user.organizationId)).length;

    const unreadable = await scan({ badge: 'not a badge at all', allowMarketing: true }, admin);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().messages).toEqual([{ field: 'badge', message: BADGE_MESSAGES.unreadable }]);
    const unknown = await scan({ badge: 'SEMA-9999', allowMarketing: true }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messages[0].message).toBe(BADGE_MESSAGES.notFound);
    for (const body of [
      { badge: 'SEMA-1001' },
      { badge: 'SEMA-1001', allowMarketing: 'yes' },
      { allowMarketing: true },
      { badge: '', allowMarketing: true },
    ]) {
      const refused = await scan(body, admin);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().messages.length).toBeGreaterThan(0);
    }
    expect(await leadsOf(user.organizationId)).toHaveLength(before);
  });

  it('needs a session and an organization with allowBadgeScan (spec 6), whatever the roles', async () => {
    expect((await scan({ badge: 'SEMA-1001', allowMarketing: true })).statusCode).toBe(401);
    const owner = await t.login('owner@valleygarage.example.com');
    const refused = await scan({ badge: 'SEMA-1001', allowMarketing: true }, owner);
    expect(refused.statusCode).toBe(403);
    const valley = await userNamed('owner@valleygarage.example.com');
    expect(await leadsOf(valley.organizationId)).toHaveLength(0);
  });
});
