import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ConfirmDialog } from './confirm-dialog';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';

const loadConfirmDialog = loadOnce(() => import('./confirm-dialog'));
const LoadedConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/**
 * The confirmation dialog (ConfirmDialog, same props), its code loaded when the browser is idle after the first paint
 * or when it first opens. Nothing is drawn before its first opening (a closed MUI dialog draws nothing either); from
 * then on it stays mounted, so that closing it still fades it out and gives the focus back.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  const [opened, setOpened] = useState(false);
  useWhenIdle(() => void loadConfirmDialog().catch(() => undefined));
  if (props.open && !opened) setOpened(true);
  if (!props.open && !opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedConfirmDialog {...props} />
    </Suspense>
  );
}
