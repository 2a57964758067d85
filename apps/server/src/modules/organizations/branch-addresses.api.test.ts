/**
 * Branch ship-to addresses (issue 34): the demo seed's (demo-data.md), the session's organization
 * branches, the integration API (`GET /api/integration/organizations/{id}/branches`, `PUT .../ship-to`)
 * and the command line (`orgs update --branch-address`), all on the same columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationBranch, Session } from '@portal/domain';
import { createApiKey } from '../integration/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runPortal } from '../../test-support/portal-cli.js';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await createApiKey(t.db, 'test ERP')).key;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object, apiKey: string | null = key) =>
  t.app.inject({ method, url, payload, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });

const portal = (argv: string[]) => runPortal(argv, async () => t.db);

async function sessionBranches(email: string): Promise<OrganizationBranch[]> {
  const response = await t.request({
    method: 'POST',
    url: '/api/users/session/login',
    payload: { deviceId: 'branch-address-test', email, password: 'Demo-Portal-2026!' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as Session).organization.branches;
}

describe('branch ship-to addresses', () => {
  it('the demo branches have the addresses of demo-data.md, in the session', async () => {
    expect(await sessionBranches('admin@summitlift.example.com')).toEqual([
      {
        branchNumber: 101,
        name: 'Denver',
        shipTo: { street1: '1600 Broadway', street2: '', city: 'Denver', state: 'CO', postalCode: '80202' },
      },
      {
        branchNumber: 102,
        name: 'Boise',
        shipTo: { street1: '250 S 5th St', street2: '', city: 'Boise', state: 'ID', postalCode: '83702' },
      },
      {
        branchNumber: 103,
        name: 'Phoenix',
        shipTo: { street1: '200 W Washington St', street2: '', city: 'Phoenix', state: 'AZ', postalCode: '85003' },
      },
    ]);
    // The buyer has branch 101 only, yet sees the organization's branches with their addresses.
    expect((await sessionBranches('buyer@summitlift.example.com')).map((b) => b.branchNumber)).toEqual([101, 102, 103]);
    expect((await sessionBranches('manager@coastalauto.example.com'))[0]?.shipTo).toEqual({
      street1: '2 E Bay St',
      street2: '',
      city: 'Savannah',
      state: 'GA',
      postalCode: '31401',
    });
  });

  it('the integration API lists, sets and clears a branch address', async () => {
    expect((await call('GET', '/api/integration/organizations/2/branches', undefined, null)).statusCode).toBe(401);
    const listed = await call('GET', '/api/integration/organizations/2/branches');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        branchNumber: 201,
        name: 'Fresno',
        shipTo: { street1: '2600 Fresno St', street2: '', city: 'Fresno', state: 'CA', postalCode: '93721' },
      },
    ]);

    const url = '/api/integration/organizations/2/branches/201/ship-to';
    const set = await call('PUT', url, {
      shipTo: { street1: ' 1 Tulare St ', street2: 'Dock 4', city: 'Fresno', state: 'ca', postalCode: '93721-1234' },
    });
    expect(set.statusCode).toBe(200);
    const expected = { street1: '1 Tulare St', street2: 'Dock 4', city: 'Fresno', state: 'CA', postalCode: '93721-1234' };
    expect(set.json()).toEqual({ branchNumber: 201, name: 'Fresno', shipTo: expected });
    expect((await sessionBranches('owner@valleygarage.example.com'))[0]?.shipTo).toEqual(expected);

    const bad = await call('PUT', url, { shipTo: { street1: '1 Tulare St', city: 'Fresno', state: 'XX', postalCode: '9372' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The state is not a US state.');
    expect(bad.body).toContain('The ZIP code is invalid.');
    expect((await call('PUT', '/api/integration/organizations/2/branches/999/ship-to', { shipTo: null })).statusCode).toBe(404);
    expect((await call('GET', '/api/integration/organizations/999/branches')).statusCode).toBe(404);

    const cleared = await call('PUT', url, { shipTo: null });
    expect(cleared.json()).toEqual({ branchNumber: 201, name: 'Fresno', shipTo: null });
    expect((await sessionBranches('owner@valleygarage.example.com'))[0]?.shipTo).toBeNull();
  });

  it('the command line sets and clears a branch address, and refuses what it cannot read', async () => {
    const set = await portal(['orgs', 'update', '3', '--branch-address=301:100 Abercorn St, Suite 2, Savannah, GA 31401']);
    expect(set).toMatchObject({ code: 0 });
    expect(set.out).toContain('branches: 301 Savannah (ship to 100 Abercorn St, Suite 2, Savannah, GA 31401)');
    expect((await sessionBranches('manager@coastalauto.example.com'))[0]?.shipTo).toEqual({
      street1: '100 Abercorn St',
      street2: 'Suite 2',
      city: 'Savannah',
      state: 'GA',
      postalCode: '31401',
    });
    const listed = await call('GET', '/api/integration/organizations/3/branches');
    expect((listed.json() as OrganizationBranch[])[0]?.shipTo?.street1).toBe('100 Abercorn St');

    expect(await portal(['orgs', 'update', '3', '--branch-address=301:Savannah GA'])).toMatchObject({ code: 2 });
    expect((await portal(['orgs', 'update', '3', '--branch-address=301:1 Bay St, Savannah, ZZ 31401'])).err).toContain(
      'The state is not a US state.',
    );
    const missing = await portal(['orgs', 'update', '3', '--branch-address=399:1 Bay St, Savannah, GA 31401']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('The organization has no branch 399');

    // A new branch and its address in one command.
    const created = await portal([
      'orgs',
      'update',
      '3',
      '--branch=302:Charleston',
      '--branch-address=302:200 Meeting St, Charleston, SC 29401',
    ]);
    expect(created.out).toContain('302 Charleston (ship to 200 Meeting St, Charleston, SC 29401)');

    expect((await portal(['orgs', 'update', '3', '--branch-address=301:none'])).code).toBe(0);
    expect((await sessionBranches('manager@coastalauto.example.com'))[0]?.shipTo).toBeNull();
  });
});
