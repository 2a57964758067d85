/**
 * The component library's whole stylesheet (in the `mantine` cascade layer), loaded with every screen
 * but the login page and the first signed-in screens (the catalog and the cart draw with
 * ./signed-in-styles.ts): ./router.tsx loads it beside each other screen's code, so neither the login
 * page nor a catalog or cart page opened directly waits for it. See ./first-screen-styles.ts.
 */
import '@mantine/core/styles.layer.css';
// The app's stacked tables (the orders, the users...; the cart's come with ./signed-in-styles.ts).
import '@/components/stacked-table.css';
