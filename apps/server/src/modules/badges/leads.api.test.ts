/**
 * Issue 34 "Badge leads": the organization's leads as the /sema table (`GET /api/event/leads`)
 * and as CSV (`GET /api/event/leads/export`), on the real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LEADS_CSV_COLUMNS, LEADS_EXPORT_FILE_NAME } from '@portal/domain/rules';
import { leadListSchema } from '@portal/domain';
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

const scan = (badge: string, allowMarketing: boolean, token: string) =>
  t.request({ method: 'POST', url: '/api/event/badgescan', payload: { badge, allowMarketing }, token });
const list = (token?: string) => t.request({ method: 'GET', url: '/api/event/leads', ...(token ? { token } : {}) });
const exportCsv = (token?: string) => t.request({ method: 'GET', url: '/api/event/leads/export', ...(token ? { token } : {}) });

async function organizationOf(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return user!.organizationId;
}

/** RFC 4180 rows of the export (no quoted line breaks in these tests). */
const rowsOf = (csv: string) => csv.split('\r\n').filter((line) => line !== '');

describe('GET /api/event/leads and /api/event/leads/export (issue 34)', () => {
  it("lists the organization's leads, the latest scanned first, with the consent answer and who scanned", async () => {
    expect((await scan('SEMA-1002', true, admin)).statusCode).toBe(200);
    const viewer = await t.login('viewer@summitlift.example.com');
    expect((await scan('SEMA-1005', false, viewer)).statusCode).toBe(200);

    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const body = leadListSchema.parse(response.json());
    const [latest, first] = body.leads;
    expect(body.leads).toHaveLength(2);
    expect(latest).toMatchObject({ city: 'Monterrey', country: 'MX', allowMarketing: false });
    expect(first).toMatchObject({
      firstName: 'Alicia',
      lastName: 'Fuentes',
      company: 'Fuentes Tire & Brake',
      allowMarketing: true,
      scannedBy: 'Dana Whitfield',
    });
    expect(Date.parse(first!.scannedAt)).not.toBeNaN();
  });

  it('exports the same leads as CSV: the spec table columns, then consent, time and user, one row per lead', async () => {
    const response = await exportCsv(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${LEADS_EXPORT_FILE_NAME}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = rowsOf(response.body);
    expect(rows[0]).toBe(LEADS_CSV_COLUMNS.join(','));
    expect(rows[0]).toBe(
      'Company,Job Title,First Name,Last Name,Email,Phone,Address 1,Address 2,City,State,Postal Code,Country,Marketing Emails,Scanned At,Scanned By',
    );
    expect(rows).toHaveLength(3);
    const alicia = rows.find((row) => row.includes('Alicia'));
    expect(alicia).toMatch(
      /^Fuentes Tire & Brake,Service Manager,Alicia,Fuentes,alicia\.fuentes@fuentestire\.example\.com,2105550178,918 S Flores St,Suite 4,San Antonio,TX,78204,US,Yes,[^,]+,Dana Whitfield$/,
    );
  });

  it('quotes commas and defuses cells a spreadsheet would run as a formula', async () => {
    const badge = JSON.stringify({
      first_name: '=HYPERLINK("http://x")',
      last_name: 'Smith, Jr.',
      company: '+Acme',
      email: 'formula@example.com',
    });
    expect((await scan(badge, true, admin)).statusCode).toBe(200);
    const row = rowsOf((await exportCsv(admin)).body).find((line) => line.includes('formula@example.com'))!;
    expect(row.startsWith("'+Acme,")).toBe(true);
    expect(row).toContain(`"'=HYPERLINK(""http://x"")","Smith, Jr."`);
  });

  it("holds only the caller organization's leads", async () => {
    const valleyId = await organizationOf('owner@valleygarage.example.com');
    await t.db.update(organizations).set({ allowBadgeScan: true }).where(eq(organizations.id, valleyId));
    try {
      const owner = await t.login('owner@valleygarage.example.com');
      expect((await list(owner)).json()).toEqual({ leads: [] });
      expect(rowsOf((await exportCsv(owner)).body)).toEqual([LEADS_CSV_COLUMNS.join(',')]);
      expect((await scan('SEMA-1007', true, owner)).statusCode).toBe(200);
      expect(leadListSchema.parse((await list(owner)).json()).leads.map((lead) => lead.scannedBy)).toHaveLength(1);
      expect(rowsOf((await exportCsv(owner)).body)).toHaveLength(2);
      // Summit's lists are unchanged by Valley's scan.
      expect(leadListSchema.parse((await list(admin)).json()).leads).toHaveLength(3);
    } finally {
      await t.db.delete(leads).where(eq(leads.organizationId, valleyId));
      await t.db.update(organizations).set({ allowBadgeScan: false }).where(eq(organizations.id, valleyId));
    }
  });

  it('needs a session and an organization with allowBadgeScan, whatever the roles (as the scan itself)', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await exportCsv()).statusCode).toBe(401);
    const owner = await t.login('owner@valleygarage.example.com');
    expect((await list(owner)).statusCode).toBe(403);
    expect((await exportCsv(owner)).statusCode).toBe(403);
    const viewer = await t.login('viewer@summitlift.example.com'); // no checkout role
    expect((await list(viewer)).statusCode).toBe(200);
    expect((await exportCsv(viewer)).statusCode).toBe(200);
  });
});
