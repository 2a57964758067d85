/**
 * Why a catalog tile's 'Add To Cart' is disabled, in words shown under the button (issue 16: not
 * only in a hover tooltip). Spec 2 "Catalog": products of a catalog other than the cart's have add
 * disabled; spec 4: the cart is bound to the catalog of its first item. Null when adding is allowed.
 */
export function addBlockedReason(
  cartCatalog: string | null,
  productCatalog: string,
  catalogs: readonly { id: string; label: string }[],
): string | null {
  if (cartCatalog === null || cartCatalog === productCatalog) return null;
  const label = catalogs.find((catalog) => catalog.id === cartCatalog)?.label;
  return label
    ? `Your cart holds items from ${label}. Check out or clear it to add from this catalog.`
    : 'Your cart holds items from another catalog. Check out or clear it to add from this catalog.';
}
