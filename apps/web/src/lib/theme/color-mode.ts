import { useCallback, useEffect } from 'react';
import { useColorScheme } from '@mui/material/styles';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import { readItem, STORAGE_KEYS, writeItem } from '@/lib/storage/local-storage';

export type ColorMode = 'light' | 'dark' | 'system';

/** MUI's own key for the chosen mode; the separate dark-mode flag lives beside it. */
const MUI_MODE_KEY = 'mui-mode';

/** The separate dark-mode flag (spec 4.4): 'true' / 'false' in localStorage, or null when never set. */
function readDarkModeFlag(): boolean | null {
  const value = readItem(STORAGE_KEYS.darkMode);
  return value === 'true' ? true : value === 'false' ? false : null;
}

function writeDarkModeFlag(dark: boolean): void {
  writeItem(STORAGE_KEYS.darkMode, String(dark));
}

/**
 * The mode to start in: MUI's stored mode wins; without one the dark-mode flag picks light or dark;
 * without either, follow the system.
 */
export function initialColorMode(): ColorMode {
  const stored = readItem(MUI_MODE_KEY);
  if (stored === 'light' || stored === 'dark' || stored === 'system') return stored;
  const flag = readDarkModeFlag();
  return flag === null ? 'system' : flag ? 'dark' : 'light';
}

/**
 * Colour mode for the header switch: the chosen mode, whether dark is showing now, and setters.
 * Keeps the dark-mode flag in step with what is shown. While the page's HTML hydrates it answers what the build drew
 * (the system's mode, not dark): the theme provider knows the stored mode from its first render (`noSsr`, so that it
 * does not re-render the whole page synchronously after hydrating), the HTML cannot.
 */
export function useColorMode() {
  const hydrated = useHydrated();
  const scheme = useColorScheme();
  const mode = hydrated ? scheme.mode : undefined;
  const { setMode } = scheme;
  const current: ColorMode = mode ?? 'system';
  const isDark = hydrated && (current === 'system' ? scheme.systemMode : current) === 'dark';

  useEffect(() => {
    if (mode) writeDarkModeFlag(isDark);
  }, [mode, isDark]);

  const toggleDark = useCallback(() => setMode(isDark ? 'light' : 'dark'), [isDark, setMode]);
  const choose = useCallback((next: ColorMode) => setMode(next), [setMode]);

  return { mode: current, isDark, setMode: choose, toggleDark };
}
