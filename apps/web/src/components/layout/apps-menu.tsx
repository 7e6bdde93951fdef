import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import AppsIcon from '@mui/icons-material/Apps';
import type { SubscribedApp } from '@shipdesk/contract';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';

const MENU_ID = 'apps-menu';

const loadList = loadOnce(() => import('./apps-menu-list'));
const AppsMenuList = lazy(() => loadList().then((m) => ({ default: m.AppsMenuList })));

/**
 * The header's apps-grid button; shown only when the user has subscribed apps (spec 2.3). Its menu's code comes when
 * the browser is idle after the first paint, or on the first opening (the menu opens once it is there).
 */
export function AppsMenu({ apps }: { apps: readonly SubscribedApp[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is drawn from the first opening on, so that closing it keeps its exit transition.
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadList().catch(() => undefined), apps.length > 0);
  if (apps.length === 0) return null;
  return (
    <>
      <LazyTooltip title="Your apps">
        <IconButton
          color="inherit"
          aria-label="Your apps"
          aria-haspopup="menu"
          aria-controls={anchor ? MENU_ID : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => {
            setWanted(true);
            setAnchor(event.currentTarget);
          }}
        >
          <AppsIcon />
        </IconButton>
      </LazyTooltip>
      {wanted ? (
        <Suspense fallback={null}>
          <AppsMenuList menuId={MENU_ID} anchor={anchor} onClose={() => setAnchor(null)} apps={apps} />
        </Suspense>
      ) : null}
    </>
  );
}
