/**
 * Organizations, branches, catalogs, price lists, terminals, sales reps and users.
 * The demo part is fixed by docs/demo-data.md (names, emails, flags, fees); size M adds
 * organizations with more branches and generated users, using the same shapes.
 */
import { organizationFeesCents, ROLE_KEYS } from '@portal/domain/rules';
import { parseBranchShipTo } from '@portal/domain';
import type { branches, organizationCatalogs, organizations, takenBys, terminals } from '../modules/organizations/index.js';
import type { users } from '../modules/users/index.js';
import { CITIES, phoneIn, streetAddress, type City } from './places.js';
import { FIRST_NAMES, LAST_NAMES } from './people.js';
import { rngFor } from './prng.js';
import type { SizeProfile } from './sizes.js';

type OrganizationRow = typeof organizations.$inferInsert;
type BranchRow = typeof branches.$inferInsert;
type UserRow = typeof users.$inferInsert;

export type CatalogId = 'lifts' | 'show';

export const PRICE_LISTS = [
  { id: 1, name: 'Lifts & Equipment dealer net' },
  { id: 2, name: 'SEMA Show Specials' },
  { id: 3, name: 'Valley Garage Equipment contract pricing' },
];
export const LIFTS_PRICE_LIST = 1;
export const SHOW_PRICE_LIST = 2;
/** Organization 2's own prices, overriding the catalog's for some SKUs (customer-specific pricing). */
export const VALLEY_PRICE_LIST = 3;

export const CATALOGS = [
  { id: 'lifts', label: 'Lifts & Equipment', priceListId: LIFTS_PRICE_LIST, shipsOnlyFrom: null },
  { id: 'show', label: 'SEMA Show Specials', priceListId: SHOW_PRICE_LIST, shipsOnlyFrom: 'SHW2' },
] as const;

export const DEMO_PASSWORD = 'Demo-Portal-2026!';

const ALL_ROLES = [...ROLE_KEYS];

type OrganizationSeed = {
  row: OrganizationRow & { id: number };
  domain: string;
  catalogs: CatalogId[];
  /** shipTo: the branch's ship-to address, one line as demo-data.md writes it (issue 34). */
  branches: { branchNumber: number; name: string; city: string; state: string; shipTo?: string }[];
};

const DEMO_ORGANIZATIONS: OrganizationSeed[] = [
  {
    row: {
      id: 1,
      name: 'Summit Lift Supply',
      allowBadgeScan: true,
      allowCashSales: true,
      allowPriceOverride: true,
      allowOnAccount: true,
      allowTerminals: true,
      allowTakenBy: true,
      allowCardPayments: true,
      isTaxable: true,
      roles: ALL_ROLES,
      feeForkliftCents: 17500,
      feeLiftgateCents: 9500,
      feeResidentialCents: 8500,
      feeNoticeCents: 2500,
      priceListId: null,
    },
    domain: 'summitlift.example.com',
    catalogs: ['lifts', 'show'],
    branches: [
      { branchNumber: 101, name: 'Denver', city: 'Denver', state: 'CO', shipTo: '1600 Broadway, Denver, CO 80202' },
      { branchNumber: 102, name: 'Boise', city: 'Boise', state: 'ID', shipTo: '250 S 5th St, Boise, ID 83702' },
      { branchNumber: 103, name: 'Phoenix', city: 'Phoenix', state: 'AZ', shipTo: '200 W Washington St, Phoenix, AZ 85003' },
    ],
  },
  {
    row: {
      id: 2,
      name: 'Valley Garage Equipment',
      allowBadgeScan: false,
      allowCashSales: false,
      allowPriceOverride: false,
      allowOnAccount: false,
      allowTerminals: false,
      allowTakenBy: false,
      allowCardPayments: true,
      isTaxable: false,
      roles: ALL_ROLES,
      feeForkliftCents: 15000,
      feeLiftgateCents: 8000,
      feeResidentialCents: 6500,
      feeNoticeCents: 2000,
      priceListId: VALLEY_PRICE_LIST,
    },
    domain: 'valleygarage.example.com',
    catalogs: ['lifts'],
    branches: [{ branchNumber: 201, name: 'Fresno', city: 'Fresno', state: 'CA', shipTo: '2600 Fresno St, Fresno, CA 93721' }],
  },
  {
    row: {
      id: 3,
      name: 'Coastal Auto Service',
      allowBadgeScan: false,
      allowCashSales: false,
      allowPriceOverride: false,
      allowOnAccount: false,
      allowTerminals: false,
      allowTakenBy: false,
      allowCardPayments: false,
      isTaxable: true,
      roles: ALL_ROLES,
      feeForkliftCents: 0,
      feeLiftgateCents: 0,
      feeResidentialCents: 0,
      feeNoticeCents: 0,
      priceListId: null,
    },
    domain: 'coastalauto.example.com',
    catalogs: ['lifts'],
    branches: [{ branchNumber: 301, name: 'Savannah', city: 'Savannah', state: 'GA', shipTo: '2 E Bay St, Savannah, GA 31401' }],
  },
];

/** Organizations of the large set; their branches bring the total to 20. */
const EXTRA_ORGANIZATIONS: { name: string; domain: string; show: boolean; branches: [number, string, string][] }[] = [
  {
    name: 'Great Lakes Lift & Tire',
    domain: 'greatlakeslift.example.com',
    show: true,
    branches: [
      [401, 'Chicago', 'IL'],
      [402, 'Milwaukee', 'WI'],
      [403, 'Indianapolis', 'IN'],
      [404, 'Detroit', 'MI'],
    ],
  },
  {
    name: 'Lone Star Shop Equipment',
    domain: 'lonestarshop.example.com',
    show: false,
    branches: [
      [501, 'Dallas', 'TX'],
      [502, 'Houston', 'TX'],
      [503, 'San Antonio', 'TX'],
      [504, 'Oklahoma City', 'OK'],
    ],
  },
  {
    name: 'Keystone Garage Supply',
    domain: 'keystonegarage.example.com',
    show: true,
    branches: [
      [601, 'Pittsburgh', 'PA'],
      [602, 'Harrisburg', 'PA'],
      [603, 'Albany', 'NY'],
    ],
  },
  {
    name: 'Cascade Service Equipment',
    domain: 'cascadeservice.example.com',
    show: false,
    branches: [
      [701, 'Portland', 'OR'],
      [702, 'Tacoma', 'WA'],
    ],
  },
  {
    name: 'Peach State Lift Co.',
    domain: 'peachstatelift.example.com',
    show: true,
    branches: [
      [801, 'Atlanta', 'GA'],
      [802, 'Charlotte', 'NC'],
    ],
  },
];

/** The ship-to columns of a branch from demo-data.md's one-line address (none: empty columns). */
function branchShipToColumns(
  line: string | undefined,
): Pick<BranchRow, 'shipToStreet1' | 'shipToStreet2' | 'shipToCity' | 'shipToState' | 'shipToPostalCode'> {
  // Empty columns, never missing ones: the bulk insert writes every row with the first row's columns.
  if (!line) return { shipToStreet1: '', shipToStreet2: '', shipToCity: '', shipToState: '', shipToPostalCode: '' };
  const parsed = parseBranchShipTo(line);
  if (!parsed.ok) throw new Error(`Seed branch address "${line}": ${parsed.message}`);
  const a = parsed.address;
  return { shipToStreet1: a.street1, shipToStreet2: a.street2, shipToCity: a.city, shipToState: a.state, shipToPostalCode: a.postalCode };
}

export type BranchSeed = BranchRow & {
  id: number;
  organizationId: number;
  branchNumber: number;
  city: City;
  /** States its customers are mostly in: the branch's own and its neighbours'. */
  homeStates: string[];
  catalogs: CatalogId[];
  organizationName: string;
  domain: string;
  isTaxable: boolean;
  onAccountAllowed: boolean;
  takenByAllowed: boolean;
  fees: { forklift: number; liftgate: number; residential: number; notice: number };
};

export type UserSeed = UserRow & { id: number; organizationId: number; email: string; branchIds: number[]; roles: string[] };

export type OrganizationSet = {
  organizations: OrganizationRow[];
  organizationCatalogs: (typeof organizationCatalogs.$inferInsert)[];
  branches: BranchSeed[];
  terminals: (typeof terminals.$inferInsert)[];
  takenBys: (typeof takenBys.$inferInsert)[];
  users: UserSeed[];
  /** Per branch id: who enters its orders, with relative weights. */
  orderEnterers: Map<number, { userId: number; weight: number }[]>;
  /** Per branch id: who enters its scripted orders (buyer@ in branch 101) and the organization's admin. */
  scriptedEnterer: Map<number, { regular: number; admin: number }>;
};

const NEIGHBOURS: Record<string, string[]> = {
  CO: ['CO', 'CO', 'CO', 'WY', 'NM', 'UT', 'KS', 'NE'],
  ID: ['ID', 'ID', 'ID', 'WA', 'OR', 'MT', 'UT', 'NV'],
  AZ: ['AZ', 'AZ', 'AZ', 'NM', 'NV', 'UT', 'CA'],
  CA: ['CA', 'CA', 'CA', 'CA', 'NV', 'OR', 'AZ'],
  GA: ['GA', 'GA', 'GA', 'SC', 'FL', 'AL', 'TN', 'NC'],
  IL: ['IL', 'IL', 'WI', 'IN', 'IA', 'MO'],
  WI: ['WI', 'WI', 'IL', 'MN', 'MI'],
  IN: ['IN', 'IN', 'IL', 'OH', 'KY', 'MI'],
  MI: ['MI', 'MI', 'OH', 'IN', 'WI'],
  TX: ['TX', 'TX', 'TX', 'OK', 'LA', 'NM', 'AR'],
  OK: ['OK', 'OK', 'TX', 'KS', 'AR', 'MO'],
  PA: ['PA', 'PA', 'NY', 'NJ', 'OH', 'MD', 'WV'],
  NY: ['NY', 'NY', 'PA', 'NJ', 'CT', 'MA', 'VT'],
  OR: ['OR', 'OR', 'WA', 'CA', 'ID'],
  WA: ['WA', 'WA', 'OR', 'ID'],
  NC: ['NC', 'NC', 'SC', 'VA', 'TN', 'GA'],
};

function cityOf(name: string, state: string): City {
  const city = CITIES.find((c) => c.city === name && c.state === state);
  if (!city) throw new Error(`no city ${name}, ${state} in places.ts`);
  return city;
}

type DemoUser = Omit<UserSeed, 'organizationId' | 'branchIds'> & { organizationId: number; branchNumbers: number[]; enterWeight: number };

/** The seven users of docs/demo-data.md. `passwordHash` is filled in by the caller (hashed once). */
function demoUsers(passwordHash: string): DemoUser[] {
  const base = {
    passwordHash,
    isActive: true,
    isVerified: true,
    restrictedPricing: false,
    limitOrderHistory: false,
    allowCashSales: false,
    useOrganizationBranches: false,
    useOrganizationRoles: false,
    useOrganizationCatalogs: true,
    subConfirmation: '',
    subShipping: '',
    subInvoice: '',
  };
  return [
    {
      ...base,
      id: 1,
      organizationId: 1,
      email: 'admin@summitlift.example.com',
      firstName: 'Dana',
      lastName: 'Whitfield',
      phone: '3035550142',
      roles: ALL_ROLES,
      useOrganizationRoles: true,
      useOrganizationBranches: true,
      allowCashSales: true,
      subConfirmation: 'company',
      subShipping: 'company',
      subInvoice: 'company',
      branchNumbers: [101, 102, 103],
      enterWeight: 45,
    },
    {
      ...base,
      id: 2,
      organizationId: 1,
      email: 'buyer@summitlift.example.com',
      firstName: 'Marcus',
      lastName: 'Bell',
      phone: '7205550187',
      roles: ['catalog', 'checkout', 'orderHistory'],
      limitOrderHistory: true,
      subConfirmation: 'owned',
      subShipping: 'owned',
      branchNumbers: [101],
      enterWeight: 55,
    },
    {
      ...base,
      id: 3,
      organizationId: 1,
      email: 'viewer@summitlift.example.com',
      firstName: 'Priya',
      lastName: 'Shah',
      phone: '3035550163',
      roles: ['catalog', 'orderHistory'],
      restrictedPricing: true,
      branchNumbers: [101, 102],
      enterWeight: 0,
    },
    {
      ...base,
      id: 4,
      organizationId: 2,
      email: 'owner@valleygarage.example.com',
      firstName: 'Luis',
      lastName: 'Ortega',
      phone: '5595550118',
      roles: ALL_ROLES,
      branchNumbers: [201],
      enterWeight: 1,
    },
    {
      ...base,
      id: 5,
      organizationId: 3,
      email: 'manager@coastalauto.example.com',
      firstName: 'Grace',
      lastName: 'Holloway',
      phone: '9125550176',
      roles: ALL_ROLES,
      branchNumbers: [301],
      enterWeight: 1,
    },
    {
      ...base,
      id: 6,
      organizationId: 1,
      email: 'inactive@summitlift.example.com',
      firstName: 'Tom',
      lastName: 'Becker',
      phone: '3035550109',
      roles: ['catalog'],
      isActive: false,
      branchNumbers: [101],
      enterWeight: 0,
    },
    {
      ...base,
      id: 7,
      organizationId: 1,
      email: 'new.hire@summitlift.example.com',
      passwordHash: null,
      firstName: 'Riley',
      lastName: 'Chen',
      phone: '7205550124',
      roles: ['catalog', 'checkout'],
      isVerified: false,
      branchNumbers: [101],
      enterWeight: 0,
    },
  ];
}

export function buildOrganizations(profile: SizeProfile, passwordHash: string, now: Date): OrganizationSet {
  const seeds: OrganizationSeed[] = [...DEMO_ORGANIZATIONS];
  let branchesSoFar = seeds.reduce((n, o) => n + o.branches.length, 0);
  for (const [i, extra] of EXTRA_ORGANIZATIONS.entries()) {
    if (branchesSoFar >= profile.branches) break;
    const take = extra.branches.slice(0, profile.branches - branchesSoFar);
    branchesSoFar += take.length;
    const rng = rngFor('organization', 4 + i);
    seeds.push({
      row: {
        id: 4 + i,
        name: extra.name,
        allowBadgeScan: rng.chance(0.5),
        allowCashSales: rng.chance(0.5),
        allowPriceOverride: rng.chance(0.3),
        allowOnAccount: true,
        allowTerminals: rng.chance(0.4),
        allowTakenBy: rng.chance(0.5),
        allowCardPayments: true,
        isTaxable: rng.chance(0.7),
        roles: ALL_ROLES,
        feeForkliftCents: rng.pick([12500, 15000, 17500, 20000]),
        feeLiftgateCents: rng.pick([7500, 8500, 9500]),
        feeResidentialCents: rng.pick([5000, 6500, 8500]),
        feeNoticeCents: rng.pick([1500, 2000, 2500]),
        priceListId: null,
      },
      domain: extra.domain,
      catalogs: extra.show ? ['lifts', 'show'] : ['lifts'],
      branches: take.map(([branchNumber, city, state]) => ({ branchNumber, name: city, city, state })),
    });
  }

  const branches: BranchSeed[] = [];
  const organizationCatalogs: OrganizationSet['organizationCatalogs'] = [];
  for (const org of seeds) {
    org.catalogs.forEach((catalogId, position) => organizationCatalogs.push({ organizationId: org.row.id, catalogId, position }));
    for (const b of org.branches) {
      const city = cityOf(b.city, b.state);
      branches.push({
        id: branches.length + 1,
        organizationId: org.row.id,
        branchNumber: b.branchNumber,
        name: b.name,
        ...branchShipToColumns(b.shipTo),
        city,
        homeStates: NEIGHBOURS[b.state] ?? [b.state],
        catalogs: org.catalogs,
        organizationName: org.row.name,
        domain: org.domain,
        isTaxable: org.row.isTaxable ?? false,
        onAccountAllowed: org.row.allowOnAccount ?? false,
        takenByAllowed: org.row.allowTakenBy ?? false,
        fees: organizationFeesCents(org.row),
      });
    }
  }
  const branchId = (branchNumber: number) => {
    const branch = branches.find((b) => b.branchNumber === branchNumber);
    if (!branch) throw new Error(`no branch ${branchNumber}`);
    return branch.id;
  };

  const orderEnterers = new Map<number, { userId: number; weight: number }[]>(branches.map((b) => [b.id, []]));
  const scriptedEnterer = new Map<number, { regular: number; admin: number }>();
  const users: UserSeed[] = [];
  const addUser = (user: UserSeed, enterWeight: number) => {
    users.push(user);
    const canEnter = user.isActive !== false && user.isVerified !== false && (user.useOrganizationRoles || user.roles.includes('checkout'));
    if (canEnter && enterWeight > 0) for (const id of user.branchIds) orderEnterers.get(id)!.push({ userId: user.id, weight: enterWeight });
  };

  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  for (const { branchNumbers, enterWeight, ...user } of demoUsers(passwordHash)) {
    const lastLoginAt = user.isVerified === false || user.isActive === false ? null : hoursAgo(user.id * 7 + 2);
    addUser({ ...user, branchIds: branchNumbers.map(branchId), lastLoginAt, createdAt: hoursAgo(800 * 24) }, enterWeight);
  }
  scriptedEnterer.set(branchId(101), { regular: 2, admin: 1 });
  scriptedEnterer.set(branchId(102), { regular: 1, admin: 1 });
  scriptedEnterer.set(branchId(103), { regular: 1, admin: 1 });
  scriptedEnterer.set(branchId(201), { regular: 4, admin: 4 });
  scriptedEnterer.set(branchId(301), { regular: 5, admin: 5 });

  // Generated users (size M): each extra organization first gets an owner with every role and
  // branch, then users are dealt round-robin over all organizations with random roles and branches.
  const rng = rngFor('users');
  const orgBranches = new Map<number, BranchSeed[]>();
  for (const b of branches) orgBranches.set(b.organizationId, [...(orgBranches.get(b.organizationId) ?? []), b]);
  const newUser = (organizationId: number, owner: boolean): UserSeed => {
    const id = users.length + 1;
    const org = seeds.find((o) => o.row.id === organizationId)!;
    const own = orgBranches.get(organizationId)!;
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const mine = owner ? own : rng.sample(own, rng.int(1, Math.min(2, own.length)));
    const roles = owner
      ? ALL_ROLES
      : ALL_ROLES.filter((r) =>
          rng.chance(
            { catalog: 1, checkout: 0.7, orderHistory: 0.85, catalogExport: 0.3, accounting: 0.15, manageUsers: 0.08, storedPayments: 0.1 }[
              r
            ],
          ),
        );
    const active = owner || rng.chance(0.96);
    const verified = owner || rng.chance(0.97);
    return {
      id,
      organizationId,
      email: `${firstName}.${lastName}.${id}@${org.domain}`.toLowerCase(),
      passwordHash: verified ? passwordHash : null,
      firstName,
      lastName,
      phone: phoneIn(rng, mine[0]!.city.area),
      isActive: active,
      isVerified: verified,
      restrictedPricing: !owner && rng.chance(0.05),
      limitOrderHistory: !owner && rng.chance(0.15),
      allowCashSales: rng.chance(0.2),
      useOrganizationBranches: owner,
      useOrganizationRoles: owner,
      useOrganizationCatalogs: true,
      roles,
      subConfirmation: rng.weighted([
        ['', 6],
        ['owned', 3],
        ['company', 1],
      ]),
      subShipping: rng.weighted([
        ['', 6],
        ['owned', 3],
        ['company', 1],
      ]),
      subInvoice: rng.weighted([
        ['', 8],
        ['owned', 1],
        ['company', 1],
      ]),
      lastLoginAt: verified && rng.chance(0.8) ? hoursAgo(rng.int(1, 24 * 200)) : null,
      createdAt: hoursAgo(24 * rng.int(200, 900)),
      branchIds: mine.map((b) => b.id),
    };
  };
  for (const org of seeds.slice(DEMO_ORGANIZATIONS.length)) {
    if (users.length >= profile.users) break;
    const owner = newUser(org.row.id, true);
    addUser(owner, 10);
    for (const b of orgBranches.get(org.row.id)!) scriptedEnterer.set(b.id, { regular: owner.id, admin: owner.id });
  }
  for (let i = 0; users.length < profile.users; i++) addUser(newUser(seeds[i % seeds.length]!.row.id, false), 1);

  for (const b of branches) {
    if (!scriptedEnterer.has(b.id)) throw new Error(`branch ${b.branchNumber} has no user to enter its orders`);
    if (orderEnterers.get(b.id)!.length === 0) orderEnterers.get(b.id)!.push({ userId: scriptedEnterer.get(b.id)!.regular, weight: 1 });
  }

  return {
    organizations: seeds.map((o) => o.row),
    organizationCatalogs,
    branches,
    terminals: [
      { id: 'tmr_front_counter', organizationId: 1, name: 'Front Counter' },
      { id: 'tmr_show_floor', organizationId: 1, name: 'Show Floor' },
    ],
    takenBys: [
      { id: 1, organizationId: 1, name: 'Alex Moreno' },
      { id: 2, organizationId: 1, name: 'Casey Lin' },
      { id: 3, organizationId: 1, name: 'Jordan Price' },
    ],
    users,
    orderEnterers,
    scriptedEnterer,
  };
}

/** Billing address of a branch's orders: the dealer itself, at the branch. */
export function billToOf(branch: BranchSeed): Record<string, string> {
  const rng = rngFor('bill-to', branch.branchNumber);
  return {
    name: `${branch.organizationName} - ${branch.name}`,
    address1: streetAddress(rng),
    address2: '',
    address3: '',
    city: branch.city.city,
    state: branch.city.state,
    postalCode: branch.city.zip,
    email: `ap.${branch.branchNumber}@${branch.domain}`,
    phone: phoneIn(rng, branch.city.area),
  };
}
