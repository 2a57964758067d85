import { createTheme } from '@mantine/core';

/**
 * Layout breakpoints of spec 2: the menu collapses below 825 px; 1000 and 1200 px widen the content.
 * Mantine works in em (16 px).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: {
    xs: '30em',
    sm: '51.5625em', // 825 px
    md: '62.5em', // 1000 px
    lg: '75em', // 1200 px
    xl: '90em',
  },
  components: {
    Modal: { defaultProps: { size: 600 } },
  },
});
