import { describe, expect, it } from 'vitest';
import type { Session } from '@portal/domain';
import { initialFormValues } from './checkout-form';

/** The parts of a session the form's starting values read. */
const session = {
  user: { email: 'buyer@summitlift.example.com', phone: '3035550100' },
  organization: {
    name: 'Summit Lift Supply',
    branches: [
      {
        branchNumber: 101,
        name: 'Denver',
        shipTo: { street1: '1600 Broadway', street2: '', city: 'Denver', state: 'CO', postalCode: '80202' },
      },
      { branchNumber: 102, name: 'Boise', shipTo: null },
    ],
  },
} as unknown as Session;

describe("the checkout form's starting values (issue 34: the branch's ship-to address)", () => {
  it("start from the cart branch's address, whatever the destination state", () => {
    const values = initialFormValues(session, 'AZ', null, 101);
    expect(values.address).toEqual({
      name: 'Summit Lift Supply - Denver',
      street1: '1600 Broadway',
      street2: '',
      city: 'Denver',
      state: 'CO',
      postalCode: '80202',
      country: 'US',
    });
    expect(values.email).toBe('buyer@summitlift.example.com');
    expect(values.phone).toBe('3035550100');
  });

  it('a branch without an address starts empty, in the destination state', () => {
    expect(initialFormValues(session, 'ID', null, 102).address).toMatchObject({ name: '', street1: '', state: 'ID' });
  });

  it('what the dealer typed (the draft) wins over the branch address', () => {
    const draft = {
      takenBy: '',
      shipToAddress: {
        name: 'Front Range Lifts',
        street1: '1200 Blake St',
        street2: '',
        street3: '',
        city: 'Denver',
        state: 'CO',
        postalCode: '',
        country: 'US',
        phone: '',
        email: 'a@b.example.com',
      },
      subscribedMarketing: false,
      shippingInstructions: '',
      purchaseOrderNumber: '',
      reference: '',
      taxCertificateNumber: '',
      notes: '',
    };
    expect(initialFormValues(session, null, draft, 101).address).toMatchObject({
      name: 'Front Range Lifts',
      street1: '1200 Blake St',
      postalCode: '',
    });
    // A draft of other fields only (its address empty) still starts from the branch, keeping those fields.
    const notesOnly = { ...draft, notes: 'Deliver after 9', shipToAddress: { ...draft.shipToAddress, name: '', street1: '', city: '' } };
    const values = initialFormValues(session, null, notesOnly, 101);
    expect(values.address.street1).toBe('1600 Broadway');
    expect(values.notes).toBe('Deliver after 9');
    expect(values.email).toBe('a@b.example.com');
  });
});
