/**
 * The portal's defaults (spec 9 "Constants"): each declared once, for the server and the web app.
 */
import type { StateCode } from './states.js';

/**
 * The fallback catalog id: `/products/catalog/portal` and a cart or order without its own catalog
 * mean the user's first catalog, labelled "Catalog" (spec 2 "Dashboard", spec 9).
 */
export const FALLBACK_CATALOG_ID = 'portal';

/** The dealer's first catalog, or the fallback id that the server resolves to it (spec 9). */
export function firstCatalogId(catalogs: readonly { id: string }[]): string {
  return catalogs[0]?.id ?? FALLBACK_CATALOG_ID;
}

/** The cart is priced for CA while the dealer has chosen no destination state (spec 9). */
export const DEFAULT_SHIP_TO_STATE: StateCode = 'CA';
