/**
 * The document title of every route (issue 21: 'Open Orders · Dealer Portal', ...), set and
 * announced on each navigation by ./document-title.ts. A new route adds one line here: its path
 * pattern (React Router syntax, matched whole) and its title. Order does not matter except that the
 * first match wins; a path no pattern matches is titled 'Page Not Found'.
 */
import { matchPath } from 'react-router';

export const APP_TITLE = 'Dealer Portal';

type Params = Readonly<Record<string, string | undefined>>;

export type RouteTitle = { path: string; title: string | ((params: Params) => string) };

export const routeTitles: readonly RouteTitle[] = [
  { path: '/login', title: 'Login' },
  {
    // Spec 2: the password page's titles.
    path: '/password/:reason',
    title: ({ reason }) => (reason === 'activate' ? 'Activate your Account' : 'Reset your Password'),
  },
  { path: '/dev/mailbox', title: 'Development Mailbox' },
  { path: '/', title: 'Home' },
  { path: '/dashboard', title: 'Home' },
  { path: '/sema', title: 'Scan QR Code' },
  { path: '/bulk-pricing', title: 'Bulk Pricing' },
  { path: '/shopping-cart', title: 'Shopping Cart' },
  { path: '/quick-order', title: 'Quick Order' },
  { path: '/saved-carts', title: 'Saved Carts' },
  { path: '/checkout', title: 'Checkout' },
  { path: '/checkout/confirmation/:confirmationNumber', title: 'Order Confirmation' },
  { path: '/checkout/cancel', title: 'Shopping Cart' },
  { path: '/products/catalog', title: 'Catalog' },
  { path: '/products/catalog/:catalogId', title: 'Catalog' },
  { path: '/products/catalog/:catalogId/:sku', title: ({ sku }) => `${sku ?? 'Product'} · Product Details` },
  { path: '/orders/open', title: 'Open Orders' },
  { path: '/orders/recent', title: 'Recent Orders' },
  { path: '/orders/search', title: 'Order Search' },
  { path: '/orders/search/results', title: 'Order Search Results' },
  { path: '/orders/details/:id', title: ({ id }) => `Order ${id ?? ''} · Order Details` },
  { path: '/organization/users', title: 'User Administration' },
  { path: '/organization/users/invite', title: 'Invite User' },
  { path: '/organization/users/:id', title: 'User Details' },
  { path: '/organization/addresses', title: 'Addresses' },
  { path: '/organization/audit', title: 'Audit Trail' },
  { path: '/account/statement', title: 'Statement' },
  { path: '/account/profile', title: 'Profile' },
  { path: '/equipment', title: 'Equipment' },
  { path: '/equipment/:serialNumber', title: ({ serialNumber }) => `${serialNumber ?? ''} · Equipment Details` },
  { path: '/warranty-claims', title: 'Warranty Claims' },
  { path: '/warranty-claims/:id', title: ({ id }) => `Claim ${id ?? ''} · Warranty Claim` },
];

/** The page's own title for a path, without the portal's name ('Open Orders'). */
export function pageTitle(pathname: string): string {
  for (const route of routeTitles) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return typeof route.title === 'string' ? route.title : route.title(match.params);
  }
  return 'Page Not Found';
}

/** The document title for a path: 'Open Orders · Dealer Portal'. */
export function documentTitle(pathname: string): string {
  return `${pageTitle(pathname)} · ${APP_TITLE}`;
}
