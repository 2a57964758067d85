/**
 * The component library's whole stylesheet (in the `mantine` cascade layer), loaded with the first
 * screen past the login page: the lazily loaded layouts import it (./query-layout.tsx, and the
 * password route in ./router.tsx), so the login page never waits for it. See ./first-screen-styles.ts.
 */
import '@mantine/core/styles.layer.css';
// The app's stacked tables (the cart, the orders, the users...): in this file, not beside the
// component, so a signed-in screen's table does not wait for a stylesheet of its own, requested
// only once its code has run (issue 21: a round trip more before the cart's largest paint).
import '@/components/stacked-table.css';
