import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { cartItemInputOf } from '@portal/domain/rules';
import type { Product } from '@portal/domain';
import { useCartActions, useCartCatalog, useCartQuantity } from '@/app/providers/cart';
import { useSession } from '@/lib/session-store';
import { addBlockedReason } from './add-blocked-reason';

/**
 * What a catalog tile (ProductTile) and a phone's product row (ProductRow) share: the product's
 * page, the ids its add button is described by, the quantity already in the cart, and adding.
 */
export function useProductCard(product: Product, catalogId: string) {
  const navigate = useNavigate();
  const inCart = useCartQuantity(product.sku);
  const cartCatalog = useCartCatalog();
  const { addToCart } = useCartActions();
  const { user } = useSession();
  const href = `/products/catalog/${catalogId}/${encodeURIComponent(product.sku)}`;
  const titleId = `tile-${product.sku}`;
  const reasonId = `tile-${product.sku}-blocked`;
  // Spec 2: add is disabled while the cart holds another catalog; the reason is shown, not hovered.
  const blockedReason = addBlockedReason(cartCatalog, product.catalog, user.catalogs);
  return {
    href,
    /** Opens the product's page: a click anywhere on the card does. */
    open: () => navigate(href),
    titleId,
    reasonId,
    inCart,
    blockedReason,
    /** The add button is described by the product's name, and by the reason it is disabled. */
    addDescribedBy: blockedReason ? `${titleId} ${reasonId}` : titleId,
    /** A restricted-pricing user's price is the MSRP: named so on the card (issue 34). */
    restrictedPricing: user.restrictedPricing,
    add: (quantity: number) => addToCart(product.catalog, cartItemInputOf(product), quantity),
  };
}

export type ProductCard = ReturnType<typeof useProductCard>;

/** The add button's names: 'Add To Cart', then 'Add (n)' with the quantity in the cart. */
export const addButtonText = (inCart: number) => (inCart > 0 ? `Add (${inCart})` : 'Add To Cart');

/** Why adding is disabled, under the button (its description). */
export function AddBlockedReason({ card }: { card: ProductCard }) {
  return (
    <Text id={card.reasonId} size="xs" c="gray.7" mt={4} data-testid="add-blocked-reason">
      {card.blockedReason}
    </Text>
  );
}
