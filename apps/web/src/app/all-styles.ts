/**
 * The component library's whole stylesheet (in the `mantine` cascade layer), loaded with the first
 * screen past the login page: the lazily loaded layouts import it (./query-layout.tsx, and the
 * password route in ./router.tsx), so the login page never waits for it. See ./first-screen-styles.ts.
 */
import '@mantine/core/styles.layer.css';
