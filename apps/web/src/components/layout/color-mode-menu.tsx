import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { useColorMode } from '@/lib/theme/color-mode';

const MENU_ID = 'color-mode-menu';

const loadList = loadOnce(() => import('./color-mode-menu-list'));
const ColorModeMenuList = lazy(() => loadList().then((m) => ({ default: m.ColorModeMenuList })));

/**
 * The header's light / dark / system switch (spec 4.4). Its menu's code comes when the browser is idle after the
 * first paint, or on the first opening (the menu opens once it is there).
 */
export function ColorModeMenu() {
  const { mode, isDark, setMode } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is drawn from the first opening on, so that closing it keeps its exit transition.
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadList().catch(() => undefined));
  const CurrentIcon = mode === 'system' ? SettingsBrightnessIcon : isDark ? DarkModeIcon : LightModeIcon;
  return (
    <>
      <LazyTooltip title="Colour mode">
        <IconButton
          color="inherit"
          aria-label={`Colour mode: ${mode}`}
          aria-haspopup="menu"
          aria-controls={anchor ? MENU_ID : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => {
            setWanted(true);
            setAnchor(event.currentTarget);
          }}
        >
          <CurrentIcon />
        </IconButton>
      </LazyTooltip>
      {wanted ? (
        <Suspense fallback={null}>
          <ColorModeMenuList
            menuId={MENU_ID}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            mode={mode}
            onMode={setMode}
          />
        </Suspense>
      ) : null}
    </>
  );
}
