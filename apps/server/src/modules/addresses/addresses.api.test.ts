import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse, SavedAddress, SavedAddressList } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let admin: string;
let owner: string;
let buyer: string;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, owner, buyer, viewer] = await Promise.all([
    t.login('admin@summitlift.example.com'),
    t.login('owner@valleygarage.example.com'),
    t.login('buyer@summitlift.example.com'),
    t.login('viewer@summitlift.example.com'),
  ]);
});
afterAll(() => t.close());

const denver = {
  name: 'Summit Lift Denver',
  street1: '1600 Market St',
  street2: null,
  city: 'Denver',
  state: 'CO',
  postalCode: '80202',
  country: 'US',
  phone: '(303) 555-0142',
  email: 'receiving@summitlift.example.com',
};

const list = (token: string) => t.request({ method: 'GET', url: '/api/organization/addresses', token });
const create = (token: string, payload: object) => t.request({ method: 'POST', url: '/api/organization/addresses', token, payload });
const update = (token: string, id: number | string, payload: object) =>
  t.request({ method: 'PUT', url: `/api/organization/addresses/${id}`, token, payload });
const remove = (token: string, id: number | string) => t.request({ method: 'DELETE', url: `/api/organization/addresses/${id}`, token });
const messagesOf = (response: { json(): unknown }) => (response.json() as { messages: { field: string; message: string }[] }).messages;
const auditOf = async (kind: string) =>
  ((await t.request({ method: 'GET', url: '/api/organization/audit', token: admin, query: { kind } })).json() as AuditListResponse).entries;

describe('address book', () => {
  it('adds, lists, edits and deletes an address, each change audited', async () => {
    const created = await create(admin, denver);
    expect(created.statusCode).toBe(200);
    const address: SavedAddress = created.json();
    expect(address).toMatchObject({ ...denver, street2: '', street3: '', id: expect.any(Number) });

    const listed: SavedAddressList = (await list(admin)).json();
    expect(listed.addresses).toContainEqual(address);

    const changed = await update(admin, address.id, { ...denver, street1: '1700 Market St', state: 'co' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: address.id, street1: '1700 Market St', state: 'CO' });

    const [createEntry] = await auditOf('address.create');
    expect(createEntry).toMatchObject({
      subject: 'Summit Lift Denver',
      subjectId: address.id,
      before: null,
      after: { street1: '1600 Market St' },
    });
    const [updateEntry] = await auditOf('address.update');
    expect(updateEntry).toMatchObject({
      subjectId: address.id,
      before: { street1: '1600 Market St' },
      after: { street1: '1700 Market St' },
    });
    expect(Object.keys(updateEntry!.after as object)).toEqual(['street1']);

    const deleted = await remove(admin, address.id);
    expect(deleted.statusCode).toBe(200);
    expect(((await list(admin)).json() as SavedAddressList).addresses.some((a) => a.id === address.id)).toBe(false);
    const [deleteEntry] = await auditOf('address.delete');
    expect(deleteEntry).toMatchObject({ subjectId: address.id, before: { street1: '1700 Market St' }, after: null });
    expect((await remove(admin, address.id)).statusCode).toBe(404);
  });

  it('lets a checkout user read the book and save an address, but not edit or delete', async () => {
    const saved = await create(buyer, { ...denver, name: 'Buyer saved' });
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json() as SavedAddress;
    expect(((await list(buyer)).json() as SavedAddressList).addresses.map((a) => a.id)).toContain(id);
    expect((await update(buyer, id, denver)).statusCode).toBe(403);
    expect((await remove(buyer, id)).statusCode).toBe(403);
  });

  it('answers 403 to a user with neither manageUsers nor checkout', async () => {
    expect((await list(viewer)).statusCode).toBe(403);
    expect((await create(viewer, denver)).statusCode).toBe(403);
  });

  it("keeps each organization's addresses to itself: another organization's id is 404", async () => {
    const { id } = (await create(admin, { ...denver, name: 'Private to Summit' })).json() as SavedAddress;
    const theirs: SavedAddressList = (await list(owner)).json();
    expect(theirs.addresses.some((a) => a.id === id || a.name === 'Private to Summit')).toBe(false);
    expect((await update(owner, id, denver)).statusCode).toBe(404);
    expect((await remove(owner, id)).statusCode).toBe(404);
    expect(((await list(admin)).json() as SavedAddressList).addresses.some((a) => a.id === id)).toBe(true);
    expect((await update(admin, 2147483000, denver)).statusCode).toBe(404);
  });

  it("answers 400 with the checkout form's message for each bad field", async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'This field is incomplete.'],
      [{ street1: '  ' }, 'street1', 'This field is incomplete.'],
      [{ city: '' }, 'city', 'This field is incomplete.'],
      [{ state: 'ZZ' }, 'state', 'Choose a state.'],
      [{ postalCode: 'abc' }, 'postalCode', 'The ZIP code is invalid.'],
      [{ country: 'CA' }, 'country', 'Orders ship within the United States.'],
      [{ email: '' }, 'email', 'The email address is required.'],
      [{ email: 'nope' }, 'email', 'The email address is invalid.'],
      [{ phone: '555' }, 'phone', 'This field is incomplete.'],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(admin, { ...denver, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(messagesOf(response)).toEqual([{ field, message }]);
      const edit = await update(admin, 1, { ...denver, ...change });
      expect(edit.statusCode, field).toBe(400);
    }
  });

  it('answers 400 for wrong types, over-long text and bad ids', async () => {
    expect((await create(admin, { ...denver, name: 7 })).statusCode).toBe(400);
    const long = await create(admin, { ...denver, street1: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(messagesOf(long)[0]!.field).toBe('street1');
    const missing = await create(admin, { name: 'No street' });
    expect(missing.statusCode).toBe(400);
    expect((await update(admin, 'abc', denver)).statusCode).toBe(400);
    expect((await remove(admin, '99999999999')).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/organization/addresses' })).statusCode).toBe(401);
  });
});
