import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_DARK_BACKGROUND, THEME_PRIMARY, THEME_SECONDARY } from '@shipdesk/contract';

/** The brand orange dark enough for text on white (4.7:1, WCAG AA). */
const BRAND_ORANGE_TEXT = '#b85a0c';

/** The brand blue lightened for the dark scheme, where the brand blue itself is too dark (WCAG AA). */
const DARK_PRIMARY = '#6f9fd8';

/**
 * The main colours of each scheme, for what draws with a colour rather than the scheme's CSS variables (the charts'
 * SVG fills): `useTheme().palette` holds the light scheme's whichever is shown.
 */
export const SCHEME_COLORS = {
  light: { primary: THEME_PRIMARY, secondary: THEME_SECONDARY },
  dark: { primary: DARK_PRIMARY, secondary: THEME_SECONDARY },
} as const;

/** The attribute MUI sets on <html> for the active scheme; index.html sets it early to avoid a flash. */
const COLOR_SCHEME_ATTRIBUTE = 'data-mui-color-scheme';

let made: Theme | null = null;

/**
 * The app theme (spec section 9): light and dark colour schemes with CSS variables, so MUI keeps the chosen
 * mode (light, dark or system) in localStorage under its 'mui-' keys. Made on the first call, not when the module is
 * evaluated: building both schemes' palettes and variables is a task of its own on a phone (50 ms of real CPU), which
 * main.tsx runs between the page's modules and the hydrating render rather than inside either.
 */
export function appTheme(): Theme {
  made ??= makeTheme();
  return made;
}

const makeTheme = () =>
  createTheme({
    cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: THEME_PRIMARY },
          // The brand orange is for marks and fills; as text on white it is too pale (2.35:1), so text takes `dark`.
          secondary: { main: THEME_SECONDARY, dark: BRAND_ORANGE_TEXT },
          // MUI's amber (3.1:1 on white) is too pale for the words of warning chips and labels: a darker one (5:1).
          warning: { main: '#b45309' },
          background: { default: '#f5f7fa', paper: '#ffffff' },
        },
      },
      dark: {
        palette: {
          primary: { main: DARK_PRIMARY, dark: THEME_PRIMARY },
          secondary: { main: THEME_SECONDARY },
          // MUI's red (3.9:1 on the dark paper) is too dark for error words there: its lighter tint (5.6:1).
          error: { main: '#ff7961' },
          background: { default: THEME_DARK_BACKGROUND, paper: 'hsl(230,17%,18%)' },
        },
      },
    },
    typography: {
      fontFamily: ['Roboto', 'system-ui', '-apple-system', 'Segoe UI', 'Helvetica', 'Arial', 'sans-serif'].join(','),
    },
    shape: { borderRadius: 6 },
    components: {
      // A scrolling table's visually hidden texts (absolutely positioned) are clipped with it: without a containing block
      // of its own they took the page's, and widened the page to the table's width on a phone.
      MuiTableContainer: {
        styleOverrides: { root: { position: 'relative' } },
      },
      MuiChip: {
        styleOverrides: {
          root: { height: 32 },
          sizeSmall: { height: 24 },
        },
      },
      MuiAlert: {
        defaultProps: { closeText: 'Close' },
      },
      // Unselected toggle buttons take the secondary text colour (MUI's default is paler: 4.49:1 on the page).
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({ color: (theme.vars ?? theme).palette.text.secondary }),
        },
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
