/** Builds the spec's Session answer (section 3) for login and refresh. */
import type { Catalog, Session, SubscriptionValue } from '@portal/domain';
import { feesToDollars, mayTakeCash, roleMapOf } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { organizationFees } from '../organizations/index.js';
import {
  findOrganizationBranches,
  findOrganizationCatalogs,
  findOrganizationTakenBys,
  findOrganizationTerminals,
  findUserCatalogIds,
  findUserContact,
} from './repository.js';

const subscription = (value: string): SubscriptionValue => (value === 'owned' || value === 'company' ? value : '');

/** Catalogs a user sees: the organization's unless the user has its own list (spec 6). */
export async function userCatalogList(db: Database, principal: Pick<Principal, 'user'>): Promise<Catalog[]> {
  const orgCatalogs = await findOrganizationCatalogs(db, principal.user.organizationId);
  if (principal.user.useOrganizationCatalogs) return orgCatalogs;
  const ownIds = await findUserCatalogIds(db, principal.user.id);
  return orgCatalogs.filter((c) => ownIds.has(c.id));
}

export async function buildSessionView(db: Database, principal: Principal, token: string): Promise<Session> {
  const { user, organization } = principal;
  const [contact, orgCatalogs, catalogsOfUser, orgTerminals, orgTakenBys, orgBranches, fees] = await Promise.all([
    findUserContact(db, user.id),
    findOrganizationCatalogs(db, organization.id),
    userCatalogList(db, principal),
    findOrganizationTerminals(db, organization.id),
    findOrganizationTakenBys(db, organization.id),
    // The organization's branches, whatever this user is limited to, with their ship-to addresses.
    findOrganizationBranches(db, organization.id),
    // The fees are not the caller's (http/principal.ts): the organizations module answers them.
    organizationFees(db, organization.id),
  ]);
  return {
    id: token,
    deviceId: principal.deviceId,
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: contact.phone,
      roles: principal.roles,
      branches: principal.branches.map(({ branchNumber, name }) => ({ branchNumber, name })),
      subscriptions: {
        confirmation: subscription(contact.subConfirmation),
        shipping: subscription(contact.subShipping),
        invoice: subscription(contact.subInvoice),
      },
      allowCashSales: mayTakeCash(organization, user),
      restrictedPricing: user.restrictedPricing,
      limitOrderHistory: user.limitOrderHistory,
      useOrganizationCatalogs: user.useOrganizationCatalogs,
      catalogs: catalogsOfUser,
    },
    organization: {
      id: organization.id,
      name: organization.name,
      allowBadgeScan: organization.allowBadgeScan,
      allowCashSales: organization.allowCashSales,
      allowPriceOverride: organization.allowPriceOverride,
      allowOnAccount: organization.allowOnAccount,
      allowTerminals: organization.allowTerminals,
      allowTakenBy: organization.allowTakenBy,
      allowCardPayments: organization.allowCardPayments,
      isTaxable: organization.isTaxable,
      branches: orgBranches.map(({ branchNumber, name, ...shipTo }) => ({ branchNumber, name, shipTo: shipTo.street1 ? shipTo : null })),
      roles: roleMapOf(organization.roles),
      catalogs: orgCatalogs,
      fees: feesToDollars(fees),
      terminals: orgTerminals,
      takenBys: orgTakenBys.map((t) => ({ id: String(t.id), name: t.name })),
    },
  };
}
