/**
 * The only component-library styles in the entry (issue 21 "CSS"): what the login page and the
 * startup error screen draw, 17 KB instead of Mantine's whole 252 KB stylesheet, so the first screen
 * waits on nothing it does not use. The signed-in layouts add what the shell, the catalog and the
 * cart draw (./signed-in-styles.ts); every other screen loads the whole stylesheet with its code
 * (./all-styles.ts, see ./router.tsx). See docs/decisions/012-first-load-and-contrast.md.
 *
 * The `.layer.css` files put Mantine in the `mantine` cascade layer, so the app's own (unlayered)
 * styles win whatever order the files arrive in; within the layer a file loaded later repeats these
 * rules in Mantine's own order. The order here is Mantine's documented one: base, then the parts
 * other components are built on, then the components.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
