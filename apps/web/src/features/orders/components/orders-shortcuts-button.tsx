import { lazy, Suspense, useEffect, useState } from 'react';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import IconButton from '@mui/material/IconButton';
import { isShortcutKey } from '../hooks/use-orders-table-keys';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { LazyTooltip } from '@/components/lazy-tooltip';

const loadDialog = loadOnce(() => import('./orders-shortcuts-dialog'));
const OrdersShortcutsDialog = lazy(() => loadDialog().then((m) => ({ default: m.OrdersShortcutsDialog })));

/**
 * The order list's keyboard shortcuts: `/` focuses the search and `?` opens the list of shortcuts (also behind the
 * keyboard button this renders); the rows' keys (j, k, x, Enter) are the table's (useOrdersTableKeys). None acts
 * while typing in a field or while a dialog is open. The list's code comes when the browser is idle after the first
 * paint, or when it is first asked for (it opens once loaded).
 */
export function OrdersShortcuts() {
  const [open, setOpen] = useState(false);
  // Drawn from its first opening on: closing it keeps its exit transition.
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadDialog().catch(() => undefined));
  const show = () => {
    setWanted(true);
    setOpen(true);
  };

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!isShortcutKey(event)) return;
      if (event.key === '?') show();
      else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[role="search"] input[type="search"]');
        if (!search) return;
        search.focus();
        search.select();
      } else return;
      // The key is the shortcut's, not typed into the field it focused.
      event.preventDefault();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <>
      <LazyTooltip title="Keyboard shortcuts (?)">
        <IconButton aria-label="Keyboard shortcuts" aria-haspopup="dialog" onClick={show}>
          <KeyboardOutlined />
        </IconButton>
      </LazyTooltip>
      {wanted ? (
        <Suspense fallback={null}>
          <OrdersShortcutsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
