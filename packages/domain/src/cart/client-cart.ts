/**
 * What the web client does with cart items without the schema library, so the first signed-in
 * screens (catalog, cart) load no zod (issue 21): the cart item of a product, and reading back its
 * stored copy of a cart (localStorage, spec 4 "Cart"). The schemas in ./cart.ts stay the one
 * definition: each check here accepts exactly what its schema accepts and answers what the schema's
 * parse answers (unknown keys left out), which client-cart.test.ts holds it to, value by value.
 */
import type { Product } from '../catalog/product.js';
import type { CartItem, CartItemInput, ChargeChoices } from './cart.js';

/** The cart's view of a catalog product: what the catalog and product screens pass to the cart. */
export function cartItemInputOf(product: Product): CartItemInput {
  const info = product.eCommerceInformation;
  const ship = product.shippingInformation;
  return {
    sku: product.sku,
    label: info.label,
    brand: product.brand,
    description: info.shortDescription,
    thumbnail: info.images[0] ?? '',
    price: product.price,
    requiresLiftGate: ship.requiresLiftGate,
    requiresForkLift: ship.requiresForkLift,
    requiresResidential: ship.requiresResidential,
    requiresGeoWarehouse: ship.requiresGeoWarehouse,
    requiresFlatbed: ship.requiresFlatbed,
    isSmallParcel: ship.isSmallParcel,
  };
}

type Fields = Record<string, unknown>;

const isRecord = (raw: unknown): raw is Fields => typeof raw === 'object' && raw !== null && !Array.isArray(raw);
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** zod's `number()`: finite numbers only. */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isAmount = (value: unknown): value is number => isNumber(value) && value >= 0;

/** `cartItemSchema`'s parse: the item, or null when the schema rejects it. */
export function storedCartItemOf(raw: unknown): CartItem | null {
  if (!isRecord(raw)) return null;
  const { sku, label, brand, description, thumbnail, price, quantity, priceOverride, originalPrice } = raw;
  const { requiresLiftGate, requiresForkLift, requiresResidential, requiresGeoWarehouse, requiresFlatbed, isSmallParcel } = raw;
  const texts = [sku, label, brand, description, thumbnail];
  const flags = [requiresLiftGate, requiresForkLift, requiresResidential, requiresGeoWarehouse, requiresFlatbed, isSmallParcel];
  if (!texts.every(isString) || !flags.every(isBoolean)) return null;
  if (!isAmount(price) || !isAmount(originalPrice) || !(priceOverride === null || isAmount(priceOverride))) return null;
  // zod's `int()` takes safe integers only.
  if (!Number.isSafeInteger(quantity) || (quantity as number) <= 0) return null;
  return {
    sku: sku as string,
    label: label as string,
    brand: brand as string,
    description: description as string,
    thumbnail: thumbnail as string,
    price,
    requiresLiftGate: requiresLiftGate as boolean,
    requiresForkLift: requiresForkLift as boolean,
    requiresResidential: requiresResidential as boolean,
    requiresGeoWarehouse: requiresGeoWarehouse as boolean,
    requiresFlatbed: requiresFlatbed as boolean,
    isSmallParcel: isSmallParcel as boolean,
    quantity: quantity as number,
    priceOverride,
    originalPrice,
  };
}

/** `chargeChoicesSchema`'s parse: the choices, or null when the schema rejects them. */
export function storedChargeChoicesOf(raw: unknown): ChargeChoices | null {
  if (!isRecord(raw)) return null;
  const { notice, residential, forklift, liftgate } = raw;
  if (![notice, residential, forklift, liftgate].every(isBoolean)) return null;
  return { notice: notice as boolean, residential: residential as boolean, forklift: forklift as boolean, liftgate: liftgate as boolean };
}
