import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { CHECKOUT_SERVER_MESSAGES, firstCatalogId, hasPaymentMethod, hasRoles } from '@portal/domain/rules';
import type { Session } from '@portal/domain';
import { isFlatbedNotConfirmedState } from '@/app/providers/cart';
import { refreshCart, setFlatbedConfirmed, useCartState, type CartState } from '../store';
import { useClientConfig } from '@/lib/client-config';
import { CreditWarning } from '@/components/credit-warning';
import { NotAllowed } from '@/components/not-allowed';
import { useAccountCredit } from '@/lib/account-credit';
import { RejectedLines } from '@/components/rejected-lines';
import { cartNoticeOf, type CartNotice } from '@/lib/priced-lines';
import { useSession, useSessionState } from '@/lib/session-store';
import { CartItemsTable } from '../components/cart-items-table';
import { CartTotals } from '../components/cart-totals';
import { ClearCartButton } from '../components/clear-cart-button';
import { NoPaymentMethodsAlert } from '../components/no-payment-methods-alert';
import { SaveCartButton } from '../components/save-cart-button';
import { SurchargeBlocks } from '../components/surcharge-blocks';

type ShoppingCartPageProps = {
  /**
   * Creates the checkout of this cart (spec 4 "Checkout" step 1, the checkout feature's job; the
   * router passes it in). Answers whether the checkout page may open.
   */
  onCheckout: (salesEmail: string) => Promise<boolean>;
};

/**
 * The page's title; with items in the cart, the catalog it is for (to a user of several catalogs)
 * and 'Save Cart' and 'Clear Cart'.
 */
function CartHeading({
  cart,
  catalogs,
  branchNumber,
}: {
  cart: CartState;
  catalogs: Session['user']['catalogs'];
  branchNumber: number | null;
}) {
  const catalogLabel = catalogs.find((c) => c.id === cart.catalog)?.label ?? cart.catalog;
  const hasItems = cart.items.length > 0;
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={1}>Shopping Cart</Title>
        {hasItems && catalogs.length > 1 && (
          <Title order={2} size="h4" fw={500}>
            Cart for Catalog: {catalogLabel}
          </Title>
        )}
      </Stack>
      {hasItems && (
        <Group gap="xs">
          <SaveCartButton cart={cart} branchNumber={branchNumber} />
          <ClearCartButton />
        </Group>
      )}
    </Group>
  );
}

/** What a reorder or a saved cart added to the cart, and the lines it left out. */
function CartNoticeBlock({ notice }: { notice: CartNotice }) {
  return (
    <Stack gap="xs">
      <Text role="status" fw={500}>
        {notice.message}
      </Text>
      <RejectedLines lines={notice.rejected} />
    </Stack>
  );
}

/** The shopping cart (spec 2 "Shopping cart", route /shopping-cart). */
export function ShoppingCartPage({ onCheckout }: ShoppingCartPageProps) {
  const { user, organization } = useSession();
  const { branchNumber } = useSessionState();
  const cart = useCartState();
  const navigate = useNavigate();
  const config = useClientConfig();
  const location = useLocation();
  // A reorder or a saved cart that filled the cart says what it added and what it left out.
  const notice = cartNoticeOf(location.state);
  // Spec 2 "Forklift Required for flatbed items": the dealer confirms before the checkout starts.
  // Asked already when the checkout page sent the dealer back because the server refused it.
  const [flatbedAsked, setFlatbedAsked] = useState(() => isFlatbedNotConfirmedState(location.state));
  const flatbedBox = useRef<HTMLInputElement>(null);
  const flatbedMissing = cart.charges.flatbed.required && !cart.flatbedConfirmed;
  const credit = useAccountCredit(organization.allowOnAccount && hasRoles(user.roles, 'checkout') && cart.items.length > 0);

  async function checkout() {
    if (flatbedMissing) {
      setFlatbedAsked(true);
      flatbedBox.current?.focus();
      return;
    }
    if (await onCheckout(config.data?.salesEmail ?? '')) navigate('/checkout');
  }

  useEffect(() => {
    // Each visit to the cart asks for the flatbed confirmation again.
    setFlatbedConfirmed(false);
    // Prices, stock flags and the catalog's offer may have changed since the items were added.
    void refreshCart();
  }, []);

  if (!hasRoles(user.roles, 'checkout')) return <NotAllowed what="the shopping cart" />;

  const catalogs = user.catalogs;
  const hasItems = cart.items.length > 0;
  const firstCatalog = firstCatalogId(catalogs);

  return (
    <Stack gap="lg">
      <CartHeading cart={cart} catalogs={catalogs} branchNumber={branchNumber} />

      {!hasPaymentMethod(organization) && config.data && <NoPaymentMethodsAlert salesEmail={config.data.salesEmail} />}

      {notice && <CartNoticeBlock notice={notice} />}

      {!hasItems ? (
        <Text>
          Your cart is empty.{' '}
          {user.roles.catalog && (
            <Anchor component={Link} to={`/products/catalog/${firstCatalog}`}>
              Browse the catalog
            </Anchor>
          )}
        </Text>
      ) : (
        <>
          <CartItemsTable items={cart.items} allowPriceOverride={organization.allowPriceOverride} />
          <Title order={2} size="h3">
            Shipping Services
          </Title>
          <SurchargeBlocks
            charges={cart.charges}
            flatbedConfirmation={{
              confirmed: cart.flatbedConfirmed,
              error: flatbedAsked && flatbedMissing ? CHECKOUT_SERVER_MESSAGES.flatbedNotConfirmed : undefined,
              ref: flatbedBox,
            }}
          />
          <CartTotals cart={cart} />
          <CreditWarning availableCredit={credit.data?.availableCredit} total={cart.grandTotal} />
          <Group justify="flex-end">
            <Button size="md" disabled={branchNumber === null || !config.data} onClick={() => void checkout()}>
              Checkout
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
