import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * WCAG AA contrast (issue 21): every text and control at least 4.5:1 (3:1 for large text and UI
 * parts) in every state. Mantine's palettes are kept except the shades that carry text:
 * - shade 8 is the theme's primary shade: filled buttons and badges (white label), outline and text
 *   colours, links. Each palette's 8 is darkened until it reaches 4.8:1 on white and 4.6:1 on gray-0
 *   (striped rows), so every colour works as a filled background and as text.
 * - shade 9 is the light variant's text (status badges, alerts, the active menu entry) on the
 *   colour's own shade 1: darkened to at least 4.6:1 there (Mantine's yellow 9 was 2.7:1, orange 3.6,
 *   green 3.8, teal 4.3).
 * - shade 7 (large text, hover fills) at least 3.2:1 on white.
 * The darkening keeps hue and saturation (HSL lightness only). theme.test.ts checks every ratio.
 */
const palette = (shades: string[]) => shades as unknown as MantineColorsTuple;

export const colors = {
  red: palette(['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#dc2121', '#b22525']),
  violet: palette(['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#7950f2', '#7048e8', '#6741d9', '#5b3abd']),
  indigo: palette(['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4c6ef5', '#4263eb', '#3b5bdb', '#334abb']),
  blue: palette(['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#165c9e']),
  cyan: palette(['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#15aabf', '#1098ad', '#0b7b8d', '#0a6a7c']),
  teal: palette(['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca175', '#08815c', '#077151']),
  green: palette(['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#33a447', '#268137', '#247334']),
  lime: palette(['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#82c91e', '#649f13', '#4c7e0b', '#48730a']),
  yellow: palette(['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#c58000', '#a35f00', '#a15300']),
  orange: palette(['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f06407', '#c14a0a', '#ae3a0c']),
};

/** Secondary ("dimmed") text: Mantine's gray-6 (#868e96) is 3.3:1 on white; this is 5.8:1 (5.2:1 on gray-1). */
export const DIMMED_TEXT = '#5f666d';

/**
 * Layout breakpoints of spec 2: the menu collapses below 825 px; 1000 and 1200 px widen the content.
 * Mantine works in em (16 px).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  colors,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: {
    xs: '30em',
    sm: '51.5625em', // 825 px
    md: '62.5em', // 1000 px
    lg: '75em', // 1200 px
    xl: '90em',
  },
  components: {
    // A modal's close button is named (issue 21: the Destination State modal's had no name).
    Modal: { defaultProps: { size: 600, closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine renders a modal's header as <header>, which screen readers list as another page
    // banner (issue 21): a div, inside the dialog that its title already names.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/** The CSS variables the palettes alone do not reach: dimmed text and the error colour of inputs. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
  },
  dark: {},
});
