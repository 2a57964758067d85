/**
 * Warehouses (server-rules "Catalog, price and availability"): B250 is the central warehouse, SHW2
 * holds the show specials and serves no state, and four regional warehouses between them serve all
 * 50 states, so every destination state has an "in region" warehouse for the `lifts` catalog.
 */
export type WarehouseSeed = { code: string; name: string; regionStates: string[] };

export const CENTRAL_WAREHOUSE = 'B250';
export const SHOW_WAREHOUSE = 'SHW2';

export const REGIONAL_WAREHOUSES: readonly WarehouseSeed[] = [
  {
    code: 'W110',
    name: 'West Regional - Reno, NV',
    regionStates: ['AK', 'AZ', 'CA', 'HI', 'ID', 'MT', 'NV', 'OR', 'UT', 'WA', 'WY', 'CO', 'NM'],
  },
  {
    code: 'C320',
    name: 'Central Regional - Dallas, TX',
    regionStates: ['ND', 'SD', 'NE', 'KS', 'OK', 'TX', 'MN', 'IA', 'MO', 'AR', 'LA', 'WI', 'IL'],
  },
  {
    code: 'E430',
    name: 'East Regional - Harrisburg, PA',
    regionStates: ['MI', 'IN', 'OH', 'KY', 'WV', 'PA', 'NY', 'VT', 'NH', 'ME', 'MA', 'RI', 'CT', 'NJ', 'DE', 'MD'],
  },
  { code: 'S540', name: 'Southeast Regional - Atlanta, GA', regionStates: ['VA', 'NC', 'SC', 'GA', 'FL', 'AL', 'MS', 'TN'] },
];

export const WAREHOUSES: readonly WarehouseSeed[] = [
  { code: CENTRAL_WAREHOUSE, name: 'Central Distribution - Denver, CO', regionStates: ['CO', 'WY', 'MT', 'NM', 'UT', 'KS', 'NE'] },
  { code: SHOW_WAREHOUSE, name: 'SEMA Show Warehouse - Las Vegas, NV', regionStates: [] },
  ...REGIONAL_WAREHOUSES,
];

/** Where `lifts` products are stocked (everything except the show warehouse). */
export const LIFTS_WAREHOUSES = [CENTRAL_WAREHOUSE, ...REGIONAL_WAREHOUSES.map((w) => w.code)];
