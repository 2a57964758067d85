/**
 * Every route of spec 2. Screens load on demand (one chunk per feature route). `handle.crumb`
 * names a route in the header breadcrumbs; the first crumb is always Home (/dashboard).
 *
 * The entry holds only this file and the providers; every page's screen loads on demand, the login
 * page's too (performance.md "Web": its first download is checked by the build, vite.config.ts).
 * The query cache, the session guard and the signed-in shell are lazily loaded layout routes, so
 * import nothing else here statically.
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { followDocumentTitle } from './document-title';
import { RouteError } from './route-error';
import { StartupLoader } from './startup-loader';

/**
 * `origins`: the lists a screen may be opened from (issue 34: order details' breadcrumb links back
 * to its list). A link from such a list passes `{ from: path + query }` as the location's state; the
 * header shows that list's crumbs, each with the list's query, before the screen's own.
 */
export type RouteHandle = { crumb?: string; origins?: { path: string; crumbs: { title: string; path: string }[] }[] };

/**
 * A screen's module with the component library's whole stylesheet (./all-styles.ts): the layouts
 * bring only what the first signed-in screens draw (./signed-in-styles.ts: the shell, the catalog
 * and the cart), so every other screen loads the rest with its code, before it draws.
 */
const withAllStyles = async <T,>(screen: Promise<T>): Promise<T> => (await Promise.all([screen, import('./all-styles')]))[0];

/**
 * Shown while the first screen's code loads at startup. Every top-level route names one, or React
 * Router warns on each page load that no `HydrateFallback` was provided (issue 16 "Console").
 */
function StartupFallback() {
  return <StartupLoader />;
}

export const router = createBrowserRouter([
  {
    path: '/login',
    HydrateFallback: StartupFallback,
    // Loaded on demand: a signed-in page never draws it (issue 21, fourth pass). On /login the
    // first script preloads its code beside the entry's (src/early/start.ts), so the page still
    // draws without waiting for a second round trip.
    lazy: async () => ({ Component: (await import('@/features/auth/routes/login-page')).LoginPage }),
    errorElement: <RouteError />,
  },
  {
    // Public, outside the shell: reset a password or activate an account (spec 2, 4).
    path: '/password/:reason',
    HydrateFallback: StartupFallback,
    // The password page's screen uses more of the component library than the login page's styles.
    lazy: async () => {
      const { PasswordPage } = await withAllStyles(import('@/features/password/routes/password-page'));
      return { Component: PasswordPage };
    },
    errorElement: <RouteError />,
  },
  {
    // Server state for the screens below; the login and password pages need none.
    HydrateFallback: StartupFallback,
    lazy: async () => ({ Component: (await import('./query-layout')).QueryLayout }),
    errorElement: <RouteError />,
    children: [
      {
        // Public, outside the shell: the development mail transport's messages (docs/api.md).
        path: '/dev/mailbox',
        lazy: async () => ({ Component: (await withAllStyles(import('@/features/dev-mailbox/routes/dev-mailbox-page'))).DevMailboxPage }),
        errorElement: <RouteError />,
      },
      {
        lazy: async () => ({ Component: (await import('./require-session')).RequireSession }),
        errorElement: <RouteError />,
        children: [
          {
            // Spec 2: the checkout is a full page, guarded, outside the signed-in shell.
            path: 'checkout',
            lazy: async () => ({ Component: (await withAllStyles(import('@/features/checkout/routes/checkout-page'))).CheckoutPage }),
          },
          {
            // The shell loads with the first signed-in screen, keeping the login page's download small.
            lazy: async () => ({ Component: (await import('./shell/signed-in-shell')).SignedInShell }),
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              {
                path: 'dashboard',
                handle: { crumb: 'Home' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/dashboard/routes/dashboard-page'))).DashboardPage,
                }),
              },
              {
                path: 'bulk-pricing',
                handle: { crumb: 'Bulk Pricing' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/bulk-pricing/routes/bulk-pricing-page'))).BulkPricingPage,
                }),
              },
              // Spec 2: an unknown product leads to /products/catalog, i.e. the fallback catalog.
              { path: 'products/catalog', element: <Navigate to="/products/catalog/portal" replace /> },
              {
                path: 'products/catalog/:catalogId',
                handle: { crumb: 'Catalog' } satisfies RouteHandle,
                children: [
                  { index: true, lazy: async () => ({ Component: (await import('@/features/catalog/routes/catalog-page')).CatalogPage }) },
                  {
                    path: ':sku',
                    handle: { crumb: 'Product Details' } satisfies RouteHandle,
                    lazy: async () => ({ Component: (await withAllStyles(import('@/features/product/routes/product-page'))).ProductPage }),
                  },
                ],
              },
              {
                path: 'shopping-cart',
                handle: { crumb: 'Shopping Cart' } satisfies RouteHandle,
                // The cart page's Checkout button creates the checkout (spec 4), which is the checkout
                // feature's work: the two features meet here rather than importing each other.
                lazy: async () => {
                  const [{ ShoppingCartPage }, { useStartCheckoutFromCart }] = await Promise.all([
                    import('@/features/cart/routes/shopping-cart-page'),
                    import('@/features/checkout/components/use-start-checkout'),
                  ]);
                  function ShoppingCartRoute() {
                    return <ShoppingCartPage onCheckout={useStartCheckoutFromCart()} />;
                  }
                  return { Component: ShoppingCartRoute };
                },
              },
              {
                path: 'quick-order',
                handle: { crumb: 'Quick Order' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/quick-order/routes/quick-order-page'))).QuickOrderPage,
                }),
              },
              {
                path: 'saved-carts',
                handle: { crumb: 'Saved Carts' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/saved-carts/routes/saved-carts-page'))).SavedCartsPage,
                }),
              },
              {
                path: 'checkout/confirmation/:confirmationNumber',
                handle: { crumb: 'Order Confirmation' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/checkout/routes/checkout-confirmation-page')))
                    .CheckoutConfirmationPage,
                }),
              },
              {
                path: 'checkout/cancel',
                handle: { crumb: 'Shopping Cart' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/checkout/routes/checkout-cancel-page'))).CheckoutCancelPage,
                }),
              },
              {
                path: 'orders/open',
                handle: { crumb: 'Open Orders' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/orders/routes/open-orders-page'))).OpenOrdersPage,
                }),
              },
              {
                path: 'orders/recent',
                handle: { crumb: 'Recent Orders' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/orders/routes/recent-orders-page'))).RecentOrdersPage,
                }),
              },
              {
                path: 'orders/search',
                handle: { crumb: 'Order Search' } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await withAllStyles(import('@/features/orders/routes/order-search-page'))).OrderSearchPage,
                    }),
                  },
                  {
                    path: 'results',
                    handle: { crumb: 'Search Results' } satisfies RouteHandle,
                    lazy: async () => ({
                      Component: (await withAllStyles(import('@/features/orders/routes/order-results-page'))).OrderResultsPage,
                    }),
                  },
                ],
              },
              {
                path: 'orders/details/:id',
                handle: {
                  crumb: 'Order Details',
                  origins: [
                    { path: '/orders/open', crumbs: [{ title: 'Open Orders', path: '/orders/open' }] },
                    { path: '/orders/recent', crumbs: [{ title: 'Recent Orders', path: '/orders/recent' }] },
                    {
                      path: '/orders/search/results',
                      crumbs: [
                        { title: 'Order Search', path: '/orders/search' },
                        { title: 'Search Results', path: '/orders/search/results' },
                      ],
                    },
                  ],
                } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/orders/routes/order-details-page'))).OrderDetailsPage,
                }),
              },
              {
                path: 'organization/users',
                handle: { crumb: 'User Administration' } satisfies RouteHandle,
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await withAllStyles(import('@/features/users/routes/users-page'))).UsersPage }),
                  },
                  {
                    path: 'invite',
                    handle: { crumb: 'Invite User' } satisfies RouteHandle,
                    lazy: async () => ({
                      Component: (await withAllStyles(import('@/features/users/routes/invite-user-page'))).InviteUserPage,
                    }),
                  },
                  {
                    path: ':id',
                    handle: { crumb: 'User Details' } satisfies RouteHandle,
                    lazy: async () => ({
                      Component: (await withAllStyles(import('@/features/users/routes/user-detail-page'))).UserDetailPage,
                    }),
                  },
                ],
              },
              {
                // Issue 20: the organization's address book and audit trail (manageUsers).
                path: 'organization/addresses',
                handle: { crumb: 'Addresses' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/addresses/routes/addresses-page'))).AddressesPage,
                }),
              },
              {
                path: 'organization/audit',
                handle: { crumb: 'Audit Trail' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await withAllStyles(import('@/features/audit/routes/audit-page'))).AuditPage }),
              },
              {
                // Spec 2: the event badge scan, for organizations with allowBadgeScan.
                path: 'sema',
                handle: { crumb: 'Scan QR Code' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/badge-scan/routes/badge-scan-page'))).BadgeScanPage,
                }),
              },
              {
                // Issue 36: the Accounting Manager's statement (role accounting).
                path: 'account/statement',
                handle: { crumb: 'Statement' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/account/routes/statement-page'))).StatementPage,
                }),
              },
              {
                // Issue 37: installed equipment and warranty claims (role orderHistory).
                path: 'equipment',
                handle: { crumb: 'Equipment' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/equipment/routes/equipment-page'))).EquipmentPage,
                }),
              },
              {
                path: 'equipment/:serialNumber',
                handle: {
                  crumb: 'Equipment Details',
                  origins: [{ path: '/equipment', crumbs: [{ title: 'Equipment', path: '/equipment' }] }],
                } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/equipment/routes/equipment-details-page'))).EquipmentDetailsPage,
                }),
              },
              {
                path: 'warranty-claims',
                handle: { crumb: 'Warranty Claims' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/equipment/routes/warranty-claims-page'))).WarrantyClaimsPage,
                }),
              },
              {
                path: 'warranty-claims/:id',
                handle: {
                  crumb: 'Warranty Claim',
                  origins: [{ path: '/warranty-claims', crumbs: [{ title: 'Warranty Claims', path: '/warranty-claims' }] }],
                } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await withAllStyles(import('@/features/equipment/routes/warranty-claim-page'))).WarrantyClaimPage,
                }),
              },
              {
                path: 'account/profile',
                handle: { crumb: 'Profile' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await withAllStyles(import('@/features/profile/routes/profile-page'))).ProfilePage }),
              },
              {
                path: '*',
                handle: { crumb: 'Page Not Found' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await withAllStyles(import('./not-found-page'))).NotFoundPage }),
              },
            ],
          },
        ],
      },
    ],
  },
]);

// A 401 outside login: the api client has cleared the session; go to the login page in-app.
setUnauthorizedHandler(() => {
  if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

// Issue 21: a title per route ('Open Orders · Dealer Portal'), updated and announced on navigation.
followDocumentTitle(router);
