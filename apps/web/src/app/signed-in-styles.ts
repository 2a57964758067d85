/**
 * The component library's styles the first signed-in screens draw (issue 21, fourth pass): the
 * signed-in layouts (shell, menu, header, the branch and destination choosers) and the pages opened
 * directly most often, the catalog and the cart, with their dialogs. The query layout imports this
 * file, so these pages wait for ~6 KB instead of Mantine's whole stylesheet (30 KB brotli); every
 * other screen loads the whole stylesheet with its code (./all-styles.ts, see ./router.tsx).
 *
 * `npm run build` fails when a Mantine part the layouts, the catalog or the cart run has a
 * stylesheet missing here (tools/first-screens.ts): a new component there needs its file added.
 * The `.layer.css` files put Mantine in the `mantine` cascade layer, so the order in which files
 * arrive does not matter (see ./first-screen-styles.ts, which has the login page's).
 */
// The app's stacked tables (the cart, the orders, the users...): here, not beside the component,
// so the cart's table does not wait for a stylesheet of its own, requested only once its code has
// run (issue 21: a round trip more before the cart's largest paint).
import '@/components/stacked-table.css';
// What other components are built on (Mantine's documented order), after the entry's base files.
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
// The components.
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Table.layer.css';
