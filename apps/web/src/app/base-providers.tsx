import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from '@/lib/theme/theme';
import { initialColorMode } from '@/lib/theme/color-mode';
import type { makeStore } from './store.ts';

const globalStyles = (
  <GlobalStyles
    styles={(t) => ({
      // A visible keyboard focus ring everywhere (mouse clicks keep the quiet look).
      ':focus-visible': {
        outline: `2px solid ${t.vars?.palette.primary.main ?? t.palette.primary.main}`,
        outlineOffset: 2,
      },
      '.skip-link': {
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        padding: '8px 12px',
        borderRadius: 4,
        background: t.vars?.palette.background.paper ?? t.palette.background.paper,
        color: t.vars?.palette.text.primary ?? t.palette.text.primary,
      },
      '.skip-link:focus': { top: 8 },
    })}
  />
);

/**
 * The providers that draw: store, emotion cache, theme and the global styles. The browser (providers.tsx) and the
 * build's render of the signed-in frame (frame/render-frame.tsx) both start with them, so the two trees match.
 */
export function BaseProviders({
  store,
  cache,
  children,
}: {
  store: ReturnType<typeof makeStore>;
  cache: EmotionCache;
  children: ReactNode;
}) {
  return (
    <ReduxProvider store={store}>
      <CacheProvider value={cache}>
        {/* noSsr: the stored mode from the first render, where MUI would otherwise re-render everything under it
            synchronously right after hydrating; lib/theme/color-mode.ts keeps the HTML's answer until then. */}
        <ThemeProvider theme={appTheme()} defaultMode={initialColorMode()} disableTransitionOnChange noSsr>
          <CssBaseline enableColorScheme />
          {globalStyles}
          {children}
        </ThemeProvider>
      </CacheProvider>
    </ReduxProvider>
  );
}
