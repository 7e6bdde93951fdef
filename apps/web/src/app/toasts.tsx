import { lazy, Suspense } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@shipdesk/contract';
import { useHydrated } from '@/lib/hydration/use-hydrated';

// The toasts' container draws nothing until there is a toast: it is added after the page's HTML has hydrated.
const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/** Where toasts appear; nothing in the page's HTML (the build's render has it too, so both trees have the same shape). */
export function Toasts() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" draggable />
    </Suspense>
  );
}
