import { createTheme } from '@mui/material/styles';
import { THEME_DARK_BACKGROUND, THEME_PRIMARY, THEME_SECONDARY } from '@shipdesk/contract';

/** The attribute MUI sets on <html> for the active scheme; index.html sets it early to avoid a flash. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-mui-color-scheme';

/**
 * The app theme (spec section 9): light and dark colour schemes with CSS variables, so MUI keeps the chosen
 * mode (light, dark or system) in localStorage under its 'mui-' keys.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'data-mui-color-scheme' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: THEME_PRIMARY },
        secondary: { main: THEME_SECONDARY },
        background: { default: '#f5f7fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        // The brand blue is too dark on a dark background; a lighter tint of it keeps contrast (WCAG AA).
        primary: { main: '#6f9fd8', dark: THEME_PRIMARY },
        secondary: { main: THEME_SECONDARY },
        background: { default: THEME_DARK_BACKGROUND, paper: 'hsl(230,17%,18%)' },
      },
    },
  },
  typography: {
    fontFamily: ['Roboto', 'system-ui', '-apple-system', 'Segoe UI', 'Helvetica', 'Arial', 'sans-serif'].join(','),
  },
  shape: { borderRadius: 6 },
  components: {
    MuiChip: {
      styleOverrides: {
        root: { height: 32 },
        sizeSmall: { height: 24 },
      },
    },
    MuiAlert: {
      defaultProps: { closeText: 'Close' },
    },
    // A clear keyboard focus ring on every button, link-button, menu and list item (mouse clicks show none).
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': {
            outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
            outlineOffset: 2,
          },
        }),
      },
    },
  },
});
