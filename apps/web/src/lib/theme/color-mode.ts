import { useCallback, useEffect } from 'react';
import { useColorScheme } from '@mui/material/styles';
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
 * Keeps the dark-mode flag in step with what is shown.
 */
export function useColorMode() {
  const { mode, systemMode, setMode } = useColorScheme();
  const current: ColorMode = mode ?? 'system';
  const isDark = (current === 'system' ? systemMode : current) === 'dark';

  useEffect(() => {
    if (mode) writeDarkModeFlag(isDark);
  }, [mode, isDark]);

  const toggleDark = useCallback(() => setMode(isDark ? 'light' : 'dark'), [isDark, setMode]);
  const choose = useCallback((next: ColorMode) => setMode(next), [setMode]);

  return { mode: current, isDark, setMode: choose, toggleDark };
}
